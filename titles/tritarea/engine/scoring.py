"""End-of-round scoring, in the ruled order (TT9): areas, tallest building, declaration
of intent (round 2), lead area (round 3), unplaced blocks (round 3). Scores never go
below 0: each change is clamped as it is made.

Areas (rulebook and TT4): the colours are ranked by the number of buildings they top in
the area; ties by the heights of the buildings each tops, tallest first, then the next;
still tied, the places involved are split, rounding up. A lone colour takes both
places' points; an empty area pays nothing; a shared first place shares first + second
(and no second place is given); a shared second place shares the second's points.

Tallest building (rulebook, TT5): among the tallest buildings of the whole board, each
one's majority colour (most blocks; on a tie the colour with the lowest block) scores
10 if there is one such building, 6 each for two, 4 each for three or more.

Declarations (TT6): all colours tied for first count as first; a colour absent from the
area is "third or lower". Places are counted as in competition ranking: after two
colours tied for first, the next colour is third.
"""

from __future__ import annotations

from games.engines.base import gettext_lazy, join_texts

from .board import AREA_SQUARES, AREAS

Board = tuple[tuple[int, ...], ...]


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def area_standings(board: Board, area: str) -> list[list[int]]:
    """Colours present in ``area``, grouped by equal strength, strongest group first (TT4)."""
    heights: dict[int, list[int]] = {}
    for square in AREA_SQUARES[area]:
        stack = board[square]
        if stack:
            heights.setdefault(stack[-1], []).append(len(stack))
    keyed: dict[tuple, list[int]] = {}
    for seat, hs in heights.items():
        key = (len(hs), tuple(sorted(hs, reverse=True)))
        keyed.setdefault(key, []).append(seat)
    return [sorted(keyed[key]) for key in sorted(keyed, reverse=True)]


def place_in_area(board: Board, area: str, seat: int) -> int | None:
    """1 for first (also when shared), 2, 3, ...; ``None`` when ``seat`` tops nothing there."""
    ahead = 0
    for group in area_standings(board, area):
        if seat in group:
            return ahead + 1
        ahead += len(group)
    return None


def area_points(board: Board, area: str) -> dict[int, int]:
    """Points each colour earns for ``area`` (rulebook, TT4)."""
    first, second = AREAS[area][2], AREAS[area][3]
    groups = area_standings(board, area)
    points: dict[int, int] = {}
    if not groups:
        return points
    top = groups[0]
    if len(top) > 1:
        share = _ceil_div(first + second, len(top))
        for seat in top:
            points[seat] = share
        return points
    if len(groups) == 1:  # a lone colour takes both places
        points[top[0]] = first + second
        return points
    points[top[0]] = first
    share = _ceil_div(second, len(groups[1]))
    for seat in groups[1]:
        points[seat] = share
    return points


def building_majority(stack: tuple[int, ...]) -> int:
    """TT5: the colour with most blocks; on a tie the one whose lowest block is lowest."""
    counts: dict[int, int] = {}
    for seat in stack:
        counts[seat] = counts.get(seat, 0) + 1
    most = max(counts.values())
    for seat in stack:  # bottom first: the first tied colour met has the lowest block
        if counts[seat] == most:
            return seat
    raise AssertionError("unreachable")


def tallest_points(board: Board) -> list[tuple[int, int, int]]:
    """``(square, owner, points)`` for each tallest building (10 / 6 each / 4 each)."""
    height = max(len(stack) for stack in board)
    if height == 0:
        return []
    tallest = [i for i, stack in enumerate(board) if len(stack) == height]
    each = 10 if len(tallest) == 1 else 6 if len(tallest) == 2 else 4
    return [(i, building_majority(board[i]), each) for i in tallest]


