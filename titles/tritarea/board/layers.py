"""The Tri*T*Area picture without actions (an email's) as :class:`games.boards.Layers`.

The board has one size per kind of table (the hand and the team lines decide its
height), so every part sits at the same place on every board: the base is the white
sheet with the grid's coordinates, and each element ``render_svg`` draws on it is a
tile of its own, in ``render_svg``'s order, so a picture re-uses the pixels of every
look it has drawn before (a card in a hand slot, "7 points" in a seat's column, an
empty square of an area). The elements are ``render_svg``'s own (the helpers of
:mod:`.svg`), without the titles that are never drawn; only the wrappers that draw
nothing (``<g class="seat">``, the strip's group) are left out. Drawn only from
``view``, like ``render_svg``: a hand is the viewer's own, a declaration face down
stays face down.
"""

from __future__ import annotations

import functools
import re

from games.boards import Layers, Tile
from games.engines.base import translated as tr
from titles.tritarea.engine.board import SQUARE_INDEX

from . import svg as s
from . import words as w

# A text's box is found from the font's estimated widths (``svg._em_width``), made a
# quarter wider and a few units taller than the glyphs: a tile's canvas must hold all
# of its pixels, and a box too big only costs a few transparent pixels.
_SLACK = 1.25
# A square's tile reaches this far past the square: the border lines on its edges
# (3 wide) and their antialiased pixels.
_PAD = 3
_ENDS = re.compile(r'x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="([^"]+)"')


def _text_box(x: float, y: float, text: str, size: int, anchor: str, bold: bool):
    width = s._em_width(text, size, bold) * _SLACK + 8
    left = {"start": x - 3, "middle": x - width / 2, "end": x - width + 3}[anchor]
    return left, y - 1.2 * size, width, 1.6 * size


def _text(x: float, y: float, content: object, **kwargs) -> Tile:
    """A tile of ``svg._text``'s text (same arguments)."""
    text = str(content)
    size, anchor = kwargs.get("size", s.FONT), kwargs.get("anchor", "middle")
    box = _text_box(x, y, text, size, anchor, kwargs.get("bold", False))
    return _tile(box, s._text(x, y, text, **kwargs))


def _tile(box, svg: str) -> Tile:
    """A tile within the board (a box reaching past its edge is cut at it)."""
    x, y, width, height = box
    left, top = max(0.0, x), max(0.0, y)
    right, bottom = min(float(s.WIDTH), x + width), y + height
    return Tile(left, top, right - left, bottom - top, svg)


def _rect_tile(x: float, y: float, width: float, height: float, svg: str, stroke: float) -> Tile:
    """A tile of a shape in ``x, y, width, height``, its stroke ``stroke`` wide."""
    pad = stroke / 2 + 1  # (half the stroke, and its antialiased edge)
    return _tile((x - pad, y - pad, width + 2 * pad, height + 2 * pad), svg)


@functools.cache
def _base(width: int, height: int) -> str:
    """The white sheet and the grid's coordinates (the same on every board)."""
    coordinates = [
        s._text(s.GRID_X + col * s.CELL + s.CELL / 2, s.GRID_Y - 9, letter, fill=s.MUTED)
        for col, letter in enumerate("abcd")
    ] + [
        s._text(s.GRID_X / 2, s.GRID_Y + row * s.CELL + s.CELL / 2 + 5, row + 1, fill=s.MUTED)
        for row in range(4)
    ]
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            'role="img" class="board tritarea">',
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
            *coordinates,
            "</svg>",
        ]
    )


