"""Drifting tiles (rulings TS4-TS6).

A drift lifts the tile at ``p`` and puts it down at ``d``; there is no path check.
``drift_targets`` is the geometric part of TS4 (what the board allows); who may
drift what (presence on the land mass, the card's landscape) is decided by
``legal_drifts``.
"""

from __future__ import annotations

from games.engines.base import gettext_lazy, ngettext_lazy

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
    if cached is None:
        cached = board.targets[p] = tuple(board.grid.positions(target_mask(board, p)))
    return cached


def target_mask(board: Board, p: Pos) -> int:
    """``drift_targets`` as a bit mask of ``board.grid`` (memoised per board)."""
    mask = board.masks.get(p)
    if mask is None:
        mask = board.masks[p] = _target_mask(board, p)
    return mask


def can_drift(board: Board, present: set[int], kinds: frozenset[str] | None = None) -> bool:
    """Whether ``legal_drifts(board, present, kinds)`` has any drift."""
    mass_of, land = board.mass_of, board.land
    return any(
        mass_of[p] in present and (kinds is None or land[p] in kinds) and target_mask(board, p)
        for p in board.sorted_land
    )


def _target_mask(board: Board, p: Pos) -> int:
    if p == POLE or p not in board.land:
        return 0
    m = board.mass_of[p]
    if len(board.masses[m]) < 2:
        return 0
    g = board.grid
    lifted = g.bit[p]
    beside_p = g.grow(lifted)
    if not beside_p & board.surrounding:
        return 0  # p does not touch the surrounding water
    # After the lift, p and every interior sea beside it are surrounding water.
    open_water = board.surrounding | lifted
    for sea in board.sea_bits:
        if sea & beside_p:
            open_water |= sea
    # d touches L without the lifted tile (any of its parts), is water after the
    # lift and farther from the pole than p. The placed tile must touch the
    # surrounding water: placing a tile never cuts all of its water neighbours off
    # the open sea (a path out through d can restart at its last neighbour of d), so
    # that holds exactly when d itself is surrounding water after the lift.
    rest = board.mass_bits[m] & ~lifted
    return g.grow(rest) & open_water & g.far[distance(p)]


def legal_drifts(
    board: Board, present: set[int], kinds: frozenset[str] | None = None
) -> list[tuple[Pos, Pos]]:
    """Every drift ``(p, d)`` of a player present (with a herd on land) on the land
    masses ``present``, limited to tiles of the landscapes ``kinds`` if given (TS4)."""
    result = []
    mass_of, land = board.mass_of, board.land
    for p in board.sorted_land:
        if mass_of[p] not in present:
            continue
        if kinds is not None and land[p] not in kinds:
            continue
        result.extend((p, d) for d in drift_targets(board, p))
    return result


# Per grid and tile position: "d p>d" for each bit index d of the grid, filled in
# as destinations come up (None until then). Tuples of strings, which the garbage
# collector stops tracking, replaced by a fuller copy when a destination is new.
_TILE_TEXTS: dict[tuple[int, Pos], tuple[str | None, ...]] = {}


def tile_drift_texts(board: Board, p: Pos) -> list[str]:
    """The drifts of the tile at ``p`` as notation, sorted (memoised per board)."""
    key = ("tile", p)
    texts = board.texts.get(key)
    if texts is None:
        g = board.grid
        mask = target_mask(board, p)
        table = _TILE_TEXTS.get((g.half, p))
        if table is None:
            table = (None,) * g.size if mask else ()
        texts = g.select(mask, table)
        if None in texts:
            filled = list(table)
            for d in g.positions(mask):
                filled[g.bit[d].bit_length() - 1] = drift_text(p, d)
            table = _TILE_TEXTS[(g.half, p)] = tuple(filled)
            texts = g.select(mask, table)
        board.texts[key] = texts
    return texts


def why_not_drift(board: Board, present: set[int], p: Pos, d: Pos) -> str:
    """A player's reason why the tile at ``p`` cannot drift to ``d``."""
    at = format_pos(p)
    if p not in board.land:
        return gettext_lazy("there is no tile at %(at)s", at=at)
    if p == POLE:
        return gettext_lazy("the South Pole never drifts")
    m = board.mass_of[p]
    if len(board.masses[m]) < 2:
        return gettext_lazy(
            "the tile at %(at)s cannot drift: its land mass has only one tile", at=at
        )
    if m not in present:
        return gettext_lazy(
            "the tile at %(at)s cannot drift: you have no herd on land on its land mass", at=at
        )
    if not board.touches_surrounding(p):
        return gettext_lazy(
            "the tile at %(at)s cannot drift: it does not touch the surrounding water", at=at
        )
    to = format_pos(d)
    if d in board.land:
        return gettext_lazy(
            "the tile at %(at)s cannot drift to %(to)s: %(to)s is not water", at=at, to=to
        )
    if distance(d) <= distance(p):
        return gettext_lazy(
            "the tile at %(at)s cannot drift to %(to)s: %(to)s is not farther from the South "
            "Pole (%(to_steps)s) than %(at)s (%(at_steps)s)",
            at=at,
            to=to,
            to_steps=_steps(distance(d)),
            at_steps=_steps(distance(p)),
        )
    mass = board.masses[m]
    if not any(n in mass and n != p for n in neighbours(d)):
        return gettext_lazy(
            "the tile at %(at)s cannot drift to %(to)s: %(to)s does not touch its land mass",
            at=at,
            to=to,
        )
    if d not in drift_targets(board, p):
        return gettext_lazy(
            "the tile at %(at)s cannot drift to %(to)s: put down there it would not touch "
            "the surrounding water",
            at=at,
            to=to,
        )
    return gettext_lazy("the tile at %(at)s cannot drift to %(to)s now", at=at, to=to)


def drift_actions(
    board: Board, present: set[int], kinds: frozenset[str] | None = None
) -> list[str]:
    """``legal_drifts`` written as notation (memoised per board)."""
    key = ("drifts", frozenset(present), kinds)
    cached = board.texts.get(key)
    if cached is None:
        cached = []
        mass_of, land = board.mass_of, board.land
        for p in board.sorted_land:
            if mass_of[p] in present and (kinds is None or land[p] in kinds):
                cached.extend(tile_drift_texts(board, p))
        board.texts[key] = cached
    return cached


def drift_text(p: Pos, d: Pos) -> str:
    """``d p>d`` (``tile_drift_texts`` keeps the ones it uses)."""
    return f"d {format_pos(p)}>{format_pos(d)}"


def _steps(n: int):
    """A distance in words, "1 step", "2 steps"."""
    return ngettext_lazy("%(n)s step", "%(n)s steps", n)
