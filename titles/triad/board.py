"""The Triad board as SVG (contract in :mod:`games.boards`).

A 6 x 6 grid with columns a-f and rows 1-6 labelled. Black (seat 0) and spectators
see row 1 at the bottom; White (seat 1) sees the board turned half round, row 6 at
the bottom and column f on the left (their own side nearest, as in the rulebook's
"from their point of view"). Dice are rounded squares in the owner's colour showing
the value as a Roman numeral, each with an ``aria-label``; the last move's two
cells are tinted and a die removed by it is outlined where it stood.

Clicking: each of the viewer's dice that can move carries ``data-select="c1"``;
with ``selected`` one of them, every destination cell carries
``data-action="c1-c4=3"`` (the distance is the new value, so the cell decides the
action; a TD6 move without turning, ``c1-c2``, works the same way) and shows, as an
outlined die, the numeral the die will show there (``data-value``). During a removal
choice (TD8) each candidate die carries ``data-action="x c4"``. Turning a die in
place (TD6, ``c1=3``) has no single cell to click and is left to the page's list of
actions.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from django.utils.translation import get_language

from games.boards import SAME_SEAT, Choice, Guide, Layers, LegendItem, Target, Tile
from games.engines.base import Text, localize
from games.engines.base import translated as tr

SIZE = 6
CELL = 60
MARGIN = 28
COLUMNS = "abcdef"
ROMAN = {1: "I", 2: "II", 3: "III"}
DIE_STYLE = {
    "black": {"fill": "#262626", "stroke": "#000000", "text": "#f7f3e8"},
    "white": {"fill": "#f7f3e8", "stroke": "#5a5040", "text": "#1d1d1d"},
}
_PATH_ACTION = re.compile(r"^([a-f][1-6])-([a-f][1-6])(=[123])?$")
_REMOVE_ACTION = re.compile(r"^x ([a-f][1-6])$")


def _cell_xy(cell: str, flipped: bool) -> tuple[int, int]:
    """Top-left corner of ``cell`` in SVG coordinates."""
    col = COLUMNS.index(cell[0])
    row = int(cell[1:]) - 1
    if flipped:
        return MARGIN + (SIZE - 1 - col) * CELL, MARGIN + row * CELL
    return MARGIN + col * CELL, MARGIN + (SIZE - 1 - row) * CELL


def _attrs(**attrs: object) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        parts.append(f"{key.rstrip('_').replace('_', '-')}={quoteattr(str(value))}")
    return " ".join(parts)


def _clickable(actions: Sequence[str]) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """Cell-click actions: ``{from: {to: action}}`` and ``{candidate cell: action}``."""
    paths: dict[str, dict[str, str]] = {}
    removals: dict[str, str] = {}
    for action in actions:
        if m := _PATH_ACTION.match(action):
            paths.setdefault(m.group(1), {})[m.group(2)] = action
        elif m := _REMOVE_ACTION.match(action):
            removals[m.group(1)] = action
    return paths, removals


def _numeral(x: int, y: int, value: int, colour: str) -> str:
    """The Roman numeral I, II or III drawn as strokes with serifs (no font needed)."""
    count = value if value in ROMAN else 1
    bar, gap, tall = 5, 5, 22
    width = count * bar + (count - 1) * gap
    left = x + (CELL - width) // 2
    top = y + (CELL - tall) // 2
    parts = [
        f'<rect x="{left + i * (bar + gap)}" y="{top}" width="{bar}" height="{tall}"/>'
        for i in range(count)
    ]
    parts.append(f'<rect x="{left - 3}" y="{top}" width="{width + 6}" height="3"/>')
    parts.append(f'<rect x="{left - 3}" y="{top + tall - 3}" width="{width + 6}" height="3"/>')
    return f'<g class="numeral" fill="{colour}" aria-hidden="true">{"".join(parts)}</g>'


def _players(view: dict) -> list[str]:
    """The colours in the viewer's language."""
    names = view.get("players") or [
        tr.pgettext("Triad colour", "Black"),
        tr.pgettext("Triad colour", "White"),
    ]
    return [localize(name) for name in names]


