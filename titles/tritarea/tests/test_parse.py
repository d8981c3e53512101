"""Tri*T*Area's parser: any accepted spelling names the canonical action; other text
is refused with the typed error and a reason (notation:
``titles.tritarea.engine.notation``)."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalNow, UnknownAction
from titles.tritarea import engine as tt
from titles.tritarea.engine import notation

from .helpers import building


def playing():
    state = tt.new_game(4, 1)  # round 1, seat 0 plays first and holds I3, I6, I8, M4, ...
    return state, tt.to_move(state)[0]


def test_case_and_spaces_are_forgiven():
    state, seat = playing()
    assert tt.parse(state, seat, "P i3") == "p I3"
    assert tt.parse(state, seat, "  p   I3 ") == "p I3"
    state = building(((0, 8),), "I")
    seat = tt.to_move(state)[0]
    action = tt.legal_actions(state, seat)[0]
    assert tt.parse(state, seat, action.upper()) == action
    assert tt.parse(state, seat, "PASS") == "pass"


@pytest.mark.parametrize(
    "text",
    ["", "hello", "p", "p Z9", "p H7=0", "p I5=3", "b e5", "b", "x c2 c2", "sell two", "build c2"],
)
def test_text_that_is_not_notation_is_unknown_for_every_seat(text):
    state, _ = playing()
    for seat in range(4):
        with pytest.raises(UnknownAction) as refused:
            tt.parse(state, seat, text)
        assert str(refused.value)
    with pytest.raises(UnknownAction, match="not a Tri\\*T\\*Area action"):
        notation.spell(text)


def test_an_unknown_text_tells_the_seat_to_move_what_this_phase_expects():
    state, seat = playing()
    with pytest.raises(UnknownAction, match=r"play a card, e\.g\. 'p H7'"):
        tt.parse(state, seat, "hello")


def test_a_well_formed_action_that_is_not_legal_now_is_illegal_now_with_the_reason():
    state, seat = playing()
    other = (seat + 1) % 4
    with pytest.raises(IllegalNow, match="not possible now: play a card"):
        tt.parse(state, seat, "sell 2")
    with pytest.raises(IllegalNow, match="You do not hold H1"):
        tt.parse(state, seat, "p H1")
    with pytest.raises(IllegalNow, match=r"not your turn|computer"):
        tt.parse(state, other, "p I3")
    with pytest.raises(IllegalNow):
        tt.apply(state, seat, "b c2")
