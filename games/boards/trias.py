"""The Trias board as SVG (contract in :mod:`games.boards`); the turn in words is
:mod:`games.boards.trias_guide`.

What a tile shows: pointy-top hexes at axial ``q,r`` (South Pole ``0,0``) in the
rulebook's colours (mountains grey, steppe brown, woods green; the South Pole icy
white), each with its landscape's name and "herds on it / what it holds" (``2/4``),
and the tile's herds as one box of owner-coloured chips, each with its count. Herds
left in the water by a drift (swimmers) are the same box on a dashed hex. Water is
blue; interior seas lighter. The land mass of the latest interim scoring has a gold
edge; at the end every scored land mass is labelled with its tiles and points. A
strip at the top says whose turn it is, and shows the viewer's own hand card (only
theirs: the view holds no other) and the cards left.

Coordinates: every tile, swimmer, sea and drift target has its ``q,r`` on a small
dark label at its top corner, all in one ``<g class="coord" pointer-events="none">``
(never in the way of a tap). The game page hides ``.coord`` until the player ticks
its "Show coordinates" toggle (CSS only: ``#live:not(:has(#show-coords:checked))
#board .coord { display: none; }``), so they do not crowd the board; a picture
without the page's stylesheet (the mail picture, for players who reply by email in
notation) shows them. Each tile's title and the guide's labels name them anyway.

Size, and a phone (decided here): the drawing's unit is the smallest legible CSS
pixel. Hexes are 46 units (80 wide), text is at least 12 units, herd boxes
(``class="herd"``) at least 40 x 40 and every clickable part at least 24 x 24. The
``<svg>`` carries ``width`` and ``height`` attributes equal to its viewBox: its
smallest legible size. The page never draws it smaller and lets the board's box pan
instead of the page (static/css/site.css: ``.board svg[width] { width: auto;
min-width: 100%; max-width: none; max-height: none; }`` and ``#board:has(>
svg[width]) { overflow: auto; contain: inline-size; }``, the containment so that a
wide board never widens the page's grid; static/js/board-pan.js starts the box
centred and keeps where the player panned it across htmx updates). A column wider
than the board scales it up; a 390 px phone shows it at 1:1 and pans: a 19-tile
two-player board is about 560 wide, the 37-hex start of a bigger game about 720,
a spread-out mid-game one 800-1100 (a 660 px desktop column pans too: the page may
give a Trias board the full width). Shrinking the board to the phone's width
instead puts its text at 5 px, as before. The viewBox is the land, its swimmers
and one ring of water around them (every drift target lies in that ring), so it
depends on the position only, never on a selection: the board keeps its size
while something is picked.

Clicking (two steps, so no tap spends anything silently): each choice of the guide
is a ``data-select`` part and its targets are ``data-action`` parts.
In setup a free tile (dashed edge) carries ``data-select="p:0,1"``; selected, it
shows a "Place here" button (``data-action="p 0,1"``). A tile that may drift
(dashed white edge) carries ``data-select="d:1,-2"``; selected, each place it may
go (a dotted water hex, with "3 actions" written in it when the drift is an
optional one) carries ``data-action="d 1,-2>2,-3"``. The viewer's herds that can act
(a yellow ring) carry ``data-select="m:0,1"``; selected, each tile a herd may move
to carries ``data-action="m 0,1>1,1"`` and a "+1 herd" button ``data-action="+
0,1"`` appears when one may reproduce (``mf:0,1``, picked in the guide, lights the
``m+`` moves). The viewer's swimmers carry ``data-select="r:3,0"``; selected, the
tiles they may be rescued to carry ``data-action="r 3,0>2,0"``. Rescues of two or
three swimmers together, ``m+`` moves, play/draw and end are in the guide only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from xml.sax.saxutils import quoteattr

from games.boards import Layers, Tile
from games.boards.trias_guide import (
    DRIFT_COST,
    HERD_FILL,
    INTERIOR,
    LANDSCAPE_FILL,
    LANDSCAPE_NAME,
    MOVABLE,
    SCORED,
    WATER,
    Turn,
    colour,
    guide,
    key,
    landscape_name,
    parse_key,
    selection,
    turn_of,
)
from games.engines.base import localize
from games.engines.base import translated as tr
from games.engines.trias.board import neighbours

__all__ = ["guide", "layers", "picture", "render_svg"]

SIZE = 46  # hex radius in SVG units (= CSS px at the smallest legible size)
SQ3 = math.sqrt(3)
HALF_W = SIZE * SQ3 / 2
STRIP = 46  # the status lines above the map
FONT = 'font-family="sans-serif"'
LANDSCAPE_TEXT = {"M": "#15191e", "S": "#1c1209", "W": "#ffffff", "P": "#15191e"}
HERD_STROKE = ("#5a0d0d", "#0d2a5a", "#35164a", "#000000", "#444444")
HERD_TEXT = ("#ffffff", "#ffffff", "#ffffff", "#ffffff", "#111111")
INK = "#15191e"
HALO = {"stroke": INK, "stroke_width": 3, "paint_order": "stroke"}  # white text on water


def _center(q: int, r: int) -> tuple[float, float]:
    return SIZE * SQ3 * (q + r / 2), SIZE * 1.5 * r


@lru_cache(maxsize=4096)
def _corners(cx: float, cy: float, radius: float = SIZE) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def _esc(text: str) -> str:
    """Text or a double-quoted attribute value, escaped for XML."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _attrs(**attrs: object) -> str:
    return " ".join(
        f'{k.rstrip("_").replace("_", "-")}="{_esc(str(v))}"'
        for k, v in attrs.items()
        if v is not None
    )


