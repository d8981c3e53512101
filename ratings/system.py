"""The rating rules, free of the database: the model, the number players see, and
how a finished game's seats become ranks.

**Model.** OpenSkill's Plackett–Luce model (``openskill``), which rates any number
of players from one ranking, ties included. Everybody starts at μ = 25, σ = 25/3.

**What is shown.** One number, the conservative estimate μ − 3σ, scaled to a
familiar range: ``1000 + 20 × (μ − 3σ)``, so a newcomer shows 1000 and climbs as the
site grows sure of them. A person's rating is *provisional* (shown with a "?")
until they have finished ``PROVISIONAL_GAMES`` rated games in that game and bracket.

**Who is rated.** Every person at the table, and every computer opponent chosen at
a level when the game was created (a level is one rated player per game and
bracket, starting from a prior that matches its strength, so a person's first
games against it already mean something). The rules' own computer-run seats
(Tri*T*Area's NPCs) are not players and are left out; a game with fewer than two
rated players (Tri*T*Area alone against the NPCs) changes no rating.

**Ranks.** From the engine's outcome as the site stored it on the seats (winners
first, then by score, equal scores share a rank). A seat that resigned, ran out of
time or left ranks below every seat still in play at the end, however well the
computer that took over went on to play it; several such seats share the last rank.

**Which games.** Rated games (the creator's choice at New game) that finish. An
aborted game changes nothing. A game a moderator adjudicates is rated by the
moderator's result. A moderator may void a game's rating change afterwards (it is
written in the audit log); every rating it touched is then recomputed from the
remaining history, in the order results were first applied.

**Brackets.** Two-player games and games of three or more are rated apart (a
two-player Trias is a different game from a five-player one): Triad is always
"two"; Tri*T*Area counts the people (and chosen computer players) at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
PROVISIONAL_GAMES = 10
ACTIVE_DAYS = 90  # the leaderboard lists players with a rated game this recent

MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

# Computer levels: stable ids, names, and the prior each starts from (μ, σ). The gaps
# give each level the chance against the one below that it won in two-player matches
# (benchmarks/bots.py, the mean over the games measured: Casual 84% of Beginner, Strong
# 73% of Casual, Expert 66% of Strong); tests/ratings/test_level_priors.py keeps them so.
# A changed prior applies to a level's ratings created from then on: each rating keeps
# the prior it started from (``Rating.prior_mu``), which ``recompute_ratings`` and a
# voided game's replay start from.
LEVELS: dict[str, tuple[str, float, float]] = {
    "beginner": (_("Beginner"), 16.5, 4.0),
    "casual": (_("Casual"), 24.5, 4.0),
    "strong": (_("Strong"), 29.5, 4.0),
    "expert": (_("Expert"), 32.9, 4.0),
}
LEFT_STATUSES = frozenset({"resigned", "timed_out", "left"})


def display(mu: float, sigma: float) -> int:
    return round(1000 + 20 * (mu - 3 * sigma))


def level_name(level: str) -> str:
    name = LEVELS.get(level, (level.title(),))[0]
    return gettext("Computer (%(level)s)") % {"level": name}


def prior(level: str = "") -> tuple[float, float]:
    if level:
        _name, mu, sigma = LEVELS.get(level, ("", MU, SIGMA))
        return mu, sigma
    return MU, SIGMA


def bracket(rated_players: int) -> str:
    return "two" if rated_players <= 2 else "multi"


@dataclass(frozen=True)
class Place:
    """One rated seat at the end of a game, as the ranks need it."""

    seat_index: int
    rank: int | None  # the site's rank from the outcome (1 = best)
    status: str  # the seat's status: "playing" or how it left


def ranks(places: Sequence[Place]) -> list[int]:
    """Dense ranks (1, 2, ...) in ``places``' order: ties shared, leavers last."""

    def key(p: Place) -> tuple[int, int]:
        left = p.status in LEFT_STATUSES
        return (1, 0) if left else (0, p.rank or 1)

    distinct = sorted({key(p) for p in places})
    return [distinct.index(key(p)) + 1 for p in places]


def rate(
    before: Sequence[tuple[float, float]], places_ranks: Sequence[int]
) -> list[tuple[float, float]]:
    """New (μ, σ) for each player, from their (μ, σ) before and their ranks."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    rated = MODEL.rate(teams, ranks=list(places_ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]
