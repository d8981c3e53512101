"""Server-rendered SVG boards and turn guides: what every game's board module shares,
and the calls that reach the game's own (``GameSpec.board``, e.g. ``titles.trias.board``).

Pure Python like the engines. Each module exposes two functions (and may expose ``layers``).

``render_svg(view, *, seat, actions=(), selected=None, viewer=SAME_SEAT) -> str``
    ``view`` is the engine's ``view(state, seat)``; ``actions`` are the legal actions
    of the viewer (empty when it is not their turn or for a spectator). ``viewer``:
    who is looking, when it is not ``seat`` (the analysis board of a game with hidden
    information draws the view of the seat to move, its hand a guess, for whoever
    analyses: their seat, or None). The board then names ``viewer`` "you", never
    ``seat``, and says that ``seat``'s hand is a guess; by default the two are one.
    :func:`render_svg` passes it on only when it differs from ``seat`` (a spectator
    analysing a Triad game, the mover's seat drawn); a board whose every seat sees the
    same (Triad's) takes it and changes nothing. The result is
    one self-contained ``<svg>`` element (viewBox, ``role="img"`` or, with clickable
    parts, ``"group"``, a ``<title>``),
    drawn only from ``view`` so it can never show a secret the viewer may not see.

``layers(view, *, seat) -> Layers`` (optional)
    The picture without actions split into a base that does not change with the
    position and tiles painted over it, so an email's picture can draw the base once
    per process and each tile's look once (``mail.sending.pictures``); with the board's title,
    so the email needs no ``render_svg`` at all.

``picture(view, *, seat) -> str`` (optional)
    ``render_svg``'s board without actions, and without the descriptions a picture
    never draws (its parts' titles and labels; the board's own ``<title>`` stays):
    cheaper to make for an email's picture, the same pixels.

``card_picture(card) -> str`` (optional, ``GameSpec.card_pictures``)
    One card as the board draws it, alone in a small decorative ``<svg>``, for lists
    of cards the page shows beside the board.

``guide(view, *, seat, actions=(), selected=None, viewer=SAME_SEAT) -> Guide``
    The same turn in words (``viewer`` as for ``render_svg``), for the page around the
    board: what the player is to do now, the choices as a two-step list (a piece, then
    its target) that works without the board, the buttons for actions the board has no
    spot for, and the legend.

What changed since the viewer last looked is each game's ``changes`` module
(:mod:`games.boards.changes`): words and marks read from the viewer's own views,
drawn over ``render_svg``'s board as ``data-changed`` groups.

Playing by clicking: an element the viewer can click carries either
``data-select="TOKEN"`` (pick a piece; the page re-renders with ``selected=TOKEN``
and the targets light up) or ``data-action="NOTATION"`` (play that exact legal
action). The page wires these attributes to htmx; the renderer knows nothing of URLs.

The contract between the two (checked for every game by
``tests/boards/test_contract.py``):

- every ``data-select`` token on the board is the ``token`` of one of the guide's
  ``choices``, and only those tokens are accepted as ``selected`` (anything else is
  ignored, so the page validates ``?select=`` with :func:`selectable` before it
  caches anything);
- every ``data-action`` on the board is a legal action;
- every legal action is reachable from the guide: a target of a choice or a button
  (so keyboard and screen-reader players can play every move without the board).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from games import registry


class _SameSeat:
    """``viewer``'s default: the seat whose view is drawn is the one looking."""

    def __repr__(self) -> str:
        return "SAME_SEAT"


SAME_SEAT = _SameSeat()


def looking(seat: int | None, viewer: object) -> int | None:
    """Who reads the board: ``viewer``, or ``seat`` by default (``SAME_SEAT``)."""
    return seat if viewer is SAME_SEAT else viewer  # type: ignore[return-value]


@dataclass(frozen=True)
class Target:
    """One legal action in words: ``label`` says what it does ("Move to c4, turning
    it to III"); ``note`` anything the player should weigh ("costs 3 of your 4
    actions", "optional")."""

    action: str
    label: str
    note: str = ""


@dataclass(frozen=True)
class Choice:
    """A piece or place the player can pick (the board's ``data-select`` token) and
    what can then be done with it. ``group``: an optional heading for a run of
    choices of one kind ("Drift a tile"), for the page to show above its first one;
    choices of one group are consecutive."""

    token: str
    label: str
    targets: tuple[Target, ...]
    group: str = ""


@dataclass(frozen=True)
class LegendItem:
    """One line of the board's legend: a CSS colour swatch and what it means."""

    swatch: str
    label: str


@dataclass(frozen=True)
class Guide:
    """What the page says around the board for one viewer.

    ``prompt``: what to do now, one short sentence ("Drift a tile, or skip it."),
    empty when the viewer has no actions (the page then says whom it waits for);
    ``detail``: what else matters now ("3 of 4 actions left."), may be empty;
    ``acting_for``: when the viewer decides for another seat (a computer seat in
    Tri*T*Area), that seat's name in words ("Orange (computer)"), else empty;
    ``rules_anchor``: one of the game's ``GameSpec.rules_anchors``, the rules section
    for this step;
    ``choices``: the two-step list, in board order; ``buttons``: one-step actions;
    ``legend``: the board's legend (may be empty for a self-explaining board).
    """

    prompt: str
    detail: str = ""
    acting_for: str = ""
    rules_anchor: str = ""
    choices: tuple[Choice, ...] = ()
    buttons: tuple[Target, ...] = ()
    legend: tuple[LegendItem, ...] = ()

    def reachable(self) -> set[str]:
        """Every action the guide offers."""
        found = {t.action for t in self.buttons}
        for choice in self.choices:
            found.update(t.action for t in choice.targets)
        return found

    def choice(self, token: str | None) -> Choice | None:
        return next((c for c in self.choices if c.token == token), None)