def _text(x: float, y: float, text: str, size: float = 12, fill: str = INK, **extra) -> str:
    """A centred label; ``extra`` attributes are written as given (trusted constants)."""
    more = "".join(f' {k.rstrip("_").replace("_", "-")}="{v}"' for k, v in extra.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" font-size="{size}" {FONT} '
        f'fill="{fill}"{more}>{_esc(text)}</text>'
    )


@lru_cache(maxsize=4096)
def _coord(q: int, r: int) -> str:
    """The coordinates label of a hex, on its top corner."""
    return _coord_at(*_center(q, r), f"{q},{r}")


def _coord_width(text: str) -> float:
    return 8 + 7.5 * len(text)


def _coord_at(cx: float, cy: float, text: str) -> str:
    w = _coord_width(text)
    return (
        f'<rect x="{cx - w / 2:.1f}" y="{cy - SIZE - 6:.1f}" width="{w:.1f}" height="17" '
        f'rx="4" fill="{INK}" fill-opacity="0.85"/>'
        + _text(cx, cy - SIZE + 7, text, 12, "#ffffff", class_="coord")
    )


def _status(view: dict) -> str:
    if view.get("phase") == "over":
        scores = ", ".join(
            tr.gettext("%(who)s %(n)s", who=colour(s["seat"]), n=s["score"])
            for s in view.get("seats") or []
        )
        return tr.gettext("Game over. Points: %(scores)s", scores=scores)
    current = view.get("current")
    who = colour(current) if isinstance(current, int) else "?"
    left = int(view.get("actions_left") or 0)
    now = view.get("phase")
    if now == "place":
        phase = tr.gettext("%(who)s places 2 herds", who=who)
    elif now == "card":
        phase = tr.gettext("%(who)s plays or draws a card", who=who)
    elif now == "drift":
        phase = tr.gettext(
            "%(who)s drifts a %(card)s tile", who=who, card=localize(view.get("card_name"))
        )
    elif now == "actions":
        phase = tr.ngettext(
            "%(who)s has %(n)s action left", "%(who)s has %(n)s actions left", left, who=who
        )
    else:
        phase = tr.gettext("%(who)s to play", who=who)
    if view.get("last_round"):
        phase = tr.gettext("Last round: %(phase)s", phase=phase)
    return phase


