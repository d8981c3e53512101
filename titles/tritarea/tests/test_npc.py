"""Seats and computer-run seats (rulebook 1-, 2- and 3-player rules, TT8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from titles.tritarea import engine as tt
from titles.tritarea.engine.rules import deal
from titles.tritarea.engine.seats import is_npc_table

from .helpers import building, position


def test_always_four_seats():
    assert [tt.seat_count(n, {}) for n in (1, 2, 3, 4)] == [4, 4, 4, 4]


def test_computer_seats_per_number_of_people():
    """2 people: seat order A b B a (rulebook, clarified with the publisher)."""
    assert tt.computer_seats(1, {}) == (1, 2, 3)
    assert tt.computer_seats(2, {}) == (1, 3)
    assert tt.computer_seats(3, {}) == (3,)
    assert tt.computer_seats(4, {}) == ()


def test_seat_labels_mark_teams_and_computer_seats():
    assert tt.seat_labels(4, {}) == ["Black", "White", "Orange", "Purple"]
    assert tt.seat_labels(2, {}) == [
        "Black (A)",
        "White (b, computer)",
        "Orange (B)",
        "Purple (a, computer)",
    ]
    assert tt.seat_labels(3, {})[3] == "Purple (computer)"


def test_npcs_play_the_top_card_of_their_deck_automatically():
    """Rulebook: NPCs always play the top card of their deck."""
    s = tt.new_game(1, 9)
    dealt = deal(9, 1, is_npc_table(1))
    assert tt.to_move(s) == (0,)
    s = tt.apply(s, 0, tt.legal_actions(s, 0)[0])
    played = {seat: card for seat, card, _rank in s.trick}
    assert played[1] == dealt[1][0] and played[2] == dealt[2][0] and played[3] == dealt[3][0]
    assert any(line.startswith("White (computer) plays") for line in s.log)


def test_tt8_npcs_never_pay_for_a_five():
    hands = (("I1",), ("I5", "M1"), ("I2",), ("I3",))
    s = position(1, leader=0, hands=hands, round=2, scores=(0, 9, 0, 0))
    s = tt.apply(s, 0, "p I1")
    assert (1, "I5", 5) in s.trick
    assert s.scores[1] == 9


@pytest.mark.parametrize("people", [1, 2, 3])
@pytest.mark.parametrize("seed", range(3))
def test_npc_seats_never_move(people, seed):
    s = tt.new_game(people, seed)
    npcs = set(tt.computer_seats(people, {}))
    steps = 0
    while tt.outcome(s) is None:
        movers = tt.to_move(s)
        assert movers and not npcs & set(movers)
        seat = movers[steps % len(movers)]
        s = tt.apply(s, seat, tt.legal_actions(s, seat)[-1 if steps % 3 else 0])
        steps += 1


def test_one_person_decides_every_npc_building():
    """1-player rules: the player chooses everything on the NPCs' behalf."""
    for npc in (1, 2, 3):
        s = building(((npc, 3), (0, 8)), "E", num_players=1)
        assert tt.to_move(s) == (0,)
        assert tt.view(s, 0)["deciding_for"] == npc


def test_two_people_the_partner_decides_for_its_npc():
    """2-player rules: the NPC's partner makes its building decisions."""
    s = building(((1, 3), (3, 8)), "E", num_players=2)
    assert tt.to_move(s) == (2,)
    s = tt.apply(s, 2, "b c3")
    assert tt.to_move(s) == (0,)
    assert tt.view(s, 0)["deciding_for"] == 3
    assert (
        tt.describe(s, 0, "b d4 d4")
        == "Black (A), deciding for Purple (a, computer), builds two blocks on d4."
    )


def test_three_people_npc_second_right_is_placed_by_the_first_holder():
    """3-player rules: NPC builds second -> the winner of the trick chooses."""
    s = building(((1, 3), (3, 8)), "E", num_players=3, builder=1, leader=2)
    assert tt.to_move(s) == (1,)


def test_three_people_npc_first_right_is_placed_by_the_previous_trick_winner():
    """3-player rules: NPC builds first -> the winner of the previous trick (the leader)."""
    s = building(((3, 3), (0, 8)), "E", num_players=3, leader=2)
    assert tt.to_move(s) == (2,)


def test_three_people_npc_that_also_led_is_placed_by_the_next_person_clockwise():
    """Site rule: the NPC won the previous trick itself -> the person after it decides."""
    s = building(((3, 3),), "E", num_players=3, leader=3)
    assert tt.to_move(s) == (0,)


def test_an_npc_building_right_with_no_blocks_defaults_without_asking():
    s = building(((0, 3), (1, 8)), "E", num_players=1, blocks=(7, 0, 7, 7))
    s = tt.apply(s, 0, "b c3")
    assert s.phase == "play" and s.trick_no == 4
    assert any(line == "White (computer) has no blocks and defaults: -8" for line in s.log)


def test_npc_hands_are_never_shown():
    s = tt.new_game(1, 4)
    v = tt.view(s, 0)
    assert v["hand"] == list(s.hands[0])
    assert tt.view(replace(s), 1)["hand"] is None


def test_two_people_play_in_the_order_a_b_b_a():
    """2-player rules: turn order A b B a (clarified with the publisher)."""
    s = position(2, leader=0, hands=(("I1",), ("M2", "E1"), ("I3",), ("H4", "E2")))
    s = tt.apply(s, 0, "p I1")
    assert [seat for seat, _c, _r in s.trick] == [0, 1]  # NPC b played at once
    assert tt.to_move(s) == (2,)
    s = tt.apply(s, 2, "p I3")
    assert [seat for seat, _c, _r in s.trick] == [0, 1, 2, 3]
    assert s.rights == ((0, 1), (2, 3))
