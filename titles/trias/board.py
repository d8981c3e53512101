"""The Trias board as SVG (contract in :mod:`games.boards`); the turn in words is
:mod:`titles.trias.guide`.

What a tile shows: pointy-top hexes at axial ``q,r`` (South Pole ``0,0``, centres from
:func:`center`, outlines from :func:`outline`) in the rulebook's colours (mountains
grey, steppe brown, woods green; the South Pole icy white), with a row of capacity
pips: one per herd the tile holds, filled for each herd on it, shaped by landscape
(mountain ▲, steppe ■, wood ●, pole ◆) so the landscapes differ without their colours.
Below them the tile's herds: one chip per owner in the owner's colour with its count in
large digits. Herds left in the water by a drift (swimmers) are the same chips, framed
dashed, on a dashed hex. Water is blue; interior seas lighter. The land mass of the
latest interim scoring has a gold dotted edge; at the end every scored land mass is labelled
with its tiles and points. Two lines at the top say whose turn it is and show the
viewer's own hand card (only theirs: the view holds no other) and the cards left. The
landscape's name and the counts are in each tile's title and label.

Coordinates: every tile, swimmer, sea and drift target has its ``q,r`` on a small dark
label at its top, all in one ``<g class="coord" pointer-events="none">`` (never in the
way of a tap). The game page hides ``.coord`` until the player ticks its "Show
coordinates" toggle (CSS: ``#live:not(:has(#show-coords:checked)) #board .coord``;
static/js/board.js remembers the choice in the browser), so they do not crowd the
board; a picture without the page's stylesheet (the mail picture, for players who reply
by email in notation) shows them.

Size (issue 34): the page fits the whole board into its box, a phone's width or a
desktop's column and window height, so it is drawn for the narrowest such box,
``FIT_WIDTH`` x ``FIT_HEIGHT`` CSS px: :class:`Size` ``u`` is how many board units are
one px there, and every text is at least ``12.5 u`` units, every clickable part at
least ``24 u``. A hex is 80 units wide, so a whole hex stays a 24 px target up to
``u`` = 3.3, a board of about 14 hex columns including its ring of water (the widest
boards of long five-player games are about 11-15); beyond that the page's zoom is the
way to tap a hex comfortably. Text never shrinks: a wider board gets larger digits in
its units, and words that would no longer fit a hex give way to pips and numbers (the
optional drift's "3 actions" becomes "3" in the target's dot). The viewBox is the land,
its swimmers and one ring of water around them (every drift target lies in that ring),
the status lines, and when the viewer has actions a row for the picked piece's buttons;
it depends on the position (and whether the viewer acts), never on a selection: the
board keeps its size while something is picked.

Clicking (two steps, so no tap spends anything silently): each choice of the guide
is a ``data-select`` part and its targets are ``data-action`` parts, each a whole
hex; what stands on a hex (herd chips, coordinates, final labels) lets taps through
(``pointer-events="none"``), so a tap anywhere on a tile picks what the step allows
there. In setup a free tile (dashed edge) carries ``data-select="p:0,1"``; selected, a
"Place here" button (``data-action="p 0,1"``) appears in the button row. A tile that
may drift (dashed white edge) carries ``data-select="d:1,-2"``; selected, each place
it may go (a dotted water hex, with its cost when the drift is an optional one)
carries ``data-action="d 1,-2>2,-3"``. A tile where the viewer's herds can act (a
yellow ring) carries ``data-select="m:0,1"`` (before its drift, when both are
possible: picked, the tile's button row offers "Drift this tile"); selected, each tile
a herd may move to carries ``data-action="m 0,1>1,1"`` and a "+1 herd" button
``data-action="+ 0,1"`` appears when one may reproduce (``mf:0,1``, picked in the
guide, lights the ``m+`` moves). The viewer's swimmers' hex carries
``data-select="r:3,0"``; selected, the tiles they may be rescued to carry
``data-action="r 3,0>2,0"``. Rescues of two or three swimmers together, ``m+`` moves,
play/draw and end are in the guide only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import quoteattr

from games.boards import SAME_SEAT, Layers, Tile, looking
from games.engines.base import localize
from games.engines.base import translated as tr
from titles.trias.engine.board import neighbours
from titles.trias.guide import (
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

__all__ = ["guide", "layers", "picture", "render_svg"]

SIZE = 46  # hex radius in SVG units
SQ3 = math.sqrt(3)
HALF_W = SIZE * SQ3 / 2
# The narrowest box the board is drawn for: a phone's width, edge to edge (the page
# gives the board the whole width there), and the height a phone leaves it.
FIT_WIDTH = 360
FIT_HEIGHT = 720
FONT = 'font-family="sans-serif"'
LANDSCAPE_TEXT = {"M": "#15191e", "S": "#1c1209", "W": "#ffffff", "P": "#15191e"}
HERD_STROKE = ("#5a0d0d", "#0d2a5a", "#35164a", "#000000", "#444444")
HERD_TEXT = ("#ffffff", "#ffffff", "#ffffff", "#ffffff", "#111111")
INK = "#15191e"
HALO = {"stroke": INK, "stroke_width": 3, "paint_order": "stroke"}  # white text on water
CAPACITY = {"M": 2, "S": 3, "W": 4, "P": 3}


@dataclass(frozen=True)
class Size:
    """How big the board's parts are drawn, in SVG units: ``u`` units are one CSS
    pixel when the board is fitted into the narrowest box (``FIT_WIDTH`` x
    ``FIT_HEIGHT``), so a text of ``font`` units is 12.5 px there and more on any
    larger screen, and a part of ``24 * u`` units is a 24 px target."""

    u: float

    @property
    def font(self) -> float:
        return round(12.5 * self.u, 1)

    @property
    def count(self) -> float:
        """A herd count's digits: large while the hex has room."""
        return round(max(12.5 * self.u, min(17.0 * self.u, 44.0)), 1)

    @property
    def line(self) -> float:
        return round(1.5 * self.u, 2)

    @property
    def pip(self) -> float:
        """A capacity pip's size: at least 4 px, at most what four fit in a hex row."""
        return round(min(max(11.0, 4.0 * self.u), 16.0), 1)

    @property
    def strip(self) -> float:
        return round(3.3 * self.font, 1)

    @property
    def button_row(self) -> float:
        return round(2.6 * self.font, 1)


