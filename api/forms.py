from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Scope


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=60,
        label=_("Name"),
        help_text=_("What will use it, such as “my terminal client”."),
    )
    scopes = forms.MultipleChoiceField(
        choices=Scope.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[Scope.READ],
        label=_("It may"),
    )
