"""The move path's hook: ``move_played`` is sent inside the move's transaction, with
the game's row locked by the flow that played it."""

from django.dispatch import receiver

from games import signals

from . import forced


@receiver(signals.move_played, dispatch_uid="planning.forced_steps")
def on_move_played(sender, game, move, state=None, seats=None, **kwargs) -> None:
    if state is None or seats is None:
        return  # (sent by code that has neither: nothing known to play on from)
    forced.play_forced_step(game=game, state=state, seats=seats)