def _grid(view: dict) -> list[Tile]:
    """The squares, each an opaque tile that paints all that lies in its box in
    ``render_svg``'s order (the squares there, then the area names, the borders and
    the frame over them: ``svg._fixed_layer``), so neighbouring tiles that share a
    pixel agree on it; then the mark of the last block built."""
    board = w.squares(view)
    areas = tuple(square.get("area", "I") for square in board)
    names = tuple(w.concept(view, letter) for letter in s.NAME_AT)
    squares = _whole_groups(
        s._grid(view, None, (), None, described=False)
    )  # (no actions: no targets)
    # A built square's blocks and height never reach past its own square, nor under an
    # area name or a border: they are a tile of their own over the square's, and the
    # square's opaque tile holds only what it shares with other boards.
    looks, stacks = [], []
    for square, drawn in zip(board, squares, strict=False):
        # (its area's colour, and a bonus until built on: the same in many games)
        rect = drawn[drawn.index("<rect") : drawn.index("/>") + 2]
        if square.get("stack"):
            looks.append(rect)
            stacks.append(drawn.replace(rect, "", 1))
        else:
            looks.append(drawn[drawn.index("<rect") : drawn.rindex("</g>")])
            stacks.append("")
    over = _overlays(areas, names)
    tiles = []
    for i in range(len(board)):
        near = "\n".join([_WHITE, *(looks[j] for j in _near(i)), *over[i]])
        tiles.append(_tile(_square_box(i), near))
    for i, stack in enumerate(stacks):
        if stack:
            x, y = s._cell_origin(i)
            tiles.append(_tile((x, y, s.CELL, s.CELL), stack))
    last = view.get("last_built")
    if last in SQUARE_INDEX:
        x, y = s._cell_origin(SQUARE_INDEX[last])
        mark = next(part for part in squares if 'class="last-built"' in part)
        tiles.append(_rect_tile(x + 5, y + 5, s.CELL - 10, s.CELL - 10, mark, 3))
    return tiles


_WHITE = '<rect x="0" y="0" width="100000" height="100000" fill="#ffffff"/>'


def _square_box(i: int):
    x, y = s._cell_origin(i)
    return x - _PAD, y - _PAD, s.CELL + 2 * _PAD, s.CELL + 2 * _PAD


@functools.cache
def _near(i: int) -> tuple[int, ...]:
    """The squares whose tiles' boxes meet square ``i``'s (itself among them)."""
    return tuple(j for j in range(16) if _meet(_square_box(i), _square_box(j)))


