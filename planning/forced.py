"""Forced steps played for a person: when the step a person must take has exactly one
legal action, the site takes it for them at once, so a correspondence visit is never
spent on a formality.

It runs in a ``move_played`` receiver, inside the transaction of the move that made
the step due, whose flow holds the game's row lock (``SELECT ... FOR UPDATE``): the
step is applied after that move exactly once, or rolls back with it. The step's own
``move_played`` brings us back here, so a run of forced steps is played in one go.

What is played:

- only a person's seat (a computer seat plays in its own task, and the rules' own
  computer seats never appear in ``to_move``), and only if the person has not
  switched it off (``PlanningSettings.play_forced_steps``, on by default);
- only a step with exactly one legal action, which the game's spec allows to be
  played (``GameSpec.auto_play_forced``: never where the step being forced would tell
  the others a secret, nor a step that uncovers something to time). Games whose spec
  says nothing have none played.

A game's very first step, due when it starts, waits for its player (no move played
yet; every game here begins with a real choice).
"""

from __future__ import annotations

from games import services
from games.models import Game, GameStatus, Seat

from .models import PlanningSettings


def wants_forced_steps(user_id: int) -> bool:
    """The person's choice (on unless they switched it off)."""
    off = PlanningSettings.objects.filter(user_id=user_id, play_forced_steps=False).exists()
    return not off


def forced_action(game: Game, state, seat: Seat) -> str | None:
    """The action to play for ``seat`` now, or None: its step's only legal action when
    the seat's person plays it and the game allows it to be played for them."""
    allows = game.spec.auto_play_forced
    if allows is None or not seat.is_active_human or seat.index not in game.to_move:
        return None
    legal = game.engine_module.legal_actions(state, seat.index)
    if len(legal) != 1 or not allows(state, seat.index, legal[0]):
        return None
    if not wants_forced_steps(seat.user_id):
        return None
    return legal[0]


def play_forced_step(*, game: Game, state, seats: list[Seat]) -> bool:
    """Play the one forced step due now, if any (its own ``move_played`` plays the
    next); True if one was played. ``game`` is locked by the caller's flow."""
    if game.status != GameStatus.ACTIVE:
        return False
    for seat in seats:
        action = forced_action(game, state, seat)
        if action is not None:
            services.move_play_for(
                game=game, state=state, seat=seat.index, action=action, how="forced", seats=seats
            )
            return True
    return False
