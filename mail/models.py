"""The email outbox: a notification is a row written in the transaction that caused it.

A task sends it after commit and marks it sent; a periodic sweep sends whatever was
left behind (worker killed, broker down). See ``mail.outbox`` for the claim protocol.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Kind(models.TextChoices):
    TURN = "turn", "Your turn"
    DIGEST = "digest", "Daily digest"
    REMINDER = "reminder", "Reminder (80% of the time used)"
    RESULT = "result", "Game result"
    TIMEOUT = "timeout", "A player timed out"
    REPLY = "reply", "Answer to an emailed move"
    VACATION_OVER = "vacation_over", "Vacation allowance used up"
    INVITATION = "invitation", "Invitation to a game"
    DRAW_OFFER = "draw_offer", "Draw offer"
    EXPIRED = "expired", "An unstarted game expired"
    CHAT = "chat", "New chat messages"


# Held back like turn emails and sent together with the player's pending turns.
MERGING_KINDS = (Kind.TURN, Kind.INVITATION, Kind.DRAW_OFFER)


class Notification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    seat = models.ForeignKey(
        "games.Seat", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    # The game's version when the row was written (what "since" means in the email).
    version = models.PositiveIntegerField(null=True, blank=True)
    payload = models.JSONField(default=dict, blank=True)
    # At most one row per (user, key): one reminder per turn, one digest per day.
    dedupe_key = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    send_after = models.DateTimeField(help_text="Held back until then (turn emails).")
    claimed_until = models.DateTimeField(null=True, blank=True)
    claim = models.CharField(max_length=32, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(
        max_length=40, blank=True, help_text="sent, or why nothing was sent (seen, moved on…)."
    )
    message_id = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [
            # The sweep: rows not yet sent, oldest first (healthchecks' unprocessed Flips).
            models.Index(
                fields=["send_after"], name="notification_pending", condition=Q(sent_at=None)
            ),
            models.Index(
                fields=["user", "send_after"],
                name="notification_pending_user",
                condition=Q(sent_at=None),
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "dedupe_key"],
                condition=~Q(dedupe_key=""),
                name="notification_once_per_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.user} ({self.outcome or 'pending'})"


class InboundMessage(models.Model):
    """An email reply seen by the site, by Message-ID: a redelivery is handled once."""

    message_id = models.CharField(max_length=300, unique=True)
    sender = models.CharField(max_length=300)
    received_at = models.DateTimeField(auto_now_add=True)
    outcome = models.CharField(max_length=300)

    def __str__(self) -> str:
        return f"{self.sender}: {self.outcome}"
