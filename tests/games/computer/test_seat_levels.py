"""Which level a computer seat plays at (games.computer.choice)."""

import pytest

from games.computer import choice, levels
from titles.triad import engine as t


def test_a_seat_plays_at_its_level_and_a_seat_without_one_at_the_takeover_level(settings):
    settings.COMPUTER_TAKEOVER_LEVEL = "strong"
    assert choice.seat_level("expert") == "expert"
    assert choice.seat_level("") == "strong"


def test_choose_action_builds_the_seats_level_for_the_engine(monkeypatch):
    made = []
    real = levels.level_bot

    def spy(level, seed, engine="", players=0):
        made.append((level, engine, players))
        return real(level, seed, engine, players)

    monkeypatch.setattr(levels, "level_bot", spy)
    state = t.new_game(2, 1)
    first = choice.choose_action(t, state, t.BLACK, level="beginner", seed=9, version=0, players=2)
    again = choice.choose_action(t, state, t.BLACK, level="beginner", seed=9, version=0, players=2)
    assert made == [("beginner", "triad", 2)] * 2
    assert first == again  # two workers thinking about one position agree


@pytest.mark.django_db
def test_every_level_is_offered_on_seats(settings):
    from games.models import Seat

    field = Seat._meta.get_field("bot_level")
    assert [value for value, _ in field.choices] == list(levels.LEVELS)
