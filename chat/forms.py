from django import forms
from django.utils.translation import gettext_lazy as _

from .models import MAX_LENGTH, ChatMail


class MessageForm(forms.Form):
    # Longer than the limit, so that the service can say how long the message was.
    text = forms.CharField(max_length=MAX_LENGTH * 4, strip=False)


class ReportForm(forms.Form):
    reason = forms.CharField(max_length=500, required=False)


class NoteForm(forms.Form):
    text = forms.CharField(max_length=5000, required=False, strip=False)


class SettingsForm(forms.Form):
    enabled = forms.BooleanField(required=False, label=_("Show the chat on my game pages"))
    mail = forms.ChoiceField(
        choices=ChatMail.choices, widget=forms.RadioSelect, label=_("New messages in my games")
    )