def _fit(map_width: float, map_height: float, buttons: bool) -> Size:
    """The size that keeps the whole board (map, status lines, button row) legible
    when fitted into ``FIT_WIDTH`` x ``FIT_HEIGHT`` px."""
    lines = 3.3 * 12.5 + (2.6 * 12.5 if buttons else 0)  # px at the fitted size
    u = max(1.0, map_width / FIT_WIDTH, map_height / (FIT_HEIGHT - lines))
    return Size(math.ceil(u * 100) / 100)


def center(q: int, r: int) -> tuple[float, float]:
    """The centre of the hex at axial ``q,r`` in board units (an overlay drawn over
    the board, e.g. a mark on what changed, places itself with it)."""
    return SIZE * SQ3 * (q + r / 2), SIZE * 1.5 * r


_center = center


def outline(q: int, r: int, inset: float = 0.0) -> str:
    """The ``points`` of the hex at ``q,r`` (``inset`` units inside its edge)."""
    return _corners(*center(q, r), SIZE - inset)


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


def _text_width(text: str, font: float, bold: bool = False) -> float:
    """About how wide a sans-serif line is (for boxes around it)."""
    return len(text) * font * (0.62 if bold else 0.56)


@lru_cache(maxsize=4096)
def _coord(q: int, r: int, size: Size) -> str:
    """The coordinates label of a hex, at its top."""
    return _coord_at(*center(q, r), f"{q},{r}", size)


def _coord_box(text: str, size: Size) -> tuple[float, float]:
    return _text_width(text, size.font) + 0.6 * size.font, 1.3 * size.font


