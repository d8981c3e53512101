"""The game engines: pure Python, importing nothing from Django or Celery.

``ENGINES`` maps an engine's name to the module implementing the protocol described
in :mod:`games.engines.base`; ``get_engine(name)`` looks one up.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .base import IllegalAction, Option, Outcome, seeded_rng

# Engine packages in titles/<name>/engine/, registered in this order.
_ENGINE_MODULES: tuple[str, ...] = ("triad", "trias", "tritarea")

ENGINES: dict[str, ModuleType] = {
    name: importlib.import_module(f"titles.{name}.engine") for name in _ENGINE_MODULES
}


def get_engine(name: str) -> ModuleType:
    """The engine called ``name``; ``KeyError`` with a clear message if unknown."""
    try:
        return ENGINES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(ENGINES)}") from None


__all__ = ["ENGINES", "IllegalAction", "Option", "Outcome", "get_engine", "seeded_rng"]
