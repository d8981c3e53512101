"""The rules page's diagrams: a board with the centre taken."""

from __future__ import annotations

from learn.diagrams import Diagram

from . import engine


def diagrams() -> dict[str, Diagram]:
    return {"centre": Diagram("tictactoe", engine.apply(engine.new_game(2, 1), 0, "b2"))}
