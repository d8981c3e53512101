"""Drifting tiles (rulings TS4-TS6).

A drift lifts the tile at ``p`` and puts it down at ``d``; there is no path check.
``drift_targets`` is the geometric part of TS4 (what the board allows); who may
drift what (presence on the land mass, the card's landscape) is decided by
``legal_drifts``.
"""

from __future__ import annotations

from .board import POLE, Board, Pos, distance, format_pos, neighbours


def drift_targets(board: Board, p: Pos) -> tuple[Pos, ...]:
    """Where the tile at ``p`` may be put down (TS4), sorted; empty if it cannot drift.

    Required: the tile is not the South Pole; its land mass L has at least two
    tiles; ``p`` touches the surrounding water before the lift; ``d`` is water after
    the lift, strictly farther from the pole than ``p``, and touches L without the
    lifted tile (any of its parts when the lift split it); the placed tile touches
    the surrounding water.
    """
    cached = board.targets.get(p)
    if cached is not None:
        return cached
    board.targets[p] = result = _drift_targets(board, p)
    return result


def _drift_targets(board: Board, p: Pos) -> tuple[Pos, ...]:
    if p == POLE or p not in board.land:
        return ()
    m = board.mass_of[p]
    if len(board.masses[m]) < 2 or not board.touches_surrounding(p):
        return ()
    # Lifting the tile opens p, and every interior sea beside p, to the surrounding
    # water.
    opened = set()
    for n in neighbours(p):
        sea = board.sea_of.get(n)
        if sea is not None:
            opened.add(sea)
    beside_p = neighbours(p)
    dist_p = distance(p)
    sea_of = board.sea_of
    result = []
    for dist_d, d, count in board.coast_far[m]:
        if dist_d <= dist_p:
            break
        if d in beside_p:
            count -= 1  # the lifted tile no longer holds d to the land mass
            if count < 1:
                continue
        # The placed tile must touch the surrounding water. Placing a tile never cuts
        # all of its water neighbours off the open sea (a path out through d can
        # restart at its last neighbour of d), so that holds exactly when d itself is
        # surrounding water after the lift: outside already, or in a sea beside p.
        sea = sea_of.get(d)
        if sea is None or sea in opened:
            result.append(d)
    return tuple(sorted(result))


def legal_drifts(
    board: Board, present: set[int], kinds: frozenset[str] | None = None
) -> list[tuple[Pos, Pos]]:
    """Every drift ``(p, d)`` of a player present (with a herd on land) on the land
    masses ``present``, limited to tiles of the landscapes ``kinds`` if given (TS4)."""
    result = []
    for p in sorted(board.land):
        if board.mass_of[p] not in present:
            continue
        if kinds is not None and board.land[p] not in kinds:
            continue
        result.extend((p, d) for d in drift_targets(board, p))
    return result


def why_not_drift(board: Board, present: set[int], p: Pos, d: Pos) -> str:
    """A player's reason why the tile at ``p`` cannot drift to ``d``."""
    at = format_pos(p)
    if p not in board.land:
        return f"there is no tile at {at}"
    if p == POLE:
        return "the South Pole never drifts"
    m = board.mass_of[p]
    if len(board.masses[m]) < 2:
        return f"the tile at {at} cannot drift: its land mass has only one tile"
    if m not in present:
        return f"the tile at {at} cannot drift: you have no herd on land on its land mass"
    if not board.touches_surrounding(p):
        return f"the tile at {at} cannot drift: it does not touch the surrounding water"
    to = format_pos(d)
    if d in board.land:
        return f"the tile at {at} cannot drift to {to}: {to} is not water"
    if distance(d) <= distance(p):
        return (
            f"the tile at {at} cannot drift to {to}: {to} is not farther from the South "
            f"Pole ({distance(d)} steps) than {at} ({distance(p)} steps)"
        )
    mass = board.masses[m]
    if not any(n in mass and n != p for n in neighbours(d)):
        return f"the tile at {at} cannot drift to {to}: {to} does not touch its land mass"
    if d not in drift_targets(board, p):
        return (
            f"the tile at {at} cannot drift to {to}: put down there it would not touch "
            "the surrounding water"
        )
    return f"the tile at {at} cannot drift to {to} now"


def drift_actions(
    board: Board, present: set[int], kinds: frozenset[str] | None = None
) -> list[str]:
    """``legal_drifts`` written as notation (memoised per board)."""
    key = ("drifts", frozenset(present), kinds)
    cached = board.texts.get(key)
    if cached is None:
        cached = board.texts[key] = [
            drift_text(p, d) for p, d in legal_drifts(board, present, kinds)
        ]
    return cached


_DRIFT_TEXT: dict[tuple[Pos, Pos], str] = {}


def drift_text(p: Pos, d: Pos) -> str:
    """``d p>d``, memoised."""
    text = _DRIFT_TEXT.get((p, d))
    if text is None:
        text = _DRIFT_TEXT[(p, d)] = f"d {format_pos(p)}>{format_pos(d)}"
    return text
