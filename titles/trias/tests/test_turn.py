"""Phase 1 card choice, Phase 2 actions (TS8), Phase 3 (TS9), elimination (TS10),
Phase 4 and the Meteorite (TS12)."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from titles.trias import engine as trias
from titles.trias.engine.state import ACTIONS, CARD, DRIFT, OVER

from .positions import BLACK, BLUE, PURPLE, RED, build, herds_on

ROW = {(1, 0): "W", (2, 0): "S", (3, 0): "M", (1, 1): "W"}


# ----------------------------------------------------------------- Phase 1


def test_playing_the_hand_card_drifts_its_landscape_and_draws_in_phase_4():
    tiles = {(1, 0): "W", (2, 0): "M", (2, -1): "S"}
    state = build(tiles, [(RED, (1, 0), 1)], phase=CARD, hands=("M", "S", "S", "S"), deck="WSX")
    after = trias.apply(state, RED, "play")
    assert after.phase == DRIFT and after.card == "M"
    assert after.hands[RED] == ""
    assert trias.legal_actions(after, RED) == ["d 2,0>3,-2", "d 2,0>3,-1"]
    after = trias.apply(after, RED, "d 2,0>3,-1")
    assert after.phase == ACTIONS and after.actions_left == 4
    after = trias.apply(after, RED, "end")
    assert after.hands[RED] == "W"  # Phase 4: a new hand card
    assert after.deck == ("S", "X")
    assert after.current == BLUE and after.phase == CARD


def test_drawing_plays_the_drawn_card_and_keeps_the_hand():
    state = build(ROW, [(RED, (1, 0), 1)], phase=CARD, hands=("W", "S", "S", "S"), deck="MSX")
    after = trias.apply(state, RED, "draw")
    assert after.card == "M" and after.hands[RED] == "W"
    after = trias.apply(after, RED, trias.legal_actions(after, RED)[0])
    after = trias.apply(after, RED, "end")
    assert after.hands[RED] == "W" and after.deck == ("S", "X")  # no Phase 4 draw


def test_the_meteorite_drawn_in_phase_1_starts_the_last_round_with_this_turn():
    """TS12: no drift; the drawer's turn of 2 actions is its last; then the others."""
    state = build(ROW, [(s, (1, 0), 1) for s in range(3)] + [(BLACK, (1, 1), 1)],
                  phase=CARD, deck="X")  # fmt: skip
    after = trias.apply(state, RED, "draw")
    assert after.last_round and after.phase == ACTIONS and after.actions_left == 2
    assert "Meteorite" in after.log[-1]
    assert after.last_queue == (BLUE, PURPLE, BLACK)
    seen = []
    while after.phase != OVER:
        seen.append(after.current)
        assert after.phase == ACTIONS and after.actions_left == 2  # no Phase 1
        after = trias.apply(after, after.current, "end")
    assert seen == [RED, BLUE, PURPLE, BLACK]
    assert trias.outcome(after) is not None


def test_the_meteorite_drawn_in_phase_4_is_revealed_and_the_next_player_starts():
    """TS12: the turn ends; every player, the drawer included, has one more turn."""
    state = build(ROW, [(s, (1, 0), 1) for s in range(3)] + [(BLACK, (1, 1), 1)],
                  hand_played=True, deck="X")  # fmt: skip
    after = trias.apply(state, RED, "end")
    assert after.last_round and "Meteorite" in after.log[-1]
    seen = []
    while after.phase != OVER:
        seen.append(after.current)
        assert after.actions_left == 2
        after = trias.apply(after, after.current, "end")
    assert seen == [BLUE, PURPLE, BLACK, RED]


def test_no_drift_in_the_last_round():
    """TS12: the last round has 2 actions, so no drift (3 actions) is offered."""
    state = build(ROW, [(RED, (1, 0), 1)], actions_left=2, last_round=True)
    assert not any(a.startswith("d ") for a in trias.legal_actions(state, RED))


# ----------------------------------------------------------------- Phase 2


def test_four_actions_three_for_two_players_and_the_last_action_ends_the_turn():
    """Rulebook Phase 2 and TS15; using the last action ends the turn (site decision)."""
    state = build(ROW, [(RED, (1, 0), 1)], phase=CARD, deck="SSSX", hands=("S",) * 4)
    state = trias.apply(state, RED, "draw")
    if state.phase == DRIFT:
        state = trias.apply(state, RED, trias.legal_actions(state, RED)[0])
    assert state.actions_left == 4
    two = build(ROW, [(RED, (1, 0), 1)], num_players=2, phase=CARD, deck="SSX", stock=(9, 10))
    two = trias.apply(two, RED, "draw")
    if two.phase == DRIFT:
        two = trias.apply(two, RED, trias.legal_actions(two, RED)[0])
    assert two.actions_left == 3

    state = build(ROW, [(RED, (1, 0), 1)], actions_left=2)
    state = trias.apply(state, RED, "m 1,0>2,0")
    assert state.current == RED and state.actions_left == 1
    state = trias.apply(state, RED, "m 2,0>1,0")
    assert state.current == BLUE  # the turn ended by itself


