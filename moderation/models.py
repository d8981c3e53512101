"""What moderation keeps: players' reports and the audit log of who did what and why.

Both tables were made by the games app and keep its names (``db_table``); their rows
moved with no copy (the migrations changed only Django's idea of which app owns them).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Report(models.Model):
    """A player reports another player from a game page; moderators see it in the admin."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received"
    )
    reason = models.TextField(max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved = models.BooleanField(default=False)

    class Meta:
        db_table = "games_report"  # made by the games app, which held it first
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.reporter} reports {self.reported} in {self.game}"


class AuditLog(models.Model):
    """Who did what to which game or player, and why (moderation actions)."""

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="audit_log"
    )
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    action = models.CharField(max_length=40)
    reason = models.TextField()
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_auditlog"  # made by the games app, which held it first
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor} {self.action}"