def _extent(view: dict) -> tuple[float, float, float, float]:
    """The land, swimmers and seas, and one ring of water around them."""
    spots = {tuple(t["pos"]) for t in view.get("tiles") or []}
    spots |= {tuple(s["pos"]) for s in view.get("swimmers") or []}
    spots |= {tuple(p) for p in view.get("interior_seas") or []}
    spots = spots or {(0, 0)}
    ring = set(spots)
    for p in spots:
        ring.update(neighbours(p))
    xs, ys = zip(*(_center(q, r) for q, r in ring), strict=True)
    left, right = min(xs) - HALF_W - 4, max(xs) + HALF_W + 4
    top, bottom = min(ys) - SIZE - 4 - STRIP, max(ys) + SIZE + 4
    return left, top, right - left, bottom - top


def _herd_box(
    cx: float,
    cy: float,
    counts: Sequence[int],
    where: str,
    *,
    swimming: bool,
    attrs: dict,
    described: bool = True,
) -> str:
    """The herds at one place: one chip per owner with its count, in a box of at least
    40 x 40 (the tap area when the viewer may pick them); ``described``: with its
    label and title (a picture needs neither)."""
    present = [(s, n) for s, n in enumerate(counts) if n]
    if not present:
        return ""
    cols = 1 if len(present) == 1 else 2 if len(present) <= 4 else 3
    rows = 1 if len(present) <= 2 else 2
    width = max(40, cols * 19 + 2)
    height = 40
    x0, y0 = cx - width / 2, cy - height / 2
    classes = "herd swimmers" if swimming else "herd"
    if described:
        words = ", ".join(
            tr.ngettext("%(n)s %(who)s herd", "%(n)s %(who)s herds", n, who=colour(s))
            for s, n in present
        )
        if swimming:
            label = tr.gettext("%(herds)s swimming at %(at)s", herds=words, at=where)
        else:
            label = tr.gettext("%(herds)s on %(at)s", herds=words, at=where)
        hint = attrs.pop("hint", "")
        if hint and attrs.get("data_select"):
            label = tr.gettext("%(label)s: %(hint)s", label=label, hint=hint)
        if attrs.get("class_"):
            classes += " " + attrs.pop("class_")
        head = (
            f"<g {_attrs(class_=classes, aria_label=label, **attrs)}><title>{_esc(label)}</title>"
        )
    else:
        head = f"<g {_attrs(class_=classes)}>"
    out = [head]
    ring = attrs.get("data_select") is not None
    if ring:
        selected = "selected" in classes
        dashes = "" if selected else ' stroke-dasharray="7 3"'
        out.append(
            f'<rect x="{x0 - 4:.1f}" y="{y0 - 4:.1f}" width="{width + 8:.1f}" height="48" rx="9" '
            f'fill="none" stroke="{INK}" stroke-width="{7 if selected else 6}"/>'
            f'<rect x="{x0 - 4:.1f}" y="{y0 - 4:.1f}" width="{width + 8:.1f}" height="48" rx="9" '
            f'fill="none" stroke="{MOVABLE}" stroke-width="{4 if selected else 3}"'
            f"{dashes}/>"
        )
    dash = ' stroke-dasharray="4 2"' if swimming else ""
    out.append(
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{width:.1f}" height="{height}" rx="6" '
        f'fill="#ffffff" fill-opacity="0.92" stroke="{INK}" stroke-width="1.2"{dash}/>'
    )
    cw = (width - 2) / cols - 2 if len(present) > 1 else 36
    ch = 36 if rows == 1 else 17
    size = 20 if len(present) == 1 else 15 if rows == 1 else 12
    for i, (s, n) in enumerate(present):
        col, row = i % cols, i // cols
        x = x0 + 2 + col * (cw + 2)
        y = y0 + 2 + row * (ch + 2)
        fill, stroke = HERD_FILL[s % 5], HERD_STROKE[s % 5]
        out.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{cw:.1f}" height="{ch:.1f}" rx="3" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="1"/>'
        )
        out.append(
            _text(
                x + cw / 2,
                y + ch / 2 + size * 0.36,
                str(n),
                size,
                HERD_TEXT[s % 5],
                font_weight="bold",
                aria_hidden="true",
            )
        )
    out.append("</g>")
    return "".join(out)


