"""Engine states for stored games: load the snapshot, or replay seed + moves."""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType


def replay(engine: ModuleType, num_players: int, seed: int, options: dict, moves: Iterable):
    """Every state from the start: ``[start, after move 1, after move 2, ...]``.

    ``moves`` yields ``(seat, action)`` pairs.
    """
    state = engine.new_game(num_players, seed, options)
    states = [state]
    for seat, action in moves:
        state = engine.apply(state, seat, action)
        states.append(state)
    return states


def game_states(game, *, before_ply: int | None = None) -> list:
    """The replay of a stored game (one query for its moves), up to but not including
    move ``before_ply`` when given."""
    moves = game.moves.order_by("ply")
    if before_ply is not None:
        moves = moves.filter(ply__lt=before_ply)
    return replay(
        game.engine_module,
        game.num_players,
        game.seed,
        game.options,
        moves.values_list("seat", "action"),
    )


def load_state(game):
    """The current engine state of a started game, from its snapshot (read when asked
    if the game row was loaded without it, as a page's is)."""
    return game.engine_module.from_json(game.state)
