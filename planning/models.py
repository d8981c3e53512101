from django.conf import settings
from django.db import models


class PlanningSettings(models.Model):
    """One player's choices about moves the site plays for them (defaults until they
    change one: no row)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="planning_settings",
    )
    play_forced_steps = models.BooleanField(
        default=True, help_text="Play a step for me when it has only one legal action."
    )

    def __str__(self) -> str:
        return f"planning settings of {self.user_id}"


class AnalysisNote(models.Model):
    """A line a player analysed, kept as a private note of the game: only its author
    ever sees it. The start is the analysis's own (re-determinized where the game
    hides something), never the game's secrets."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="analysis_notes"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    title = models.CharField(max_length=100)
    start = models.JSONField()
    actions = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "game"], name="analysisnote_user_game")]

    def __str__(self) -> str:
        return f"{self.title} ({self.game_id})"