def _coord_at(cx: float, cy: float, text: str, size: Size) -> str:
    w, h = _coord_box(text, size)
    y = cy - SIZE + 0.25 * h
    return (
        f'<rect x="{cx - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
        f'rx="{0.3 * size.font:.1f}" fill="{INK}" fill-opacity="0.85"/>'
        + _text(cx, y + 0.36 * size.font, text, size.font, "#ffffff", class_="coord")
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


def _map_extent(view: dict) -> tuple[float, float, float, float]:
    """The land, swimmers and seas, and one ring of water around them (every drift
    target lies in that ring)."""
    spots = {tuple(t["pos"]) for t in view.get("tiles") or []}
    spots |= {tuple(s["pos"]) for s in view.get("swimmers") or []}
    spots |= {tuple(p) for p in view.get("interior_seas") or []}
    spots = spots or {(0, 0)}
    ring = set(spots)
    for p in spots:
        ring.update(neighbours(p))
    xs, ys = zip(*(center(q, r) for q, r in ring), strict=True)
    left, right = min(xs) - HALF_W - 4, max(xs) + HALF_W + 4
    top, bottom = min(ys) - SIZE - 4, max(ys) + SIZE + 4
    return left, top, right - left, bottom - top


def _layout(view: dict, buttons: bool) -> tuple[Size, tuple[float, float, float, float]]:
    """The board's size and its viewBox: the map with the status lines above it, and
    a row for the picked piece's buttons when the viewer has actions. It depends on
    the position (and whether the viewer acts) only, never on a selection: the board
    keeps its size while something is picked."""
    left, top, width, height = _map_extent(view)
    size = _fit(width, height, buttons)
    above = size.strip + (size.button_row if buttons else 0)
    return size, (left, top - above, width, height + above)


def _extent(view: dict) -> tuple[float, float, float, float]:
    """The viewBox of the board without actions."""
    return _layout(view, False)[1]


def _herd_box(
    cx: float,
    cy: float,
    counts: Sequence[int],
    where: str,
    size: Size,
    *,
    swimming: bool,
    described: bool = True,
) -> str:
    """The herds at one place: one chip per owner in the owner's colour with its count
    in large digits (a white frame around them, dashed for swimmers). Never a target
    of its own (``pointer-events="none"``): a tap on it is a tap on its place."""
    present = [(s, n) for s, n in enumerate(counts) if n]
    if not present:
        return ""
    font = size.count
    cw, ch, gap = max(0.72 * font, 22.0), 1.2 * font, max(2.0, size.u)
    per_row = len(present) if len(present) * (cw + gap) <= 78 else math.ceil(len(present) / 2)
    rows = math.ceil(len(present) / per_row)
    width = per_row * (cw + gap) + gap
    height = rows * (ch + gap) + gap
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
        head = (
            f'<g {_attrs(class_=classes, aria_label=label)} pointer-events="none">'
            f"<title>{_esc(label)}</title>"
        )
    else:
        head = f'<g {_attrs(class_=classes)} pointer-events="none">'
    out = [head]
    dash = f' stroke-dasharray="{4 * size.u:.1f} {2 * size.u:.1f}"' if swimming else ""
    out.append(
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{width:.1f}" height="{height:.1f}" '
        f'rx="{gap * 2:.1f}" fill="#ffffff" fill-opacity="0.92" stroke="{INK}" '
        f'stroke-width="{size.line}"{dash}/>'
    )
    for i, (s, n) in enumerate(present):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(present) - row * per_row)
        x = cx - (in_row * (cw + gap) - gap) / 2 + col * (cw + gap)
        y = y0 + gap + row * (ch + gap)
        fill, stroke = HERD_FILL[s % 5], HERD_STROKE[s % 5]
        out.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{cw:.1f}" height="{ch:.1f}" '
            f'rx="{0.15 * font:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>'
        )
        out.append(
            _text(
                x + cw / 2,
                y + ch / 2 + font * 0.36,
                str(n),
                font,
                HERD_TEXT[s % 5],
                font_weight="bold",
                aria_hidden="true",
            )
        )
    out.append("</g>")
    return "".join(out)


def _herds_height(counts: Sequence[int], size: Size) -> float:
    present = sum(1 for n in counts if n)
    cw, ch, gap = max(0.72 * size.count, 22.0), 1.2 * size.count, max(2.0, size.u)
    rows = 1 if present * (cw + gap) <= 78 else 2
    return rows * (ch + gap) + gap


def _pill(cx: float, cy: float, text: str, label: str, size: Size, **attrs) -> tuple[str, float]:
    """A button drawn on the board (in the button row above the map): at least 24 px
    tall at the fitted size, wide enough for its words. Returns it and its width."""
    font = size.font
    width = _text_width(text, font, bold=True) + 1.4 * font
    height = max(2.1 * font, 26 * size.u)
    svg = (
        f"<g {_attrs(class_='button', aria_label=label, **attrs)}>"
        f"<title>{_esc(label)}</title>"
        f'<rect x="{cx - width / 2:.1f}" y="{cy - height / 2:.1f}" width="{width:.1f}" '
        f'height="{height:.1f}" rx="{height / 2:.1f}" fill="#fff8d0" stroke="{INK}" '
        f'stroke-width="{size.line * 1.4:.2f}"/>'
        f"{_text(cx, cy + 0.36 * font, text, font, INK, font_weight='bold')}</g>"
    )
    return svg, width


def render_svg(
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
    viewer: object = SAME_SEAT,
) -> str:
    """The board of ``seat``'s view; ``viewer``: who reads it when not ``seat`` (the
    analysis board's seat to move): ``seat``'s hand card is then named as a guess."""
    return _draw(view, seat, actions, selected, described=True, me=looking(seat, viewer))


def picture(view: dict, *, seat: int | None) -> str:
    """The board as ``render_svg(view, seat=seat)`` draws it, without the descriptions
    that are never drawn (the parts' titles and labels, a third of its time): an email's
    picture. The board's own ``<title>`` stays (the email's words start with it)."""
    return _draw(view, seat, (), None, described=False)


