"""What changed on a Trias board since the viewer's last turn (contract in
:mod:`games.boards.changes`).

Read only from the viewer's own views and the public notation: a drift's tile and
places are on the board; the card a player played or drew in Phase 1 is named only
as the public log names it (it is played face up, TS5), never a hand card (TS16).

Marks (``data-changed``): ``drifted`` on a tile's new place, with ``data-from`` its
old one: a drift to the next place is an arrow over their common edge; a longer one
draws no line across the map (it would cross other tiles' herds): its old and new
places carry the same letter (A, B, ...: a magenta disc, in the old place's top corner
and the new tile's middle while it is empty) and an arrow inside the new place points
in from where the tile came, so the mark stays inside those two hexes;
``drift-from`` (a dashed ring) on the place a tile left, when it is water now;
``herds-added`` / ``herds-removed`` with a seat's herd count on a place ("+2", "-1":
placed, moved, bred, rescued, returned to stock); ``swimming`` on herds left in the
water; ``scored`` on the tiles of an interim scoring (TS7).

The overlay is drawn from hex coordinates with the board's own geometry
(``trias._center``, ``trias.SIZE``): the one place this module knows how the board
is drawn.
"""

from __future__ import annotations

import math
from collections import Counter

from games.boards.changes import MARK, MARK_EDGE, Changes, Mark, Ply, esc, group
from games.engines.base import Text, localize
from games.engines.base import translated as tr
from titles.trias import board
from titles.trias.engine.cards import CARD_NAMES
from titles.trias.engine.notation import parse
from titles.trias.engine.rules import drew_and_played, played_hand_card
from titles.trias.guide import HERD_FILL, card_name, colour, landscape_name

# Log lines the turn's own sentence already tells (a drift, the Phase 1 card).
_TOLD = {
    played_hand_card("", "M").msgid,
    drew_and_played("", "M").msgid,
    "%(who)s drifts the %(landscape)s tile from %(from)s to %(to)s.",
}
_CARD_LETTER = {str(name): letter for letter, name in CARD_NAMES.items()}


def _key(pos) -> str:
    return f"{pos[0]},{pos[1]}"


