"""Each computer level's rating prior (ratings.system.LEVELS) is in line with its
measured strength (benchmarks/bots.py; the README's "Computer players" table)."""

from itertools import pairwise

from ratings import system

# Two-player win rates of each level against the one below, measured with
# ``benchmarks/bots.py`` (the mean over Triad, Trias and Tri*T*Area of the README's
# "Computer players" table: Casual 90%, 64.9% (400 games), 97.1% (70 games); Strong
# 77.1%, 61.4% (70 games), 80.0% (70 games); Expert 77.5% (40 games), 57.5% (100 games),
# 63.2% (200 games)).
MEASURED_AGAINST_THE_LEVEL_BELOW = {"casual": 0.840, "strong": 0.728, "expert": 0.661}


def predicted(level: str, below: str) -> float:
    """The chance the priors give ``level`` against ``below`` in a two-player game."""
    _, mu, sigma = system.LEVELS[level]
    _, mu_below, sigma_below = system.LEVELS[below]
    ours = system.MODEL.rating(mu=mu, sigma=sigma)
    theirs = system.MODEL.rating(mu=mu_below, sigma=sigma_below)
    return system.MODEL.predict_win([[ours], [theirs]])[0]


def test_each_level_starts_above_the_one_below_by_about_what_it_wins():
    levels = list(system.LEVELS)
    assert levels == ["beginner", "casual", "strong", "expert"]
    for below, level in pairwise(levels):
        chance = predicted(level, below)
        measured = MEASURED_AGAINST_THE_LEVEL_BELOW[level]
        assert abs(chance - measured) < 0.03, (level, round(chance, 3), measured)


def test_a_new_person_starts_between_beginner_and_strong():
    """A new person (the site's default prior) is expected to beat Beginner and to
    lose to Strong and Expert."""
    person = system.MODEL.rating(mu=system.MU, sigma=system.SIGMA)
    for level, wins in (("beginner", True), ("strong", False), ("expert", False)):
        _, mu, sigma = system.LEVELS[level]
        computer = system.MODEL.rating(mu=mu, sigma=sigma)
        chance = system.MODEL.predict_win([[person], [computer]])[0]
        assert (chance > 0.5) is wins, (level, chance)
