"""A player's calendar feed: its address is secret and can be replaced or removed."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

REMIND_CHOICES = [
    (1, _("1 hour before")),
    (3, _("3 hours before")),
    (6, _("6 hours before")),
    (12, _("12 hours before")),
    (24, _("1 day before")),
]


def new_nonce() -> str:
    return secrets.token_hex(16)


class CalendarFeed(models.Model):
    """One per player who turned the feed on. The address's token is derived from
    ``nonce`` and the site's secret key (``calendars.tokens``), so the database alone
    does not give it away; a new nonce makes a new address and the old one stops
    working; deleting the row turns the feed off."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed"
    )
    nonce = models.CharField(max_length=32, default=new_nonce)
    remind_hours = models.PositiveSmallIntegerField(choices=REMIND_CHOICES, default=6)
    created_at = models.DateTimeField(auto_now_add=True)
    # When the address was last made (turned on or replaced).
    renewed_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"calendar of {self.user}"
