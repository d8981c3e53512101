"""The fast drift computation against TS4 spelled out naively, on random boards."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from titles.trias import engine as trias
from titles.trias.engine import rules
from titles.trias.engine.board import (
    POLE,
    analyse,
    components,
    disc,
    distance,
    interior_water,
    neighbours,
)
from titles.trias.engine.drift import drift_targets


def naive_targets(land: dict, p) -> set:
    """TS4 literally: lift, put down anywhere, recompute the water, check."""
    if p == POLE:
        return set()
    mass = next(m for m in components(frozenset(land)) if p in m)
    if len(mass) < 2:
        return set()
    # Every tile, even one put down, lies closer than this; so do their neighbours.
    radius = max(distance(t) for t in land) + 3

    def surrounding(tiles):
        """Whether a position is surrounding water, for this arrangement of tiles."""
        sea = set(interior_water(tiles, radius))
        return lambda pos: pos not in tiles and pos not in sea

    is_open = surrounding(land)
    if not any(is_open(n) for n in neighbours(p)):
        return set()
    rest = mass - {p}
    lifted = {t: k for t, k in land.items() if t != p}
    result = set()
    for d in {n for t in rest for n in neighbours(t)}:
        if d in lifted or distance(d) <= distance(p):
            continue
        placed = {**lifted, d: land[p]}
        is_open = surrounding(placed)
        if any(is_open(n) for n in neighbours(d)):
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


def naive_drifts(state, seat, kinds=None) -> list[str]:
    """TS4 legal drifts as notation: presence on L (a herd on land, before the lift),
    the landscapes ``kinds``, the targets of ``naive_targets``; tiles and targets in
    sorted order."""
    land = dict(analyse(state.tiles).land)
    masses = components(frozenset(land))
    present = [m for m in masses if any(h.owner == seat and h.pos in m for h in state.herds)]
    out = []
    for p in sorted(land):
        if not any(p in m for m in present) or (kinds is not None and land[p] not in kinds):
            continue
        key = (state.tiles, p)
        if key not in _NAIVE:
            _NAIVE[key] = sorted(naive_targets(land, p))
        out += [f"d {p[0]},{p[1]}>{d[0]},{d[1]}" for d in _NAIVE[key]]
    return out


_NAIVE: dict = {}  # naive_targets per (tiles, p): the same board recurs within a turn


def naive_interim(before, p, d) -> frozenset | None:
    """TS7 literally: the lift split L; after the drift, the land mass of d is one of
    the parts plus d (it touches that part only and no other land mass); not the
    main part."""
    land = dict(analyse(before.tiles).land)
    mass = next(m for m in components(frozenset(land)) if p in m)
    parts = components(mass - {p})
    if len(parts) < 2:
        return None
    after = {t: k for t, k in land.items() if t != p} | {d: land[p]}
    new = next(m for m in components(frozenset(after)) if d in m)
    for part in parts:
        if new == part | {d} and POLE not in part:
            return new
    return None


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000))
def test_legal_drifts_and_interim_scoring_match_the_rules_as_written(seed):
    """TS4, TS5 and TS7 over a random game: every Phase 1 and Phase 2 drift list, and
    the points of every drift."""
    rng = random.Random(seed)
    n = rng.choice([3, 4, 5])
    state = trias.new_game(n, seed)
    while trias.to_move(state):
        seat = trias.to_move(state)[0]
        legal = trias.legal_actions(state, seat)
        drifts = [a for a in legal if a.startswith("d ")]
        if state.phase == "drift":
            expected = naive_drifts(state, seat, {state.card}) or naive_drifts(state, seat)
            assert drifts == expected
        elif state.phase == "actions":
            assert drifts == (naive_drifts(state, seat) if state.actions_left >= 3 else [])
        action = rng.choice(drifts if drifts and rng.random() < 0.25 else legal)
        after = trias.apply(state, seat, action)
        if action.startswith("d "):
            p, d = (tuple(map(int, x.split(","))) for x in action[2:].split(">"))
            scored = naive_interim(state, p, d)
            counts = [
                sum(1 for h in after.herds if h.owner == s and scored and h.pos in scored)
                for s in range(n)
            ]
            levels = sorted({c for c in counts if c}, reverse=True)
            points = [
                2 if levels and c == levels[0] else 1 if len(levels) > 1 and c == levels[1] else 0
                for c in counts
            ]
            assert [a - b for a, b in zip(after.scores, state.scores, strict=True)] == points
        state = after


def naive_rescues(swimmers: dict, free: dict) -> list[str]:
    """TS8 rescues by brute force over multisets of (swimmer, tile) pairs."""
    from itertools import combinations_with_replacement

    pairs = sorted((s, t) for s in swimmers for t in neighbours(s) if free.get(t, 0) > 0)
    out = []
    for k in (1, 2, 3):
        for combo in combinations_with_replacement(pairs, k):
            if any(sum(1 for x, _ in combo if x == s) > swimmers[s] for s, _ in combo):
                continue
            if any(sum(1 for _, y in combo if y == t) > free[t] for _, t in combo):
                continue
            out.append("r " + " ".join(f"{a[0]},{a[1]}>{b[0]},{b[1]}" for a, b in combo))
    return out


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.sampled_from(sorted(disc(2))), st.integers(1, 4), min_size=1, max_size=4),
    st.dictionaries(st.sampled_from(sorted(disc(3))), st.integers(-1, 4), max_size=20),
)
def test_rescues_match_the_rule_as_written(swimmers, free):
    """TS8: up to three own swimmers, each to a tile next to it with room."""
    free = {t: n for t, n in free.items() if t not in swimmers}
    assert rules._rescues(swimmers, free) == naive_rescues(swimmers, free)


def test_memoised_boards_do_not_change_the_legal_actions():
    """The per-board memos (targets, notation) are shared by every state with those
    tiles: a state rebuilt from JSON with every memo cleared offers the same actions."""
    rng = random.Random(8)
    state = trias.new_game(4, 77)
    while trias.to_move(state):
        seat = trias.to_move(state)[0]
        legal = trias.legal_actions(state, seat)
        if rng.random() < 0.2:
            analyse.cache_clear()
            again = trias.from_json(trias.to_json(state))
            assert again == state
            assert trias.legal_actions(again, seat) == legal
        state = trias.apply(state, seat, rng.choice(legal))
