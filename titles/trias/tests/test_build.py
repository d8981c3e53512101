"""titles.trias.engine.build: positions laid directly behave like positions of a game."""

import pytest

from titles.trias import engine as trias
from titles.trias.engine.build import position
from titles.trias.engine.state import ACTIONS, DRIFT


def test_a_built_position_counts_stock_and_swimmers_and_plays_on():
    state = position({(1, 0): "W", (2, 0): "S"}, [(0, (1, 0), 2), (1, (3, 0), 1)], num_players=3)
    assert state.stock == (13, 14, 15)  # 15 herds each (TS15) less those on the board
    assert state.phase == ACTIONS and state.actions_left == 4
    view = trias.view(state, None)
    assert view["swimmers"] == [{"pos": [3, 0], "herds": [0, 1, 0]}]  # no tile at 3,0
    after = trias.apply(state, 0, "+ 1,0")  # TS8: reproduce, 1 action
    assert after.actions_left == 3 and after.stock[0] == 12


def test_two_players_get_three_actions_and_ten_herds():
    state = position({(1, 0): "W"}, [(0, (1, 0), 1)], num_players=2)
    assert state.actions_left == 3 and state.stock == (9, 10)  # TS15


def test_a_drift_phase_position_offers_the_cards_landscape():
    state = position(
        {(1, 0): "S", (2, 0): "W"}, [(0, (2, 0), 1)], phase=DRIFT, card="S", num_players=3
    )
    legal = trias.legal_actions(state, 0)
    assert legal and all(a.startswith("d 1,0>") for a in legal)  # TS5: a steppe tile


def test_impossible_positions_are_refused():
    with pytest.raises(ValueError, match="no seat 4"):
        position({}, [(4, (0, 0), 1)], num_players=3)
    with pytest.raises(ValueError, match="more herds"):
        position({(1, 0): "W"}, [(0, (1, 0), 11)], num_players=2)
