"""The bot benchmark's matches (benchmarks/bots.py) can be lengthened in later runs."""

from benchmarks import bots


def test_a_match_played_in_two_runs_is_the_match_played_in_one():
    whole = bots.match("triad", 2, "beginner", "random", games=4, seed=1000)
    start = bots.match("triad", 2, "beginner", "random", games=2, seed=1000)
    rest = bots.match("triad", 2, "beginner", "random", games=4, seed=1000, first=2)
    assert (start.games, rest.games) == (2, 2)
    assert start.credit + rest.credit == whole.credit
    assert len(start.times) + len(rest.times) == len(whole.times)
