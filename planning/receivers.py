"""The move path's hook: ``move_played`` is sent inside the move's transaction, with
the game's row locked by the flow that played it."""

from django.dispatch import receiver

from games import signals

from . import conditional, forced


@receiver(signals.move_played, dispatch_uid="planning.play_on")
def on_move_played(sender, game, move, state=None, seats=None, **kwargs) -> None:
    """A conditional reply the move triggers, else a forced step due after it. A move
    played on here sends its own ``move_played``, which comes back for the next."""
    if state is None or seats is None or move.ply != game.version:
        return  # (nothing to play on from, or a move was played on after it already)
    if conditional.answer(game=game, move=move, state=state, seats=seats):
        return
    forced.play_forced_step(game=game, state=state, seats=seats)
