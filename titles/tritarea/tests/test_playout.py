"""Complete random games for 1-4 people: every game ends, and invariants hold."""

from __future__ import annotations

import random

import pytest

from titles.tritarea import engine as tt
from titles.tritarea.engine.state import ROUNDS


@pytest.mark.parametrize("people", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_with_consistent_states(people, seed):
    rng = random.Random(seed * 7 + people)
    s = tt.new_game(people, seed)
    npcs = set(tt.computer_seats(people, {}))
    for _step in range(2000):
        if tt.outcome(s) is not None:
            break
        movers = tt.to_move(s)
        assert movers and not npcs & set(movers)
        for seat in range(4):
            actions = tt.legal_actions(s, seat)
            assert bool(actions) == (seat in movers)
            assert len(actions) == len(set(actions))
        seat = rng.choice(movers)
        action = rng.choice(tt.legal_actions(s, seat))
        assert isinstance(tt.describe(s, seat, action), str)
        s = tt.apply(s, seat, action)
        assert all(score >= 0 for score in s.scores)
        placed = sum(len(stack) for stack in s.board)
        assert placed <= sum(ROUNDS[s.round][1] - b for b in s.blocks)
    else:
        pytest.fail("game did not end")
    out = tt.outcome(s)
    assert out.winners and len(out.scores) == 4
    assert s.log[-1] and len(s.scoring) == 3
