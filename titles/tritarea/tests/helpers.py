"""Building Tri*T*Area positions directly, for scenario tests."""

from __future__ import annotations

import random
from dataclasses import replace

from titles.tritarea import engine as tt
from titles.tritarea.engine.board import EMPTY_BOARD, SQUARE_INDEX


def board(stacks: dict[str, tuple[int, ...]] | None = None) -> tuple[tuple[int, ...], ...]:
    """A board from ``{"c2": (0, 1)}``: square -> seats bottom to top."""
    squares = list(EMPTY_BOARD)
    for name, stack in (stacks or {}).items():
        squares[SQUARE_INDEX[name]] = tuple(stack)
    return tuple(squares)


def position(num_players: int = 4, seed: int = 1, **changes) -> tt.State:
    """A fresh game with some fields replaced."""
    return replace(tt.new_game(num_players, seed), **changes)


def building(
    rights: tuple[tuple[int, int], ...],
    adopted: str,
    *,
    num_players: int = 4,
    builder: int = 0,
    stacks: dict[str, tuple[int, ...]] | None = None,
    blocks: tuple[int, ...] = (7, 7, 7, 7),
    scores: tuple[int, ...] = (10, 10, 10, 10),
    leader: int = 0,
) -> tt.State:
    """A construction phase with the given rights (``(seat, rank)``) on ``adopted``."""
    return position(
        num_players,
        phase="build",
        adopted=adopted,
        rights=rights,
        builder=builder,
        board=board(stacks),
        blocks=blocks,
        scores=scores,
        leader=leader,
        trick=(),
        hands=((), (), (), ()),
        round=2,
        trick_no=3,
    )


def random_game(num_players: int, seed: int, *, stop=None):
    """Play random legal actions; return the final (or stopping) state."""
    rng = random.Random(seed)
    state = tt.new_game(num_players, seed)
    while tt.outcome(state) is None:
        if stop is not None and stop(state):
            return state
        seat = rng.choice(tt.to_move(state))
        state = tt.apply(state, seat, rng.choice(tt.legal_actions(state, seat)))
    return state
