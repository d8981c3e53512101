"""The meeting phase: adoption of a concept and building rights (rulebook,
"Determination of building rights"), with 5s as 0 or 10 (TT3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engines import IllegalAction
from titles.tritarea import engine as tt
from titles.tritarea.engine.trick import adopt_concept, building_rights

from .helpers import position


def trick(*cards: str, leader: int = 0):
    """Cards in play order from ``leader``; ``"I5=10"`` gives rank 10."""
    entries = []
    for k, text in enumerate(cards):
        card, _, chosen = text.partition("=")
        rank = int(chosen) if chosen else int(card[1:])
        entries.append(((leader + k) % 4, card, rank))
    return tuple(entries)


def resolve(*cards: str, leader: int = 0):
    t = trick(*cards, leader=leader)
    adopted = adopt_concept(t, leader)
    return adopted, building_rights(t, adopted)


def test_four_of_one_concept_lowest_first_highest_second():
    assert resolve("H7", "H2", "H9", "H4") == ("H", ((1, 2), (2, 9)))


def test_three_to_one_the_majority_concept_even_against_the_leader():
    assert resolve("M1", "I6", "I3", "I8") == ("I", ((2, 3), (3, 8)))


def test_two_one_one_the_pair_is_adopted():
    assert resolve("E1", "H6", "M3", "H8") == ("H", ((1, 6), (3, 8)))


def test_two_two_the_larger_rank_spread_wins():
    """Rulebook: 2 to 2, the concept with the larger rank difference is adopted."""
    assert resolve("I4", "M1", "I5", "M9") == ("M", ((1, 1), (3, 9)))


def test_two_two_with_equal_spreads_the_leaders_concept_wins():
    """Rulebook: rank differences equal too -> the leader's concept."""
    assert resolve("E2", "H6", "E4", "H8", leader=2) == ("E", ((2, 2), (0, 4)))
    assert resolve("H6", "E2", "H8", "E4", leader=1) == ("H", ((1, 6), (3, 8)))


def test_all_different_the_leader_alone_gets_the_first_right():
    """Rulebook: all concepts different -> leader's concept, no second right."""
    assert resolve("M9", "I1", "E2", "H3", leader=3) == ("M", ((3, 9),))


def test_tt3_a_five_bought_as_ten_changes_the_spread_and_the_second_right():
    assert resolve("I4", "M1", "I5", "M6") == ("M", ((1, 1), (3, 6)))
    assert resolve("I4", "M1", "I5=10", "M6") == ("I", ((0, 4), (2, 10)))


def test_tt3_a_five_bought_as_zero_takes_the_first_right():
    assert resolve("H4", "H5=0", "H9", "M1") == ("H", ((1, 0), (2, 9)))


def test_plays_go_clockwise_from_the_leader_and_rights_follow():
    """Rulebook: play clockwise from the leader; then the first holder builds first."""
    hands = (("I4", "M1"), ("I2", "E1"), ("I9", "H1"), ("M7", "E8"))
    s = position(4, leader=2, hands=hands, round=2, scores=(0, 0, 0, 0))
    assert tt.to_move(s) == (2,)
    s = tt.apply(s, 2, "p I9")
    assert tt.to_move(s) == (3,)
    s = tt.apply(s, 3, "p M7")
    s = tt.apply(s, 0, "p I4")
    s = tt.apply(s, 1, "p I2")
    assert s.phase == "build"
    assert s.adopted == "I"
    assert s.rights == ((1, 2), (2, 9))
    assert tt.to_move(s) == (1,)
    assert "Trick 1: Intelligent adopted; first right White, second right Orange" in s.log


def test_tt3_fives_cost_points_and_need_them():
    hands = (("I5", "M1"), ("I2",), ("I9",), ("M7",))
    s = position(4, leader=0, hands=hands, round=2, scores=(1, 0, 0, 0))
    assert tt.legal_actions(s, 0) == ["p I5", "p I5=0", "p M1"]
    with pytest.raises(IllegalAction, match="costs 2 points; you have 1"):
        tt.apply(s, 0, "p I5=10")
    after = tt.apply(s, 0, "p I5=0")
    assert after.scores[0] == 0
    assert after.trick == ((0, "I5", 0),)
    rich = replace(s, scores=(5, 0, 0, 0))
    assert tt.legal_actions(rich, 0) == ["p I5", "p I5=0", "p I5=10", "p M1"]


def test_a_player_must_play_a_card_they_hold():
    s = position(4, leader=0, hands=(("I4",), ("I2",), ("I9",), ("M7",)))
    with pytest.raises(IllegalAction, match="You do not hold H7"):
        tt.apply(s, 0, "p H7")
    with pytest.raises(IllegalAction, match="not your turn"):
        tt.apply(s, 1, "p I2")