def _pill(cx: float, cy: float, text: str, action: str, label: str, width: float) -> str:
    """A button drawn on the board (at least 24 px tall), wide enough for its words in
    any language (13 px bold: about 7 px a character)."""
    width = max(width, 7.0 * len(text) + 6)
    return (
        f"<g {_attrs(class_='button', data_action=action, aria_label=label)}>"
        f"<title>{_esc(label)}</title>"
        f'<rect x="{cx - width / 2:.1f}" y="{cy - 13:.1f}" width="{width:.1f}" height="26" '
        f'rx="13" fill="#fff8d0" stroke="{INK}" stroke-width="2"/>'
        f"{_text(cx, cy + 4.5, text, 13, INK, font_weight='bold')}</g>"
    )


def render_svg(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
) -> str:
    return _draw(view, seat, actions, selected, described=True)


def picture(view: dict, *, seat: int | None) -> str:
    """The board as ``render_svg(view, seat=seat)`` draws it, without the descriptions
    that are never drawn (the parts' titles and labels, a third of its time): an email's
    picture. The board's own ``<title>`` stays (the email's words start with it)."""
    return _draw(view, seat, (), None, described=False)


# The boxes of the anchored tiles (around their hex's centre; generous, for a picture
# keeps only the pixels a tile paints).
_HEX_BOX = (-HALF_W - 3, -SIZE - 3, 2 * HALF_W + 6, 2 * SIZE + 6)
_HERDS_BOX = (-31.0, -22.0, 62.0, 44.0)  # (three columns of chips are 59 wide)


def layers(view: dict, *, seat: int | None) -> Layers:
    """``picture`` as layers for an email: a plain sea, then every part as an anchored
    tile (``games.boards.Tile``) drawn around ``(0, 0)``: the seas, the tiles' hexes
    and words, the swimmers, the herd boxes, the final scoring's labels, the status
    lines and the coordinates, in ``picture``'s order. The board is as wide as its
    land, so its scale, and where each part falls, change from game to game; drawn
    around its own centre, a "steppe 2/4" hex or a herd box of 1 red and 2 blue looks
    the same in every game of that scale, and a picture draws each such part once and
    stamps it. The board is moved to start at ``0 0`` (the same size as ``picture``'s)."""
    min_x, min_y, width, height = _extent(view)
    title = tr.gettext("Trias board. %(status)s.", status=_status(view))
    tiles: list[Tile] = []
    herds: list[Tile] = []
    coords: list[Tile] = []

    def at(q: int, r: int) -> tuple[float, float]:
        cx, cy = _center(q, r)
        return round(cx - min_x, 1), round(cy - min_y, 1)

    def coord(q: int, r: int) -> None:
        text = f"{q},{r}"
        w = _coord_width(text)
        coords.append(Tile(-w / 2 - 1, -SIZE - 7, w + 2, 19, _coord_at(0, 0, text), at(q, r)))

    def herd_box(q: int, r: int, counts, dy: float, swimming: bool) -> None:
        if any(counts):
            box = _herd_box(0, dy, counts, "", swimming=swimming, attrs={}, described=False)
            x, y, w, h = _HERDS_BOX
            herds.append(Tile(x, y + dy, w, h, box, at(q, r)))

    for q, r in (tuple(p) for p in view.get("interior_seas") or []):
        tiles.append(Tile(*_HEX_BOX, _sea(0, 0), at(q, r)))
        coord(q, r)
    scored = {tuple(p) for p in view.get("scored") or []}
    names: dict = {}
    for tile in view.get("tiles") or []:
        q, r = tile["pos"]
        landscape = tile["landscape"]
        shown = names.get(landscape) or names.setdefault(landscape, landscape_name(landscape))
        ink = LANDSCAPE_TEXT.get(landscape, INK)
        face = _ground(0, 0, landscape, (q, r) in scored) + _words(
            0, 0, sum(tile["herds"]), tile["capacity"], shown, ink
        )
        tiles.append(Tile(*_HEX_BOX, face, at(q, r)))
        coord(q, r)
        herd_box(q, r, tile["herds"], 13, swimming=False)
    for swim in view.get("swimmers") or []:
        q, r = swim["pos"]
        tiles.append(Tile(*_HEX_BOX, _swimming(0, 0), at(q, r)))
        coord(q, r)
        herd_box(q, r, swim["herds"], 0, swimming=True)
    tiles.extend(herds)
    for (cx, cy), text in _finals(view):
        w = _final_width(text)
        anchor = (round(cx - min_x, 1), round(cy - min_y, 1))
        tiles.append(Tile(-w / 2 - 1, -12, w + 2, 22, _final_label(0, 0, text), anchor))
    strip = _strip(view, seat, -width / 2, 0, width)
    tiles.append(Tile(-width / 2, 0, width, STRIP, strip, (round(width / 2, 1), 0.0)))
    tiles.extend(coords)
    base = _sea_base(f"{width:.1f}", f"{height:.1f}")
    return Layers(base=base, tiles=tuple(tiles), title=title, ground=WATER)


