"""Writes of the planning app: settings and kept lines (the forced steps' flow is in
``forced``, conditional moves' in ``conditional``)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from accounts.models import User

from .models import AnalysisNote, PlanningSettings


def planning_settings(user: User) -> PlanningSettings:
    """The player's settings (the defaults until they change one)."""
    found = PlanningSettings.objects.filter(user=user).first()
    return found or PlanningSettings(user=user)


def settings_update(*, user: User, play_forced_steps: bool) -> PlanningSettings:
    prefs, _created = PlanningSettings.objects.get_or_create(user=user)
    prefs.play_forced_steps = play_forced_steps
    prefs.save(update_fields=["play_forced_steps"])
    return prefs


MAX_NOTES = 30  # kept lines per player and game


def note_save(*, user: User, game, title: str, start: dict, actions: list) -> AnalysisNote:
    """Keep an analysed line as the player's private note of the game."""
    if AnalysisNote.objects.filter(user=user, game=game).count() >= MAX_NOTES:
        raise ValidationError(
            _("You keep %(n)s lines of this game already: delete one first.") % {"n": MAX_NOTES}
        )
    title = " ".join(title.split())[:100] or _("Line of %(n)s moves") % {"n": len(actions)}
    return AnalysisNote.objects.create(
        user=user, game=game, title=title, start=start, actions=[list(a) for a in actions]
    )


def note_delete(*, user: User, note_id: int) -> None:
    AnalysisNote.objects.filter(user=user, pk=note_id).delete()
