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


def game_states(game, *, before_ply: int | None = None, played: list | None = None) -> list:
    """The replay of a stored game (one query for its moves), up to but not including
    move ``before_ply`` when given. ``played``: the game's stored moves in order, as
    ``(ply, seat, action)``, if the caller has read them (then no query)."""
    if played is not None:
        pairs = [(seat, action) for ply, seat, action in played
                 if before_ply is None or ply < before_ply]  # fmt: skip
    else:
        moves = game.moves.order_by("ply")
        if before_ply is not None:
            moves = moves.filter(ply__lt=before_ply)
        pairs = moves.values_list("seat", "action")
    return replay(game.engine_module, game.num_players, game.seed, game.options, pairs)


def load_state(game):
    """The current engine state of a started game, from its snapshot (read when asked
    if the game row was loaded without it, as a page's is)."""
    return game.engine_module.from_json(game.state)
