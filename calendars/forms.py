from django import forms
from django.utils.translation import gettext_lazy as _

from .models import REMIND_CHOICES


class ReminderForm(forms.Form):
    remind_hours = forms.TypedChoiceField(label=_("Reminder"), choices=REMIND_CHOICES, coerce=int)
