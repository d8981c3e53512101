"""The player: Django's user with the preferences a correspondence site needs."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from . import names


@cache
def time_zone_names() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones() - {"localtime"}))


def validate_time_zone(value: str) -> None:
    if value not in time_zone_names():
        raise ValidationError(f"{value!r} is not a known time zone (e.g. Europe/Berlin).")


class EmailPreference(models.TextChoices):
    EACH_TURN = "each_turn", "An email at every turn"
    DAILY_DIGEST = "daily_digest", "One daily digest"
    NONE = "none", "No emails"


class User(AbstractUser):
    display_name = models.CharField(
        max_length=40,
        blank=True,
        help_text="Shown to other players; your username if left empty.",
    )
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        validators=[validate_time_zone],
        help_text="Deadlines and times are shown in this time zone, on pages and in emails.",
    )
    email_preference = models.CharField(
        max_length=16,
        choices=EmailPreference.choices,
        default=EmailPreference.EACH_TURN,
    )
    on_vacation = models.BooleanField(
        default=False, help_text="While on vacation, your game clocks stop."
    )
    vacation_started_at = models.DateTimeField(null=True, blank=True)
    # The yearly vacation allowance (settings.VACATION_DAYS_PER_YEAR): seconds of
    # vacation taken in ``vacation_year`` (games.clocks charges it when a vacation ends).
    vacation_year = models.PositiveSmallIntegerField(null=True, blank=True)
    vacation_used_seconds = models.PositiveIntegerField(default=0)
    # What each name looks like (accounts.names.skeleton), kept by save(): no other
    # player may take a name with the same skeleton.
    username_skeleton = models.CharField(max_length=150, blank=True, editable=False, db_index=True)
    display_name_skeleton = models.CharField(
        max_length=40, blank=True, editable=False, db_index=True
    )

    class Meta:
        ordering = ["username"]
        constraints = [
            models.UniqueConstraint(Lower("username"), name="user_username_unique_ci"),
            models.UniqueConstraint(
                Lower("display_name"),
                condition=~Q(display_name=""),
                name="user_display_name_unique_ci",
            ),
        ]

    def save(self, *args, **kwargs):
        self.display_name = names.normalise(self.display_name)
        self.username_skeleton = names.skeleton(self.username)
        self.display_name_skeleton = names.skeleton(self.display_name)[:40]
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            extra = {"username": "username_skeleton", "display_name": "display_name_skeleton"}
            kwargs["update_fields"] = {
                *update_fields,
                *(extra[f] for f in update_fields if f in extra),
            }
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        """The name other players see."""
        return self.display_name or self.username

    def __str__(self) -> str:
        return self.name
