"""Build Trias positions directly, as python-chess tests build a board from a FEN."""

from __future__ import annotations

from titles.trias.engine.state import ACTIONS, Herd, State

RED, BLUE, PURPLE, BLACK, WHITE = range(5)


def build(
    tiles: dict[tuple[int, int], str],
    herds: list[tuple[int, tuple[int, int], int]] = (),
    *,
    num_players: int = 4,
    current: int = RED,
    phase: str = ACTIONS,
    actions_left: int = 4,
    card: str = "",
    hands: tuple[str, ...] | None = None,
    deck: str = "SSSSWWWWMMX",
    stock: tuple[int, ...] | None = None,
    scores: tuple[int, ...] | None = None,
    hand_played: bool = False,
    last_round: bool = False,
    last_queue: tuple[int, ...] = (),
    eliminated: tuple[int, ...] = (),
) -> State:
    """A position: ``tiles`` maps (q, r) to M/S/W/P (the pole is added at 0,0 if
    missing); ``herds`` lists (owner, position, count). Seats sit clockwise 0, 1, ..."""
    tiles = dict(tiles)
    tiles.setdefault((0, 0), "P")
    pieces = []
    for owner, pos, count in herds:
        for _ in range(count):
            pieces.append(Herd(len(pieces), owner, pos))
    if stock is None:
        used = [sum(c for o, _, c in herds if o == s) for s in range(num_players)]
        stock = tuple(15 - u for u in used)
    return State(
        num_players=num_players,
        seed=1,
        options=(("shorter", False),),
        order=tuple(range(num_players)),
        tiles=tuple(sorted((q, r, k) for (q, r), k in tiles.items())),
        removed=(),
        herds=tuple(pieces),
        next_herd=len(pieces),
        stock=stock,
        scores=scores or (0,) * num_players,
        hands=hands or ("S",) * num_players,
        hand_from=(1,) * num_players,
        deck=tuple(deck),
        phase=phase,
        current=current,
        placing=(),
        card=card,
        hand_played=hand_played,
        actions_left=actions_left,
        last_round=last_round,
        last_queue=last_queue,
        eliminated=eliminated,
    )


def line(q0: int, r: int, n: int, kind: str = "W") -> dict[tuple[int, int], str]:
    """``n`` tiles in a row from (q0, r) eastwards."""
    return {(q0 + i, r): kind for i in range(n)}


def herds_on(state: State, pos: tuple[int, int]) -> list[int]:
    """Owners of the herds at ``pos``."""
    return sorted(h.owner for h in state.herds if h.pos == pos)
