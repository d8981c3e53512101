"""The game state: one frozen value, tuples all the way down, JSON round-trip exact."""

from __future__ import annotations

from dataclasses import dataclass, fields

from games.engines.base import Text

from .board import AREAS

# Round table of the rulebook: round -> (hand size, blocks, 5s in the deck)
ROUNDS: dict[int, tuple[int, int, bool]] = {
    1: (8, 7, False),
    2: (9, 8, True),
    3: (9, 9, True),
}
TRICKS_PER_ROUND = 8
LAST_ROUND = 3

# Phases
LEAD = "lead"  # round 3: secret lead-area declarations (TT10)
SELL = "sell"  # round 3: advance block sale, counter-clockwise
PLAY = "play"  # meeting phase: cards played clockwise from the leader
BUILD = "build"  # construction: the current rights holder places (or defaults)
EXTRA = "extra"  # construction: the optional additional block (TT2)
OVER = "over"


@dataclass(frozen=True, slots=True)
class State:
    num_players: int  # people at the table (1-4); seats are always 4
    seed: int
    round: int
    phase: str
    start_player: int  # start player of the round
    leader: int  # leader of the current trick (start player or last trick's first right)
    trick_no: int  # 1-8
    scores: tuple[int, ...]
    blocks: tuple[int, ...]  # blocks still in front of each seat
    hands: tuple[tuple[str, ...], ...]  # NPC hands in deck order (top first)
    board: tuple[tuple[int, ...], ...]  # 16 stacks of seat numbers, bottom to top
    trick: tuple[tuple[int, str, int], ...]  # (seat, card, rank) in play order
    seen: tuple[str, ...]  # cards played in earlier tricks of this round
    adopted: str  # adopted concept of the trick being built, "" before
    rights: tuple[tuple[int, int], ...]  # (seat, rank) of the first and second rights
    builder: int  # index into rights of the holder building now
    last_built: int  # square built on, for the additional block; -1 otherwise
    sell_order: tuple[int, ...]  # seats still to sell, in order
    lead: tuple[str, ...]  # round-3 declarations ("M4", "I5=10"); "" not yet
    lead_revealed: bool
    log: tuple[str, ...]
    scoring: tuple[tuple[str, ...], ...]  # scoring lines of each finished round


_FIELDS = tuple(f.name for f in fields(State))
_TUPLE_OF_TUPLES = {"hands", "board", "trick", "rights", "scoring"}
_TUPLES = {"scores", "blocks", "seen", "sell_order", "lead", "log"}


def to_json(state: State) -> dict:
    data: dict = {}
    for name in _FIELDS:
        value = getattr(state, name)
        if name == "scoring":  # lines keep their message ids (shown in each language)
            value = [[_line_json(line) for line in lines] for lines in value]
        elif name == "log":
            value = [_line_json(line) for line in value]
        elif name in _TUPLE_OF_TUPLES:
            value = [list(item) for item in value]
        elif name in _TUPLES:
            value = list(value)
        data[name] = value
    return data


def from_json(data: dict) -> State:
    values = {}
    for name in _FIELDS:
        value = data[name]
        if name == "scoring":
            value = tuple(tuple(_line(line) for line in lines) for lines in value)
        elif name == "log":
            value = tuple(_line(line) for line in value)
        elif name in _TUPLE_OF_TUPLES:
            value = tuple(tuple(item) for item in value)
        elif name in _TUPLES:
            value = tuple(value)
        values[name] = value
    return State(**values)


def _line_json(line):
    return line.to_json() if isinstance(line, Text) else line


# Lines stored before the area names were texts kept them as plain English.
_AREA_TEXTS = {str(name): name for name, *_rest in AREAS.values()}


def _line(data):
    if not isinstance(data, dict):
        return data
    params = data.get("params") or {}
    area = params.get("area")
    if isinstance(area, str) and area in _AREA_TEXTS:
        data = {**data, "params": {**params, "area": _AREA_TEXTS[area].to_json()}}
    return Text.from_json(data)


def _compile_evolve():
    """A fast ``dataclasses.replace`` for ``State`` (the engine's hot path)."""
    params = ", ".join(f"{name}=_KEEP" for name in _FIELDS)
    body = "".join(
        f"    _set(new, {name!r}, state.{name} if {name} is _KEEP else {name})\n"
        for name in _FIELDS
    )
    source = f"def evolve(state, *, {params}):\n    new = _new(State)\n{body}    return new\n"
    namespace = {"_KEEP": _KEEP, "_new": object.__new__, "_set": object.__setattr__, "State": State}
    exec(source, namespace)  # generated from the field names only
    return namespace["evolve"]


_KEEP = object()
evolve = _compile_evolve()
evolve.__doc__ = "``dataclasses.replace(state, **changes)``, faster; same result."
