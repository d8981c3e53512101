"""Flows that change a player's account."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .models import User


@transaction.atomic
def player_update_settings(*, user: User, cleaned_data: dict) -> User:
    """Save the settings page; switching vacation on or off records when."""
    was_on_vacation = User.objects.select_for_update().get(pk=user.pk).on_vacation
    for field, value in cleaned_data.items():
        setattr(user, field, value)
    if user.on_vacation and not was_on_vacation:
        user.vacation_started_at = timezone.now()
    elif not user.on_vacation:
        user.vacation_started_at = None
    user.save()
    return user