def _parse_key(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def _steps(a, b) -> int:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


_NUMBERS = {
    1: lambda: tr.pgettext("number", "one"),
    2: lambda: tr.pgettext("number", "two"),
    3: lambda: tr.pgettext("number", "three"),
    4: lambda: tr.pgettext("number", "four"),
    5: lambda: tr.pgettext("number", "five"),
    6: lambda: tr.pgettext("number", "six"),
}
_DIRECTIONS = (
    lambda: tr.pgettext("direction", "east"),
    lambda: tr.pgettext("direction", "north-east"),
    lambda: tr.pgettext("direction", "north"),
    lambda: tr.pgettext("direction", "north-west"),
    lambda: tr.pgettext("direction", "west"),
    lambda: tr.pgettext("direction", "south-west"),
    lambda: tr.pgettext("direction", "south"),
    lambda: tr.pgettext("direction", "south-east"),
)


def direction(a, b) -> str:
    """Where ``b`` lies from ``a`` on the drawn board, as a compass point (north up)."""
    ax, ay = board._center(*a)
    bx, by = board._center(*b)
    angle = math.degrees(math.atan2(ay - by, bx - ax)) % 360
    return _DIRECTIONS[int(((angle + 22.5) % 360) // 45)]()


def how_far(a, b) -> str:
    """ "two steps north-east"."""
    n = _steps(a, b)
    number = _NUMBERS[n]() if n in _NUMBERS else str(n)
    return tr.ngettext(
        "%(number)s step %(direction)s",
        "%(number)s steps %(direction)s",
        n,
        number=number,
        direction=direction(a, b),
    )


def _tiles(view: dict) -> dict[str, dict]:
    return {_key(t["pos"]): t for t in view.get("tiles") or []}


def _herds(view: dict) -> dict[tuple[str, int], int]:
    """Herds per place and owner, on tiles and swimming."""
    found: dict[tuple[str, int], int] = {}
    for item in [*(view.get("tiles") or []), *(view.get("swimmers") or [])]:
        for s, n in enumerate(item["herds"]):
            if n:
                found[(_key(item["pos"]), s)] = n
    return found


def _swimming(view: dict) -> dict[str, list[int]]:
    return {_key(s["pos"]): list(s["herds"]) for s in view.get("swimmers") or []}


def _new_log(before: dict, after: dict) -> list:
    old = len(before.get("log") or [])
    return list((after.get("log") or [])[old:])


def _and(items: list[str]) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return tr.gettext("%(first)s and %(last)s", first=", ".join(items[:-1]), last=items[-1])


def _card_of(lines: list) -> str:
    """The Phase 1 card's letter, as the public log names it."""
    for line in lines:
        if isinstance(line, Text) and line.msgid in _TOLD and "card" in line.params:
            return _CARD_LETTER.get(str(line.params["card"]), "")
    return ""


def _clause(ply: Ply, before: dict, after: dict, lines: list) -> str:
    """What one ply did, without its subject ("drew a wood card")."""
    try:
        kind, args = parse(ply.action)
    except ValueError:
        return ply.description
    if kind == "place":
        at = _key(args[0])
        tile = _tiles(before).get(at) or _tiles(after).get(at) or {}
        return tr.gettext(
            "placed 2 herds on the %(landscape)s at %(at)s",
            landscape=landscape_name(tile.get("landscape", "")),
            at=at,
        )
    if kind in ("play", "draw"):
        letter = after.get("card") or _card_of(lines)
        if any(isinstance(line, Text) and "Meteorite" in line.msgid for line in lines):
            return tr.gettext("drew the Meteorite Impact")
        if not letter:
            if kind == "play":
                return tr.gettext("played the hand card")
            return tr.gettext("drew a card")
        if kind == "play":
            return tr.gettext("played a %(card)s card", card=card_name(letter))
        return tr.gettext("drew a %(card)s card", card=card_name(letter))
    if kind == "drift":
        p, d = args
        tile = _tiles(before).get(_key(p)) or {}
        return tr.gettext(
            "drifted the %(landscape)s at %(from)s %(how)s to %(to)s",
            landscape=landscape_name(tile.get("landscape", "")),
            how=how_far(p, d),
            to=_key(d),
            **{"from": _key(p)},
        )
    if kind in ("move", "move+"):
        a, b = args
        return tr.gettext("moved a herd from %(from)s to %(to)s", to=_key(b), **{"from": _key(a)})
    if kind == "rescue":
        steps = [tr.gettext("%(from)s to %(to)s", to=_key(b), **{"from": _key(a)}) for a, b in args]
        return tr.ngettext(
            "rescued a swimmer (%(steps)s)",
            "rescued %(n)s swimmers (%(steps)s)",
            len(args),
            steps=_and(steps),
        )
    if kind == "reproduce":
        return tr.gettext("bred a new herd on %(at)s", at=_key(args[0]))
    return ""  # "end": the turn's sentence ends anyway


def _turns(plies: list[Ply]) -> list[list[int]]:
    """The plies' indexes in runs of one seat."""
    runs: list[list[int]] = []
    for i, ply in enumerate(plies):
        if runs and plies[runs[-1][-1]].seat == ply.seat:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def changes(views: list[dict], plies: list[Ply], *, seat: int | None) -> Changes:
    lines: list[str] = []
    marks: list[Mark] = []
    for run in _turns(plies):
        clauses, events = [], []
        for i in run:
            before, after = views[i], views[i + 1]
            new = _new_log(before, after)
            clause = _clause(plies[i], before, after, new)
            if clause:
                clauses.append(clause)
            events += [localize(line) for line in new if getattr(line, "msgid", "") not in _TOLD]
            kind, args = _parsed(plies[i].action)
            if kind == "drift":
                p, d = (_key(x) for x in args)
                label = tr.gettext(
                    "drifted here from %(from)s (%(how)s)",
                    how=how_far(*args),
                    **{"from": p},
                )
                marks.append(Mark("drifted", d, label, origin=p, seat=plies[i].seat))
            scored = after.get("scored") or []
            if scored and scored != before.get("scored"):
                where = " ".join(_key(p) for p in scored)
                marks.append(Mark("scored", where, tr.gettext("interim scoring")))
        who = colour(plies[run[0]].seat)
        if clauses:
            lines.append(tr.gettext("%(who)s %(what)s.", who=who, what=_and(clauses)))
        lines.extend(events)
    first, last = views[0], views[-1]
    # Drift origins that are water now.
    land = _tiles(last)
    for mark in list(marks):
        if mark.kind == "drifted" and mark.origin not in land:
            label = tr.gettext("a tile drifted away from here to %(to)s", to=mark.at)
            marks.append(Mark("drift-from", mark.origin, label, origin=mark.at))
    # Herds per place and owner, first view against the last.
    old, new = _herds(first), _herds(last)
    for place, s in sorted(set(old) | set(new), key=lambda k: (_parse_key(k[0]), k[1])):
        diff = new.get((place, s), 0) - old.get((place, s), 0)
        if diff > 0:
            label = tr.ngettext(
                "%(n)s more %(who)s herd here", "%(n)s more %(who)s herds here", diff, who=colour(s)
            )
            marks.append(Mark("herds-added", place, label, seat=s, count=diff))
        elif diff < 0:
            label = tr.ngettext(
                "%(n)s %(who)s herd fewer here", "%(n)s %(who)s herds fewer here", -diff,
                who=colour(s),
            )  # fmt: skip
            marks.append(Mark("herds-removed", place, label, seat=s, count=-diff))
    # Herds left in the water since.
    was = _swimming(first)
    yours: list[str] = []
    for place, counts in sorted(_swimming(last).items(), key=lambda kv: _parse_key(kv[0])):
        fresh = [max(0, n - (was.get(place) or [0] * len(counts))[s]) for s, n in enumerate(counts)]
        if not any(fresh):
            continue
        marks.append(Mark("swimming", place, tr.gettext("swimming since your last turn")))
        if seat is not None and 0 <= seat < len(counts) and fresh[seat]:
            yours.append(
                tr.ngettext(
                    "Your herd at %(at)s is swimming: rescue it this turn, or it returns "
                    "to your stock.",
                    "Your %(n)s herds at %(at)s are swimming: rescue them this turn, or they "
                    "return to your stock.",
                    counts[seat],
                    at=place,
                )
            )
    return Changes(lines=tuple(lines), yours=tuple(yours), marks=tuple(marks))


def _parsed(action: str) -> tuple[str, tuple]:
    try:
        return parse(action)
    except ValueError:
        return "", ()


# --- the overlay ---------------------------------------------------------------------


def _ring(cx: float, cy: float, dashed: bool = False) -> str:
    points = board._corners(cx, cy, board.SIZE - 3)
    dash = ' stroke-dasharray="9 6"' if dashed else ""
    return (
        f'<polygon points="{points}" fill="none" stroke="{MARK_EDGE}" stroke-width="7"{dash}/>'
        f'<polygon points="{points}" fill="none" stroke="{MARK}" stroke-width="4"{dash}/>'
    )


def _inside(a, b, u: float) -> tuple[float, float, float, float]:
    """The drift's unit vector from ``a`` to ``b`` and its stroke scale (the board's
    unit, up to 2: the arrow stays inside a hex on the widest boards)."""
    ax, ay = board._center(*a)
    bx, by = board._center(*b)
    length = math.hypot(bx - ax, by - ay) or 1.0
    return (bx - ax) / length, (by - ay) / length, min(u, 2.0), length


def _arrow_svg(x1: float, y1: float, ex: float, ey: float, ux: float, uy: float, k: float) -> str:
    """A dashed magenta arrow on a dark edge from ``x1,y1`` to its tip ``ex,ey``."""
    hx, hy = ex - ux * 12 * k, ey - uy * 12 * k  # the head's base
    px, py = -uy * 8 * k, ux * 8 * k
    head = f"{ex:.1f},{ey:.1f} {hx + px:.1f},{hy + py:.1f} {hx - px:.1f},{hy - py:.1f}"
    line = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{hx:.1f}" y2="{hy:.1f}"'
    return (
        f'<g class="drift-arrow"><line {line} stroke="{MARK_EDGE}" stroke-width="{5 * k:.1f}" '
        f'stroke-linecap="round"/><line {line} stroke="{MARK}" stroke-width="{2.5 * k:.1f}" '
        f'stroke-linecap="round"/><polygon points="{head}" fill="{MARK}" '
        f'stroke="{MARK_EDGE}" stroke-width="{1.5 * k:.1f}"/></g>'
    )


def _arrow(a, b, u: float) -> str:
    """A drift to the next place: from inside ``a`` over their common edge into ``b``
    (the two hexes only; never across their herds' middles)."""
    ux, uy, k, _ = _inside(a, b, u)
    ax, ay = board._center(*a)
    bx, by = board._center(*b)
    start = board.SIZE * 0.45
    tip = board.SIZE * 0.55
    return _arrow_svg(ax + ux * start, ay + uy * start, bx - ux * tip, by - uy * tip, ux, uy, k)


# A drift further than the next place: no line across the map (it would cross other
# tiles and their herds): its old and new places carry the same letter, and an arrow
# inside the new place points in from where the tile came.
INRADIUS = board.SIZE * math.sqrt(3) / 2


def _stub(a, b, u: float, to: tuple[float, float] | None = None, gap: float = 0.0) -> str:
    """The arrow inside place ``b``, from its edge on ``a``'s side towards its middle
    (or to ``gap`` short of the point ``to``)."""
    ux, uy, k, _ = _inside(a, b, u)
    bx, by = board._center(*b)
    out = INRADIUS - 3 * k
    if to is None:
        tip_x, tip_y = bx - ux * board.SIZE * 0.22, by - uy * board.SIZE * 0.22
    else:
        tip_x, tip_y = to[0] - ux * gap, to[1] - uy * gap
    return _arrow_svg(bx - ux * out, by - uy * out, tip_x, tip_y, ux, uy, k)


def _tag_radius(u: float) -> float:
    return 0.8 * round(12.5 * u, 1)


def _tag(cx: float, cy: float, letter: str, u: float, where: str = "top") -> str:
    """The drift's letter in a magenta disc, the board's text size (``u``: its unit):
    in the hex's top corner, its bottom corner, or at ``cy`` itself ("middle")."""
    font = round(12.5 * u, 1)
    r = _tag_radius(u)
    # In a corner: the disc's middle as far out as the slanted edges let it (60°).
    y = board.SIZE - 2 * r - 1
    y = {"top": cy - y, "bottom": cy + y}.get(where, cy)
    return (
        f'<g class="drift-tag" data-letter="{letter}"><circle cx="{cx:.1f}" cy="{y:.1f}" '
        f'r="{r:.1f}" fill="{MARK}" stroke="{MARK_EDGE}" stroke-width="{1.5 * u:.1f}"/>'
        f'<text x="{cx:.1f}" y="{y + font * 0.36:.1f}" text-anchor="middle" font-size="{font}" '
        f'font-family="sans-serif" font-weight="bold" fill="#ffffff">{letter}</text></g>'
    )


def _long_drift(origin, at, letter: str, empty: bool, u: float) -> str:
    """A drift further than the next place: the letter on both places, and the arrow
    inside the new one. On an empty tile (a drifted tile leaves its herds swimming)
    the letter stands in its middle, moved away from the arrow as far as the arrow
    needs, the arrow pointing at it; else in a corner away from the arrow."""
    cx, cy = board._center(*at)
    ux, uy, k, _ = _inside(origin, at, u)
    r, out = _tag_radius(u), INRADIUS - 3 * k
    tags = _tag(*board._center(*origin), letter, u)
    if empty and r + 8 * k <= out:
        shift = max(0.0, r + 16 * k - out)  # the arrow: at least its head and a stroke
        middle = (cx + ux * shift, cy + uy * shift)
        return (
            _stub(origin, at, u, to=middle, gap=r + 2 * k)
            + tags
            + _tag(*middle, letter, u, where="middle")
        )
    from_north = board._center(*origin)[1] < cy
    return _stub(origin, at, u) + tags + _tag(cx, cy, letter, u, "bottom" if from_north else "top")


def _badge(cx: float, cy: float, text: str, seat: int | None, u: float) -> str:
    """A count on the hex's right shoulder: "+2" on the seat's colour, drawn at the
    board's own scale (``u`` units a CSS pixel at the fitted size, ``trias.Size``), so
    its digits are as legible as the board's own."""
    fill = HERD_FILL[seat % 5] if seat is not None else "#ffffff"
    ink = "#111111" if fill in ("#f5f5f5", "#ffffff") else "#ffffff"
    font = round(12.5 * u, 1)
    w, h = (10 + 8 * len(text)) * u, 18 * u
    return (
        f'<rect x="{cx - w / 2:.1f}" y="{cy - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
        f'rx="{h / 2:.1f}" fill="{fill}" stroke="{MARK}" stroke-width="{2.5 * u:.1f}"/>'
        f'<text x="{cx:.1f}" y="{cy + font * 0.36:.1f}" text-anchor="middle" '
        f'font-size="{font}" font-family="sans-serif" font-weight="bold" '
        f'fill="{ink}">{esc(text)}</text>'
    )


def overlay(view: dict, found: Changes, *, seat: int | None) -> str:
    # The board's scale with its button row: never smaller than the one it was drawn at.
    u = board._layout(view, True)[0].u
    out: list[str] = []
    ringed: set[str] = set()
    badges: Counter = Counter()
    letters = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    tiles = _tiles(view)
    for mark in found.marks:
        if mark.kind == "scored":
            # (the board draws the latest scoring's gold edge itself; this keeps earlier ones)
            rings = "".join(
                f'<polygon points="{board._corners(*centre, board.SIZE - 9)}" fill="none" '
                f'stroke="{MARK}" stroke-width="2" stroke-dasharray="2 4"/>'
                for centre in (board._center(*_parse_key(p)) for p in mark.at.split())
            )
            out.append(group(mark, rings))
            continue
        at = _parse_key(mark.at)
        cx, cy = board._center(*at)
        inner = ""
        if mark.kind == "drifted":
            origin = _parse_key(mark.origin)
            if _steps(origin, at) <= 1:
                inner = _arrow(origin, at, u)
            else:
                empty = not any(tiles.get(mark.at, {}).get("herds") or ())
                inner = _long_drift(origin, at, next(letters, ""), empty, u)
            if mark.at not in ringed:
                inner = _ring(cx, cy) + inner
                ringed.add(mark.at)
        elif mark.kind == "drift-from":
            inner = _ring(cx, cy, dashed=True)
            ringed.add(mark.at)
        elif mark.kind == "swimming":
            inner = _ring(cx, cy, dashed=True) if mark.at not in ringed else ""
        elif mark.kind in ("herds-added", "herds-removed"):
            sign = "+" if mark.kind == "herds-added" else "\u2212"
            n = badges[mark.at]
            badges[mark.at] += 1
            # Down the hex's right edge, one badge per seat.
            inner = _badge(
                cx + board.SIZE * 0.62,
                cy - 10 * u + 20 * u * n,
                f"{sign}{mark.count}",
                mark.seat,
                u,
            )
        out.append(group(mark, inner))
    # Rings under badges and arrows: the rings first.
    return "".join(sorted(out, key=lambda g: 'data-changed="herds-' in g))
