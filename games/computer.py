"""Computer players for seats that a person left (timeouts, resignations).

The rules' own computer-run seats (Tri*T*Area's NPCs) are played inside the engine;
this module plays seats the *site* took over, with the engine-agnostic bot.
"""

from __future__ import annotations

from games.engines import bots


def choose_action(engine, state, seat: int, seed: int, version: int) -> str:
    """A reasonable action for ``seat``, deterministic for the game's seed and ply.

    The bot decides from what the seat may know (it samples hidden information
    through the engine's ``determinize`` where the game has secrets).
    """
    bot = bots.MonteCarloBot(
        seed=hash((seed, version, seat)) & 0x7FFFFFFF, playouts=24, max_seconds=1.0
    )
    return bot.choose(engine, state, seat)