def _status(view: dict) -> str:
    players = _players(view)
    result = view.get("result")
    if result:
        if result.get("reason_text"):
            return localize(Text.from_json(result["reason_text"]))
        return str(result.get("reason") or tr.gettext("Game over"))
    to_move = view.get("to_move") or []
    if not to_move:
        return tr.gettext("Game over")
    if to_move[0] < len(players):
        who = players[to_move[0]]
    else:
        who = tr.gettext("Seat %(n)s", n=to_move[0])
    if view.get("pending_removal"):
        return tr.gettext("%(who)s chooses a die to remove", who=who)
    return tr.gettext("%(who)s to move", who=who)


def _title(view: dict) -> str:
    return tr.gettext("Triad board, %(status)s", status=_status(view))


SIDE = 2 * MARGIN + SIZE * CELL
HEIGHT = SIDE + 26


def _root(title: str, role: str, flipped: bool) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIDE} {HEIGHT}" '
        f'role="{role}" class="board board-triad{" flipped" if flipped else ""}" '
        f"aria-label={quoteattr(title)}>"
    )


def _background() -> str:
    return f'<rect x="0" y="0" width="{SIDE}" height="{HEIGHT}" fill="#d9b98a" rx="10"/>'


def _cell_rect(cell: str, flipped: bool, tinted: bool) -> str:
    """One cell; ``tinted`` for the last move's two cells."""
    col, row = COLUMNS.index(cell[0]), int(cell[1:]) - 1
    x, y = _cell_xy(cell, flipped)
    fill = "#f0d7a8" if (row + col) % 2 else "#e6c893"
    cls = "cell"
    if tinted:
        fill = "#f3e36b"
        cls += " last-move"
    return (
        f'<rect class="{cls}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
        f'fill="{fill}" stroke="#7a5b32" stroke-width="1"/>'
    )


def _cells() -> list[str]:
    """Every cell's name, row by row from row 1."""
    return [f"{COLUMNS[c]}{r + 1}" for r in range(SIZE) for c in range(SIZE)]


