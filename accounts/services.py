"""Flows that change a player's account."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from . import languages
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


def player_set_language(*, user: User, language: str) -> User:
    """The footer's language switch, for a signed-in player: it becomes their setting
    (pages and emails). ``language`` is one of settings.LANGUAGES or blank."""
    if language and not languages.known(language):
        raise ValueError(f"Unknown language {language!r}.")
    user.language = language
    user.save(update_fields=["language"])
    return user