@dataclass(frozen=True)
class Tile:
    """A part of a board painted over its base layer: ``svg`` holds elements (not a
    whole ``<svg>``) drawn inside the box ``x, y, width, height`` (board units).

    ``anchor``: when given, ``svg`` and the box are drawn around the point ``(0, 0)``
    and the tile is painted with that point at ``anchor`` on the board (what
    ``<g transform="translate(...)">`` would paint). A board whose size and scale change
    with the position (Trias's) says so: a picture can then draw such a tile once for
    its scale and stamp it wherever it falls, its anchor on a whole pixel."""

    x: float
    y: float
    width: float
    height: float
    svg: str
    anchor: tuple[float, float] | None = None

    def placed(self) -> str:
        """The tile's elements where the board paints them."""
        if self.anchor is None:
            return self.svg
        return f'<g transform="translate({self.anchor[0]!r} {self.anchor[1]!r})">{self.svg}</g>'


@dataclass(frozen=True)
class Layers:
    """A board without actions split for pictures drawn often (emails): ``base`` a
    whole ``<svg>`` of what does not change with the position (same viewBox as
    ``render_svg``'s, or for a board of anchored tiles the same size from ``0 0``),
    then ``tiles`` in painting order. Base plus tiles (``svg()``) paints what
    ``render_svg(view, seat=seat)`` paints. ``title``: what ``render_svg``'s
    ``<title>`` says (the email's position in words starts with it). ``ground``: when
    the base is one flat colour (``#rrggbb``) filling the board, that colour, so a
    picture can fill its canvas rather than draw a base of every board size."""

    base: str
    tiles: tuple[Tile, ...]
    title: str = ""
    ground: str = ""

    def text(self) -> str:
        """Everything that decides the picture (its cache key): the base, and each
        tile's box and SVG."""
        parts = [self.base]
        for tile in self.tiles:
            at = "" if tile.anchor is None else f" @ {tile.anchor[0]!r} {tile.anchor[1]!r}"
            parts.append(f"{tile.x!r} {tile.y!r} {tile.width!r} {tile.height!r}{at}\n{tile.svg}")
        return "\n".join(parts)

    def svg(self) -> str:
        """The whole picture as one ``<svg>``: the base with every tile painted in."""
        head, _end, _rest = self.base.rpartition("</svg>")
        return head + "".join(tile.placed() for tile in self.tiles) + "</svg>"


def _module(game: str):
    return registry.get(game).part("board")


def render_svg(
    game: str,
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
    viewer: object = SAME_SEAT,
) -> str:
    """Render the board of engine ``game`` through its module in this package;
    ``viewer``: who looks, when not ``seat`` (see the module's docstring)."""
    if looking(seat, viewer) == seat:
        return _module(game).render_svg(view, seat=seat, actions=actions, selected=selected)
    return _module(game).render_svg(
        view, seat=seat, actions=actions, selected=selected, viewer=viewer
    )


def guide(
    game: str,
    view: dict,
    *,
    seat: int | None,
    actions: Sequence[str] = (),
    selected: str | None = None,
    viewer: object = SAME_SEAT,
) -> Guide:
    """The turn guide of engine ``game`` for this viewer (``viewer`` as for
    :func:`render_svg`)."""
    if looking(seat, viewer) == seat:
        return _module(game).guide(view, seat=seat, actions=actions, selected=selected)
    return _module(game).guide(view, seat=seat, actions=actions, selected=selected, viewer=viewer)


def layers(game: str, view: dict, *, seat: int | None) -> Layers | None:
    """The board as :class:`Layers` (no actions), or None for a game whose module
    draws it only whole."""
    if not registry.get(game).board_layers:
        return None
    return _module(game).layers(view, seat=seat)


def picture_svg(game: str, view: dict, *, seat: int | None) -> str:
    """The board as a picture (no actions): the module's ``picture`` where the spec
    declares one, else ``render_svg`` without actions."""
    module = _module(game)
    if registry.get(game).board_picture:
        return module.picture(view, seat=seat)
    return module.render_svg(view, seat=seat, actions=(), selected=None)


def card_picture(game: str, card: str) -> str:
    """One of the game's cards as its page draws it (a small ``<svg>``), where the spec
    declares ``card_pictures``; else "" (the card is named only)."""
    if not registry.get(game).card_pictures:
        return ""
    return _module(game).card_picture(card)


def selectable(game: str, view: dict, *, seat: int | None, actions: Sequence[str]) -> set[str]:
    """The ``selected`` tokens that mean something now (validate ``?select=`` with it)."""
    return {c.token for c in guide(game, view, seat=seat, actions=actions).choices}


_INTERACTIVE = re.compile(r'\s(?:data-select|data-action|tabindex|aria-label)="[^"]*"')
_ROOT_ROLE = re.compile(r'(<svg\b[^>]*?\srole=")[^"]*(")')


def as_picture(svg: str) -> str:
    """A drawn board with nothing to click: a diagram or an illustration (the rules
    pages) lights targets as the game page does, but its marks are not buttons. The
    root keeps its label and becomes ``role="img"``; inner labels go with the
    clickable parts they named (their ``<title>`` stays as a description)."""
    head, sep, rest = svg.partition(">")
    root = _ROOT_ROLE.sub(r"\1img\2", head + sep) if ' role="' in head else head + sep
    return root + _INTERACTIVE.sub("", rest)
