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


class ConditionalMoves(models.Model):
    """A player's replies set in advance in one game ("if they play X, I play Y, then
    if Z, ..."; ``planning.conditional``). Only its author ever sees it.

    ``tree``: ``{their action: {"reply": my action, "next": {...}}}``; ``version``: the
    game's version at which the opponent's move it answers is awaited."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conditional_moves"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    tree = models.JSONField(default=dict)
    version = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="conditional_one_per_seat")
        ]

    def __str__(self) -> str:
        return f"conditional moves of seat {self.seat} in {self.game_id}"