def round_scoring(
    *,
    round_no: int,
    board: Board,
    scores: tuple[int, ...],
    hands: tuple[tuple[str, ...], ...],
    lead: tuple[str, ...],
    blocks: tuple[int, ...],
    npc: tuple[bool, ...],
    labels: tuple[str, ...],
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """New scores and the scoring lines of a finished round, in TT9 order."""
    from .board import SQUARES
    from .cards import parse_played

    totals = list(scores)
    lines: list[str] = []

    def add(seat: int, delta: int) -> None:
        totals[seat] = max(0, totals[seat] + delta)

    # 1. areas
    for area, (area_name, _colour, _p1, _p2) in AREAS.items():
        points = area_points(board, area)
        if not points:
            lines.append(gettext_lazy("%(area)s: empty, no points", area=area_name))
            continue
        for seat, pts in points.items():
            add(seat, pts)
        text = join_texts(
            gettext_lazy("%(who)s +%(n)s", who=labels[s], n=p) for s, p in points.items()
        )
        lines.append(gettext_lazy("%(area)s: %(points)s", area=area_name, points=text))
    # 2. tallest building
    tallest = tallest_points(board)
    if tallest:
        height = len(board[tallest[0][0]])
        for square, owner, pts in tallest:
            add(owner, pts)
            lines.append(
                gettext_lazy(
                    "Tallest building %(square)s (height %(height)s): %(who)s +%(n)s",
                    square=SQUARES[square],
                    height=height,
                    who=labels[owner],
                    n=pts,
                )
            )
    # 3. declaration of intent (round 2): the card left in hand
    if round_no == 2:
        for seat, hand in enumerate(hands):
            if not hand:
                continue
            card = hand[0]
            area = card[0]
            rank = int(card[1:])
            name = AREAS[area][0]
            if place_in_area(board, area, seat) != 1:
                lines.append(
                    gettext_lazy(
                        "Declaration of intent: %(who)s %(card)s, not first in %(area)s",
                        who=labels[seat],
                        card=card,
                        area=name,
                    )
                )
                continue
            if rank == 5 and not npc[seat] and totals[seat] >= 2:
                # TT3: a 5 may count as 10 for 2 points; when it scores that is always
                # the better choice, so the site makes it for the player (NPCs never pay).
                add(seat, -2)
                add(seat, 10)
                lines.append(
                    gettext_lazy(
                        "Declaration of intent: %(who)s %(card)s as 10 (paid 2), "
                        "first in %(area)s +10",
                        who=labels[seat],
                        card=card,
                        area=name,
                    )
                )
                continue
            add(seat, rank)
            lines.append(
                gettext_lazy(
                    "Declaration of intent: %(who)s %(card)s, first in %(area)s +%(n)s",
                    who=labels[seat],
                    card=card,
                    area=name,
                    n=rank,
                )
            )
    # 4. lead area (round 3)
    if round_no == 3:
        for seat, declared in enumerate(lead):
            if not declared:
                continue
            card, rank, _cost = parse_played(declared)
            area = card[0]
            name = AREAS[area][0]
            place = place_in_area(board, area, seat)
            if place == 1:
                add(seat, rank)
                lines.append(
                    gettext_lazy(
                        "Lead area: %(who)s %(card)s first in %(area)s +%(n)s",
                        who=labels[seat],
                        card=declared,
                        area=name,
                        n=rank,
                    )
                )
            elif place == 2:
                lines.append(
                    gettext_lazy(
                        "Lead area: %(who)s %(card)s second in %(area)s +0",
                        who=labels[seat],
                        card=declared,
                        area=name,
                    )
                )
            else:
                add(seat, -rank)
                lines.append(
                    gettext_lazy(
                        "Lead area: %(who)s %(card)s third or lower in %(area)s -%(n)s",
                        who=labels[seat],
                        card=declared,
                        area=name,
                        n=rank,
                    )
                )
    # 5. unplaced blocks (round 3)
    if round_no == 3:
        for seat, left in enumerate(blocks):
            if left:
                add(seat, -2 * left)
                lines.append(
                    gettext_lazy(
                        "Unplaced blocks: %(who)s %(left)s left -%(n)s",
                        who=labels[seat],
                        left=left,
                        n=2 * left,
                    )
                )
    return tuple(totals), tuple(lines)