@lru_cache(maxsize=256)
def _sea_base(width: str, height: str) -> str:
    """The open water under a board of this size (square corners: one flat colour, so
    a picture fills its canvas with it, ``Layers.ground``)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{WATER}"/></svg>'
    )


def _draw(
    view: dict, seat: int | None, actions: Sequence[str], selected: str | None, described: bool
) -> str:
    turn = turn_of(actions) if actions else Turn()
    kind, where = selection(turn, selected)
    optional = view.get("phase") == "actions"
    tiles = view.get("tiles") or []
    swimmers = view.get("swimmers") or []
    seas = [tuple(p) for p in view.get("interior_seas") or []]
    scored = {tuple(p) for p in view.get("scored") or []}

    min_x, min_y, width, height = _extent(view)
    title = tr.gettext("Trias board. %(status)s.", status=_status(view))
    # A board with parts to tap is a group of controls, not one picture (an image's
    # children are not announced, and may not be focusable).
    role = "group" if actions else "img"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min_x:.1f} {min_y:.1f} '
        f'{width:.1f} {height:.1f}" width="{math.ceil(width)}" height="{math.ceil(height)}" '
        f'role="{role}" class="board board-trias" aria-label={quoteattr(title)}>',
        f"<title>{_esc(title)}</title>",
        f'<rect x="{min_x:.1f}" y="{min_y:.1f}" width="{width:.1f}" height="{height:.1f}" '
        f'fill="{WATER}" rx="12"/>',
    ]
    coords: list[str] = []

    def coord(pos) -> None:
        coords.append(_coord(*pos))

    for q, r in seas:
        end = "/>"
        if described:
            sea = _esc(tr.gettext("interior sea at %(at)s", at=f"{q},{r}"))
            end = f"><title>{sea}</title></polygon>"
        out.append(_sea(*_center(q, r), end))
        coord((q, r))

    # Tiles: landscape, name, herds of capacity; the marks of what may be picked.
    herd_boxes = []
    names = {}  # (each landscape's name looked up once per board)
    for tile in tiles:
        q, r = tile["pos"]
        k = key((q, r))
        landscape = tile["landscape"]
        name = LANDSCAPE_NAME.get(landscape, landscape)  # for the CSS class
        shown = names.get(landscape) or names.setdefault(landscape, landscape_name(landscape))
        cx, cy = _center(q, r)
        total = sum(tile["herds"])
        cap = tile["capacity"]
        ink = LANDSCAPE_TEXT.get(landscape, INK)
        counts = {"landscape": shown, "at": k, "n": total, "capacity": cap}
        text = (
            tr.gettext("%(landscape)s at %(at)s, %(n)s of %(capacity)s herds", **counts)
            if described
            else ""
        )
        attrs: dict = {"class_": f"tile tile-{name.replace(' ', '-').lower()}"}
        mark = ""
        if k in turn.drifts:
            attrs["data_select"] = f"d:{k}"
            attrs["class_"] += " can-drift"
            text = tr.gettext(
                "Drift the %(landscape)s at %(at)s (%(n)s of %(capacity)s herds)", **counts
            )
            mark = "drift"
        elif k in turn.place:
            attrs["data_select"] = f"p:{k}"
            attrs["class_"] += " can-place"
            text = tr.gettext(
                "Place 2 herds on the %(landscape)s at %(at)s (holds %(capacity)s)", **counts
            )
            mark = "place"
        # The picked tile: a tile to drift or place on, or the tile of the picked herds.
        is_selected = where == k and kind in ("d", "p", "m", "mf")
        if is_selected:
            attrs["class_"] += " selected"
        if "data_select" in attrs:
            attrs["aria_label"] = text
        out.append(
            f"<g {_attrs(**attrs)}><title>{_esc(text)}</title>"
            if described
            else f"<g {_attrs(**attrs)}>"
        )
        out.append(_ground(cx, cy, landscape, tuple(tile["pos"]) in scored))
        if is_selected:
            out.append(
                f'<polygon points="{_corners(cx, cy, SIZE - 4)}" fill="none" stroke="{INK}" '
                f'stroke-width="7"/><polygon points="{_corners(cx, cy, SIZE - 4)}" fill="none" '
                'stroke="#ffffff" stroke-width="4"/>'
            )
        elif mark:
            # Mandatory picks strongly, an optional (costly) drift more quietly.
            strong = mark == "place" or not optional
            dashes = "8 5" if strong else "5 5"
            dash = INK if landscape == "P" else "#ffffff"  # white on the icy pole is lost
            out.append(
                f'<polygon points="{_corners(cx, cy, SIZE - 5)}" fill="none" stroke="{dash}" '
                f'stroke-width="{3 if strong else 2}" stroke-dasharray="{dashes}"/>'
            )
        out.append(_words(cx, cy, total, cap, shown, ink))
        out.append("</g>")
        coord((q, r))
        if total:
            box: dict = {}
            if k in turn.moves or k in turn.reproduce:
                box["data_select"] = f"m:{k}"
                box["hint"] = tr.gettext("tap to move yours or let one reproduce")
                if where == k and kind in ("m", "mf"):
                    box["class_"] = "selected"
            herd_boxes.append(
                _herd_box(
                    cx, cy + 13, tile["herds"], k, swimming=False, attrs=box, described=described
                )
            )

    for swim in swimmers:
        q, r = swim["pos"]
        k = key((q, r))
        cx, cy = _center(q, r)
        out.append(_swimming(cx, cy))
        coord((q, r))
        box = {}
        if k in turn.rescues:
            box["data_select"] = f"r:{k}"
            box["hint"] = tr.gettext("tap to rescue yours onto a tile")
            if kind == "r" and k in where.partition("~")[0].split("_"):
                box["class_"] = "selected"
        elif kind == "r" and k in where.partition("~")[0].split("_"):
            box["class_"] = "selected"
        herd_boxes.append(
            _herd_box(cx, cy, swim["herds"], k, swimming=True, attrs=box, described=described)
        )
    out.extend(herd_boxes)

    # Final scoring: each scored land mass labelled with its points (TS13).
    for (cx, cy), text in _finals(view):
        head = '<g class="final-score">'
        if described:
            final = tr.gettext("final scoring, %(text)s", text=text)
            head += f"<title>{_esc(final)}</title>"
        out.append(head + _final_label(cx, cy, text) + "</g>")

    out.extend(_targets(view, turn, kind, where, optional, coord))
    out.append(_strip(view, seat, min_x, min_y, width))
    out.append(f'<g class="coord" pointer-events="none">{"".join(coords)}</g>')
    out.append("</svg>")
    return "".join(out)


def _sea(cx: float, cy: float, end: str = "/>") -> str:
    return (
        f'<polygon class="sea interior-sea" points="{_corners(cx, cy)}" fill="{INTERIOR}" '
        f'stroke="#5d9cc8" stroke-width="1"{end}'
    )


def _ground(cx: float, cy: float, landscape: str, scored: bool) -> str:
    """A tile's hex in its landscape's colour (a gold edge when just scored)."""
    stroke, stroke_width = (SCORED, 4) if scored else ("#2b2b2b", 1.2)
    return (
        f'<polygon points="{_corners(cx, cy, SIZE - 1)}" '
        f'fill="{LANDSCAPE_FILL.get(landscape, "#ccc")}" '
        f'stroke="{stroke}" stroke-width="{stroke_width}"/>'
    )


def _words(cx: float, cy: float, total: int, cap: int, shown: str, ink: str) -> str:
    """A tile's "herds / holds" (bold when full) and its landscape's name."""
    weight = "bold" if total >= cap else "normal"
    return _text(
        cx, cy - 25, f"{total}/{cap}", 12, ink, class_="capacity", font_weight=weight
    ) + _text(cx, cy - 11, shown, 12, ink, class_="name")


def _swimming(cx: float, cy: float) -> str:
    return (
        f'<polygon class="swimming" points="{_corners(cx, cy, SIZE - 5)}" fill="none" '
        'stroke="#d7ecfa" stroke-width="1.5" stroke-dasharray="4 4"/>'
    )


def _finals(view: dict) -> list[tuple[tuple[float, float], str]]:
    """Final scoring (TS13): each scored land mass's label, above its top tile."""
    out = []
    for item in view.get("final") or []:
        points = [(s, n) for s, n in enumerate(item.get("points") or []) if n]
        cells = [_center(q, r) for q, r in item.get("tiles") or []]
        if not cells or not points:
            continue
        cx, top = min(cells, key=lambda c: (c[1], c[0]))
        words = ", ".join(tr.gettext("%(who)s %(n)s", who=colour(s), n=n) for s, n in points)
        text = tr.ngettext(
            "%(n)s tile: %(points)s", "%(n)s tiles: %(points)s", len(cells), points=words
        )
        out.append(((cx, top - SIZE * 0.95), text))
    return out


