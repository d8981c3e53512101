"""Ratings: one per player (a person or a computer level), game and player-count
bracket, and the change every rated game made to it.

A ``RatedGame`` row exists once per game whose result moved ratings (its one-to-one
key makes the update happen once, however many times the end of a game is
reported); its ``id`` is the order in which results were applied, which the
recompute command follows to reproduce the stored values exactly.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.models import Game
from ratings import system


class Bracket(models.TextChoices):
    TWO = "two", _("Two players")
    MULTI = "multi", _("Three or more players")


# The brackets inside a sentence ("Triad, two players"): German keeps its capitals.
BRACKET_WORDS = {Bracket.TWO: _("two players"), Bracket.MULTI: _("three or more players")}


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="ratings",
    )
    computer_level = models.CharField(
        max_length=20, blank=True, help_text="Set for a computer level's rating (no user)."
    )
    engine = models.CharField(max_length=20)
    bracket = models.CharField(max_length=5, choices=Bracket.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    # The prior it started from, so that replaying its games (``recompute``) starts where
    # it did after a level's prior has changed; empty on rows older than the field:
    # today's prior.
    prior_mu = models.FloatField(null=True, blank=True)
    prior_sigma = models.FloatField(null=True, blank=True)
    games = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "engine", "bracket"],
                condition=Q(user__isnull=False),
                name="rating_one_per_user",
            ),
            models.UniqueConstraint(
                fields=["computer_level", "engine", "bracket"],
                condition=Q(user__isnull=True),
                name="rating_one_per_level",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False, computer_level="")
                | Q(user__isnull=True) & ~Q(computer_level=""),
                name="rating_is_a_person_or_a_level",
            ),
        ]
        indexes = [
            models.Index(fields=["engine", "bracket", "last_played_at"], name="rating_board"),
        ]

    def __str__(self) -> str:
        return f"{self.holder} · {self.engine} ({self.get_bracket_display()}): {self.display}"

    @property
    def holder(self) -> str:
        return self.user.name if self.user_id else system.level_name(self.computer_level)

    @property
    def display(self) -> int:
        return system.display(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return not self.computer_level and self.games < system.PROVISIONAL_GAMES


class RatedGame(models.Model):
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rating_result")
    engine = models.CharField(max_length=20)
    bracket = models.CharField(max_length=5, choices=Bracket.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    voided_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Ratings of {self.game}{' (void)' if self.voided_at else ''}"


class RatingChange(models.Model):
    rated_game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="changes")
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    seat_index = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["rated_game_id", "seat_index"]
        constraints = [
            models.UniqueConstraint(fields=["rated_game", "rating"], name="change_once_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.rating.holder}: {self.before} → {self.after}"

    @property
    def before(self) -> int:
        return system.display(self.mu_before, self.sigma_before)

    @property
    def after(self) -> int:
        return system.display(self.mu_after, self.sigma_after)

    @property
    def delta(self) -> int:
        return self.after - self.before
