"""Trias's parser: any accepted spelling names the canonical action; other text is
refused with the typed error and a reason (notation: ``titles.trias.engine.notation``)."""

from __future__ import annotations

import random

import pytest

from games.engines.base import IllegalNow, UnknownAction
from titles.trias import engine as trias

from .positions import RED, build


def test_case_and_spaces_around_positions_and_steps_are_forgiven():
    state = trias.new_game(2, 5)
    seat = state.current
    assert trias.parse(state, seat, "P -2 , 1") == "p -2,1"
    assert trias.parse(state, seat, "p -2,1") == "p -2,1"
    tiles = {(1, 0): "W", (2, 0): "S", (3, 0): "M"}
    state = build(tiles, [(RED, (1, 0), 2)])
    assert trias.parse(state, RED, "M 1, 0 > 2, 0") == "m 1,0>2,0"
    assert trias.parse(state, RED, "END") == "end"


def test_the_pairs_of_a_rescue_may_come_in_any_order():
    rng = random.Random(3)
    for seed in range(40):
        state = trias.new_game(3, seed)
        while trias.to_move(state):
            seat = trias.to_move(state)[0]
            legal = trias.legal_actions(state, seat)
            rescues = [a for a in legal if a.startswith("r ") and a.count(">") > 1]
            if rescues:
                action = rescues[0]
                pairs = action.split()[1:]
                assert trias.parse(state, seat, "r " + " ".join(reversed(pairs))) == action
                return
            state = trias.apply(state, seat, rng.choice(legal))
    pytest.fail("no rescue of two swimmers came up")


@pytest.mark.parametrize(
    "text, reason",
    [
        ("fly 0,1", "not an action"),
        ("p 0;1", "not a position"),
        ("m 0,1", "not a step"),
        ("r 0,1>1,1 0,1>1,1 0,1>1,1 0,1>1,1", "one to three swimmers"),
        ("", "not an action"),
    ],
)
def test_text_that_is_not_trias_notation_is_unknown_for_every_seat(text, reason):
    state = trias.new_game(3, 5)
    for seat in range(3):
        with pytest.raises(UnknownAction, match=reason):
            trias.parse(state, seat, text)


def test_a_well_formed_action_that_is_not_legal_now_is_illegal_now_with_the_reason():
    state = trias.new_game(2, 5)
    seat = state.current
    with pytest.raises(IllegalNow, match="place 2 herds on a tile"):
        trias.parse(state, seat, "end")
    with pytest.raises(IllegalNow, match="not your turn"):
        trias.parse(state, 1 - seat, trias.legal_actions(state, seat)[0])
    with pytest.raises(IllegalNow):
        trias.apply(state, seat, "draw")