def layers(view: dict, *, seat: int | None) -> Layers:
    """``picture`` as layers for an email: a plain sea, then every part as an anchored
    tile (``games.boards.Tile``) drawn around ``(0, 0)``: the seas, the tiles' faces,
    the swimmers, the herd boxes, the final scoring's labels, the status lines and the
    coordinates, in ``picture``'s order. The board is as wide as its land, so its
    scale, and where each part falls, change from game to game; drawn around its own
    centre, a steppe with 2 herds or a herd box of 1 red and 2 blue looks the same in
    every game of that scale, and a picture draws each such part once and stamps it.
    The board is moved to start at ``0 0`` (the same size as ``picture``'s)."""
    size, (min_x, min_y, width, height) = _layout(view, False)
    title = tr.gettext("Trias board. %(status)s.", status=_status(view))
    tiles: list[Tile] = []
    herds: list[Tile] = []
    coords: list[Tile] = []
    hex_box = (
        -HALF_W - 3 * size.u,
        -SIZE - 3 * size.u,
        2 * HALF_W + 6 * size.u,
        2 * SIZE + 6 * size.u,
    )

    def at(q: int, r: int) -> tuple[float, float]:
        cx, cy = center(q, r)
        return round(cx - min_x, 1), round(cy - min_y, 1)

    def coord(q: int, r: int) -> None:
        text = f"{q},{r}"
        w, h = _coord_box(text, size)
        y = -SIZE + 0.25 * h
        box = (-w / 2 - 1, y - h / 2 - 1, w + 2, h + 2)
        coords.append(Tile(*box, _coord_at(0, 0, text, size), at(q, r)))

    def herd_box(q: int, r: int, counts, dy: float, swimming: bool) -> None:
        if any(counts):
            box = _herd_box(0, dy, counts, "", size, swimming=swimming, described=False)
            w = 3 * (max(0.72 * size.count, 22.0) + max(2.0, size.u)) + 4
            h = _herds_height(counts, size) + 4
            herds.append(Tile(-w / 2, dy - h / 2, w, h, box, at(q, r)))

    for q, r in (tuple(p) for p in view.get("interior_seas") or []):
        tiles.append(Tile(*hex_box, _sea(0, 0, size), at(q, r)))
        coord(q, r)
    scored = {tuple(p) for p in view.get("scored") or []}
    for tile in view.get("tiles") or []:
        q, r = tile["pos"]
        face = _ground(0, 0, tile["landscape"], (q, r) in scored, size) + _pips(
            0, 0, tile["landscape"], sum(tile["herds"]), tile["capacity"], size
        )
        tiles.append(Tile(*hex_box, face, at(q, r)))
        coord(q, r)
        herd_box(q, r, tile["herds"], HERDS_DY, swimming=False)
    for swim in view.get("swimmers") or []:
        q, r = swim["pos"]
        tiles.append(Tile(*hex_box, _swimming(0, 0, size), at(q, r)))
        coord(q, r)
        herd_box(q, r, swim["herds"], 0, swimming=True)
    tiles.extend(herds)
    for (cx, cy), text in _finals(view):
        w, h = _final_box(text, size)
        anchor = (round(cx - min_x, 1), round(cy - min_y, 1))
        tiles.append(
            Tile(-w / 2 - 1, -h / 2 - 1, w + 2, h + 2, _final_label(0, 0, text, size), anchor)
        )
    strip = _strip(view, seat, -width / 2, 0, width, size)
    tiles.append(Tile(-width / 2, 0, width, size.strip, strip, (round(width / 2, 1), 0.0)))
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


HERDS_DY = 11.5  # a tile's herds sit below its pips


