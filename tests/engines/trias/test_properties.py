"""The fast drift computation against TS4 spelled out naively, on random boards."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import trias
from games.engines.trias.board import (
    POLE,
    analyse,
    components,
    distance,
    interior_water,
    neighbours,
)
from games.engines.trias.drift import drift_targets


def naive_targets(land: dict, p) -> set:
    """TS4 literally: lift, put down anywhere, recompute the water, check."""
    if p == POLE:
        return set()
    mass = next(m for m in components(frozenset(land)) if p in m)
    if len(mass) < 2:
        return set()
    radius = max(distance(t) for t in land) + 2

    def open_water(tiles, pos):
        sea = set(interior_water(tiles, max(radius, distance(pos) + 1) + 1))
        return pos not in tiles and pos not in sea

    if not any(open_water(land, n) for n in neighbours(p)):
        return set()
    rest = mass - {p}
    lifted = {t: k for t, k in land.items() if t != p}
    result = set()
    for d in {n for t in rest for n in neighbours(t)}:
        if d in lifted or distance(d) <= distance(p):
            continue
        placed = {**lifted, d: land[p]}
        if any(open_water(placed, n) for n in neighbours(d)):
            result.add(d)
    return result


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_drift_targets_match_the_rule_as_written(seed, steps):
    rng = random.Random(seed)
    state = trias.new_game(rng.choice([2, 3, 4, 5]), seed)
    for _ in range(steps):
        if not trias.to_move(state):
            break
        seat = trias.to_move(state)[0]
        state = trias.apply(state, seat, rng.choice(trias.legal_actions(state, seat)))
    board = analyse(state.tiles)
    for p in sorted(board.land):
        assert set(drift_targets(board, p)) == naive_targets(board.land, p), p
