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