def _draw(
    view: dict,
    seat: int | None,
    actions: Sequence[str],
    selected: str | None,
    described: bool,
    me: object = SAME_SEAT,
) -> str:
    turn = turn_of(actions) if actions else Turn()
    kind, where = selection(turn, selected)
    optional = view.get("phase") == "actions"
    tiles = view.get("tiles") or []
    swimmers = view.get("swimmers") or []
    seas = [tuple(p) for p in view.get("interior_seas") or []]
    scored = {tuple(p) for p in view.get("scored") or []}

    size, (min_x, min_y, width, height) = _layout(view, bool(actions))
    title = tr.gettext("Trias board. %(status)s.", status=_status(view))
    # A board with parts to tap is a group of controls, not one picture (an image's
    # children are not announced, and may not be focusable).
    role = "group" if actions else "img"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min_x:.1f} {min_y:.1f} '
        f'{width:.1f} {height:.1f}" role="{role}" class="board board-trias" '
        f'data-unit="{size.u}" aria-label={quoteattr(title)}>',
        f"<title>{_esc(title)}</title>",
        f'<rect x="{min_x:.1f}" y="{min_y:.1f}" width="{width:.1f}" height="{height:.1f}" '
        f'fill="{WATER}" rx="12"/>',
    ]
    coords: list[str] = []

    def coord(pos) -> None:
        coords.append(_coord(*pos, size))

    for q, r in seas:
        end = "/>"
        if described:
            sea = _esc(tr.gettext("interior sea at %(at)s", at=f"{q},{r}"))
            end = f"><title>{sea}</title></polygon>"
        out.append(_sea(*center(q, r), size, end))
        coord((q, r))

    # Tiles: landscape (colour and pips of its shape, one per herd it holds, filled
    # for each herd on it) and the mark of what a tap on it picks. The whole hex is
    # the tap target: what stands on it lets taps through.
    herd_boxes = []
    names = {}  # (each landscape's name looked up once per board)
    for tile in tiles:
        q, r = tile["pos"]
        k = key((q, r))
        landscape = tile["landscape"]
        name = LANDSCAPE_NAME.get(landscape, landscape)  # for the CSS class
        shown = names.get(landscape) or names.setdefault(landscape, landscape_name(landscape))
        cx, cy = center(q, r)
        total = sum(tile["herds"])
        cap = tile["capacity"]
        counts = {"landscape": shown, "at": k, "n": total, "capacity": cap}
        text = (
            tr.gettext("%(landscape)s at %(at)s, %(n)s of %(capacity)s herds", **counts)
            if described
            else ""
        )
        attrs: dict = {"class_": f"tile tile-{name.replace(' ', '-').lower()}"}
        mark = ""
        if k in turn.moves or k in turn.reproduce:
            attrs["data_select"] = f"m:{k}"
            attrs["class_"] += " can-act"
            if described:
                text = tr.gettext(
                    "%(label)s: %(hint)s",
                    label=text,
                    hint=tr.gettext("tap to move yours or let one reproduce"),
                )
            mark = "act"
        elif k in turn.drifts:
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
        if k in turn.drifts and mark == "act":
            attrs["class_"] += " can-drift"
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
        out.append(_ground(cx, cy, landscape, tuple(tile["pos"]) in scored, size))
        out.append(_pips(cx, cy, landscape, total, cap, size))
        inset = 2.5 * size.u + 1
        if is_selected:
            out.append(
                f'<polygon points="{_corners(cx, cy, SIZE - inset)}" fill="none" '
                f'stroke="{INK}" stroke-width="{4.5 * size.u:.1f}"/><polygon '
                f'points="{_corners(cx, cy, SIZE - inset)}" fill="none" stroke="#ffffff" '
                f'stroke-width="{2.5 * size.u:.1f}"/>'
            )
        elif mark == "act":
            out.append(
                f'<polygon points="{_corners(cx, cy, SIZE - inset)}" fill="none" '
                f'stroke="{INK}" stroke-width="{4.5 * size.u:.1f}"/><polygon '
                f'points="{_corners(cx, cy, SIZE - inset)}" fill="none" stroke="{MOVABLE}" '
                f'stroke-width="{2.5 * size.u:.1f}"/>'
            )
        elif mark:
            # Mandatory picks strongly, an optional (costly) drift more quietly.
            strong = mark == "place" or not optional
            u = size.u
            dashes = f"{6 * u:.1f} {4 * u:.1f}" if strong else f"{4 * u:.1f} {4 * u:.1f}"
            dash = INK if landscape == "P" else "#ffffff"  # white on the icy pole is lost
            out.append(
                f'<polygon points="{_corners(cx, cy, SIZE - inset)}" fill="none" '
                f'stroke="{dash}" stroke-width="{(2.5 if strong else 1.8) * u:.1f}" '
                f'stroke-dasharray="{dashes}"/>'
            )
        out.append("</g>")
        coord((q, r))
        if total:
            herd_boxes.append(
                _herd_box(
                    cx, cy + HERDS_DY, tile["herds"], k, size, swimming=False, described=described
                )
            )

    for swim in swimmers:
        q, r = swim["pos"]
        k = key((q, r))
        cx, cy = center(q, r)
        picked = kind == "r" and k in where.partition("~")[0].split("_")
        if k in turn.rescues:
            label = tr.gettext(
                "%(label)s: %(hint)s",
                label=_swimmers_words(swim["herds"], k),
                hint=tr.gettext("tap to rescue yours onto a tile"),
            )
            cls = "swimming-place can-rescue" + (" selected" if picked else "")
            out.append(f"<g {_attrs(class_=cls, data_select=f'r:{k}', aria_label=label)}>")
            out.append(f"<title>{_esc(label)}</title>" if described else "")
            out.append(_swimming(cx, cy, size, target=True, picked=picked))
            out.append("</g>")
        else:
            out.append(_swimming(cx, cy, size, picked=picked))
        coord((q, r))
        herd_boxes.append(
            _herd_box(cx, cy, swim["herds"], k, size, swimming=True, described=described)
        )
    out.extend(herd_boxes)

    # Final scoring: each scored land mass labelled with its points (TS13).
    for (cx, cy), text in _finals(view):
        head = '<g class="final-score" pointer-events="none">'
        if described:
            final = tr.gettext("final scoring, %(text)s", text=text)
            head += f"<title>{_esc(final)}</title>"
        out.append(head + _final_label(cx, cy, text, size) + "</g>")

    out.extend(_targets(view, turn, kind, where, optional, coord, size))
    out.append(_strip(view, seat, min_x, min_y, width, size, me))
    if actions:
        out.append(_buttons(turn, kind, where, optional, min_x + width / 2, min_y, size, width))
    out.append(f'<g class="coord" pointer-events="none">{"".join(coords)}</g>')
    out.append("</svg>")
    return "".join(out)


