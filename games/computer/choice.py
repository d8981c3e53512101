"""Computer players for the site's computer seats: chosen at New game at a level, or
taking over a seat that a person left (timeouts, resignations; the site's
``COMPUTER_TAKEOVER_LEVEL``).

The rules' own computer-run seats (Tri*T*Area's NPCs) are played inside the engine;
this module plays seats the *site* runs, with the engine-agnostic bots. The thinking
happens in a Celery task (``games.computer.turns``), never in a person's request.
"""

from __future__ import annotations

from django.conf import settings

from games.computer import levels


def seat_level(bot_level: str) -> str:
    """The level a computer seat plays at (seats taken over before levels existed have
    none stored: the site's takeover level)."""
    return bot_level if bot_level in levels.LEVELS else settings.COMPUTER_TAKEOVER_LEVEL


def choose_action(
    engine, state, seat: int, *, level: str, seed: int, version: int, players: int = 0
) -> str:
    """An action for ``seat`` at ``level``, deterministic for the game's seed and ply
    (two workers that think about the same position choose the same action).
    ``players`` is the number of people at the table (some levels play differently
    at larger tables, the game's ``GameSpec.levels_by_table``).

    The bot decides from what the seat may know (it samples hidden information
    through the engine's ``determinize`` where the game has secrets).
    """
    bot = levels.level_bot(
        seat_level(level),
        seed=hash((seed, version, seat)) & 0x7FFFFFFF,
        engine=engine.name,
        players=players,
    )
    return bot.choose(engine, state, seat)
