"""The search bot's estimate of a Trias position: each seat's final score, predicted
from features of the position by weights fitted to played games.

Why fitted: the points that decide a game come from land masses that do not exist yet
(the main land mass breaks up as its tiles drift outward), so "score the board as it
stands" (TS13 on today's land masses) misjudges most of the game. The features say
where each seat's herds stand, the final scoring of today's land masses and of the
pieces the main land mass would break into without its centre, and how far the deck
has run; every feature appears twice, once as it is and once scaled by the share of
the deck still to draw, so a feature can matter early and fade late (or the reverse).

``benchmarks/trias_eval.py`` plays the games, fits :data:`WEIGHTS` by least squares
(final score on features, per table size) and prints them; the numbers below are its
output, pasted. Nothing here is random, and the engine never calls it: only the
computer players do.
"""

from __future__ import annotations

from functools import lru_cache

from .board import CAPACITY
from .cards import deck1, deck2_size
from .scoring import final_points
from .state import ACTIONS, OVER, State

FEATURES = (
    "score",  # points already on the scoring track (interim scorings, TS7)
    "islands",  # TS13 on today's land masses apart from the main one
    "outer1",  # TS13 on the pieces of the main land mass beyond distance 1
    "outer2",  # ... beyond distance 2
    "main_inner",  # herds on the main land mass at distance 0-1
    "main_ring2",  # ... at distance 2
    "main_outer",  # ... at distance 3 or more
    "main_coast",  # herds on main-land-mass tiles with an edge on the surrounding water
    "island_herds",  # herds on the other land masses
    "stock",  # herds in stock (TS14's tie-break, and herds to reproduce)
    "swimmers",  # herds in the water
    "room",  # own tiles with room to reproduce on
    "to_act",  # actions left in this seat's Phase 2, now
)


@lru_cache(maxsize=16)
def _deck_after_dealing(num_players: int, shorter: bool) -> int:
    """The deck's size once the hands are dealt (every estimate reads it)."""
    return sum(deck1(num_players, shorter).values()) + deck2_size(num_players) - num_players


def progress(state: State) -> float:
    """The share of the deck still to draw: 1 at the start, 0 when it is empty."""
    total = _deck_after_dealing(state.num_players, bool(state.option("shorter")))
    return min(1.0, len(state.deck) / total) if total > 0 else 0.0


class _Shape:
    """What the features need of one arrangement of tiles, worked out once per board
    (boards are shared by every state with the same tiles), as bit masks of the
    board's grid: the main land mass by distance and its coast, the other land masses,
    and the pieces the main land mass would break into beyond distance 1 and 2."""

    __slots__ = ("bit", "coast", "inner", "islands", "parts", "ring2")

    def __init__(self, board):
        g = board.grid
        self.bit = g.bit
        main = board.main
        main_bits = board.mass_bits[main] if main >= 0 else 0
        self.coast = g.grow(board.surrounding) & main_bits
        self.inner = main_bits & g.discs[1]
        self.ring2 = main_bits & g.rings[2]
        self.islands = [
            (bits, bits.bit_count()) for i, bits in enumerate(board.mass_bits) if i != main
        ]
        self.parts = [
            [(bits, bits.bit_count()) for bits in g.split(main_bits & g.far[core])]
            for core in (1, 2)
        ]


def _shape(board) -> _Shape:
    shape = board.texts.get(_Shape)  # the board's memo (see ``Board.texts``)
    if shape is None:
        shape = board.texts[_Shape] = _Shape(board)
    return shape


def _group(groups: list, bit: int) -> int:
    """The index of the group (a mask and its size) holding ``bit``, or -1."""
    for i, (bits, _) in enumerate(groups):
        if bits & bit:
            return i
    return -1


def _score(groups: list, herds: dict, rows: list[list[float]], column: int) -> None:
    """TS13 on each group that has herds (``herds[i]``: counts per seat)."""
    for i, counts in herds.items():
        for seat, value in final_points(groups[i][1], dict(enumerate(counts))).items():
            rows[seat][column] += value


def features(state: State) -> list[list[float]]:
    """Per seat, the raw feature values in the order of :data:`FEATURES`."""
    n = state.num_players
    board = state.board
    land = board.land
    shape = _shape(board)
    bit_of, coast, inner, ring2, islands = (
        shape.bit,
        shape.coast,
        shape.inner,
        shape.ring2,
        shape.islands,
    )
    parts1, parts2 = shape.parts
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    for seat in range(n):
        rows[seat][0] = float(state.scores[seat])
        rows[seat][9] = float(state.stock[seat])
    on_islands: dict = {}
    on_parts1: dict = {}
    on_parts2: dict = {}
    for pos, herds in state.herds_at().items():
        kind = land.get(pos)
        per_owner: dict[int, int] = {}
        for h in herds:
            per_owner[h.owner] = per_owner.get(h.owner, 0) + 1
        if kind is None:
            for owner, k in per_owner.items():
                rows[owner][10] += k
            continue
        bit = bit_of[pos]
        roomy = len(herds) < CAPACITY[kind]
        placed = []
        island = _group(islands, bit)
        if island >= 0:
            column = 8
            placed.append((on_islands, island))
        else:
            column = 4 if bit & inner else 5 if bit & ring2 else 6
            for groups, on in ((parts1, on_parts1), (parts2, on_parts2)):
                part = _group(groups, bit)
                if part >= 0:
                    placed.append((on, part))
        on_coast = bool(bit & coast)
        for owner, k in per_owner.items():
            row = rows[owner]
            row[column] += k
            if on_coast:
                row[7] += k
            if roomy:
                row[11] += 1
            for on, i in placed:
                counts = on.get(i)
                if counts is None:
                    counts = on[i] = [0] * n
                counts[owner] += k
    _score(islands, on_islands, rows, 1)
    _score(parts1, on_parts1, rows, 2)
    _score(parts2, on_parts2, rows, 3)
    if state.phase == ACTIONS:
        rows[state.current][12] = float(state.actions_left)
    return rows


