"""Flows that change a player's account.

Dependencies run one way. ``accounts.models`` sits below ``games`` (every game names
its players); the account's flows (these services, the settings form and view, the
admin) sit above ``games.clocks``, because a vacation switched on or off moves the
clocks of the player's games. So a change of vacation goes through
``player_update_settings`` (or ``player_vacation_set``), which saves the player and
tells the clocks in one explicit call (``clocks.vacation_begin`` / ``vacation_end``);
no signal on ``User.save`` does it behind the caller's back, and ``games`` never
imports this module (``tests/config/test_import_graph.py``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games import clocks

from . import languages
from .models import User

# Written by the clocks only (vacation_begin / vacation_end), never copied from a form.
_CLOCK_FIELDS = [f for f in clocks.VACATION_FIELDS if f != "vacation_automatic"]


@transaction.atomic
def player_update_settings(*, user: User, cleaned_data: dict) -> User:
    """Save the settings page (or the admin's change of a player).

    Night hours must be a valid night (``clocks.validate_night``: at most
    ``clocks.NIGHT_MAX_HOURS``); they count from the next turn that starts. A vacation
    switched on or off tells the clocks, which stop or resume the player's due seats."""
    locked = User.objects.select_for_update().get(pk=user.pk)
    for field, value in cleaned_data.items():
        setattr(user, field, value)
    clocks.validate_night(user.night_start_hour, user.night_end_hour)
    on = user.on_vacation
    for field in _CLOCK_FIELDS:  # as stored: the clocks switch them just below
        setattr(user, field, getattr(locked, field))
    user.save()
    _vacation_switch(user=user, on=on)
    return user


@transaction.atomic
def player_vacation_set(*, user: User, on: bool) -> User:
    """Switch the player's vacation on or off (no change if it already is)."""
    user = User.objects.select_for_update().get(pk=user.pk)
    _vacation_switch(user=user, on=on)
    return user


def _vacation_switch(*, user: User, on: bool) -> None:
    """The clocks follow the switch; ``user`` is the locked row as stored."""
    if on and not user.on_vacation:
        clocks.vacation_begin(user=user, now=timezone.now(), automatic=user.vacation_automatic)
    elif user.on_vacation and not on:
        clocks.vacation_end(user=user, now=timezone.now())


def player_set_language(*, user: User, language: str) -> User:
    """The footer's language switch, for a signed-in player: it becomes their setting
    (pages and emails). ``language`` is one of settings.LANGUAGES or blank."""
    if language and not languages.known(language):
        raise ValueError(f"Unknown language {language!r}.")
    user.language = language
    user.save(update_fields=["language"])
    return user
