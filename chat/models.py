"""Chat messages tied to a game and the ply they were written at, reports of them,
each player's chat settings (on/off, email, a moderator's mute) and private notes."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

MAX_LENGTH = 500  # characters in a message


class Message(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    ply = models.PositiveIntegerField(help_text="Moves played when it was written.")
    text = models.CharField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(default=timezone.now)
    # A row is never removed while the game lives: a deleted or hidden message stays
    # for the moderators (reports point at it) and leaves every page.
    deleted_at = models.DateTimeField(null=True, blank=True, help_text="Deleted by its author.")
    hidden_at = models.DateTimeField(null=True, blank=True, help_text="Hidden by a moderator.")
    # Any change a reader could see moves this: the live poll compares it.
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "created_at", "pk"]
        indexes = [
            models.Index(fields=["game", "created_at"], name="chat_message_by_game"),
            # The rate limit: a player's latest messages.
            models.Index(fields=["author", "created_at"], name="chat_message_by_author"),
        ]

    def __str__(self) -> str:
        return f"{self.author} in game {self.game_id}: {self.text[:40]}"

    @property
    def is_shown(self) -> bool:
        return self.deleted_at is None and self.hidden_at is None


SHOWN = Q(deleted_at__isnull=True, hidden_at__isnull=True)


class MessageReport(models.Model):
    """A reader reports a message; moderators see it in the admin."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_reports"
    )
    reason = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="chat_report_once"),
        ]

    def __str__(self) -> str:
        return f"{self.reporter} reports message {self.message_id}"


class ChatMail(models.TextChoices):
    IN_TURN_EMAILS = "turn", _("In my next turn email")
    OWN_EMAIL = "own", _("In an email of their own, a few minutes after they are written")
    NONE = "none", _("Not by email")


class ChatSettings(models.Model):
    """One player's chat: on or off, by email or not, and a moderator's mute."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="chat_settings",
    )
    enabled = models.BooleanField(default=True, help_text="Show the chat on game pages.")
    mail = models.CharField(
        max_length=8,
        choices=ChatMail.choices,
        default=ChatMail.IN_TURN_EMAILS,
        help_text="New messages in your games.",
    )
    muted_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "chat settings"

    def __str__(self) -> str:
        return f"chat settings of {self.user}"

    @property
    def is_muted(self) -> bool:
        return self.muted_until is not None and self.muted_until > timezone.now()


class Note(models.Model):
    """A player's private notes on one game: nobody else ever sees them."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=5000, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="chat_note_once"),
        ]

    def __str__(self) -> str:
        return f"notes of {self.user} on game {self.game_id}"


class Reading(models.Model):
    """When a player last had a game's chat on their screen: emails quote only what
    came after."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="chat_reading_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} read game {self.game_id} at {self.seen_at}"
