"""The printed board as data (TT1, site edition): change this one module for another edition.

A 4 x 4 grid of four T-shaped areas, one per development concept::

    I I I M      I = Intelligent (blue)   1st 6, 2nd 4, bonus +2 on a1
    H I M M      M = Modern (yellow)      1st 8, 2nd 2, bonus +1 on d1
    H H E M      E = Ecology (green)      1st 5, 2nd 5, bonus +2 on d4
    H E E E      H = Happiness (red)      1st 4, 2nd 6, bonus +3 on a4

Columns a-d run left to right, rows 1-4 top to bottom; a square is written ``c2``.
Squares are numbered 0-15 row by row (``a1`` = 0, ``d1`` = 3, ``a2`` = 4, ... ``d4`` = 15).
Adjacency is orthogonal across the whole grid, whatever the areas.
"""

from __future__ import annotations

from games.engines.base import pgettext_lazy

SIZE = 4
COLUMNS = "abcd"

# The layout, row 1 first; one letter per square.
LAYOUT = (
    "IIIM",
    "HIMM",
    "HHEM",
    "HEEE",
)

# The rulebook's names of the concepts, each also the name of its area; a player reads
# them in their language (the card letters I, M, E, H stay the notation's).
AREA_CONTEXT = "Tri*T*Area area"  # written out in each call below, for makemessages
# Concept letter -> (name, colour, first-place points, second-place points).
AREAS: dict[str, tuple[str, str, int, int]] = {
    "I": (pgettext_lazy("Tri*T*Area area", "Intelligent"), "blue", 6, 4),
    "M": (pgettext_lazy("Tri*T*Area area", "Modern"), "yellow", 8, 2),
    "E": (pgettext_lazy("Tri*T*Area area", "Ecology"), "green", 5, 5),
    "H": (pgettext_lazy("Tri*T*Area area", "Happiness"), "red", 4, 6),
}

# Printed bonus squares: square name -> points won by the block landing there while empty.
BONUS_SQUARES: dict[str, int] = {"a1": 2, "d1": 1, "d4": 2, "a4": 3}


def square_name(index: int) -> str:
    """``0`` -> ``"a1"``, ``6`` -> ``"c2"``."""
    return f"{COLUMNS[index % SIZE]}{index // SIZE + 1}"


SQUARES: tuple[str, ...] = tuple(square_name(i) for i in range(SIZE * SIZE))
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARES)}
AREA_OF: tuple[str, ...] = tuple(LAYOUT[i // SIZE][i % SIZE] for i in range(SIZE * SIZE))
AREA_SQUARES: dict[str, tuple[int, ...]] = {
    area: tuple(i for i in range(SIZE * SIZE) if AREA_OF[i] == area) for area in AREAS
}
BONUS: tuple[int, ...] = tuple(BONUS_SQUARES.get(name, 0) for name in SQUARES)


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, SIZE)
    result = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            result.append(r * SIZE + c)
    return tuple(sorted(result))


ADJACENT: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(SIZE * SIZE))

EMPTY_BOARD: tuple[tuple[int, ...], ...] = tuple(() for _ in range(SIZE * SIZE))


def _check() -> None:
    assert set(AREA_OF) == set(AREAS), "every area appears on the board"
    for area, squares in AREA_SQUARES.items():
        assert len(squares) == 4, f"area {area} has four squares"
    for name in BONUS_SQUARES:
        assert name in SQUARE_INDEX, f"bonus square {name} is on the board"


_check()
