"""What changed on the Tri*T*Area board since the viewer's last turn (contract in
:mod:`games.boards.changes`).

The words are the public log's lines written since (cards played, the concept
adopted and its building rights, blocks built and sold, defaults, scorings): the
engine writes there only what the table sees (a hidden lead declaration is written
when revealed, TT10; a hand never, TT11). Computer seats act inside a person's
move, so the log says more than the move list.

Marks (``data-changed``): ``built`` on a square that gained blocks this round (its
``data-seat`` the top block's colour), ``played`` on a seat's box whose card on the
table is new. A round that ended among the changes gets a :class:`RoundSummary`:
each area's majority and points as the last board of the round stood (the board is
cleared for the next round inside the move that ended it, so that board is the one
before that move plus its public build).
"""

from __future__ import annotations

from games.boards.changes import (
    MARK_EDGE,
    Changes,
    Mark,
    Ply,
    RoundSummary,
    SummaryRow,
    esc,
    group,
    sentence,
)
from games.engines.base import Text, localize
from games.engines.base import translated as tr
from titles.tritarea.engine.board import AREAS, SQUARE_INDEX
from titles.tritarea.engine.scoring import area_points, area_standings

from .board import svg
from .board import words as w

# Teal: neither an area's colour nor the board's magenta "tap here".
TEAL = "#00838f"
_RIGHTS = (
    "Trick %(trick)s: %(area)s adopted; first right %(first)s, second right %(second)s",
    "Trick %(trick)s: %(area)s adopted; first right %(first)s",
)
_SCORING = "Round %(round)s scoring"
_ROUND = "Round %(round)s: %(who)s is start player; %(cards)s cards, %(blocks)s blocks"


def _stacks(view: dict) -> list[list[int]]:
    return [list(sq.get("stack") or []) for sq in view.get("board") or []]


def _final_board(before: dict, action: str) -> tuple[tuple[int, ...], ...]:
    """The board as the round ended: ``before`` and the public build that ended it."""
    stacks = _stacks(before)
    builder = before.get("acting_seat")
    words = action.split()
    if builder is not None and words and words[0] in ("b", "x"):
        for name in words[1:]:
            if name in SQUARE_INDEX:
                stacks[SQUARE_INDEX[name]].append(builder)
    return tuple(tuple(s) for s in stacks)


def _names(view: dict, seats) -> str:
    return ", ".join(w.colour(view, s) for s in seats)


def _summary(before: dict, after: dict, action: str, round_log: list) -> RoundSummary:
    final = _final_board(before, action)
    rows = []
    for letter in AREAS:
        standings = area_standings(final, letter)
        name = w.concept(after, letter)
        if not standings:
            rows.append(SummaryRow(name, tr.gettext("empty"), tr.gettext("no points")))
            continue
        majority = _names(after, standings[0])
        if len(standings[0]) > 1:  # a shared first place (TT4)
            majority = tr.gettext("%(names)s (tied)", names=majority)
        elif len(standings) > 1:
            majority = tr.gettext(
                "%(first)s, then %(second)s", first=majority, second=_names(after, standings[1])
            )
        points = area_points(final, letter)
        rows.append(
            SummaryRow(
                name,
                majority,
                ", ".join(
                    tr.gettext("%(who)s +%(n)s", who=w.colour(after, s), n=n)
                    for s, n in sorted(points.items())
                ),
            )
        )
    scoring = (after.get("scoring") or [])[len(before.get("scoring") or [])]
    others = tuple(sentence(localize(line)) for line in scoring["lines"][len(AREAS) :])
    labels = {str(row.get("label")): row["seat"] for row in w.seat_rows(after)}
    won: dict[int, int] = {}
    for line in round_log:
        if isinstance(line, Text) and line.msgid in _RIGHTS:
            for part in ("first", "second"):
                s = labels.get(str(line.params.get(part)))
                if s is not None:
                    won[s] = won.get(s, 0) + 1
    rights = ", ".join(
        tr.gettext("%(who)s %(n)s", who=w.colour(after, s), n=n) for s, n in sorted(won.items())
    )
    scores = ", ".join(
        tr.gettext("%(who)s %(n)s", who=w.colour(after, row["seat"]), n=row.get("score", 0))
        for row in w.seat_rows(after)
    )
    return RoundSummary(
        round=int(scoring["round"]), rows=tuple(rows), others=others, rights=rights, scores=scores
    )


