from django import forms
from django.utils.translation import gettext_lazy as _


class SettingsForm(forms.Form):
    play_forced_steps = forms.BooleanField(
        required=False,
        label=_("Play my forced steps for me"),
        help_text=_(
            "When the step you must take has only one legal action, the site takes it for "
            "you at once and the game goes on; the move list and your next turn email say "
            "it was played for you. Steps that would show the others something about your "
            "hand, or draw you a card, always wait for you."
        ),
    )
