"""Triad's parser: any accepted spelling names the canonical action; other text is
refused with the typed error and a reason (notation: ``titles.triad.engine.notation``)."""

from __future__ import annotations

import random

import pytest

from games.engines.base import IllegalNow, UnknownAction
from titles.triad import engine as t
from titles.triad.engine import notation


@pytest.mark.parametrize(
    "text, action",
    [
        ("C1 - C3 = II", "c1-c3=2"),
        ("c1c3=ii", "c1-c3=2"),
        ("  c1   c3 ", "c1-c3=2"),  # the value follows from the distance
        ("c1\u2014c4=3", "c1-c4=3"),
    ],
)
def test_forgiving_spellings_name_the_canonical_move(text, action):
    state = t.new_game(2, 3)  # row 1: B1 B1 B1 B2 B2 B3
    assert t.parse(state, t.BLACK, text) == action


def test_a_path_without_its_value_names_the_move_or_the_move_without_turning():
    # The notation's one abbreviation: never ambiguous, as the rules never allow both.
    rng = random.Random(5)
    checked = set()
    for seed in range(6):
        state = t.new_game(2, seed)
        while not t.outcome(state):
            seat = t.to_move(state)[0]
            for action in t.legal_actions(state, seat):
                if "-" in action:
                    path = action.split("=")[0]
                    assert t.parse(state, seat, path) == action
                    checked.add("=" in action)
            state = t.apply(state, seat, rng.choice(t.legal_actions(state, seat)))
    assert True in checked


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "not a Triad action"),
        ("hello", "not a Triad action"),
        ("c1-c9=2", "not a cell of the board"),
        ("c1-c3=4", "not a die value"),
        ("x", "not a Triad action"),
    ],
)
def test_text_that_is_not_triad_notation_is_unknown_for_either_seat(text, reason):
    state = t.new_game(2, 3)
    for seat in (t.BLACK, t.WHITE):
        with pytest.raises(UnknownAction, match=reason):
            t.parse(state, seat, text)
    assert isinstance(notation.NotationError("x"), UnknownAction)


@pytest.mark.parametrize(
    "seat, text, reason",
    [
        (t.BLACK, "c1-d3=2", "not a straight line"),
        (t.BLACK, "x c1", "no die to remove"),
        (t.BLACK, "c1-c2", "must be turned to a new value"),
        (t.BLACK, "C1 = 2", "only when no move is possible"),
        (t.BLACK, "c6-c4=2", "White's: you may only move your own dice"),
        (t.WHITE, "c6-c4=2", "not your turn"),
    ],
)
def test_a_well_formed_move_that_cannot_be_played_now_is_illegal_now(seat, text, reason):
    state = t.new_game(2, 3)
    with pytest.raises(IllegalNow, match=reason):
        t.parse(state, seat, text)
    with pytest.raises(IllegalNow):
        t.apply(state, seat, text)
