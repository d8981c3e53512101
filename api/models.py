"""Personal API tokens: a player's own keys for their programs, with scopes.

Only the SHA-256 of a token is kept (a token is 32 random bytes, so a plain hash is
as strong as a slow one); the token itself is shown once, when it is made.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Scope(models.TextChoices):
    READ = "read", _("Read: my games, their positions, my invitations, the lobby")
    PLAY = "play", _("Play: moves, undo, draws, resigning, invitations, joining games")
    CHAT = "chat", _("Chat: read and write in my games' chats")


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60, help_text="What the player calls it.")
    scopes = models.JSONField(default=list, help_text="Scope values (Scope).")
    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the token, hex.")
    # The token's first characters, so that a player can tell their tokens apart.
    prefix = models.CharField(max_length=12)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["user"], name="api_token_live", condition=Q(revoked_at=None)),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.user_id}"

    @property
    def scope_names(self) -> str:
        """Its scopes in a word each, in the reader's language ("read, play")."""
        return ", ".join(str(SHORT[s]) for s in self.scopes if s in SHORT)


# A scope in one word, as the tokens page lists them.
SHORT = {
    Scope.READ: pgettext_lazy("API scope", "read"),
    Scope.PLAY: pgettext_lazy("API scope", "play"),
    Scope.CHAT: pgettext_lazy("API scope", "chat"),
}
