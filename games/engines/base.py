"""What every game engine shares: the error type, the outcome value and seeded chance.

The engine protocol (each engine is a module exposing these names):

- ``name``, ``title``, ``min_players``, ``max_players``
- ``options``: a dict ``{option name: Option}`` of the game's options (see ``Option``)
- ``validate_options(num_players, options) -> dict``: complete options or ``ValueError``
- ``new_game(num_players, seed, options=None) -> State``
- ``to_move(state) -> tuple[int, ...]``: seats that must act now (empty when over)
- ``legal_actions(state, seat) -> list[str]``: canonical notation, deterministic order
- ``apply(state, seat, action) -> State``: a new state; ``IllegalAction`` if not legal
- ``view(state, seat | None) -> dict``: JSON-safe, only what that seat may see
- ``describe(state, seat, action) -> str``: one plain sentence (``state`` is the
  position *before* the action)
- ``outcome(state) -> Outcome | None``
- ``to_json(state) -> dict`` and ``from_json(data) -> State``

Optional:

- ``determinize(state, seat, rng) -> State``: for games with hidden information, a
  state that ``seat`` cannot tell from ``state`` with every secret it cannot see
  (other hands, deck order, future chance) re-drawn from ``rng``. Bots search on
  these so that they never decide from secrets they could not know.
- ``seat_labels(num_players, options) -> list[str]``: colour/role names per seat.
- ``seat_count(num_players, options) -> int``: seats at the table when it differs
  from the number of people (Tri*T*Area always has four).
- ``computer_seats(num_players, options) -> tuple[int, ...]``: seats run by the
  rules' own NPC logic; they never appear in ``to_move`` (a person decides for them
  where the rules say so).
- ``reveals_information(state, seat, action) -> bool``: whether the action draws,
  rolls or uncovers something; actions that do not can be taken back by the site
  until the turn ends. Without it, no action is taken back.
- ``redact_action(action) -> str | None``: the public spelling of an action whose
  notation itself is a secret until revealed (Tri*T*Area's ``lead M4`` is shown to
  the other players as ``lead ?`` while the game runs); ``None`` when it is public.

States are immutable values (frozen dataclasses of tuples); a game replays exactly
from its seed and action list.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Option:
    """One game option as the new-game form shows it.

    ``choices`` is a tuple of ``(value, label)`` pairs; ``players`` limits the option
    to those player counts (empty: every count).
    """

    label: str
    default: object
    choices: tuple[tuple[object, str], ...]
    help: str = ""
    players: tuple[int, ...] = ()


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message tells the player why."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``scores`` has one entry per seat; ``winners`` lists the winning seats (several
    for a shared win or a draw); ``reason`` says in words why the game ended.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    draw: bool = False

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "draw": self.draw,
        }

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        return cls(
            scores=tuple(data["scores"]),
            winners=tuple(data["winners"]),
            reason=data["reason"],
            draw=data.get("draw", False),
        )


def seeded_rng(seed: int, *keys: object) -> random.Random:
    """A ``random.Random`` fixed by the game's seed and the event's keys.

    Chance events draw from ``seeded_rng(state.seed, "deal", round_no)`` and the like,
    so a state needs to keep only its seed (and never a generator's internal state)
    to replay exactly, on any Python version.
    """
    text = ":".join([str(seed), *map(str, keys)])
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
