"""The Trias board as SVG (contract in :mod:`games.boards`).

Pointy-top hexes at axial coordinates ``q,r`` (South Pole ``0,0``), each labelled
with its coordinates as the notation writes them. Surrounding water is the deep
blue background, interior seas are lighter blue hexes, tiles are coloured by
landscape (mountain grey-brown, steppe yellow-green, wood dark green, the South
Pole icy white). Herds are small circles in their owner's colour with a count;
swimmers float on the water the same way. The land mass of the latest interim
scoring is outlined in gold; when the game is over, every scored land mass is
labelled with its tiles and points. The viewer's own hand card (only theirs: the view holds
no other) is shown in a corner.

Clicking: a tile the viewer can drift carries ``data-select="d:1,-2"``; with it
selected, each legal destination (a water hex) carries ``data-action="d 1,-2>2,-3"``.
The herds on a tile the viewer can move from carry ``data-select="m:0,1"``; with it
selected, each adjacent target tile carries ``data-action="m 0,1>1,1"`` and a "+"
button on the tile ``data-action="+ 0,1"`` when a herd there may reproduce. In setup
every free tile carries ``data-action="p q,r"``. Play/draw, rescues, ``m+`` and
``end`` are left to the page's list of actions.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from games.boards import Choice, Guide, LegendItem, Target

SIZE = 30  # hex radius in SVG units
SQ3 = math.sqrt(3)
LANDSCAPE_FILL = {"M": "#9a8a78", "S": "#c8cf6a", "W": "#2e6a3a", "P": "#eef6fb"}
LANDSCAPE_TEXT = {"M": "#1f1a14", "S": "#2a2a10", "W": "#eaf3e6", "P": "#203040"}
LANDSCAPE_NAME = {"M": "mountain", "S": "steppe", "W": "wood", "P": "South Pole"}
SURROUNDING = "#2f6ea5"
INTERIOR = "#8cc4ea"
HERD_FILL = ["#d62828", "#1f5fbf", "#7b3fa0", "#1a1a1a", "#f5f5f5"]
HERD_STROKE = ["#5a0d0d", "#0d2a5a", "#35164a", "#000000", "#444444"]
HERD_TEXT = ["#ffffff", "#ffffff", "#ffffff", "#ffffff", "#111111"]
COLOURS = ["Red", "Blue", "Purple", "Black", "White"]
CARD_NAME = {"M": "mountain", "S": "steppe", "W": "wood"}

_STEP = re.compile(r"^(d|m) (-?\d+,-?\d+)>(-?\d+,-?\d+)$")
_AT = re.compile(r"^(\+|p) (-?\d+,-?\d+)$")


def _center(q: int, r: int) -> tuple[float, float]:
    return SIZE * SQ3 * (q + r / 2), SIZE * 1.5 * r


def _corners(cx: float, cy: float, radius: float = SIZE) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def _key(pos) -> str:
    return f"{pos[0]},{pos[1]}"


def _parse_key(key: str) -> tuple[int, int]:
    q, r = key.split(",")
    return int(q), int(r)


def _attrs(**attrs: object) -> str:
    return " ".join(
        f"{k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}"
        for k, v in attrs.items()
        if v is not None
    )


def _clickable(actions: Sequence[str]):
    drifts: dict[str, dict[str, str]] = {}
    moves: dict[str, dict[str, str]] = {}
    at: dict[str, dict[str, str]] = {"+": {}, "p": {}}
    for action in actions:
        if m := _STEP.match(action):
            table = drifts if m.group(1) == "d" else moves
            table.setdefault(m.group(2), {})[m.group(3)] = action
        elif m := _AT.match(action):
            at[m.group(1)][m.group(2)] = action
    return drifts, moves, at["+"], at["p"]


def _herd_marks(cx: float, cy: float, counts: Sequence[int], where: str) -> list[str]:
    """Small circles per owner with their count, in a row under the hex centre."""
    present = [(s, n) for s, n in enumerate(counts) if n]
    out = []
    width = 17
    left = cx - (len(present) - 1) * width / 2
    for i, (s, n) in enumerate(present):
        x = left + i * width
        colour = COLOURS[s] if s < len(COLOURS) else f"Seat {s}"
        label = f"{n} {colour} herd{'s' if n != 1 else ''} {where}"
        out.append(
            f'<g class="herd herd-{s}"><title>{escape(label)}</title>'
            f'<circle cx="{x:.1f}" cy="{cy:.1f}" r="7.5" fill="{HERD_FILL[s % 5]}" '
            f'stroke="{HERD_STROKE[s % 5]}" stroke-width="1.2"/>'
            f'<text x="{x:.1f}" y="{cy + 3.5:.1f}" text-anchor="middle" font-size="10" '
            f'font-family="sans-serif" font-weight="bold" fill="{HERD_TEXT[s % 5]}">{n}</text>'
            "</g>"
        )
    return out


def _status(view: dict) -> str:
    seats = view.get("seats") or []
    if view.get("phase") == "over":
        scores = ", ".join(f"{COLOURS[s['seat']]} {s['score']}" for s in seats)
        return f"game over ({scores})"
    current = view.get("current")
    who = COLOURS[current] if isinstance(current, int) and current < len(COLOURS) else "?"
    phase = {
        "place": "places herds",
        "card": "plays or draws a card",
        "drift": "drifts a tile",
        "actions": f"has {view.get('actions_left', 0)} action(s) left",
    }.get(view.get("phase"), "")
    return f"{who} {phase}"


def render_svg(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
) -> str:
    tiles = view.get("tiles") or []
    swimmers = view.get("swimmers") or []
    seas = [tuple(p) for p in view.get("interior_seas") or []]
    scored = {tuple(p) for p in view.get("scored") or []}
    drifts, moves, reproduce, place = _clickable(actions)

    sel_kind, sel_pos = None, None
    if selected and ":" in selected:
        kind, _, key = selected.partition(":")
        if (kind == "d" and key in drifts) or (kind == "m" and key in moves):
            sel_kind, sel_pos = kind, key
    drift_targets = drifts.get(sel_pos, {}) if sel_kind == "d" else {}
    move_targets = moves.get(sel_pos, {}) if sel_kind == "m" else {}

    # Extent: every tile, swimmer and sea, plus a ring of water around them.
    positions = [tuple(t["pos"]) for t in tiles] + [tuple(s["pos"]) for s in swimmers] + seas
    positions += [_parse_key(k) for k in drift_targets]
    positions = positions or [(0, 0)]
    xs, ys = zip(*(_center(q, r) for q, r in positions), strict=True)
    pad = SIZE * 2
    min_x, max_x = min(xs) - pad, max(xs) + pad
    min_y, max_y = min(ys) - pad - (SIZE if view.get("final") else 0), max(ys) + pad + 24
    width, height = max_x - min_x, max_y - min_y

    title = f"Trias board: {_status(view)}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min_x:.1f} {min_y:.1f} '
        f'{width:.1f} {height:.1f}" role="img" class="board board-trias" '
        f"aria-label={quoteattr(title)}>",
        f"<title>{escape(title)}</title>",
        f'<rect x="{min_x:.1f}" y="{min_y:.1f}" width="{width:.1f}" height="{height:.1f}" '
        f'fill="{SURROUNDING}" rx="12"/>',
    ]

    def label(q: int, r: int, colour: str) -> str:
        cx, cy = _center(q, r)
        return (
            f'<text class="coord" x="{cx:.1f}" y="{cy - SIZE * 0.45:.1f}" text-anchor="middle" '
            f'font-size="8" font-family="sans-serif" fill="{colour}">{q},{r}</text>'
        )

    for q, r in seas:
        cx, cy = _center(q, r)
        out.append(
            f'<polygon class="sea interior-sea" points="{_corners(cx, cy)}" fill="{INTERIOR}" '
            f'stroke="#5d9cc8" stroke-width="1"><title>interior sea at {q},{r}</title></polygon>'
        )
        out.append(label(q, r, "#1d4a6b"))

    for tile in tiles:
        q, r = tile["pos"]
        key = _key((q, r))
        kind = tile["landscape"]
        cx, cy = _center(q, r)
        total = sum(tile["herds"])
        name = LANDSCAPE_NAME.get(kind, kind)
        text = f"{name} at {key}, {total} of {tile['capacity']} herds"
        attrs = {"class_": f"tile tile-{name.replace(' ', '-').lower()}"}
        if key in drifts:
            attrs["data_select"] = f"d:{key}"
            attrs["class_"] += " can-drift"
            text += ", can drift"
        if key in place:
            attrs["data_action"] = place[key]
            attrs["class_"] += " target"
            text += f", click to place ({place[key]})"
        stroke, stroke_width = "#3b3b3b", 1.2
        if key in scored:
            stroke, stroke_width = "#f2c200", 3
        if sel_pos == key:
            stroke, stroke_width = "#ffffff", 3.5
        out.append(f"<g {_attrs(**attrs)}><title>{escape(text)}</title>")
        fill = LANDSCAPE_FILL.get(kind, "#ccc")
        out.append(
            f'<polygon points="{_corners(cx, cy, SIZE - 1)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{stroke_width}"/>'
        )
        out.append(label(q, r, LANDSCAPE_TEXT.get(kind, "#000")))
        out.append(
            f'<text class="capacity" x="{cx:.1f}" y="{cy + SIZE * 0.72:.1f}" text-anchor="middle" '
            f'font-size="7" font-family="sans-serif" fill="{LANDSCAPE_TEXT.get(kind, "#000")}">'
            f"{total}/{tile['capacity']}</text>"
        )
        out.append("</g>")
        if total:
            herd_attrs = {"class_": "herds"}
            if key in moves:
                herd_attrs["data_select"] = f"m:{key}"
                herd_attrs["class_"] += " can-move"
            out.append(f"<g {_attrs(**herd_attrs)}>")
            out.extend(_herd_marks(cx, cy + 4, tile["herds"], f"on {key}"))
            out.append("</g>")

    for swim in swimmers:
        q, r = swim["pos"]
        cx, cy = _center(q, r)
        out.append(
            f'<polygon class="swimming" points="{_corners(cx, cy, SIZE - 4)}" fill="none" '
            'stroke="#d7ecfa" stroke-width="1" stroke-dasharray="3 3"/>'
        )
        out.append(label(q, r, "#e6f3fc"))
        out.append('<g class="swimmers">')
        out.extend(_herd_marks(cx, cy + 4, swim["herds"], f"swimming at {q},{r}"))
        out.append("</g>")

    # Targets of the selected tile or herds.
    for key, action in sorted(drift_targets.items()):
        q, r = _parse_key(key)
        cx, cy = _center(q, r)
        out.append(
            f"<g {_attrs(class_='target drift-target', data_action=action)}>"
            f"<title>{escape(f'drift here: {action}')}</title>"
            f'<polygon points="{_corners(cx, cy, SIZE - 3)}" fill="#ffffff" fill-opacity="0.25" '
            'stroke="#ffffff" stroke-width="2.5" stroke-dasharray="5 3"/>'
            f"{label(q, r, '#ffffff')}</g>"
        )
    for key, action in sorted(move_targets.items()):
        q, r = _parse_key(key)
        cx, cy = _center(q, r)
        out.append(
            f"<g {_attrs(class_='target move-target', data_action=action)}>"
            f"<title>{escape(f'move here: {action}')}</title>"
            f'<polygon points="{_corners(cx, cy, SIZE - 3)}" fill="#ffffff" fill-opacity="0.2" '
            'stroke="#ffe680" stroke-width="3"/></g>'
        )
    if sel_kind == "m" and sel_pos in reproduce:
        q, r = _parse_key(sel_pos)
        cx, cy = _center(q, r)
        action = reproduce[sel_pos]
        bx, by = cx + SIZE * 0.55, cy - SIZE * 0.2
        out.append(
            f"<g {_attrs(class_='button reproduce', data_action=action)}>"
            f"<title>{escape(f'reproduce: {action}')}</title>"
            f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="8" fill="#fff8d0" stroke="#6b5500" '
            'stroke-width="1.5"/>'
            f'<text x="{bx:.1f}" y="{by + 4:.1f}" text-anchor="middle" font-size="13" '
            'font-family="sans-serif" font-weight="bold" fill="#6b5500">+</text></g>'
        )

    # Final scoring: each scored land mass labelled with its points (TS13).
    for item in view.get("final") or []:
        points = [(s, n) for s, n in enumerate(item.get("points") or []) if n]
        cells = [_center(q, r) for q, r in item.get("tiles") or []]
        if not cells or not points:
            continue
        # Above the land mass's topmost hex, clear of the herds.
        cx, top = min(cells, key=lambda c: (c[1], c[0]))
        cy = top - SIZE * 0.95
        words = ", ".join(f"{COLOURS[s]} {n}" for s, n in points)
        text = f"{len(cells)} tile{'s' if len(cells) != 1 else ''}: {words}"
        w = 5.6 * len(text) + 10
        out.append(
            f'<g class="final-score"><title>{escape(f"final scoring, {text}")}</title>'
            f'<rect x="{cx - w / 2:.1f}" y="{cy - 9:.1f}" width="{w:.1f}" height="16" rx="4" '
            'fill="#000000" fill-opacity="0.7" stroke="#f2c200"/>'
            f'<text x="{cx:.1f}" y="{cy + 3:.1f}" text-anchor="middle" font-size="10" '
            f'font-family="sans-serif" fill="#ffffff">{escape(text)}</text></g>'
        )

    # The viewer's own hand card, and the deck.
    lines = []
    hand = view.get("hand")
    if seat is not None and hand:
        lines.append(
            f'<tspan class="hand-card" data-hand="{escape(hand)}">'
            f"Your hand card: {escape(CARD_NAME.get(hand, hand))}</tspan>"
        )
    deck = view.get("deck") or {}
    if deck:
        sep = " \u00b7 " if lines else ""
        lines.append(f"<tspan>{sep}cards left: {int(deck.get('left', 0))}</tspan>")
    if lines:
        out.append(
            f'<text x="{min_x + 10:.1f}" y="{max_y - 10:.1f}" font-size="11" '
            f'font-family="sans-serif" fill="#ffffff">{"".join(lines)}</text>'
        )
    out.append("</svg>")
    return "".join(out)


# --- the turn in words (contract in games.boards) ------------------------------------


def guide(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
) -> Guide:
    """Interim: the board's choices, labelled by notation (to be worded)."""
    legend = tuple(
        LegendItem(LANDSCAPE_FILL[k], LANDSCAPE_NAME[k]) for k in ("M", "S", "W", "P")
    )
    if not actions:
        return Guide(prompt="", legend=legend)
    drifts, moves, plus, _ = _clickable(actions)
    choices = []
    offered: set[str] = set()
    for frm, targets in drifts.items():
        choices.append(
            Choice(f"d:{frm}", f"Tile {frm}", tuple(Target(a, a) for a in targets.values()))
        )
    for frm, targets in moves.items():
        extra = [plus[frm]] if frm in plus else []
        offered.update(extra)
        choices.append(
            Choice(
                f"m:{frm}",
                f"Herds on {frm}",
                tuple(Target(a, a) for a in [*targets.values(), *extra]),
            )
        )
    for choice in choices:
        offered.update(t.action for t in choice.targets)
    buttons = tuple(Target(a, a) for a in actions if a not in offered)
    return Guide(prompt="Your turn.", choices=tuple(choices), buttons=buttons, legend=legend)
