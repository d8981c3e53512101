"""The game engines' shared contract (:mod:`games.engines.base`) and the computer
players (``bots``). The engines themselves live in each game's folder
(``titles/<name>/engine/``), pure Python, importing nothing from Django or Celery.

``ENGINES`` maps a game's name to its engine module, a live view of the registry of
games (:mod:`games.registry`); ``get_engine(name)`` looks one up.
"""

from __future__ import annotations

from types import ModuleType

from games import registry

from .base import (
    AmbiguousAction,
    IllegalAction,
    IllegalNow,
    Option,
    Outcome,
    UnknownAction,
    seeded_rng,
)

ENGINES = registry.Engines()


def get_engine(name: str) -> ModuleType:
    """The engine called ``name``; ``KeyError`` with a clear message if unknown."""
    return registry.get(name).engine


__all__ = [
    "ENGINES",
    "AmbiguousAction",
    "IllegalAction",
    "IllegalNow",
    "Option",
    "Outcome",
    "UnknownAction",
    "get_engine",
    "seeded_rng",
]