def _swimmers_words(counts: Sequence[int], where: str) -> str:
    words = ", ".join(
        tr.ngettext("%(n)s %(who)s herd", "%(n)s %(who)s herds", n, who=colour(s))
        for s, n in enumerate(counts)
        if n
    )
    return tr.gettext("%(herds)s swimming at %(at)s", herds=words, at=where)


def _sea(cx: float, cy: float, size: Size, end: str = "/>") -> str:
    return (
        f'<polygon class="sea interior-sea" points="{_corners(cx, cy)}" fill="{INTERIOR}" '
        f'stroke="#5d9cc8" stroke-width="{size.line}"{end}'
    )


def _ground(cx: float, cy: float, landscape: str, scored: bool, size: Size) -> str:
    """A tile's hex in its landscape's colour (a gold dotted edge when just scored: a
    solid yellow ring is where the viewer's herds can act)."""
    stroke, stroke_width = (SCORED, 3 * size.u) if scored else ("#2b2b2b", size.line)
    dots = f' stroke-dasharray="{2 * size.u:.1f} {2 * size.u:.1f}"' if scored else ""
    return (
        f'<polygon points="{_corners(cx, cy, SIZE - 1)}" '
        f'fill="{LANDSCAPE_FILL.get(landscape, "#ccc")}" '
        f'stroke="{stroke}" stroke-width="{stroke_width:.1f}"{dots}/>'
    )


def _pip(x: float, y: float, landscape: str, d: float, filled: bool, ink: str, sw: float) -> str:
    """One capacity pip: its shape says the landscape (for eyes that cannot tell the
    colours apart): a mountain's peak, a steppe's square, a wood's round crown, the
    pole's diamond; filled where a herd stands."""
    fill = ink if filled else "none"
    h = d / 2
    paint = f'fill="{fill}" stroke="{ink}" stroke-width="{sw:.1f}"'
    if landscape == "M":
        return (
            f'<path d="M{x:.1f},{y - h:.1f}L{x + h:.1f},{y + h * 0.8:.1f}'
            f'L{x - h:.1f},{y + h * 0.8:.1f}Z" {paint}/>'
        )
    if landscape == "S":
        s = d * 0.82
        return (
            f'<rect x="{x - s / 2:.1f}" y="{y - s / 2:.1f}" width="{s:.1f}" '
            f'height="{s:.1f}" {paint}/>'
        )
    if landscape == "W":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{h * 0.95:.1f}" {paint}/>'
    return (
        f'<path d="M{x:.1f},{y - h:.1f}L{x + h:.1f},{y:.1f}L{x:.1f},{y + h:.1f}'
        f'L{x - h:.1f},{y:.1f}Z" {paint}/>'
    )


PIPS_DY = -27.0


def _pips(cx: float, cy: float, landscape: str, total: int, capacity: int, size: Size) -> str:
    """A tile's capacity as a row of pips, one per herd it holds, filled for each herd
    on it: "2 of 4" reads as two filled and two open."""
    ink = LANDSCAPE_TEXT.get(landscape, INK)
    d = size.pip
    step = d * 1.35
    x0 = cx - step * (capacity - 1) / 2
    sw = max(1.4, 0.16 * d)
    parts = [
        _pip(x0 + i * step, cy + PIPS_DY, landscape, d, i < total, ink, sw) for i in range(capacity)
    ]
    return f'<g class="pips" data-capacity="{capacity}" data-herds="{total}">{"".join(parts)}</g>'


def _swimming(
    cx: float, cy: float, size: Size, *, target: bool = False, picked: bool = False
) -> str:
    """The place of swimmers: a dashed hex on the water (the whole hex a tap target
    when they can be rescued)."""
    out = (
        f'<polygon points="{_corners(cx, cy, SIZE - 1)}" fill="#ffffff" fill-opacity="0.08"/>'
        if target
        else ""
    )
    out += (
        f'<polygon class="swimming" points="{_corners(cx, cy, SIZE - 3 * size.u)}" fill="none" '
        f'stroke="#d7ecfa" stroke-width="{1.8 * size.u:.1f}" '
        f'stroke-dasharray="{4 * size.u:.1f} {4 * size.u:.1f}"/>'
    )
    if picked:
        out += (
            f'<polygon points="{_corners(cx, cy, SIZE - 3 * size.u)}" fill="none" '
            f'stroke="{MOVABLE}" stroke-width="{3 * size.u:.1f}"/>'
        )
    elif target:
        out += (
            f'<polygon points="{_corners(cx, cy, SIZE - 3 * size.u)}" fill="none" '
            f'stroke="{MOVABLE}" stroke-width="{1.8 * size.u:.1f}" '
            f'stroke-dasharray="{4 * size.u:.1f} {4 * size.u:.1f}" '
            f'stroke-dashoffset="{4 * size.u:.1f}"/>'
        )
    return out


