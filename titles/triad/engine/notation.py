"""Triad notation: cells, actions and board diagrams.

Cells (TD1): a column letter ``a``-``f`` (left to right from Black's side) and a row
number ``1``-``6`` (row 1 is Black's starting row, row 6 White's). Internally a cell
is the index ``row * 6 + column`` with rows and columns counted from 0.

Actions, as ``legal_actions`` spells them (canonical form):

``c1-c4=3``
    A normal move (rulebook, How to Play; TD5): the die on c1 turns to 3 (III) and
    moves to c4. The distance always equals the new value.
``c1=3``
    TD6, only when no normal move exists: the die on c1 turns to 3 without moving.
``c1-c2``
    TD6, only when no normal move exists: the die on c1 moves by its current value
    (here I) without turning.
``x c4``
    TD8: remove your die on c4 after creating Triads, when more than one of your dice
    lies in them (with only one candidate the engine removes it automatically).

Parsing forgives case, spaces and a few spellings: ``C1 - C4 = III``, ``c1c4=3``,
``c1 c4 = ii``, ``xc4`` and ``X C4`` all parse. A move written without ``=value``
(``c1-c4``) means "turn to the distance" when the distance is not the die's current
value, and the TD6 move without turning otherwise.

Board diagrams (for tests, documentation and ``to_json``): one row per line, row 6
first, cells separated by spaces; ``.`` is empty, ``B1``-``B3`` a Black die showing
I-III, ``W1``-``W3`` a White die. Row and column labels are optional::

    6  W3 W3 W2 W2 W1 W1
    5  .  .  .  .  .  .
    ...
    1  B1 B1 B2 B2 B3 B3
       a  b  c  d  e  f
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.engines.base import UnknownAction, gettext_lazy

SIZE = 6
COLUMNS = "abcdef"
CELL_NAMES: tuple[str, ...] = tuple(
    f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE)
)
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}
ROMAN = {1: "I", 2: "II", 3: "III"}
VALUE_WORDS = {"1": 1, "2": 2, "3": 3, "i": 1, "ii": 2, "iii": 3}

# Action kinds.
MOVE = "move"  # turn and move (the normal turn)
SLIDE = "slide"  # TD6: move by the current value without turning
TURN = "turn"  # TD6: turn without moving
REMOVE = "remove"  # TD8: remove one of the mover's dice from the Triads


def cell_name(index: int) -> str:
    return CELL_NAMES[index]


def move_text(frm: int, to: int, value: int) -> str:
    return f"{CELL_NAMES[frm]}-{CELL_NAMES[to]}={value}"


def slide_text(frm: int, to: int) -> str:
    return f"{CELL_NAMES[frm]}-{CELL_NAMES[to]}"


def turn_text(cell: int, value: int) -> str:
    return f"{CELL_NAMES[cell]}={value}"


def remove_text(cell: int) -> str:
    return f"x {CELL_NAMES[cell]}"


@dataclass(frozen=True)
class Parsed:
    """What a player wrote, before checking it against the position.

    ``value`` is None when the player left it out.
    """

    kind: str  # REMOVE, TURN or "path" (a move or slide; the position decides)
    frm: int
    to: int = -1
    value: int | None = None


_CELL = r"([a-z]+\d+)"
_REMOVE_RE = re.compile(rf"^x\s*{_CELL}$")
_PATH_RE = re.compile(rf"^{_CELL}\s*[-\u2013\u2014]?\s*{_CELL}\s*(?:=\s*([a-z0-9]+))?$")
_TURN_RE = re.compile(rf"^{_CELL}\s*=\s*([a-z0-9]+)$")

HELP = gettext_lazy(
    "write a move like %(move)s (the die on c1 turns to 3 and moves to c4) "
    "or %(remove)s to remove your die on c4",
    move="c1-c4=3",
    remove="x c4",
)


class NotationError(UnknownAction):
    """Text that is not Triad notation at all."""


def parse_cell(text: str) -> int:
    text = text.strip().lower()
    try:
        return CELL_INDEX[text]
    except KeyError:
        raise NotationError(
            gettext_lazy(
                "%(text)s is not a cell of the board: columns are a to f and rows 1 to 6",
                text=repr(text),
            )
        ) from None


def parse_value(text: str) -> int:
    try:
        return VALUE_WORDS[text.strip().lower()]
    except KeyError:
        raise NotationError(
            gettext_lazy("%(text)s is not a die value: a die shows 1, 2 or 3", text=repr(text))
        ) from None


def parse(text: str) -> Parsed:
    """Parse any accepted spelling of an action; ``NotationError`` if it is none."""
    if not isinstance(text, str):
        raise NotationError(not_an_action(repr(text)))
    clean = text.strip().lower()
    if m := _REMOVE_RE.match(clean):
        return Parsed(REMOVE, parse_cell(m.group(1)))
    if m := _TURN_RE.match(clean):
        cell = parse_cell(m.group(1))
        return Parsed(TURN, cell, cell, parse_value(m.group(2)))
    if m := _PATH_RE.match(clean):
        value = parse_value(m.group(3)) if m.group(3) else None
        return Parsed("path", parse_cell(m.group(1)), parse_cell(m.group(2)), value)
    raise NotationError(not_an_action(repr(text.strip())))


def not_an_action(quoted: str):
    return gettext_lazy("%(text)s is not a Triad action: %(help)s", text=quoted, help=HELP)


# --- board diagrams -------------------------------------------------------------

_TOKEN_CODE = {".": 0, "b1": 1, "b2": 2, "b3": 3, "w1": 4, "w2": 5, "w3": 6}
_CODE_TOKEN = {0: ".", 1: "B1", 2: "B2", 3: "B3", 4: "W1", 5: "W2", 6: "W3"}
_ROW_LABEL = re.compile(r"^[1-6]$")


def parse_diagram(text: str) -> tuple[int, ...]:
    """A board (36 cell codes, see ``rules``) from a diagram; ``ValueError`` if malformed."""
    rows: list[list[int]] = []
    for raw in text.strip().splitlines():
        tokens = raw.split()
        if not tokens or all(t.lower() in COLUMNS for t in tokens):
            continue  # blank line or the column labels
        if _ROW_LABEL.match(tokens[0]):
            tokens = tokens[1:]
        if len(tokens) != SIZE:
            raise ValueError(f"diagram row {raw!r} must have {SIZE} cells")
        try:
            rows.append([_TOKEN_CODE[t.lower()] for t in tokens])
        except KeyError as exc:
            raise ValueError(f"unknown diagram token {exc.args[0]!r} in {raw!r}") from None
    if len(rows) != SIZE:
        raise ValueError(f"a diagram has {SIZE} rows, not {len(rows)}")
    board = [0] * (SIZE * SIZE)
    for i, row in enumerate(rows):  # first line is row 6
        r = SIZE - 1 - i
        for c, code in enumerate(row):
            board[r * SIZE + c] = code
    return tuple(board)


def diagram(board: tuple[int, ...]) -> str:
    """The diagram of a board, row 6 first, with labels."""
    lines = []
    for r in range(SIZE - 1, -1, -1):
        cells = [_CODE_TOKEN[board[r * SIZE + c]].ljust(2) for c in range(SIZE)]
        lines.append(f"{r + 1}  " + " ".join(cells).rstrip())
    lines.append("   " + " ".join(f"{col} " for col in COLUMNS).rstrip())
    return "\n".join(lines)


def board_rows(board: tuple[int, ...]) -> list[str]:
    """Compact rows for JSON: row 1 first, two characters per cell (``..``, ``b1``, ``w3``)."""
    return [
        "".join(
            ".." if not (code := board[r * SIZE + c]) else _CODE_TOKEN[code].lower()
            for c in range(SIZE)
        )
        for r in range(SIZE)
    ]


def board_from_rows(rows: list[str]) -> tuple[int, ...]:
    if len(rows) != SIZE or any(len(row) != 2 * SIZE for row in rows):
        raise ValueError("a Triad board is 6 rows of 6 two-character cells")
    board = []
    for row in rows:
        for c in range(SIZE):
            token = row[2 * c : 2 * c + 2]
            board.append(0 if token == ".." else _TOKEN_CODE[token])
    return tuple(board)
