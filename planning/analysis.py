"""The analysis board: a game's position to try lines on, for every seat, without
touching the game.

What it starts from (``start_position``) is only what the viewer knows:

- a finished game: its real position (a finished game's record reveals everything);
- otherwise, in a game with hidden information, the position *re-determinized* for the
  viewer, as the computer players sample theirs (``GameSpec.determinize``, the
  engine's ``determinize(state, seat, rng)``): every secret the viewer cannot see
  (the other hands, the deck's order, the later chance) is re-drawn from a fresh
  random generator, keeping what their seat sees (a spectator's: nothing hidden is
  kept). The game's seed is replaced too, so a later chance event (a card drawn, a
  new deal) comes out of the new draw, not the game's. The real hidden cards and the
  seed never enter the analysis;
- a game without hidden information: its position, with the seed replaced as well.

Chance and hidden steps in the analysis are then the outcomes of that sample: one of
the outcomes possible from the viewer's side. "Deal the unknown again"
(``redeal``) samples anew from the position reached, to try another; where the next
step draws a card (Trias), the viewer chooses which of the cards they have not seen
comes (``choose_draw``), and where a seat's hidden card matters now (the seat to move
with a hand they cannot see; a Tri*T*Area computer seat's next card) which card it
holds (``choose_hand``), each among the cards possible from their view
(``planning.chance``).

The position travels in the request: a ``Line`` (the start state as the engine's
JSON, and the actions played from it) signed with ``django.core.signing`` under a
salt bound to the game and the viewer, so that a forged or edited position is
refused, and one made for another game or player is too. It is read only by the
analysis endpoints; nothing here calls the game's services.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from dataclasses import dataclass, field

from django.core import signing

from games.engines import IllegalAction
from games.models import Game, GameStatus, Seat
from games.replay import game_states, load_state

from . import chance

MAX_LINE = 400  # actions one analysis line may hold


class BadLine(Exception):
    """A position that was not made here for this game and viewer (or is damaged)."""


@dataclass
class Line:
    """An analysis: the start state (engine JSON) and the actions played from it, as
    ``(seat, action)`` pairs; ``at`` how many of them the board shows."""

    start: dict
    actions: list[tuple[int, str]] = field(default_factory=list)
    at: int = 0
    # The game's version when the line starts from the game's position at that version
    # (conditional moves are set from such a line only); None from an earlier one.
    version: int | None = None


def _salt(game: Game, user) -> str:
    return f"planning.analysis:{game.pk}:{getattr(user, 'pk', None) or 0}"


def sign(game: Game, user, line: Line) -> str:
    """The line as a signed token (the ``at`` travels beside it, unsigned)."""
    data = {
        "s": line.start,
        "a": [[seat, action] for seat, action in line.actions],
        "v": line.version,
    }
    return signing.dumps(data, salt=_salt(game, user), compress=True)


def unsign(game: Game, user, token: str, at: object = None) -> Line:
    """The line a token holds, ``BadLine`` if it was not signed here for this game and
    viewer. ``at`` is clamped to the line."""
    try:
        data = signing.loads(token or "", salt=_salt(game, user))
        start = data["s"]
        actions = [(int(seat), str(action)) for seat, action in data["a"]]
        version = None if data.get("v") is None else int(data["v"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise BadLine from None
    try:
        shown = int(at) if at not in (None, "") else len(actions)
    except (TypeError, ValueError):
        shown = len(actions)
    return Line(start=start, actions=actions, at=max(0, min(shown, len(actions))), version=version)


def viewer_index(game: Game, seats: list[Seat], user) -> int | None:
    """The seat whose secrets the viewer may see (``Seat.own_view``), else None."""
    if not getattr(user, "is_authenticated", False):
        return None
    seat = next((s for s in seats if s.user_id == user.pk), None)
    return seat.own_view if seat is not None else None


def _fresh_seed(state, rng: random.Random):
    if dataclasses.is_dataclass(state) and any(f.name == "seed" for f in dataclasses.fields(state)):
        return dataclasses.replace(state, seed=rng.getrandbits(62))
    return state


def start_position(game: Game, viewer: int | None, ply: int | None = None):
    """The engine state an analysis of ``game`` starts from, after move ``ply`` (the
    current position when None), holding only what ``viewer`` (a seat, or None for a
    spectator) knows (see the module's docstring)."""
    if ply is None or ply >= game.version:
        state = load_state(game)
    else:
        state = game_states(game, before_ply=max(0, ply) + 1)[-1]
    if game.status == GameStatus.FINISHED:
        return state
    rng = random.Random(secrets.randbits(64))
    determinize = game.spec.determinize
    if determinize is not None:
        state = determinize(state, viewer, rng)
    return _fresh_seed(state, rng)


def new_line(game: Game, viewer: int | None, ply: int | None = None) -> Line:
    engine = game.engine_module
    current = ply is None or ply >= game.version
    return Line(
        start=engine.to_json(start_position(game, viewer, ply)),
        version=game.version if current else None,
    )


def states(game: Game, line: Line) -> list:
    """Every state of the line up to the one shown: ``[start, after 1, ...]``."""
    engine = game.engine_module
    state = engine.from_json(line.start)
    out = [state]
    for seat, action in line.actions[: line.at]:
        state = engine.apply(state, seat, action)
        out.append(state)
    return out


def play(game: Game, line: Line, text: str) -> Line:
    """The line with ``text`` played by the seat to move at the shown position: the
    actions after it are dropped (a new branch). ``IllegalAction`` if not legal."""
    engine = game.engine_module
    state = states(game, line)[-1]
    due = engine.to_move(state)
    if not due:
        raise IllegalAction("The game is over in this line: step back to try another move.")
    if line.at >= MAX_LINE:
        raise IllegalAction("This line is as long as an analysis may be.")
    seat = due[0]
    action = engine.parse(state, seat, " ".join(str(text).split()))
    actions = [*line.actions[: line.at], (seat, action)]
    return Line(start=line.start, actions=actions, at=len(actions), version=line.version)


def redeal(game: Game, line: Line, viewer: int | None) -> Line:
    """A new line from the shown position with what the viewer cannot see re-drawn."""
    state = states(game, line)[-1]
    determinize = game.spec.determinize
    if determinize is None:
        return line
    rng = random.Random(secrets.randbits(64))
    fresh = _fresh_seed(determinize(state, viewer, rng), rng)
    return Line(start=game.engine_module.to_json(fresh))


def choose_draw(game: Game, line: Line, viewer: int | None, card: str) -> Line:
    """A new line from the shown position with ``card`` as the next card drawn (one of
    ``planning.chance.next_draw_choices``, else ``ValueError``), as ``redeal``
    starts one: the analysis state alone changes."""
    state = states(game, line)[-1]
    chosen = chance.with_next_draw(game.engine, state, viewer, str(card))
    return Line(start=game.engine_module.to_json(chosen))


def choose_hand(game: Game, line: Line, viewer: int | None, seat: int, card: str) -> Line:
    """A new line from the shown position with ``card`` in ``seat``'s hidden hand (one
    of its ``planning.chance.hand_choices``, else ``ValueError``), as ``choose_draw``
    starts one: the analysis state alone changes."""
    state = states(game, line)[-1]
    chosen = chance.with_hand_card(game.engine, state, viewer, int(seat), str(card))
    return Line(start=game.engine_module.to_json(chosen))