def _coordinates(flipped: bool) -> list[str]:
    out = []
    for i in range(SIZE):
        col = COLUMNS[i]
        x, _ = _cell_xy(f"{col}1", flipped)
        for ty in (MARGIN - 9, MARGIN + SIZE * CELL + 19):
            out.append(
                f'<text x="{x + CELL // 2}" y="{ty}" text-anchor="middle" font-size="14" '
                f'font-family="sans-serif" fill="#3b2a14">{col}</text>'
            )
        _, y = _cell_xy(f"a{i + 1}", flipped)
        for tx in (MARGIN // 2, MARGIN + SIZE * CELL + MARGIN // 2):
            out.append(
                f'<text x="{tx}" y="{y + CELL // 2 + 5}" text-anchor="middle" '
                f'font-size="14" font-family="sans-serif" fill="#3b2a14">{i + 1}</text>'
            )
    return out


def _removed_mark(gone: str, flipped: bool) -> str:
    """The outline where a die was just removed."""
    x, y = _cell_xy(gone, flipped)
    gone_label = tr.gettext("a die was removed from %(cell)s", cell=gone)
    return (
        f'<rect class="removed" x="{x + 8}" y="{y + 8}" width="{CELL - 16}" '
        f'height="{CELL - 16}" rx="9" fill="none" stroke="#9b2c2c" stroke-width="2" '
        f'stroke-dasharray="5 4"><title>{escape(gone_label)}'
        "</title></rect>"
    )


def _die(
    cell: str, die: dict, players: list[str], flipped: bool, *, removal: str,
    movable: bool, selected: bool, language: str | None,
) -> str:  # fmt: skip
    """One die as a group: its label, a ring when selected or removable, the numeral;
    ``language``: the active one (its label's), read once per board."""
    return _die_svg(
        cell, die.get("owner", 0), int(die.get("value", 0)), tuple(players), flipped,
        removal, movable, selected, language,
    )  # fmt: skip


# A board shows a few hundred different dice (cell, owner, value, side, language): each
# is written once per process, not once per board drawn (an email draws two: the whole
# board and its layers).
@functools.lru_cache(maxsize=4096)
def _die_svg(
    cell: str, owner, value: int, players: tuple[str, ...], flipped: bool, removal: str,
    movable: bool, selected: bool, language: str | None,
) -> str:  # fmt: skip
    colour = "white" if owner == 1 else "black"
    style = DIE_STYLE[colour]
    numeral = ROMAN.get(value, str(value))
    owner_name = players[owner] if owner < len(players) else ""
    label = tr.gettext(
        "%(colour)s die showing %(value)s on %(cell)s",
        colour=owner_name,
        value=numeral,
        cell=cell,
    )
    x, y = _cell_xy(cell, flipped)
    extra = {}
    classes = f"die die-{colour}"
    if removal:
        extra["data_action"] = removal
        classes += " removable"
        label = tr.gettext("%(die)s, click to remove (%(action)s)", die=label, action=removal)
    elif movable:
        extra["data_select"] = cell
        classes += " movable"
        if selected:
            classes += " selected"
    out = [f"<g {_attrs(class_=classes, aria_label=label, **extra)}><title>{escape(label)}</title>"]
    if selected or removal:
        ring = "#1f6feb" if selected else "#c0392b"
        out.append(
            f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
            f'rx="12" fill="none" stroke="{ring}" stroke-width="3"/>'
        )
    out.append(
        f'<rect x="{x + 8}" y="{y + 8}" width="{CELL - 16}" height="{CELL - 16}" rx="9" '
        f'fill="{style["fill"]}" stroke="{style["stroke"]}" stroke-width="2"/>'
    )
    out.append(_numeral(x, y, value, style["text"]))
    out.append("</g>")
    return "\n".join(out)


def _status_line(view: dict, players: list[str]) -> str:
    removed = view.get("removed") or [0, 0]
    status = tr.gettext(
        "%(status)s · removed: %(first)s %(first_n)s, %(second)s %(second_n)s of %(total)s",
        status=_status(view),
        first=players[0],
        first_n=removed[0],
        second=players[1],
        second_n=removed[1],
        total=view.get("removals_to_win", 3),
    )
    return (
        f'<text class="status" x="{SIDE // 2}" y="{SIDE + 12}" text-anchor="middle" '
        f'font-size="14" font-family="sans-serif" fill="#3b2a14">{escape(status)}</text>'
    )


def render_svg(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
    viewer: object = SAME_SEAT,
) -> str:
    # (``viewer``: every seat sees the same board, so who looks changes nothing here)
    flipped = seat == 1
    board: dict = view.get("board") or {}
    players = _players(view)
    language = get_language()  # (the dice's labels', once per board)
    paths, removals = _clickable(actions)
    if selected not in paths or selected not in board:
        selected = None
    targets = paths.get(selected, {}) if selected else {}
    last = view.get("last_move") or {}

    title = _title(view)
    # An image may not hold controls (axe's nested-interactive): with dice to pick it
    # is a group of buttons, else a picture.
    out = [_root(title, "group" if actions else "img", flipped), f"<title>{escape(title)}</title>"]
    out.append(_background())
    # Cells, with the last move tinted.
    tinted = {last.get("from"), last.get("to")} - {None}
    out.extend(_cell_rect(cell, flipped, cell in tinted) for cell in _cells())
    out.extend(_coordinates(flipped))
    # Where a die was just removed.
    gone = last.get("removed")
    if gone and gone not in board:
        out.append(_removed_mark(gone, flipped))
    for cell in sorted(board):
        out.append(
            _die(
                cell, board[cell], players, flipped, removal=removals.get(cell, ""),
                movable=cell in paths, selected=cell == selected, language=language,
            )
        )  # fmt: skip

    # Destinations of the selected die, each showing the value it turns to there (the
    # distance moved: rulebook, "Rotate the Die" and "Move the Die").
    current = int(board[selected].get("value", 0)) if selected else 0
    for cell, action in sorted(targets.items()):
        x, y = _cell_xy(cell, flipped)
        turned = action.partition("=")[2]
        value = int(turned) if turned else current
        if turned:
            label = tr.gettext(
                "move %(from)s to %(to)s, turning it to %(value)s (%(action)s)",
                action=action, to=cell, value=ROMAN.get(value, "?"), **{"from": selected},
            )  # fmt: skip
        else:
            label = tr.gettext(
                "move %(from)s to %(to)s without turning it (%(action)s)",
                action=action, to=cell, **{"from": selected},
            )  # fmt: skip
        out.append(
            f"<g {_attrs(class_='target', data_action=action, data_value=value, aria_label=label)}>"
            f"<title>{escape(label)}</title>"
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
            f'fill="#1f6feb" fill-opacity="0.25" stroke="#1f6feb" stroke-width="2"/>'
            # The die as it will stand there: an outline with its new numeral.
            f'<rect x="{x + 10}" y="{y + 10}" width="{CELL - 20}" height="{CELL - 20}" rx="8" '
            f'fill="#ffffff" fill-opacity="0.7" stroke="#1f6feb" stroke-width="2" '
            f'stroke-dasharray="4 3"/>'
            f"{_numeral(x, y, value, '#1748a8')}"
            "</g>"
        )

    out.append(_status_line(view, players))
    out.append("</svg>")
    return "\n".join(out)


def layers(view: dict, *, seat: int | None) -> Layers:
    """The picture without actions (an email's) as layers: what never changes for this
    viewer's side of the board (frame, cells, coordinates), and the tiles painted on top
    in ``render_svg``'s order (tinted cells, the removed mark, the dice, the status)."""
    flipped = seat == 1
    board: dict = view.get("board") or {}
    players = _players(view)
    language = get_language()  # (the dice's labels', once per board)
    last = view.get("last_move") or {}
    tinted = frozenset({last.get("from"), last.get("to")} - {None})
    tiles = [_tinted_tile(cell, flipped, tinted) for cell in _cells() if cell in tinted]
    gone = last.get("removed")
    if gone and gone not in board:
        x, y = _cell_xy(gone, flipped)
        tiles.append(Tile(x, y, CELL, CELL, _removed_mark(gone, flipped)))
    for cell in sorted(board):
        x, y = _cell_xy(cell, flipped)
        die = _die(
            cell, board[cell], players, flipped, removal="", movable=False, selected=False,
            language=language,
        )  # fmt: skip
        tiles.append(Tile(x, y, CELL, CELL, die))
    tiles.append(Tile(0, SIDE, SIDE, HEIGHT - SIDE, _status_line(view, players)))
    return Layers(base=_base_layer(flipped), tiles=tuple(tiles), title=_title(view))


@functools.cache
def _base_layer(flipped: bool) -> str:
    """The frame, the untinted cells and the coordinates (no words to translate)."""
    base = [_root("", "img", flipped), _background()]
    base.extend(_cell_rect(cell, flipped, False) for cell in _cells())
    base.extend(_coordinates(flipped))
    base.append("</svg>")
    return "\n".join(base)


@functools.lru_cache(maxsize=1024)
def _tinted_tile(cell: str, flipped: bool, tinted: frozenset) -> Tile:
    """A tinted cell's tile: opaque, it repaints all that lies in its box in the whole
    board's order (the frame, the cells around it, whose fills cover half of its
    stroke), so its pixels are the whole board's. The box reaches one unit past the
    cell: its stroke's outer half and that half's antialiased edge."""
    x, y = _cell_xy(cell, flipped)
    near = [_background()]
    for other in _cells():
        ox, oy = _cell_xy(other, flipped)
        if abs(ox - x) <= CELL and abs(oy - y) <= CELL:
            near.append(_cell_rect(other, flipped, other in tinted))
    return Tile(x - 1, y - 1, CELL + 2, CELL + 2, "".join(near))


# --- the turn in words (contract in games.boards) ------------------------------------

_TURN_ACTION = re.compile(r"^([a-f][1-6])=([123])$")


def _target(action: str, board: dict) -> tuple[str, Target]:
    """The die an action moves and the action in words."""
    if m := _PATH_ACTION.match(action):
        frm, to, value = m.group(1), m.group(2), m.group(3)
        if value:
            label = tr.gettext(
                "Move to %(to)s, turning it to %(value)s", to=to, value=ROMAN[int(value[1:])]
            )
            return frm, Target(action, label)
        current = ROMAN.get(int(board.get(frm, {}).get("value", 0)), "?")
        return frm, Target(
            action,
            tr.gettext("Move to %(to)s without turning it (stays %(value)s)", to=to, value=current),
            tr.gettext("no normal move exists"),
        )
    m = _TURN_ACTION.match(action)
    assert m, action
    return m.group(1), Target(
        action,
        tr.gettext("Turn it to %(value)s without moving", value=ROMAN[int(m.group(2))]),
        tr.gettext("no normal move exists"),
    )


def guide(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
    viewer: object = SAME_SEAT,
) -> Guide:
    board: dict = view.get("board") or {}
    legend = (
        LegendItem("#262626", tr.gettext("Black's dice")),
        LegendItem("#f7f3e8", tr.gettext("White's dice")),
        LegendItem("#f3e36b", tr.gettext("The last move: where a die left and where it landed")),
        LegendItem("#1f6feb", tr.gettext("Where the die you picked can go")),
    )
    if not actions:
        return Guide(prompt="", rules_anchor="turn", legend=legend)
    removals = [a for a in actions if _REMOVE_ACTION.match(a)]
    if removals:
        buttons = []
        for action in removals:
            cell = action[2:]
            value = ROMAN.get(int(board.get(cell, {}).get("value", 0)), "?")
            label = tr.gettext("Remove your %(value)s on %(cell)s", value=value, cell=cell)
            buttons.append(Target(action, label))
        return Guide(
            prompt=tr.gettext("Your move made a Triad: choose which of your dice in it to remove."),
            detail=tr.gettext("Tap one of the dice ringed in red, or choose below."),
            rules_anchor="triads",
            buttons=tuple(buttons),
            legend=legend,
        )
    by_die: dict[str, list[Target]] = {}
    for action in actions:
        die, target = _target(action, board)
        by_die.setdefault(die, []).append(target)
    choices = []
    for cell in sorted(by_die, key=lambda c: (c[1], c[0])):
        value = ROMAN.get(int(board.get(cell, {}).get("value", 0)), "?")
        label = tr.gettext("Your %(value)s on %(cell)s", value=value, cell=cell)
        choices.append(Choice(cell, label, tuple(by_die[cell])))
    normal = any(_PATH_ACTION.match(a) and "=" in a for a in actions)
    if selected in by_die:  # a die picked: what to do with it now
        value = ROMAN.get(int(board.get(selected, {}).get("value", 0)), "?")
        if normal:
            prompt = tr.gettext(
                "Your %(value)s on %(cell)s: pick the square it moves to.",
                value=value, cell=selected,
            )  # fmt: skip
            detail = tr.gettext(
                "Each blue square shows what the die turns to there: it moves as many "
                "squares as its new value, and its value must change. "
                "Pick the die again to choose another."
            )
        else:
            prompt = tr.gettext(
                "Your %(value)s on %(cell)s: move it without turning it, or turn it in place.",
                value=value, cell=selected,
            )  # fmt: skip
            detail = tr.gettext("Pick the die again to choose another.")
        anchor = "turn" if normal else "no-move"
    elif normal:
        prompt = tr.gettext("Move one of your dice: pick a die, then the square it moves to.")
        detail = tr.gettext("A die moves as far as the value it turns to (I, II or III).")
        anchor = "turn"
    else:
        prompt = tr.gettext(
            "None of your dice can make a normal move: move one without turning it, "
            "or turn one in place."
        )
        detail = ""
        anchor = "no-move"
    return Guide(
        prompt=prompt,
        detail=detail,
        rules_anchor=anchor,
        choices=tuple(choices),
        legend=legend,
    )
