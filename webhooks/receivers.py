"""Delivery rows from the games' signals, sent inside the move's transaction (so each
row commits or rolls back with the move). One query a turn to find the hooks."""

from __future__ import annotations

from django.db.models import Q
from django.dispatch import receiver

from games import signals
from games.models import Game, Seat

from . import outbox
from .models import Event, Hook


@receiver(signals.seat_became_due, dispatch_uid="webhooks.turn")
def on_seat_became_due(sender, seat: Seat, **kwargs) -> None:
    if seat.user_id is None or not seat.is_active_human:
        return
    hooks = Hook.objects.filter(disabled_at=None, turns=True).filter(
        Q(owner_id=seat.user_id, game=None) | Q(game_id=seat.game_id)
    )
    for hook in hooks:
        payload = {}
        if hook.game_id is None:  # the player's own: this seat's turn only
            payload = {"seat": seat.index, "due_since": seat.due_since.isoformat()}
        outbox.notify(hook=hook, event=Event.TURN, game=seat.game, payload=payload)


@receiver(signals.game_ended, dispatch_uid="webhooks.game_over")
def on_game_ended(sender, game: Game, **kwargs) -> None:
    players = [s.user_id for s in game.seats.all() if s.user_id is not None]
    hooks = Hook.objects.filter(disabled_at=None, results=True).filter(
        Q(owner_id__in=players, game=None) | Q(game_id=game.pk)
    )
    for hook in hooks:
        outbox.notify(hook=hook, event=Event.GAME_OVER, game=game)