@functools.lru_cache(maxsize=64)
def _overlays(areas: tuple[str, ...], names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """For each square, what ``svg._fixed_layer`` paints in its tile's box (area names
    and borders that reach into it, the frame for a square on the edge), in order."""
    parts = []
    for letter, name in zip(s.NAME_AT, names, strict=True):
        col, row = s.NAME_AT[letter]
        x, y = s.GRID_X + col * s.CELL, s.GRID_Y + row * s.CELL + 20
        svg = s._text(x, y, name, fill=s.AREA_INK[letter], bold=True, cls="area-name")
        parts.append((_text_box(x, y, name, s.FONT, "middle", True), svg))
    *lines, frame = s._area_borders(areas)
    for line in lines:
        x1, y1, x2, y2 = map(float, _ENDS.search(line).groups())
        parts.append(((x1 - 3, y1 - 3, x2 - x1 + 6, y2 - y1 + 6), line))
    inner = (s.GRID_X + 3, s.GRID_Y + 3, s.GRID - 6, s.GRID - 6)  # (the frame leaves it be)
    found = []
    for i in range(len(areas)):
        box = _square_box(i)
        mine = [svg for where, svg in parts if _meet(box, where)]
        found.append((*mine, *(() if _within(box, inner) else (frame,))))
    return tuple(found)


def _meet(a, b) -> bool:
    """Whether two boxes ``(x, y, width, height)`` overlap."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _within(a, b) -> bool:
    """Whether box ``a`` lies inside box ``b``."""
    return (
        b[0] <= a[0] and b[1] <= a[1] and a[0] + a[2] <= b[0] + b[2] and a[1] + a[3] <= b[1] + b[3]
    )


def _whole_groups(parts: list[str]) -> list[str]:
    """``parts`` with each ``<g>`` that spans several of them joined into one."""
    joined, open_ = [], []
    for part in parts:
        open_.append(part)
        text = "\n".join(open_)
        if text.count("<g") == text.count("</g>"):
            joined.append(text)
            open_ = []
    return joined


def _strip(view: dict, seat: int | None) -> list[Tile]:
    caption = s._caption(view, seat)
    y = s.STRIP_Y + 2 + 25
    svg = s._text(s.WIDTH / 2, y, caption, bold=True, cls="caption", room=s.WIDTH - 16)
    return [_tile((0, y - 1.2 * s.FONT, s.WIDTH, 1.6 * s.FONT), svg)]


def _hand(view: dict) -> list[Tile]:
    """The viewer's hand as ``svg._hand`` draws it without actions."""
    hand = view.get("hand") or []
    tiles = [_text(8, s.HAND_Y + 15, tr.gettext("Your hand"), anchor="start", bold=True)]
    if not hand:
        y = s.HAND_Y + 22 + s.CARD_H / 2 + 5
        tiles.append(_text(s.WIDTH / 2, y, tr.gettext("No cards left"), fill=s.MUTED))
    row_width = s.PER_ROW * s.CARD_W + (s.PER_ROW - 1) * s.CARD_GAP
    for k, card in enumerate(hand):
        row, col = divmod(k, s.PER_ROW)
        x = (s.WIDTH - row_width) / 2 + col * (s.CARD_W + s.CARD_GAP)
        y = s.HAND_Y + 22 + row * (s.CARD_H + 6)
        svg = s._card(x, y, s.CARD_W, s.CARD_H, card, cls="hand-card")
        tiles.append(_rect_tile(x, y, s.CARD_W, s.CARD_H, svg, 2))
    return tiles


def _table(view: dict, seat: int | None, top: float) -> list[Tile]:
    """The seats and the team lines as ``svg._table`` draws them, element by element."""
    drawn = s._table(view, seat, top, described=False)
    tiles = []
    rows = w.seat_rows(view)
    for row in rows:
        x = 4 + row["seat"] * s.COL_W
        group, drawn = _seat_group(drawn)
        frame = group[0].partition(">")[2]  # (the ``<g class="seat">`` draws nothing)
        tiles.append(_rect_tile(x + 2, top, s.BOX_W, s.BOX_H, frame, 4))
        slot_x, slot_y = x + 2 + (s.BOX_W - s.TRICK_W) / 2, top + 46
        for part in group[1:-1]:
            if not part:
                continue  # (an empty slot after the trick)
            if part.startswith("<text"):
                tiles.append(_text_tile(part))
            else:  # the slot: a card, a face-down declaration or an empty place
                tiles.append(_rect_tile(slot_x, slot_y, s.TRICK_W, s.TRICK_H, part, 2))
    tiles.extend(_text_tile(line) for line in drawn)  # the team lines
    return tiles


def _seat_group(drawn: list[str]) -> tuple[list[str], list[str]]:
    """The first seat's parts (from its ``<g class="seat…">`` to its ``</g>``) and the
    rest."""
    end = drawn.index("</g>")
    return drawn[: end + 1], drawn[end + 1 :]


@functools.lru_cache(maxsize=4096)
def _text_tile(svg: str) -> Tile:
    """A tile of one of ``svg._text``'s texts (its place, size and anchor read back)."""

    def attribute(name: str, default: str = "") -> str:
        head = svg.partition(">")[0]
        found = head.partition(f' {name}="')[2]
        return found.partition('"')[0] if found else default

    text = svg.partition(">")[2].rpartition("</text>")[0]
    box = _text_box(
        float(attribute("x")),
        float(attribute("y")),
        text,
        int(attribute("font-size", str(s.FONT))),
        attribute("text-anchor", "middle"),
        ' font-weight="bold"' in svg.partition(">")[0],
    )
    return _tile(box, svg)  # (a text squeezed to its room is narrower than its box)


def layers(view: dict, *, seat: int | None) -> Layers:
    """The board ``render_svg(view, seat=seat)`` draws, as a base and tiles."""
    width, height = s.size(view, seat)
    tiles = _grid(view) + _strip(view, seat)
    has_hand = s._has_hand(view, seat)
    if has_hand:
        tiles += _hand(view)
    tiles += _table(view, seat, s.HAND_Y + (s.HAND_H + 10 if has_hand else 0))
    return Layers(base=_base(width, height), tiles=tuple(tiles), title=s._title(view))
