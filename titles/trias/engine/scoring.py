"""Interim scoring (TS7), final scoring (TS13) and the winner (TS14)."""

from __future__ import annotations

import math
from fractions import Fraction

from games.engines.base import gettext_lazy

from .board import POLE, Board, Pos


def interim_land_mass(board: Board, p: Pos, d: Pos) -> frozenset[Pos] | None:
    """The land mass scored after the tile at ``p`` drifts to ``d``, or None (TS7).

    Scored only when lifting the tile split its land mass L, the tile at ``d``
    touches exactly one of the parts and no other land mass, and that part is not
    the main land mass. The scored land mass is that part with the placed tile.
    ``board`` is the board before the drift.
    """
    m = board.mass_of[p]
    g = board.grid
    mass = board.mass_bits[m]
    parts = g.split(mass & ~g.bit[p])
    if len(parts) < 2:
        return None
    around = g.grow(g.bit[d])
    touched = [part for part in parts if part & around]
    if len(touched) != 1:
        return None
    if around & board.land_bits & ~mass:
        return None  # it merges with another land mass: no scoring
    part = touched[0]
    if part & g.bit[POLE]:
        return None
    return frozenset(g.positions(part | g.bit[d]))


def interim_points(counts: dict[int, int]) -> dict[int, int]:
    """2 points to every player with the most herds, 1 to every player with the
    next-highest count, also when first place is shared (TS7). Zero counts score
    nothing."""
    present = sorted({n for n in counts.values() if n > 0}, reverse=True)
    points = {}
    for seat, n in counts.items():
        if present and n == present[0]:
            points[seat] = 2
        elif len(present) > 1 and n == present[1]:
            points[seat] = 1
    return points


def final_points(tiles: int, counts: dict[int, int]) -> dict[int, int]:
    """Final scoring of one land mass of ``tiles`` tiles (TS13).

    A lone player gets T; otherwise a sole first gets T and second T/2 (shared by
    players tied for second); players tied for first share T + T/2 and nobody else
    scores. Each player's share is rounded up.
    """
    present = {seat: n for seat, n in counts.items() if n > 0}
    if not present:
        return {}
    levels = sorted(set(present.values()), reverse=True)
    first = [s for s, n in present.items() if n == levels[0]]
    if len(first) > 1:
        share = Fraction(3 * tiles, 2 * len(first))
        return {s: math.ceil(share) for s in first}
    points = {first[0]: tiles}
    if len(levels) > 1:
        second = [s for s, n in present.items() if n == levels[1]]
        share = Fraction(tiles, 2 * len(second))
        points.update({s: math.ceil(share) for s in second})
    return points


def rank_winners(
    seats: list[int],
    scores: dict[int, int],
    stock: dict[int, int],
    masses_present: dict[int, int],
) -> tuple[list[int], str]:
    """The winners among ``seats`` and which rule decided (TS14): most points, then
    most herds in stock, then presence on more land masses, then a shared win."""
    best = max(scores[s] for s in seats)
    tied = [s for s in seats if scores[s] == best]
    if len(tied) == 1:
        return tied, gettext_lazy("most points")
    best = max(stock[s] for s in tied)
    tied = [s for s in tied if stock[s] == best]
    if len(tied) == 1:
        return tied, gettext_lazy("tie on points broken by most herds in stock")
    best = max(masses_present[s] for s in tied)
    tied = [s for s in tied if masses_present[s] == best]
    if len(tied) == 1:
        return tied, gettext_lazy("tie on points and stock broken by presence on more land masses")
    return tied, gettext_lazy("tie on points, stock and land masses: a shared win")
