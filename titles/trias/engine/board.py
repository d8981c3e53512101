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
from itertools import compress

from games.engines.base import pgettext_lazy

Pos = tuple[int, int]

POLE: Pos = (0, 0)

# The six neighbours in cyclic order around a hex.
DIRECTIONS: tuple[Pos, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

MOUNTAIN, STEPPE, WOOD, SOUTH_POLE = "M", "S", "W", "P"
LANDSCAPE_NAMES = {
    MOUNTAIN: pgettext_lazy("Trias landscape", "mountain"),
    STEPPE: pgettext_lazy("Trias landscape", "steppe"),
    WOOD: pgettext_lazy("Trias landscape", "wood"),
    SOUTH_POLE: pgettext_lazy("Trias landscape", "South Pole"),
}
# Herd capacity per landscape; the South Pole is a steppe (German rulebook, TS3).
CAPACITY = {MOUNTAIN: 2, STEPPE: 3, WOOD: 4, SOUTH_POLE: 3}


_DISTANCE: dict[Pos, int] = {}
_NEIGHBOURS: dict[Pos, tuple[Pos, ...]] = {}
_TEXT: dict[Pos, str] = {}
# Memoise only positions a game can reach, not every position a player may type.
_MEMO_LIMIT = 64


def _memo(pos: Pos) -> bool:
    return -_MEMO_LIMIT <= pos[0] <= _MEMO_LIMIT and -_MEMO_LIMIT <= pos[1] <= _MEMO_LIMIT


def distance(pos: Pos) -> int:
    """Hex step distance from the South Pole (TS1)."""
    d = _DISTANCE.get(pos)
    if d is None:
        q, r = pos
        d = max(abs(q), abs(r), abs(q + r))
        if _memo(pos):
            _DISTANCE[pos] = d
    return d


def neighbours(pos: Pos) -> tuple[Pos, ...]:
    """The six adjacent positions, in cyclic order."""
    n = _NEIGHBOURS.get(pos)
    if n is None:
        q, r = pos
        n = tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)
        if _memo(pos):
            _NEIGHBOURS[pos] = n
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
        text = f"{pos[0]},{pos[1]}"
        if _memo(pos):
            _TEXT[pos] = text
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


# Boards up to this radius share one grid (and so the memoised drift notation of
# ``drift.tile_drift_texts``); random games stay well inside it.
GRID_HALF = 16


def grid_for(radius: int) -> Grid:
    """The grid for a board whose water of interest lies within ``disc(radius)``."""
    return grid(max(GRID_HALF, radius + 1))


@lru_cache(maxsize=16)
def grid(half: int) -> Grid:
    """The shared index tables of the rhombus ``|q|, |r| <= half`` (see ``Grid``)."""
    return Grid(half)


class Grid:
    """Positions as bit indices, for fast set algebra on Python integers.

    The rhombus ``-half <= q, r <= half`` is laid out column by column: position
    ``(q, r)`` is bit ``(q + half) * width + (r + half)``, so the six neighbours are
    the shifts by 1, ``width`` and ``width - 1`` either way, and ascending bits are
    ascending positions. Every mask used here lies inside ``disc(half - 1)``; its
    neighbours then lie inside the rhombus and no shift wraps around a column.
    """

    __slots__ = ("bit", "discs", "far", "half", "pos_of", "rings", "size", "width")

    def __init__(self, half: int):
        self.half = half
        self.width = width = 2 * half + 1
        self.size = width * width
        self.pos_of: dict[int, Pos] = {}
        self.bit: dict[Pos, int] = {}
        rings = [0] * half  # rings[d]: the positions at distance d (d < half)
        for q in range(-half, half + 1):
            for r in range(-half, half + 1):
                index = (q + half) * width + (r + half)
                self.pos_of[index] = (q, r)
                b = 1 << index
                self.bit[(q, r)] = b
                d = distance((q, r))
                if d < half:
                    rings[d] |= b
        self.rings = rings
        # discs[d]: the positions at distance <= d; far[k]: those of disc(half - 1)
        # farther than k.
        self.discs = discs = []
        inside = 0
        for ring_ in rings:
            inside |= ring_
            discs.append(inside)
        self.far = [inside & ~disc_ for disc_ in discs]

    def grow(self, mask: int) -> int:
        """``mask`` and every position next to it."""
        w = self.width
        return (
            mask | mask << 1 | mask >> 1 | mask << w | mask >> w | mask << (w - 1) | mask >> (w - 1)
        )

    def flood(self, seed: int, within: int) -> int:
        """Everything of ``within`` connected to ``seed`` (which lies in ``within``)."""
        w = self.width
        v = w - 1
        reach = seed
        while True:
            grown = (
                reach | reach << 1 | reach >> 1 | reach << w | reach >> w | reach << v | reach >> v
            ) & within
            if grown == reach:
                return reach
            reach = grown

    def split(self, mask: int) -> list[int]:
        """The connected groups of ``mask``."""
        groups = []
        while mask:
            group = self.flood(mask & -mask, mask)
            groups.append(group)
            mask &= ~group
        return groups

    def positions(self, mask: int) -> list[Pos]:
        """The positions of ``mask``, sorted (ascending bits are sorted positions)."""
        if not mask:
            return []
        pos_of = self.pos_of
        low = (mask & -mask).bit_length() - 1
        digits = bin(mask >> low)[:1:-1]  # bit low + i is digits[i]
        out = []
        i = 0
        while i >= 0:
            out.append(pos_of[low + i])
            i = digits.find("1", i + 1)
        return out

    def select(self, mask: int, items: tuple) -> list:
        """``items[i]`` for the bits ``i`` of ``mask``, in ascending order."""
        if not mask:
            return []
        low = (mask & -mask).bit_length() - 1
        flags = bin(mask >> low)[:1:-1].encode().translate(_FLAGS)
        return list(compress(items[low:], flags))


