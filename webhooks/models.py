"""A player's webhooks and their outbox.

A ``Delivery`` is a row written in the transaction of the move that caused it (as
``mail.Notification`` is): at most one per hook, event, game and game version. A task
sends it after commit and marks it; the minute's sweep sends what was left behind
(worker killed, broker down) and what waits for its next try (``webhooks.outbox``).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class HookKind(models.TextChoices):
    DISCORD = "discord", _("Discord webhook")
    SLACK = "slack", _("Slack incoming webhook")
    JSON = "json", _("JSON endpoint (signed)")


class Event(models.TextChoices):
    TURN = "turn", _("Your turn")
    GAME_OVER = "game_over", _("Game over")


def new_secret() -> str:
    return secrets.token_hex(32)


class Hook(models.Model):
    """Where to post. A hook of a player (``game`` empty) hears of that player's turns
    and finished games; a hook of a game, set by its creator, hears of every turn and
    the end of that game."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks"
    )
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=10, choices=HookKind.choices)
    url = models.URLField(max_length=500)
    # Signs JSON posts (``webhooks.signing``); shown to the owner only.
    secret = models.CharField(max_length=64, default=new_secret)
    turns = models.BooleanField(default=True)
    results = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Tries that failed since the last one that worked; at ``WEBHOOK_MAX_FAILURES`` the
    # hook is turned off and its owner told by email.
    failures = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=200, blank=True)
    disabled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [
            models.Index(fields=["owner"], name="hook_active_owner", condition=Q(disabled_at=None)),
            models.Index(fields=["game"], name="hook_active_game", condition=Q(disabled_at=None)),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.owner}"

    @property
    def enabled(self) -> bool:
        return self.disabled_at is None


class Delivery(models.Model):
    hook = models.ForeignKey(Hook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=10, choices=Event.choices)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    # The game's version when the row was written: one post per event and version.
    version = models.PositiveIntegerField()
    # The turn's seat and its start (a player's hook): a later turn is another post.
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    send_after = models.DateTimeField()
    claim = models.CharField(max_length=32, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=60, blank=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [
            models.Index(fields=["send_after"], name="delivery_pending", condition=Q(sent_at=None)),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["hook", "event", "game", "version"], name="delivery_once_per_version"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_event_display()} of game {self.game_id} to {self.hook_id}"