def _final_label(cx: float, cy: float, text: str) -> str:
    w = _final_width(text)
    return (
        f'<rect x="{cx - w / 2:.1f}" y="{cy - 11:.1f}" width="{w:.1f}" height="20" rx="4" '
        f'fill="#000000" fill-opacity="0.75" stroke="{SCORED}"/>'
        f"{_text(cx, cy + 3.5, text, 12, '#ffffff')}"
    )


def _final_width(text: str) -> float:
    return 7.2 * len(text) + 12


def _target_hex(cx: float, cy: float, action: str, label: str, cls: str, water: bool) -> list[str]:
    ring = "#ffffff" if water else MOVABLE
    dashes = ' stroke-dasharray="6 4"' if water else ""
    return [
        f"<g {_attrs(class_=f'target {cls}', data_action=action, aria_label=label)}>"
        f"<title>{_esc(label)}</title>"
        f'<polygon points="{_corners(cx, cy, SIZE - 4)}" fill="#ffffff" fill-opacity="0.18" '
        f'stroke="{INK}" stroke-width="6"/>'
        f'<polygon points="{_corners(cx, cy, SIZE - 4)}" fill="none" stroke="{ring}" '
        f'stroke-width="3"{dashes}/>'
    ]


def _targets(view: dict, turn: Turn, kind: str, where: str, optional: bool, coord) -> list[str]:
    """The targets of the selected piece, drawn over everything else."""
    out: list[str] = []
    if kind == "p":
        q, r = parse_key(where)
        cx, cy = _center(q, r)
        out.append(
            _pill(
                cx,
                cy + 13,
                tr.gettext("Place here"),
                turn.place[where],
                tr.gettext("Place 2 herds on %(at)s", at=where),
                76,
            )
        )
    elif kind == "d":
        for to, action in sorted(turn.drifts[where].items()):
            q, r = parse_key(to)
            cx, cy = _center(q, r)
            label = tr.gettext("Drift the tile from %(from)s to %(to)s", to=to, **{"from": where})
            if optional:
                label = tr.gettext("%(label)s (%(cost)s actions)", label=label, cost=DRIFT_COST)
            out.extend(_target_hex(cx, cy, action, label, "drift-target", water=True))
            out.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="#ffffff" stroke="{INK}" '
                'stroke-width="2"/>'
            )
            if optional:
                out.append(
                    _text(
                        cx,
                        cy + 28,
                        tr.gettext("%(cost)s actions", cost=DRIFT_COST),
                        12,
                        "#ffffff",
                        font_weight="bold",
                        **HALO,
                    )
                )
            out.append("</g>")
            coord((q, r))
    elif kind in ("m", "mf"):
        table = turn.moves if kind == "m" else turn.moves_plus
        fx, fy = _center(*parse_key(where))
        for to, action in sorted(table.get(where, {}).items()):
            q, r = parse_key(to)
            cx, cy = _center(q, r)
            label = tr.gettext("Move a herd from %(from)s to %(to)s", to=to, **{"from": where})
            out.extend(_target_hex(cx, cy, action, label, "move-target", water=False))
            # A dot on the target's side of the shared edge: "one step this way".
            dx, dy = cx + (fx - cx) * 0.45, cy + (fy - cy) * 0.45
            out.append(
                f'<circle cx="{dx:.1f}" cy="{dy:.1f}" r="8" fill="{MOVABLE}" stroke="{INK}" '
                'stroke-width="2"/></g>'
            )
        if kind == "m" and where in turn.reproduce:
            out.append(
                _pill(
                    fx,
                    fy - 17,
                    tr.gettext("+1 herd"),
                    turn.reproduce[where],
                    tr.gettext("Reproduce on %(at)s", at=where),
                    72,
                )
            )
    elif kind == "r" and "_" not in where:
        for action in sorted(turn.rescues.get(where, [])):
            to = action.partition(">")[2]
            q, r = parse_key(to)
            cx, cy = _center(q, r)
            label = tr.gettext("Rescue a swimmer from %(from)s to %(to)s", to=to, **{"from": where})
            out.extend(_target_hex(cx, cy, action, label, "rescue-target", water=False))
            out.append("</g>")
    return out


