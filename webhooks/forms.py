from django import forms
from django.utils.translation import gettext_lazy as _

from .models import HookKind


class HookForm(forms.Form):
    kind = forms.ChoiceField(label=_("Post to"), choices=HookKind.choices)
    url = forms.URLField(
        label=_("Webhook address"),
        max_length=500,
        assume_scheme="https",
        widget=forms.URLInput(attrs={"size": 80, "placeholder": "https://"}),
        help_text=_(
            "From Discord: channel settings, Integrations, Webhooks. "
            "From Slack: an app's Incoming Webhooks. Starts with https://."
        ),
    )
    game = forms.TypedChoiceField(label=_("For"), coerce=int, empty_value=None, required=False)
    turns = forms.BooleanField(label=_("Turns"), required=False, initial=True)
    results = forms.BooleanField(label=_("Games that end"), required=False, initial=True)

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("All my games: my turns and results"))] + [
            (g.pk, _("Everyone's turns in %(game)s") % {"game": f"{g.title} #{g.pk}"})
            for g in games
        ]
