"""Trias geometry: hexes, water, land masses (rulings TS1-TS3).

Positions are axial hex coordinates ``(q, r)`` with the South Pole at ``(0, 0)``
(TS1). There is no board edge: every position without a tile is water (TS2). Water
connected to the far outside is the *surrounding water*; enclosed water is an
*interior sea*. A *land mass* is a connected group of tiles; the *main* land mass
holds the South Pole (TS3).

``Board`` is the analysis of one arrangement of tiles, computed once and shared by
everything that asks about that arrangement.
"""

from __future__ import annotations

from functools import lru_cache

Pos = tuple[int, int]

POLE: Pos = (0, 0)

# The six neighbours in cyclic order around a hex.
DIRECTIONS: tuple[Pos, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

MOUNTAIN, STEPPE, WOOD, SOUTH_POLE = "M", "S", "W", "P"
LANDSCAPE_NAMES = {MOUNTAIN: "mountain", STEPPE: "steppe", WOOD: "wood", SOUTH_POLE: "South Pole"}
# Herd capacity per landscape; the South Pole is a steppe (German rulebook, TS3).
CAPACITY = {MOUNTAIN: 2, STEPPE: 3, WOOD: 4, SOUTH_POLE: 3}


_DISTANCE: dict[Pos, int] = {}
_NEIGHBOURS: dict[Pos, tuple[Pos, ...]] = {}
_TEXT: dict[Pos, str] = {}


def distance(pos: Pos) -> int:
    """Hex step distance from the South Pole (TS1)."""
    d = _DISTANCE.get(pos)
    if d is None:
        q, r = pos
        d = _DISTANCE[pos] = max(abs(q), abs(r), abs(q + r))
    return d


def neighbours(pos: Pos) -> tuple[Pos, ...]:
    """The six adjacent positions, in cyclic order."""
    n = _NEIGHBOURS.get(pos)
    if n is None:
        q, r = pos
        n = _NEIGHBOURS[pos] = tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)
    return n


@lru_cache(maxsize=64)
def disc(radius: int) -> tuple[Pos, ...]:
    """Every position at distance ``<= radius``, sorted."""
    return tuple(
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if distance((q, r)) <= radius
    )


@lru_cache(maxsize=64)
def ring(radius: int) -> tuple[Pos, ...]:
    """Every position at exactly ``radius``, sorted."""
    return tuple(p for p in disc(radius) if distance(p) == radius)


def format_pos(pos: Pos) -> str:
    """``q,r``: how the notation writes a position."""
    text = _TEXT.get(pos)
    if text is None:
        text = _TEXT[pos] = f"{pos[0]},{pos[1]}"
    return text


@lru_cache(maxsize=64)
def _disc_graph(radius: int):
    """``disc(radius)`` as indices: positions, index of each, neighbours within, ring."""
    positions = disc(radius)
    index = {p: i for i, p in enumerate(positions)}
    adjacent = [[index[n] for n in neighbours(p) if n in index] for p in positions]
    outer = [index[p] for p in ring(radius)]
    return positions, index, adjacent, outer


def interior_water(tiles, radius: int) -> list[Pos]:
    """The water positions enclosed by ``tiles`` (TS2): not connected to the outside.

    Every tile must lie at distance ``< radius``, so the ring at ``radius`` is open
    water; a flood fill from it finds the surrounding water, the rest is enclosed.
    """
    positions, index, adjacent, outer = _disc_graph(radius)
    blocked = bytearray(len(positions))
    for t in tiles:
        blocked[index[t]] = 1
    seen = bytearray(len(positions))
    for i in outer:
        seen[i] = 1
    stack = list(outer)
    while stack:
        for j in adjacent[stack.pop()]:
            if not seen[j] and not blocked[j]:
                seen[j] = 1
                stack.append(j)
    return [positions[i] for i in range(len(positions)) if not seen[i] and not blocked[i]]


def components(positions: frozenset[Pos] | set[Pos]) -> list[frozenset[Pos]]:
    """Connected groups of ``positions`` (six-neighbour adjacency), in sorted order."""
    left = set(positions)
    groups = []
    for start in sorted(positions):
        if start not in left:
            continue
        left.discard(start)
        group = {start}
        stack = [start]
        while stack:
            for n in neighbours(stack.pop()):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    stack.append(n)
        groups.append(frozenset(group))
    return groups


class Board:
    """Water and land masses of one arrangement of tiles (TS2, TS3)."""

    __slots__ = (
        "coast",
        "coast_far",
        "land",
        "main",
        "mass_of",
        "masses",
        "radius",
        "sea_of",
        "seas",
        "targets",
        "texts",
    )

    def __init__(self, land: dict[Pos, str]):
        self.land = land
        self.radius = max((distance(p) for p in land), default=0) + 1
        self.seas = components(frozenset(interior_water(land, self.radius)))
        self.sea_of = {p: i for i, sea in enumerate(self.seas) for p in sea}
        self.masses = components(frozenset(land))
        self.mass_of = {p: i for i, mass in enumerate(self.masses) for p in mass}
        self.main = self.mass_of.get(POLE, -1)
        # For each land mass: water position -> number of its tiles adjacent to it.
        self.coast: list[dict[Pos, int]] = []
        for mass in self.masses:
            counts: dict[Pos, int] = {}
            for p in mass:
                for n in neighbours(p):
                    if n not in land:
                        counts[n] = counts.get(n, 0) + 1
            self.coast.append(counts)
        # The same, as (distance, position, count), farthest first.
        self.coast_far = [
            sorted(((distance(d), d, n) for d, n in counts.items()), reverse=True)
            for counts in self.coast
        ]
        self.targets: dict[Pos, tuple[Pos, ...]] = {}  # filled by drift.drift_targets
        self.texts: dict[object, object] = {}  # memo of notation built from this board

    def is_surrounding(self, pos: Pos) -> bool:
        """Whether the water position ``pos`` belongs to the surrounding water."""
        return pos not in self.land and pos not in self.sea_of

    def touches_surrounding(self, pos: Pos) -> bool:
        """Whether the tile at ``pos`` has an edge on the surrounding water."""
        land, sea_of = self.land, self.sea_of
        return any(n not in land and n not in sea_of for n in neighbours(pos))

    def interior_sea_positions(self) -> list[Pos]:
        return sorted(p for sea in self.seas for p in sea)


@lru_cache(maxsize=128)
def analyse(tiles: tuple[tuple[int, int, str], ...]) -> Board:
    """The (cached) ``Board`` of a tuple of ``(q, r, landscape)`` tiles."""
    return Board({(q, r): kind for q, r, kind in tiles})