_FLAGS = bytes.maketrans(b"01", b"\x00\x01")  # "0"/"1" digits to false/true bytes


class Board:
    """Water and land masses of one arrangement of tiles (TS2, TS3).

    Computed with ``Grid`` bit masks: ``surrounding`` is the surrounding water within
    ``disc(radius)`` (every position beyond it is surrounding water too), ``sea_bits``
    the interior seas and ``mass_bits`` the land masses, in the order of ``seas`` and
    ``masses`` (each sorted by its first position).
    """

    __slots__ = (
        "grid",
        "land",
        "land_bits",
        "main",
        "masks",
        "mass_bits",
        "mass_of",
        "masses",
        "radius",
        "sea_bits",
        "sea_of",
        "seas",
        "sorted_land",
        "surrounding",
        "targets",
        "texts",
    )

    def __init__(self, land: dict[Pos, str]):
        self.land = land
        self.sorted_land = sorted(land)
        self.radius = radius = max(map(distance, land), default=0) + 1
        self.grid = g = grid_for(radius)
        bit = g.bit
        land_bits = 0
        for p in land:
            land_bits |= bit[p]
        self.land_bits = land_bits
        # TS2: the water reached from the open ring at ``radius`` is the surrounding
        # water; the rest is enclosed.
        water = g.discs[radius] & ~land_bits
        self.surrounding = g.flood(g.rings[radius], water)
        enclosed = water & ~self.surrounding
        # ``split`` finds the groups by their lowest bit, i.e. by their first position.
        self.sea_bits = g.split(enclosed) if enclosed else []
        self.seas = [frozenset(g.positions(b)) for b in self.sea_bits]
        self.sea_of = {p: i for i, sea in enumerate(self.seas) for p in sea}
        self.mass_bits = g.split(land_bits)
        self.masses = [frozenset(g.positions(b)) for b in self.mass_bits]
        self.mass_of = {p: i for i, mass in enumerate(self.masses) for p in mass}
        self.main = self.mass_of.get(POLE, -1)
        self.masks: dict[Pos, int] = {}  # filled by drift.target_mask
        self.targets: dict[Pos, tuple[Pos, ...]] = {}  # filled by drift.drift_targets
        self.texts: dict[object, object] = {}  # memo of notation built from this board

    def touches_surrounding(self, pos: Pos) -> bool:
        """Whether the tile at ``pos`` has an edge on the surrounding water."""
        land, sea_of = self.land, self.sea_of
        return any(n not in land and n not in sea_of for n in neighbours(pos))

    def interior_sea_positions(self) -> list[Pos]:
        return sorted(p for sea in self.seas for p in sea)


@lru_cache(maxsize=256)
def analyse(tiles: tuple[tuple[int, int, str], ...]) -> Board:
    """The (cached) ``Board`` of a tuple of ``(q, r, landscape)`` tiles."""
    return Board({(q, r): kind for q, r, kind in tiles})