def _finals(view: dict) -> list[tuple[tuple[float, float], str]]:
    """Final scoring (TS13): each scored land mass's label, above its top tile."""
    out = []
    for item in view.get("final") or []:
        points = [(s, n) for s, n in enumerate(item.get("points") or []) if n]
        cells = [center(q, r) for q, r in item.get("tiles") or []]
        if not cells or not points:
            continue
        cx, top = min(cells, key=lambda c: (c[1], c[0]))
        words = ", ".join(tr.gettext("%(who)s %(n)s", who=colour(s), n=n) for s, n in points)
        text = tr.ngettext(
            "%(n)s tile: %(points)s", "%(n)s tiles: %(points)s", len(cells), points=words
        )
        out.append(((cx, top - SIZE * 0.95), text))
    return out


def _final_box(text: str, size: Size) -> tuple[float, float]:
    return _text_width(text, size.font) + size.font, 1.6 * size.font


def _final_label(cx: float, cy: float, text: str, size: Size) -> str:
    w, h = _final_box(text, size)
    return (
        f'<rect x="{cx - w / 2:.1f}" y="{cy - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
        f'rx="{0.3 * size.font:.1f}" fill="#000000" fill-opacity="0.75" stroke="{SCORED}" '
        f'stroke-width="{size.line}"/>'
        f"{_text(cx, cy + 0.36 * size.font, text, size.font, '#ffffff')}"
    )


def _target_hex(
    cx: float, cy: float, action: str, label: str, cls: str, water: bool, size: Size
) -> list[str]:
    ring = "#ffffff" if water else MOVABLE
    dashes = f' stroke-dasharray="{5 * size.u:.1f} {3 * size.u:.1f}"' if water else ""
    inset = 2.5 * size.u + 1
    return [
        f"<g {_attrs(class_=f'target {cls}', data_action=action, aria_label=label)}>"
        f"<title>{_esc(label)}</title>"
        # The whole hex answers a tap; its ring is drawn inside it.
        f'<polygon points="{_corners(cx, cy, SIZE - 1)}" fill="#ffffff" fill-opacity="0.18"/>'
        f'<polygon points="{_corners(cx, cy, SIZE - inset)}" fill="none" '
        f'stroke="{INK}" stroke-width="{4.5 * size.u:.1f}"/>'
        f'<polygon points="{_corners(cx, cy, SIZE - inset)}" fill="none" stroke="{ring}" '
        f'stroke-width="{2.5 * size.u:.1f}"{dashes}/>'
    ]


def _targets(
    view: dict, turn: Turn, kind: str, where: str, optional: bool, coord, size: Size
) -> list[str]:
    """The targets of the selected piece, drawn over everything else (each a whole
    hex; a dot says which way a herd goes)."""
    out: list[str] = []
    u = size.u
    if kind == "d":
        cost = tr.gettext("%(cost)s actions", cost=DRIFT_COST)
        for to, action in sorted(turn.drifts[where].items()):
            q, r = parse_key(to)
            cx, cy = center(q, r)
            label = tr.gettext("Drift the tile from %(from)s to %(to)s", to=to, **{"from": where})
            if optional:
                label = tr.gettext("%(label)s (%(cost)s actions)", label=label, cost=DRIFT_COST)
            out.extend(_target_hex(cx, cy, action, label, "drift-target", True, size))
            # An optional drift says its cost: in words where they fit, else the number
            # in the target's dot.
            words = optional and _text_width(cost, size.font, bold=True) <= 2 * HALF_W - 10
            dot = 0.8 * size.font if optional and not words else min(6 * u, 14)
            out.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{dot:.1f}" fill="#ffffff" '
                f'stroke="{INK}" stroke-width="{1.5 * u:.1f}"/>'
            )
            if words:
                out.append(
                    _text(cx, cy + 28, cost, size.font, "#ffffff", font_weight="bold", **HALO)
                )
            elif optional:
                number = str(DRIFT_COST)
                out.append(
                    _text(cx, cy + 0.36 * size.font, number, size.font, INK, font_weight="bold")
                )
            out.append("</g>")
            coord((q, r))
    elif kind in ("m", "mf"):
        table = turn.moves if kind == "m" else turn.moves_plus
        fx, fy = center(*parse_key(where))
        for to, action in sorted(table.get(where, {}).items()):
            q, r = parse_key(to)
            cx, cy = center(q, r)
            label = tr.gettext("Move a herd from %(from)s to %(to)s", to=to, **{"from": where})
            out.extend(_target_hex(cx, cy, action, label, "move-target", False, size))
            # A dot on the target's side of the shared edge: "one step this way".
            dx, dy = cx + (fx - cx) * 0.42, cy + (fy - cy) * 0.42
            out.append(
                f'<circle cx="{dx:.1f}" cy="{dy:.1f}" r="{min(5 * u, 12):.1f}" '
                f'fill="{MOVABLE}" stroke="{INK}" stroke-width="{1.5 * u:.1f}"/></g>'
            )
    elif kind == "r" and "_" not in where:
        for action in sorted(turn.rescues.get(where, [])):
            to = action.partition(">")[2]
            q, r = parse_key(to)
            cx, cy = center(q, r)
            label = tr.gettext("Rescue a swimmer from %(from)s to %(to)s", to=to, **{"from": where})
            out.extend(_target_hex(cx, cy, action, label, "rescue-target", False, size))
            out.append("</g>")
    return out