def changes(views: list[dict], plies: list[Ply], *, seat: int | None) -> Changes:
    lines: list[str] = []
    summaries: list[RoundSummary] = []
    start = 0  # the first view of the round the board shows now
    for i, ply in enumerate(plies):
        before, after = views[i], views[i + 1]
        new = list((after.get("log") or [])[len(before.get("log") or []) :])
        ended = len(after.get("scoring") or []) > len(before.get("scoring") or [])
        # A round's scoring lines are told by its summary instead.
        scored = {str(line) for line in after["scoring"][-1]["lines"]} if ended else set()
        lines += [
            sentence(localize(line))
            for line in new
            if str(line) not in scored and getattr(line, "msgid", "") != _SCORING
        ]
        if not new and ply.description:  # a secret choice writes no log line yet (TT10)
            lines.append(sentence(ply.description))
        if ended:
            # The round's log: back to its opening line (the next round's opens in
            # ``new``, after the scoring).
            log = list(before.get("log") or [])
            opened = max(
                (k for k, line in enumerate(log) if getattr(line, "msgid", "") == _ROUND),
                default=0,
            )
            summaries.append(_summary(before, after, ply.action, log[opened:] + new))
            start = i + 1
    first, last = views[start], views[-1]
    marks: list[Mark] = []
    if first.get("round") == last.get("round"):
        old, new_stacks = _stacks(first), _stacks(last)
        for k, (a, b) in enumerate(zip(old, new_stacks, strict=False)):
            if len(b) > len(a):
                square = (last.get("board") or [])[k].get("square", "")
                label = tr.ngettext(
                    "%(n)s new block on %(square)s",
                    "%(n)s new blocks on %(square)s",
                    len(b) - len(a),
                    square=square,
                )
                marks.append(Mark("built", square, label, seat=b[-1], count=len(b) - len(a)))
    before_played = {(p["seat"], p["card"]) for p in first.get("played") or []}
    for p in last.get("played") or []:
        # The viewer's own card too: the live news starts after their last move, so
        # it is only ever theirs in a replay, where the move shown is marked whoever made it.
        if (p["seat"], p["card"]) not in before_played:
            label = tr.gettext(
                "%(who)s played %(card)s", who=w.label(last, p["seat"]),
                card=w.card_words(last, p["card"]),
            )  # fmt: skip
            marks.append(Mark("played", str(p["seat"]), label, seat=p["seat"]))
    return Changes(lines=tuple(lines), marks=tuple(marks), summaries=tuple(summaries))


def overlay(view: dict, found: Changes, *, seat: int | None) -> str:
    top = svg.HAND_Y + (svg.HAND_H + 10 if svg._has_hand(view, seat) else 0)
    out = []
    for mark in found.marks:
        if mark.kind == "built" and mark.at in SQUARE_INDEX:
            x, y = svg._cell_origin(SQUARE_INDEX[mark.at])
            c = svg.CELL
            inner = (
                f'<rect x="{x + 3}" y="{y + 3}" width="{c - 6}" height="{c - 6}" rx="4" '
                f'fill="none" stroke="{MARK_EDGE}" stroke-width="6" stroke-dasharray="10 5"/>'
                f'<rect x="{x + 3}" y="{y + 3}" width="{c - 6}" height="{c - 6}" rx="4" '
                f'fill="none" stroke="{TEAL}" stroke-width="3.5" stroke-dasharray="10 5"/>'
                f'<rect x="{x + c - 36}" y="{y + c - 26}" width="30" height="20" rx="10" '
                f'fill="{TEAL}" stroke="#ffffff" stroke-width="1.5"/>'
                f'<text x="{x + c - 21}" y="{y + c - 11}" text-anchor="middle" font-size="15" '
                f'font-family="sans-serif" font-weight="bold" fill="#ffffff">'
                f"{esc('+' + str(mark.count))}</text>"
            )
            out.append(group(mark, inner))
        elif mark.kind == "played" and mark.seat is not None:
            x = 4 + mark.seat * svg.COL_W
            inner = (
                f'<rect x="{x + 2 + (svg.BOX_W - svg.TRICK_W) / 2 - 4:g}" y="{top + 42:g}" '
                f'width="{svg.TRICK_W + 8}" height="{svg.TRICK_H + 8}" rx="6" fill="none" '
                f'stroke="{TEAL}" stroke-width="3.5" stroke-dasharray="8 4"/>'
            )
            out.append(group(mark, inner))
    return "".join(out)
