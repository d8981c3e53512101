"""Writes of the planning app (the forced steps' flow is in ``forced``)."""

from __future__ import annotations

from accounts.models import User

from .models import PlanningSettings


def planning_settings(user: User) -> PlanningSettings:
    """The player's settings (the defaults until they change one)."""
    found = PlanningSettings.objects.filter(user=user).first()
    return found or PlanningSettings(user=user)


def settings_update(*, user: User, play_forced_steps: bool) -> PlanningSettings:
    prefs, _created = PlanningSettings.objects.get_or_create(user=user)
    prefs.play_forced_steps = play_forced_steps
    prefs.save(update_fields=["play_forced_steps"])
    return prefs
