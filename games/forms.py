"""Forms check shape; services check meaning."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from accounts.models import User
from games import invitations, registry
from games.computer.levels import LEVELS
from games.engines import ENGINES
from games.i18n import localize, localize_lazy
from games.models import (
    BANK_DAYS_CHOICES,
    BANK_INCREMENT_CHOICES,
    DAYS_PER_MOVE_CHOICES,
    TimeControl,
)


def option_field_name(engine: str, option: str) -> str:
    return f"{engine}__{option}"


def _game_choices() -> list[tuple[str, str]]:
    # asked each time a form is made: every registered game, a test's own too
    return [(spec.name, spec.title) for spec in registry.all()]


def players_field_name(engine: str) -> str:
    return f"{engine}__players"


def _option_help(option) -> str:
    text = localize(option.help)
    if option.players:
        only = _("(%(counts)s players only)")
        counts = ", ".join(map(str, option.players))
        text = f"{text} {only % {'counts': counts}}"
    return text


class NewGameForm(forms.Form):
    """Pick a game, its options and players.

    Each game's player count and options are fields of their own
    (``<engine>__<option>``); the page shows only the chosen game's (pure CSS).
    """

    engine = forms.ChoiceField(choices=_game_choices, widget=forms.RadioSelect)
    days_per_move = forms.TypedChoiceField(
        choices=DAYS_PER_MOVE_CHOICES, coerce=int, initial=3, label=_("Time per move")
    )
    time_control = forms.ChoiceField(
        choices=TimeControl.choices,
        initial=TimeControl.PER_MOVE,
        widget=forms.RadioSelect,
        label=_("Clock"),
        required=False,  # absent: days per move
    )
    bank_start_days = forms.TypedChoiceField(
        choices=BANK_DAYS_CHOICES,
        coerce=int,
        initial=7,
        label=_("Time bank at the start"),
        required=False,
    )
    bank_increment_days = forms.TypedChoiceField(
        choices=BANK_INCREMENT_CHOICES,
        coerce=int,
        initial=1,
        label=_("Added per move"),
        required=False,
    )
    bank_cap_days = forms.TypedChoiceField(
        choices=BANK_DAYS_CHOICES, coerce=int, initial=14, label=_("At most"), required=False
    )
    computers = forms.TypedChoiceField(
        choices=[(0, pgettext_lazy("computer players", "None"))]
        + [(n, str(n)) for n in range(1, 5)],
        coerce=int,
        initial=0,
        required=False,
        label=_("How many"),
        help_text=_(
            "Computer players take seats first; invitations and the lobby fill the "
            "rest. Against computers alone, the game starts at once."
        ),
    )
    computer_level = forms.ChoiceField(
        choices=[(level.id, localize_lazy(level.title)) for level in LEVELS.values()],
        initial="casual",
        required=False,
        label=_("Their level"),
        # The levels' summaries are listed under the field (``level_summaries``).
        widget=forms.Select(attrs={"aria-describedby": "computer-levels"}),
    )
    weekends_off = forms.BooleanField(
        required=False,
        initial=False,
        label=_("Weekends off"),
        help_text=_("No clock runs on Saturday and Sunday, in each player's own time zone."),
    )
    invite = forms.CharField(
        required=False,
        label=_("Invite players"),
        help_text=_(
            "Usernames or email addresses, separated by commas: a friend without an account "
            "gets an email that leads to sign-up and into the game. Seats you leave free are "
            "open to anyone in the lobby."
        ),
    )
    is_public = forms.BooleanField(
        required=False, initial=True, label=_("Public: listed in the lobby, open to spectators")
    )
    rated = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Rated: the result counts for the players' ratings (untick for a casual game)"),
        help_text=_(
            "Rated games do not allow automatic vacation: a player whose time runs out "
            "loses on time. A game for one person cannot be rated."
        ),
    )

    bots_allowed = forms.BooleanField(
        required=False,
        initial=False,
        label=_("Bots may join (programs playing through the API; the game is then casual)"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.invited_addresses: list[str] = []
        self.engine_fields: dict[str, list[str]] = {}
        for spec in registry.all():
            name, engine = spec.name, spec.engine
            players = players_field_name(name)
            counts = range(engine.min_players, engine.max_players + 1)
            # A table of fixed seats (Tri*T*Area's four) counts the people at it.
            if spec.seat_count is not None:
                choices = [
                    (n, ngettext("%(n)s person", "%(n)s people", n) % {"n": n}) for n in counts
                ]
            else:
                choices = [
                    (n, ngettext("%(n)s player", "%(n)s players", n) % {"n": n}) for n in counts
                ]
            self.fields[players] = forms.TypedChoiceField(
                choices=choices,
                coerce=int,
                empty_value=None,
                required=False,  # only the chosen game's count is required (see clean)
                initial=spec.default_players or engine.min_players,
                label=_("People") if spec.seat_count is not None else _("Players"),
            )
            self.engine_fields[name] = [players]
            for option_name, option in engine.options.items():
                field_name = option_field_name(name, option_name)
                self.fields[field_name] = forms.ChoiceField(
                    choices=[(str(v), localize(label)) for v, label in option.choices],
                    initial=str(option.default),
                    label=localize(option.label),
                    help_text=_option_help(option),
                    required=False,
                )
                self.engine_fields[name].append(field_name)

    def engine_fieldsets(self):
        return [
            (name, ENGINES[name].title, [self[f] for f in fields])
            for name, fields in self.engine_fields.items()
        ]

    def clean(self):
        cleaned = super().clean()
        engine = cleaned.get("engine")
        players = cleaned.get(players_field_name(engine)) if engine else None
        if engine and players is None:
            self.add_error(players_field_name(engine), _("Choose the number of players."))
        computers = cleaned.get("computers") or 0
        if players is not None and computers > players - 1:
            others = players - 1
            self.add_error(
                "computers",
                ngettext(
                    "A game of %(players)s has %(n)s seat besides yours for computer players.",
                    "A game of %(players)s has %(n)s seats besides yours for computer players.",
                    others,
                )
                % {"players": players, "n": others}
                if others
                else _("A game for one has no seat for a computer player."),
            )
        return cleaned

    def level_summaries(self) -> list[tuple[str, str]]:
        """Each level's name and what it does, in the reader's language."""
        return [(localize(level.title), localize(level.summary)) for level in LEVELS.values()]

    def computer_levels(self) -> list[str]:
        """The level of each computer seat asked for."""
        level = self.cleaned_data.get("computer_level") or "casual"
        return [level] * (self.cleaned_data.get("computers") or 0)

    def time_bank(self) -> tuple[int, int, int] | None:
        """``(start, increment, cap)`` days for a time-bank clock, else None."""
        if self.cleaned_data.get("time_control") != TimeControl.BANK:
            return None
        data = self.cleaned_data
        start = data.get("bank_start_days") or 7
        increment = data.get("bank_increment_days")
        return (start, 1 if increment in (None, "") else increment, data.get("bank_cap_days") or 14)

    def clean_invite(self) -> list[User]:
        """The players invited by username; addresses (a word with an @) go to
        ``invited_addresses`` (games.invitations: whether one belongs to a player is
        decided there, and never said)."""
        words = [n.strip() for n in self.cleaned_data["invite"].split(",") if n.strip()]
        names = [w for w in words if not invitations.is_address(w)]
        addresses = [invitations.normal(w) for w in words if invitations.is_address(w)]
        bad = [a for a in addresses if not invitations.valid(a)]
        if bad:
            raise forms.ValidationError(
                _("%(addresses)s is not an email address.") % {"addresses": ", ".join(bad)}
            )
        users = list(User.objects.filter(username__in=names, is_active=True))
        missing = sorted(set(names) - {u.username for u in users})
        if missing:
            raise forms.ValidationError(
                _("No player called %(names)s.") % {"names": ", ".join(missing)}
            )
        self.invited_addresses = addresses
        return users

    def game_options(self) -> tuple[str, int, dict]:
        """The chosen engine, player count and options (values as the engine wants)."""
        name = self.cleaned_data["engine"]
        engine = ENGINES[name]
        count = self.cleaned_data[players_field_name(name)]
        options = {}
        for option_name, option in engine.options.items():
            if option.players and count not in option.players:
                continue  # e.g. the 3-player "shorter game" in a 4-player Trias
            raw = self.cleaned_data.get(option_name_field := option_field_name(name, option_name))
            if raw in (None, ""):
                continue
            by_text = {str(v): v for v, _ in option.choices}
            if raw not in by_text:
                self.add_error(option_name_field, _("Choose one of the listed values."))
                continue
            options[option_name] = by_text[raw]
        return name, count, options


class ActionForm(forms.Form):
    action = forms.CharField(max_length=200, strip=True)
    version = forms.IntegerField(min_value=0)
