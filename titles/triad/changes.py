"""What changed on a Triad board since the viewer's last turn (contract in
:mod:`games.boards.changes`). Everything in Triad is public (the seed aside): the
words are the move list's sentences, the marks read from the notation and the views.

Marks (``data-changed``): ``moved`` on a die's new cell, ``data-from`` its old one,
with an arrow from there; ``turned`` on a die turned where it stands (TD6);
``removed`` where a die was taken off (TD8). The board's own last-move tint stays.
"""

from __future__ import annotations

from games.boards.changes import MARK, MARK_EDGE, Changes, Mark, Ply, group, sentence
from games.engines.base import translated as tr
from titles.triad import board

ROMAN = {1: "I", 2: "II", 3: "III"}


def changes(views: list[dict], plies: list[Ply], *, seat: int | None) -> Changes:
    lines: list[str] = []
    marks: list[Mark] = []
    for i, ply in enumerate(plies):
        before = views[i].get("board") or {}
        after = views[i + 1].get("board") or {}
        lines.append(sentence(ply.description))
        moved_from = moved_to = ""
        path = board._PATH_ACTION.match(ply.action)
        if path:
            moved_from, moved_to = path.group(1), path.group(2)
            die = after.get(moved_to) or {}
            label = tr.gettext(
                "moved here from %(from)s, now %(value)s",
                value=ROMAN.get(die.get("value"), "?"),
                **{"from": moved_from},
            )
            marks.append(Mark("moved", moved_to, label, origin=moved_from, seat=ply.seat))
        elif "=" in ply.action and "-" not in ply.action:
            cell = ply.action.partition("=")[0].strip()
            die = after.get(cell) or {}
            label = tr.gettext("turned to %(value)s", value=ROMAN.get(die.get("value"), "?"))
            marks.append(Mark("turned", cell, label, seat=ply.seat))
        for cell in sorted(set(before) - set(after) - {moved_from}):
            gone = before[cell]
            label = tr.gettext(
                "the %(value)s removed from here", value=ROMAN.get(gone.get("value"), "?")
            )
            marks.append(Mark("removed", cell, label, seat=gone.get("owner")))
    return Changes(lines=tuple(lines), marks=tuple(marks))


def overlay(view: dict, found: Changes, *, seat: int | None) -> str:
    flipped = seat == 1
    cell = board.CELL
    half = cell / 2
    out = []
    for mark in found.marks:
        x, y = board._cell_xy(mark.at, flipped)
        inner = ""
        if mark.kind == "moved" and mark.origin:
            fx, fy = board._cell_xy(mark.origin, flipped)
            ax, ay, bx, by = fx + half, fy + half, x + half, y + half
            # Stop at the die's edge, on the side it came from.
            dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
            ex, ey = bx - dx * 22, by - dy * 22
            hx, hy = ex - dx * 10, ey - dy * 10
            px, py = -dy * 7, dx * 7
            line = f'x1="{ax}" y1="{ay}" x2="{hx}" y2="{hy}"'
            inner += (
                f'<line {line} stroke="{MARK_EDGE}" stroke-width="7" stroke-linecap="round"/>'
                f'<line {line} stroke="{MARK}" stroke-width="3.5" stroke-linecap="round"/>'
                f'<polygon points="{ex},{ey} {hx + px},{hy + py} {hx - px},{hy - py}" '
                f'fill="{MARK}" stroke="{MARK_EDGE}" stroke-width="1.5"/>'
            )
        dash = ' stroke-dasharray="6 4"' if mark.kind == "removed" else ""
        inner = (
            f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" rx="6" '
            f'fill="none" stroke="{MARK_EDGE}" stroke-width="6"{dash}/>'
            f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" rx="6" '
            f'fill="none" stroke="{MARK}" stroke-width="3"{dash}/>'
        ) + inner
        out.append(group(mark, inner))
    return "".join(out)
