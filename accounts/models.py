"""The player: Django's user with the preferences a correspondence site needs."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from . import names


@cache
def time_zone_names() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones() - {"localtime"}))


def validate_time_zone(value: str) -> None:
    if value not in time_zone_names():
        raise ValidationError(
            _("%(zone)r is not a known time zone (e.g. Europe/Berlin)."), params={"zone": value}
        )


class EmailPreference(models.TextChoices):
    EACH_TURN = "each_turn", _("An email at every turn")
    DAILY_DIGEST = "daily_digest", _("One daily digest")
    NONE = "none", _("No emails")


class User(AbstractUser):
    display_name = models.CharField(
        max_length=40,
        blank=True,
        help_text=_("Shown to other players; your username if left empty."),
    )
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        validators=[validate_time_zone],
        help_text=_("Deadlines and times are shown in this time zone, on pages and in emails."),
    )
    # Pages and emails in this language; empty follows the browser (Accept-Language).
    # Emails have no browser: they use this, else English (mail.sending.compose).
    language = models.CharField(
        max_length=8,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=_("Pages and emails in this language."),
    )
    email_preference = models.CharField(
        max_length=16,
        choices=EmailPreference.choices,
        default=EmailPreference.EACH_TURN,
    )
    on_vacation = models.BooleanField(
        default=False,
        help_text=_("While on vacation, your game clocks stop."),
    )
    vacation_started_at = models.DateTimeField(null=True, blank=True)
    # When the running vacation uses up the allowance (games.clocks), for the sweep.
    vacation_ends_at = models.DateTimeField(null=True, blank=True)
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
    # Automatic vacation (games.clocks): opted in, the sweep spends vacation days instead
    # of timing the player out; ``vacation_automatic`` marks a vacation it started, and
    # ``vacation_days_told`` how many of its days the player has been told about.
    auto_vacation = models.BooleanField(
        default=False,
        help_text=_("When your time runs out, spend vacation days instead of losing on time."),
    )
    vacation_automatic = models.BooleanField(default=False)
    vacation_days_told = models.PositiveSmallIntegerField(default=0)
    # Night hours in the player's time zone (games.clocks): a deadline that would fall
    # inside them moves to their end. Both or neither; at most NIGHT_MAX_HOURS long.
    night_start_hour = models.PositiveSmallIntegerField(null=True, blank=True)
    night_end_hour = models.PositiveSmallIntegerField(null=True, blank=True)
    # The local hour of the daily digest (mail.tasks.queue_digests).
    digest_hour = models.PositiveSmallIntegerField(
        default=7, help_text=_("The daily digest comes at this hour of your day.")
    )
    # A program that plays through the API (api.bots): made so only through the API,
    # on an account that has played no game; its name shows "(bot)" wherever shown.
    is_bot = models.BooleanField(default=False, editable=False)

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
        indexes = [
            # The clock sweep: vacations whose allowance has run out (few rows).
            models.Index(
                fields=["vacation_ends_at"],
                name="user_vacation_ends",
                condition=models.Q(on_vacation=True),
            ),
            # The clock sweep: automatic vacations, whose days are told (fewer still).
            models.Index(
                fields=["vacation_started_at"],
                name="user_auto_vacation",
                condition=models.Q(on_vacation=True, vacation_automatic=True),
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
        """The name other players see ("(bot)" after a bot's, wherever it is shown)."""
        return names.shown(self.display_name or self.username, self.is_bot)

    def __str__(self) -> str:
        return self.name
