"""A player's devices that take push notifications, which kinds they want, and the
push outbox: a row per device and notification, written in the transaction that
caused it and sent after commit (``push.outbox`` has the claim protocol)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    TURN = "turn", _("Your turn")
    REMINDER = "reminder", _("Reminder before the deadline")
    RESULT = "result", _("Game over")
    INVITATION = "invitation", _("Invitation to a game")
    DRAW_OFFER = "draw_offer", _("Draw offer")
    CHAT = "chat", _("Chat message in your game")
    CONDITIONAL = "conditional", _("Your conditional move was played")


class Device(models.Model):
    """One browser's push subscription (the Push API's endpoint and keys)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_devices"
    )
    # The push service's URL for this browser: the same browser signed in as someone
    # else takes it over (push.services.device_subscribe).
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=120)  # the browser's public key (base64url)
    auth = models.CharField(max_length=40)  # the shared authentication secret (base64url)
    user_agent = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Last subscribed again or last sent a push that the push service took.
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.user}: {self.user_agent[:60] or self.endpoint[:60]}"

    @property
    def subscription_info(self) -> dict:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Preferences(models.Model):
    """Which kinds a player's devices are told of (all, until they switch one off)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_preferences"
    )
    turn = models.BooleanField(_("Your turn"), default=True)
    reminder = models.BooleanField(_("Reminder before the deadline"), default=True)
    result = models.BooleanField(_("Game over"), default=True)
    invitation = models.BooleanField(_("Invitation to a game"), default=True)
    draw_offer = models.BooleanField(_("Draw offer"), default=True)
    chat = models.BooleanField(_("Chat message in your game"), default=True)
    conditional = models.BooleanField(_("Your conditional move was played"), default=True)

    def __str__(self) -> str:
        return f"push preferences of {self.user}"

    def wants(self, kind: str) -> bool:
        return bool(getattr(self, str(kind)))


class PushMessage(models.Model):
    """One push to one device: exactly one per kind, game and game version."""

    device = models.ForeignKey(Device, on_delete=models.CASCADE, related_name="messages")
    # The device's player (denormalised: a player's rows are claimed by one UPDATE of
    # this table alone, whose WHERE the database checks again under the row lock).
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat = models.ForeignKey(
        "games.Seat", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    version = models.PositiveIntegerField()
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Not before then: at once when written, later after a failed try (back-off).
    send_after = models.DateTimeField()
    claimed_until = models.DateTimeField(null=True, blank=True)
    claim = models.CharField(max_length=32, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=60, blank=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [
            models.Index(
                fields=["send_after"], name="pushmessage_pending", condition=Q(sent_at=None)
            ),
            models.Index(
                fields=["user", "send_after"],
                name="pushmessage_pending_user",
                condition=Q(sent_at=None),
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["device", "kind", "game", "version"], name="pushmessage_once_per_version"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.device_id} ({self.outcome or 'pending'})"
