"""Build a Trias position directly (for the rules pages' diagrams and scenario tests),
as python-chess builds a board from a FEN string.

``position`` lays the tiles and herds given and fills in everything else as a game
in Phase 2 would have it; the result is an ordinary ``State``, so ``legal_actions``,
``apply``, ``view`` and the board drawing treat it like any position of a real game.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import POLE, Pos
from .cards import herds_per_player
from .rules import base_actions
from .state import ACTIONS, Herd, State

HerdSpec = tuple[int, Pos, int]  # (owner seat, position, how many herds)


def position(
    tiles: dict[Pos, str],
    herds: Iterable[HerdSpec] = (),
    *,
    num_players: int = 4,
    current: int = 0,
    phase: str = ACTIONS,
    actions_left: int | None = None,
    card: str = "",
    hands: tuple[str, ...] | None = None,
    deck: str = "SSWWMMSWX",
    stock: tuple[int, ...] | None = None,
    scores: tuple[int, ...] | None = None,
    last_round: bool = False,
    last_queue: tuple[int, ...] = (),
) -> State:
    """A position with ``tiles`` (``{(q, r): "M" | "S" | "W"}``; the South Pole is
    added at 0,0 unless given) and ``herds`` (``(owner, (q, r), count)``; a herd at a
    position without a tile is a swimmer). Seats sit clockwise 0, 1, ...; each seat's
    stock is its herds per player (TS15) less those on the board, unless given.
    ``actions_left`` defaults to a full Phase 2 (4, or 3 for two players)."""
    land = dict(tiles)
    land.setdefault(POLE, "P")
    pieces: list[Herd] = []
    for owner, pos, count in herds:
        if not 0 <= owner < num_players:
            raise ValueError(f"there is no seat {owner} in a {num_players}-player game")
        pieces.extend(Herd(len(pieces) + i, owner, tuple(pos)) for i in range(count))
    if stock is None:
        start = herds_per_player(num_players)
        stock = tuple(start - sum(1 for h in pieces if h.owner == s) for s in range(num_players))
    if min(stock) < 0:
        raise ValueError("more herds on the board than a player has")
    if actions_left is None:
        actions_left = base_actions(num_players) if phase == ACTIONS else 0
    return State(
        num_players=num_players,
        seed=0,
        options=(("shorter", False),),
        order=tuple(range(num_players)),
        tiles=tuple(sorted((q, r, kind) for (q, r), kind in land.items())),
        removed=(),
        herds=tuple(pieces),
        next_herd=len(pieces),
        stock=tuple(stock),
        scores=tuple(scores) if scores else (0,) * num_players,
        hands=tuple(hands) if hands else ("S",) * num_players,
        hand_from=(1,) * num_players,
        deck=tuple(deck),
        phase=phase,
        current=current,
        placing=(),
        card=card,
        actions_left=actions_left,
        last_round=last_round,
        last_queue=last_queue,
    )