def _buttons(
    turn: Turn,
    kind: str,
    where: str,
    optional: bool,
    cx: float,
    min_y: float,
    size: Size,
    width: float = math.inf,
) -> str:
    """The picked piece's buttons, in a row between the status lines and the map (a
    button beside a small hex would cover its neighbours): "Place here", "+1 herd",
    and for herds on a tile that may also drift, the drift; in words short enough for
    the row to fit the board's ``width`` (the drift's "Drift (3 actions)" where "Drift
    this tile (3 actions)" would not, as in German beside "+1 herd")."""
    pills: list[tuple[str, str, dict]] = []
    if kind == "p":
        pills.append(
            (
                tr.gettext("Place here"),
                tr.gettext("Place 2 herds on %(at)s", at=where),
                {"data_action": turn.place[where]},
            )
        )
    elif kind == "m":
        if where in turn.reproduce:
            pills.append(
                (
                    tr.gettext("+1 herd"),
                    tr.gettext("Reproduce on %(at)s", at=where),
                    {"data_action": turn.reproduce[where]},
                )
            )
        if where in turn.drifts:
            text = tr.gettext("Drift this tile (%(cost)s actions)", cost=DRIFT_COST)
            pills.append(
                (
                    text,
                    tr.gettext("Drift the tile at %(at)s instead", at=where),
                    {"data_select": f"d:{where}"},
                )
            )
    y = min_y + size.strip + size.button_row / 2
    out = ['<g class="buttons">']
    gap = size.font

    def widths_of(pills) -> list[float]:
        return [_text_width(t, size.font, bold=True) + 1.4 * size.font for t, _, _ in pills]

    widths = widths_of(pills)
    if kind == "m" and where in turn.drifts and sum(widths) + gap * len(pills) > width:
        short = tr.gettext("Drift (%(cost)s actions)", cost=DRIFT_COST)
        pills[-1] = (short, *pills[-1][1:])
        widths = widths_of(pills)
    x = cx - (sum(widths) + gap * (len(pills) - 1)) / 2
    for (text, label, attrs), w in zip(pills, widths, strict=True):
        svg, _ = _pill(x + w / 2, y, text, label, size, **attrs)
        out.append(svg)
        x += w + gap
    out.append("</g>")
    return "".join(out)


def _strip(
    view: dict,
    seat: int | None,
    min_x: float,
    min_y: float,
    width: float,
    size: Size,
    me: object = SAME_SEAT,
) -> str:
    """Two centred lines above the map: whose turn it is, then the viewer's hand card
    (``seat``'s, named as a guess when ``me``, who reads it, is someone else) and the
    cards left."""
    second = []
    hand = view.get("hand")
    over = view.get("phase") == "over"
    if seat is not None and hand and not over:
        name = {
            "M": tr.pgettext("Trias card", "mountain"),
            "S": tr.pgettext("Trias card", "steppe"),
            "W": tr.pgettext("Trias card", "wood"),
        }.get(hand, hand)
        if looking(seat, me) == seat:
            hand_text = tr.gettext("Your hand card: %(card)s", card=name)
        else:
            hand_text = tr.gettext(
                "%(seat)s's hand card (a guess): %(card)s", seat=colour(seat), card=name
            )
        second.append(
            f'<tspan class="hand-card" data-hand="{_esc(hand)}">{_esc(hand_text)}</tspan>'
        )
    deck = view.get("deck") or {}
    if deck and not over:
        left = int(deck.get("left", 0))
        second.append(_esc(tr.ngettext("%(n)s card left", "%(n)s cards left", left)))
    cx = min_x + width / 2
    font = size.font
    out = [
        f'<text class="status" x="{cx:.1f}" y="{min_y + 1.4 * font:.1f}" text-anchor="middle" '
        f'font-size="{round(1.1 * font, 1)}" {FONT} font-weight="bold" fill="#ffffff">'
        f"{_esc(_status(view))}</text>"
    ]
    if second:
        joined = " \u00b7 ".join(second)
        out.append(
            f'<text class="status" x="{cx:.1f}" y="{min_y + 2.85 * font:.1f}" '
            f'text-anchor="middle" font-size="{font}" {FONT} fill="#ffffff">{joined}</text>'
        )
    return "".join(out)