def test_end_may_leave_actions_unused():
    state = build(ROW, [(RED, (1, 0), 1)])
    assert "end" in trias.legal_actions(state, RED)
    assert trias.apply(state, RED, "end").current == BLUE


def test_a_move_goes_one_step_to_an_adjacent_tile():
    state = build(ROW, [(RED, (1, 0), 1)])
    after = trias.apply(state, RED, "m 1,0>2,0")
    assert herds_on(after, (2, 0)) == [RED] and after.actions_left == 3
    with pytest.raises(IllegalAction, match="one step"):
        trias.apply(state, RED, "m 1,0>3,0")
    with pytest.raises(IllegalAction, match="no herd"):
        trias.apply(state, RED, "m 2,0>3,0")


def test_the_capacity_blockade_stops_entering_and_crossing():
    """TS8: a full tile cannot be entered nor crossed; 3,0 is beyond the full 2,0."""
    tiles = {(1, 0): "W", (2, 0): "M", (3, 0): "W"}
    state = build(tiles, [(RED, (1, 0), 1), (BLUE, (2, 0), 2)])
    legal = trias.legal_actions(state, RED)
    assert "m 1,0>2,0" not in legal
    with pytest.raises(IllegalAction, match="holds 2 of 2 herds"):
        trias.apply(state, RED, "m 1,0>2,0")
    # There is no other way to 3,0: it cannot be reached this turn.
    reachable = {a.split(">")[1] for a in legal if a.startswith("m ")}
    assert "3,0" not in reachable and "2,0" not in reachable


def test_a_full_tile_cannot_be_reproduced_on():
    state = build({(1, 0): "M"}, [(RED, (1, 0), 2)])
    assert "+ 1,0" not in trias.legal_actions(state, RED)
    with pytest.raises(IllegalAction, match="cannot be reproduced on"):
        trias.apply(state, RED, "+ 1,0")


def test_a_herd_that_moved_can_still_reproduce_and_a_newborn_cannot():
    """TS8: reproduction is independent of movement; a herd born this turn waits."""
    state = build(ROW, [(RED, (1, 0), 1)])
    state = trias.apply(state, RED, "m 1,0>2,0")
    assert "+ 2,0" in trias.legal_actions(state, RED)
    state = trias.apply(state, RED, "+ 2,0")
    assert herds_on(state, (2, 0)) == [RED, RED]
    assert state.stock[RED] == 13
    # One reproduced, the other is newborn: neither may reproduce again this turn.
    assert "+ 2,0" not in trias.legal_actions(state, RED)
    with pytest.raises(IllegalAction, match="reproduced or was born this turn"):
        trias.apply(state, RED, "+ 2,0")
    # The newborn moves away: it still cannot reproduce elsewhere.
    state = trias.apply(state, RED, "m 2,0>1,0")
    assert "+ 1,0" not in trias.legal_actions(state, RED)


def test_next_turn_the_newborn_may_reproduce():
    state = build(ROW, [(RED, (1, 0), 1), (BLUE, (2, 0), 1)])
    state = trias.apply(state, RED, "+ 1,0")
    state = trias.apply(state, RED, "end")
    for seat in (BLUE, PURPLE, BLACK):
        while state.current == seat:
            if state.phase == CARD:
                state = trias.apply(state, seat, "draw")
            elif state.phase == DRIFT:
                state = trias.apply(state, seat, trias.legal_actions(state, seat)[0])
            else:
                state = trias.apply(state, seat, "end")
    assert all(h.fertile for h in state.herds)


def test_m_plus_chooses_a_herd_that_may_still_reproduce():
    """TS8: herds are individual; 'm' keeps the fertile herd home, 'm+' sends it."""
    state = build(ROW, [(RED, (1, 0), 2)])
    state = trias.apply(state, RED, "+ 1,0")  # one reproduced, one newborn, one fertile
    legal = trias.legal_actions(state, RED)
    assert "m 1,0>2,0" in legal and "m+ 1,0>2,0" in legal
    plain = trias.apply(state, RED, "m 1,0>2,0")
    assert "+ 1,0" in trias.legal_actions(plain, RED)
    assert "+ 2,0" not in trias.legal_actions(plain, RED)
    plus = trias.apply(state, RED, "m+ 1,0>2,0")
    assert "+ 2,0" in trias.legal_actions(plus, RED)
    assert "+ 1,0" not in trias.legal_actions(plus, RED)
    # Without a choice to make, only 'm' is offered.
    fresh = build(ROW, [(RED, (1, 0), 2)])
    assert not any(a.startswith("m+") for a in trias.legal_actions(fresh, RED))