def expanded(row: list[float], share_left: float) -> list[float]:
    """A seat's features as the fitted model reads them: each as it is, each scaled by
    the share of the deck left, and the constant."""
    return [*row, *(value * share_left for value in row), 1.0]


# Draws after which a seat's position is as good as final: the Meteorite in one of
# them leaves each seat one turn of 2 actions and no drift (TS12).
DRAWS_TO_THE_END = 2


def ending_soon(state: State) -> float:
    """The chance that the Meteorite comes with one of the next ``DRAWS_TO_THE_END``
    draws, from what every player knows: the deck's size and deck 2's (it lies under
    deck 1 and holds the Meteorite, TS12). 1 in the last round."""
    if state.last_round:
        return 1.0
    left = len(state.deck)
    in_deck1 = max(0, left - deck2_size(state.num_players))
    in_deck2 = left - in_deck1
    if in_deck2 <= 0:
        return 1.0
    return min(in_deck2, max(0, DRAWS_TO_THE_END - in_deck1)) / in_deck2


def predicted_scores(
    state: State, weights: dict[int, tuple[float, ...]], to_the_end: bool = False
) -> list[float]:
    """Each seat's predicted final score (the true scores once the game is over).

    ``to_the_end``: the fitted model foresees the points of land masses that do not
    exist yet, which only drifts bring; when the game may end before they come
    (:func:`ending_soon`), the prediction leans by that chance towards the final
    scoring of the land as it lies (TS13 on today's land masses but the main one), and
    in the last round, where nothing drifts any more (TS12), it is that scoring."""
    if state.phase == OVER:
        return [float(s) for s in state.scores]
    key = (_Shape, id(weights), to_the_end)  # every seat's estimate shares one prediction
    cached = state._cache.get(key)
    if cached is not None:
        return cached
    w = weights[min(state.num_players, 3)]
    k = len(FEATURES)
    now, later, constant = w[:k], w[k : 2 * k], w[2 * k]
    share = progress(state)
    ending = ending_soon(state) if to_the_end else 0.0
    predicted = []
    for row in features(state):
        fitted = 0.0
        if ending < 1.0:
            fitted = (
                sum(a * x for a, x in zip(now, row, strict=True))
                + share * sum(a * x for a, x in zip(later, row, strict=True))
                + constant
            )
        as_it_lies = row[0] + row[1]  # points so far, and TS13 on today's land masses
        predicted.append((1.0 - ending) * fitted + ending * as_it_lies)
    state._cache[key] = predicted
    return predicted


def estimate(
    state: State, seat: int, weights: dict[int, tuple[float, ...]], to_the_end: bool = False
) -> float:
    """``seat``'s chances in [0, 1]: its predicted lead over the best other seat still
    in the game (:func:`predicted_scores`), squashed."""
    if seat in state.eliminated:
        return 0.0
    predicted = predicted_scores(state, weights, to_the_end)
    others = [v for s, v in enumerate(predicted) if s != seat and s not in state.eliminated]
    if not others:
        return 1.0
    lead = predicted[seat] - max(others)
    return 0.5 + 0.5 * lead / (abs(lead) + 4.0)


# Fitted by ``benchmarks/trias_eval.py``: two players, and three or more; laid out
# as the script prints them (the features now, the features times the deck left, the
# constant).
# fmt: off
WEIGHTS: dict[int, tuple[float, ...]] = {
    # --players 2 --games 480 --level casual (held out: R² 0.34, the predicted leader
    # wins 70% of positions)
    2: (
        0.0000, 1.0477, 0.7106, -0.2535, -0.2398, 0.6373, -0.0008, -0.3610, -0.5591,
        -0.6286, 0.7911, 0.0523, -0.0235,
        0.0000, -1.0077, -0.7686, 0.7754, 0.6023, -0.1188, 0.0466, 0.2952, 0.6806,
        0.3425, -0.3378, 0.3438, 0.1436,
        5.3483,
    ),
}
# --players 3 --games 120 --every 3 --level casual (held out: R² 0.42, the predicted
# leader wins 72% of positions); also read for four and five players.
WEIGHTS[3] = (
    1.1943, 0.9932, 0.5023, 0.6696, 0.1495, 1.3656, 0.1772, -1.2071, -1.1761,
    -1.2329, 0.7167, 0.1935, -0.1032,
    0.0769, -0.9798, -0.4601, -0.6293, 0.0227, -0.1993, 1.6836, 0.6194, 1.4145,
    1.3316, 1.0246, 0.4722, 0.2081,
    13.7685,
)
# fmt: on