def _strip(view: dict, seat: int | None, min_x: float, min_y: float, width: float) -> str:
    """Two centred lines above the map (a phone shows the middle of a wide board):
    whose turn it is, then the viewer's hand card and the cards left."""
    second = []
    hand = view.get("hand")
    over = view.get("phase") == "over"
    if seat is not None and hand and not over:
        name = {
            "M": tr.pgettext("Trias card", "mountain"),
            "S": tr.pgettext("Trias card", "steppe"),
            "W": tr.pgettext("Trias card", "wood"),
        }.get(hand, hand)
        hand_text = tr.gettext("Your hand card: %(card)s", card=name)
        second.append(
            f'<tspan class="hand-card" data-hand="{_esc(hand)}">{_esc(hand_text)}</tspan>'
        )
    deck = view.get("deck") or {}
    if deck and not over:
        left = int(deck.get("left", 0))
        second.append(_esc(tr.ngettext("%(n)s card left", "%(n)s cards left", left)))
    cx = min_x + width / 2
    out = [
        f'<text class="status" x="{cx:.1f}" y="{min_y + 19:.1f}" text-anchor="middle" '
        f'font-size="14" {FONT} font-weight="bold" fill="#ffffff">{_esc(_status(view))}</text>'
    ]
    if second:
        joined = " \u00b7 ".join(second)
        out.append(
            f'<text class="status" x="{cx:.1f}" y="{min_y + 38:.1f}" text-anchor="middle" '
            f'font-size="13" {FONT} fill="#ffffff">{joined}</text>'
        )
    return "".join(out)
