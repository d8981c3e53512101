"""What changed since a viewer's last turn: marks on the board and the same in words.

Pure Python like the boards. Each game has a module (its ``GameSpec.changes``, e.g.
``titles.trias.changes``) with two functions:

``changes(views, plies, *, seat) -> Changes``
    ``views`` are ``view(state, seat)`` for the viewer's own seat (``None`` for a
    spectator) before the first ply and after each ply, so ``len(views) ==
    len(plies) + 1``; ``plies`` are the moves between, with their public notation
    (a hidden one redacted) and their public description. Nothing else is read, so
    the changes can never tell a secret the viewer's own views do not show.

``overlay(view, changes, *, seat) -> str``
    SVG elements drawn over ``render_svg(view, ...)``'s board (the same units): one
    ``<g data-changed="KIND" data-at="WHERE">`` per mark, never in the way of a tap
    (``pointer-events="none"``). :func:`mark_board` puts them into the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games import registry


@dataclass(frozen=True)
class Ply:
    """One stored move as every viewer may read it."""

    ply: int
    seat: int
    action: str  # public notation (``redact_action`` applied while the game runs)
    description: str  # the move list's sentence, in the viewer's language
    by_computer: bool = False


@dataclass(frozen=True)
class Mark:
    """One changed place: ``kind`` (the ``data-changed`` value: ``drifted``,
    ``drift-from``, ``herds-added``, ``herds-removed``, ``swimming``, ``scored``,
    ``moved``, ``removed``, ``built``, ``bonus``, ``played``), ``at`` where (the game's
    own spelling: ``"1,-2"``, ``"c4"``), ``origin`` where it came from (a drift, a
    die's move), ``seat`` whose, ``count`` how many (herds, blocks), ``label`` in
    words (the mark's title)."""

    kind: str
    at: str
    label: str
    origin: str = ""
    seat: int | None = None
    count: int = 0


@dataclass(frozen=True)
class SummaryRow:
    """One line of a round's summary table: an area (or another scoring), who holds
    its majority, and the points each scored."""

    name: str
    majority: str
    points: str


@dataclass(frozen=True)
class RoundSummary:
    """A round that ended among the changes (Tri*T*Area): its number, a row per area,
    the other scorings in words, the building rights each seat won in it, and the
    scores after it."""

    round: int
    rows: tuple[SummaryRow, ...]
    others: tuple[str, ...] = ()
    rights: str = ""
    scores: str = ""


@dataclass(frozen=True)
class Changes:
    """``lines``: what happened, a sentence per turn (or event), oldest first;
    ``yours``: what it means for the viewer ("Your 2 herds at 1,-2 are swimming");
    ``marks``: the places to mark on the board; ``summaries``: rounds that ended."""

    lines: tuple[str, ...] = ()
    yours: tuple[str, ...] = ()
    marks: tuple[Mark, ...] = ()
    summaries: tuple[RoundSummary, ...] = field(default_factory=tuple)

    def __bool__(self) -> bool:
        return bool(self.lines or self.marks or self.summaries)


def _module(game: str):
    return registry.get(game).part("changes")


def changes(game: str, views: Sequence[dict], plies: Sequence[Ply], *, seat: int | None) -> Changes:
    if not plies:
        return Changes()
    return _module(game).changes(list(views), list(plies), seat=seat)


def overlay(game: str, view: dict, found: Changes, *, seat: int | None) -> str:
    if not found.marks:
        return ""
    return _module(game).overlay(view, found, seat=seat)


def mark_board(svg: str, marks_svg: str) -> str:
    """The board with the marks drawn over it, last (on top), in one group."""
    if not marks_svg or "</svg>" not in svg:
        return svg
    head, _end, tail = svg.rpartition("</svg>")
    return f'{head}<g class="changes" pointer-events="none">{marks_svg}</g></svg>{tail}'


def sentence(text: str) -> str:
    """A line of the news as a sentence: a capital first, a full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def esc(text: object) -> str:
    """Text or a double-quoted attribute value, escaped for XML."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def group(mark: Mark, inner: str) -> str:
    """A mark's elements in their ``data-changed`` group, with its title."""
    seat = f' data-seat="{mark.seat}"' if mark.seat is not None else ""
    origin = f' data-from="{esc(mark.origin)}"' if mark.origin else ""
    return (
        f'<g class="changed changed-{mark.kind}" data-changed="{mark.kind}" '
        f'data-at="{esc(mark.at)}"{origin}{seat}><title>{esc(mark.label)}</title>{inner}</g>'
    )


# The marks' colour: a magenta no landscape, area or seat colour uses, on a dark edge.
MARK = "#e0169b"
MARK_EDGE = "#1b0a14"
