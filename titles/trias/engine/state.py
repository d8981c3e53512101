"""The Trias state: an immutable value, and its JSON form.

Herds are individual pieces (TS8): each has an id, an owner, a position and the
flags of the current turn. A herd is a *swimmer* when no tile lies at its position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engines.base import Text

from .board import Board, Pos, analyse

# Phases of the state machine.
PLACE = "place"  # setup placement rounds (TS11)
CARD = "card"  # Phase 1: play the hand card or draw
DRIFT = "drift"  # Phase 1: the mandatory drift of the card's landscape
ACTIONS = "actions"  # Phase 2 (Phases 3 and 4 follow automatically)
OVER = "over"


@dataclass(frozen=True, slots=True)
class Herd:
    id: int
    owner: int
    pos: Pos
    born: bool = False  # arrived by reproduction this turn (TS8)
    bred: bool = False  # reproduced this turn (TS8)
    moved: bool = False  # moved or was rescued this turn

    @property
    def fertile(self) -> bool:
        """Whether the herd may still reproduce this turn (TS8)."""
        return not (self.born or self.bred)


@dataclass(frozen=True)
class State:
    num_players: int
    seed: int
    options: tuple[tuple[str, object], ...]
    order: tuple[int, ...]  # seats clockwise; order[0] plays first (TS11)
    tiles: tuple[tuple[int, int, str], ...]  # sorted (q, r, landscape)
    removed: tuple[str, ...]  # the two tiles out of the game
    herds: tuple[Herd, ...]  # sorted by id
    next_herd: int
    stock: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[str, ...]  # one card per seat ("" while it is being replaced)
    hand_from: tuple[int, ...]  # which deck (1 or 2) each hand card came from: public
    deck: tuple[str, ...]  # top first; deck 1 lies on deck 2
    phase: str
    current: int
    placing: tuple[int, ...]  # seats still to place after the current one (setup)
    card: str = ""  # the card being resolved in Phase 1
    hand_played: bool = False  # Phase 4 draws a new hand card
    actions_left: int = 0
    last_round: bool = False
    last_queue: tuple[int, ...] = ()  # seats still to play in the last round
    eliminated: tuple[int, ...] = ()
    turn: int = 0
    log: tuple[str, ...] = ()
    scored: tuple[Pos, ...] = ()  # the land mass of the latest interim scoring
    _cache: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def board(self) -> Board:
        board = self._cache.get("board")
        if board is None:
            board = self._cache["board"] = analyse(self.tiles)
        return board

    def option(self, key: str, default: object = None) -> object:
        return dict(self.options).get(key, default)

    def herds_at(self) -> dict[Pos, list[Herd]]:
        """Herds grouped by position (cached; do not modify)."""
        cached = self._cache.get("herds_at")
        if cached is None:
            cached = {}
            for herd in self.herds:
                cached.setdefault(herd.pos, []).append(herd)
            self._cache["herds_at"] = cached
        return cached

    def count_at(self, pos: Pos) -> int:
        return len(self.herds_at().get(pos, ()))


def evolve(state: State, **changes) -> State:
    """``dataclasses.replace`` without re-running ``__init__`` (the hot path of random
    playouts): a new state with ``changes`` and an empty cache."""
    new = object.__new__(State)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    fields["_cache"] = {}
    return new


def to_json(state: State) -> dict:
    return {
        "num_players": state.num_players,
        "seed": state.seed,
        "options": [[k, v] for k, v in state.options],
        "order": list(state.order),
        "tiles": [list(t) for t in state.tiles],
        "removed": list(state.removed),
        "herds": [
            [h.id, h.owner, h.pos[0], h.pos[1], int(h.born), int(h.bred), int(h.moved)]
            for h in state.herds
        ],
        "next_herd": state.next_herd,
        "stock": list(state.stock),
        "scores": list(state.scores),
        "hands": list(state.hands),
        "hand_from": list(state.hand_from),
        "deck": "".join(state.deck),
        "phase": state.phase,
        "current": state.current,
        "placing": list(state.placing),
        "card": state.card,
        "hand_played": state.hand_played,
        "actions_left": state.actions_left,
        "last_round": state.last_round,
        "last_queue": list(state.last_queue),
        "eliminated": list(state.eliminated),
        "turn": state.turn,
        # log lines keep their message ids, to be shown in each player's language
        "log": [line.to_json() if isinstance(line, Text) else line for line in state.log],
        "scored": [list(p) for p in state.scored],
    }


def from_json(data: dict) -> State:
    return State(
        num_players=data["num_players"],
        seed=data["seed"],
        options=tuple((k, v) for k, v in data["options"]),
        order=tuple(data["order"]),
        tiles=tuple((q, r, kind) for q, r, kind in data["tiles"]),
        removed=tuple(data["removed"]),
        herds=tuple(
            Herd(i, owner, (q, r), bool(born), bool(bred), bool(moved))
            for i, owner, q, r, born, bred, moved in data["herds"]
        ),
        next_herd=data["next_herd"],
        stock=tuple(data["stock"]),
        scores=tuple(data["scores"]),
        hands=tuple(data["hands"]),
        hand_from=tuple(data["hand_from"]),
        deck=tuple(data["deck"]),
        phase=data["phase"],
        current=data["current"],
        placing=tuple(data["placing"]),
        card=data["card"],
        hand_played=data["hand_played"],
        actions_left=data["actions_left"],
        last_round=data["last_round"],
        last_queue=tuple(data["last_queue"]),
        eliminated=tuple(data["eliminated"]),
        turn=data["turn"],
        log=tuple(Text.from_json(line) if isinstance(line, dict) else line for line in data["log"]),
        scored=tuple((q, r) for q, r in data["scored"]),
    )