def test_reproduce_needs_a_herd_in_stock():
    state = build(ROW, [(RED, (1, 0), 1)], stock=(0, 15, 15, 15))
    assert "+ 1,0" not in trias.legal_actions(state, RED)
    with pytest.raises(IllegalAction, match="no herd left in stock"):
        trias.apply(state, RED, "+ 1,0")


def test_a_rescue_moves_up_to_three_swimmers_to_adjacent_tiles_for_one_action():
    """TS8: swimmers at different places, each to a tile next to it."""
    state = build(ROW, [(RED, (2, -1), 2), (RED, (4, 0), 1), (BLUE, (2, 1), 1)])
    legal = trias.legal_actions(state, RED)
    action = "r 2,-1>1,0 2,-1>2,0 4,0>3,0"
    assert action in legal
    after = trias.apply(state, RED, "r 4,0>3,0 2,-1>2,0 2,-1>1,0")  # any order
    assert after.actions_left == 3
    assert herds_on(after, (1, 0)) == [RED] and herds_on(after, (3, 0)) == [RED]
    assert not any(a.startswith("r ") and "2,1" in a for a in legal)  # Blue's swimmer
    with pytest.raises(IllegalAction, match="not next to"):
        trias.apply(state, RED, "r 4,0>1,0")
    # The rescue respects capacity: the mountain 3,0 holds 2 at most.
    full = build(ROW, [(RED, (4, 0), 3), (BLUE, (3, 0), 1)])
    assert "r 4,0>3,0 4,0>3,0" not in trias.legal_actions(full, RED)
    assert "r 4,0>3,0" in trias.legal_actions(full, RED)


# ----------------------------------------------------------------- Phase 3, TS9, TS10


def test_swimmers_drown_only_in_their_owners_phase_3():
    """TS9."""
    state = build(ROW, [(RED, (1, 0), 1), (RED, (4, 0), 1), (BLUE, (2, 1), 2), (BLUE, (2, 0), 1)])
    after = trias.apply(state, RED, "end")
    assert herds_on(after, (4, 0)) == []  # Red's swimmer is back in stock
    assert after.stock[RED] == 14
    assert herds_on(after, (2, 1)) == [BLUE, BLUE]  # Blue's swim on
    assert after.current == BLUE
    after = trias.apply(after, BLUE, "draw")
    if after.phase == DRIFT:
        after = trias.apply(after, BLUE, trias.legal_actions(after, BLUE)[0])
    after = trias.apply(after, BLUE, "end")
    assert herds_on(after, (2, 1)) == []


def test_overpopulation_removes_only_the_active_players_excess():
    """TS9: a mountain carrying 4 herds again; Red returns only its excess."""
    tiles = {(1, 0): "W", (2, 0): "M"}
    state = build(tiles, [(RED, (2, 0), 1), (BLUE, (2, 0), 3)])
    after = trias.apply(state, RED, "end")
    assert herds_on(after, (2, 0)) == [BLUE, BLUE, BLUE]  # Red's 1 goes, still 3 > 2
    assert "Overpopulation" in after.log[-1] or any("Overpopulation" in x for x in after.log)
    state = build(tiles, [(RED, (2, 0), 3), (BLUE, (2, 0), 1)])
    after = trias.apply(state, RED, "end")
    assert herds_on(after, (2, 0)) == [RED, BLUE]  # brought to capacity, Blue untouched
    assert after.stock[RED] == 14


def test_an_overfull_tile_cannot_be_entered():
    tiles = {(1, 0): "W", (2, 0): "M"}
    state = build(tiles, [(RED, (1, 0), 1), (BLUE, (2, 0), 3)])
    assert "m 1,0>2,0" not in trias.legal_actions(state, RED)


def test_a_player_with_no_herd_on_the_board_after_their_phase_3_is_out():
    """TS10: eliminated, their turns are skipped, their score stays."""
    state = build(
        ROW,
        [(RED, (4, 0), 2), (BLUE, (1, 0), 1), (PURPLE, (1, 1), 1), (BLACK, (2, 0), 1)],
        scores=(5, 0, 0, 0),
    )
    after = trias.apply(state, RED, "end")
    assert after.eliminated == (RED,)
    assert "out of the game" in after.log[-1]
    assert after.scores[RED] == 5
    for seat in (BLUE, PURPLE, BLACK):
        assert after.current == seat
        after = trias.apply(after, seat, "draw")
        if after.phase == DRIFT:
            after = trias.apply(after, seat, trias.legal_actions(after, seat)[0])
        if after.phase == ACTIONS and after.current == seat:
            after = trias.apply(after, seat, "end")
    assert after.current == BLUE  # Red is skipped
    assert trias.view(after, None)["seats"][RED]["eliminated"]


def test_a_swimming_player_is_not_out_before_their_own_phase_3():
    """TS10: only after their own Phase 3."""
    state = build(ROW, [(RED, (1, 0), 1), (BLUE, (4, 0), 1)])
    after = trias.apply(state, RED, "end")
    assert after.eliminated == ()
    assert after.current == BLUE
