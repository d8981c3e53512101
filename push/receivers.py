"""Push rows from game events, in the transaction that made the change (the games
signals are sent inside it), and from a new chat message (saved inside its own)."""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import User
from chat.models import Message
from games import signals
from games.models import Game, Seat
from games.timeouts import reminder_due

from . import keys
from .models import Device, Kind
from .outbox import queue


@receiver(signals.seat_became_due, dispatch_uid="push.turn")
def on_seat_became_due(sender, seat: Seat, **kwargs) -> None:
    payload = {"due_since": seat.due_since.isoformat()}
    queue(user=seat.user, kind=Kind.TURN, game=seat.game, seat=seat, payload=payload)


@receiver(reminder_due, dispatch_uid="push.reminder")
def on_reminder_due(sender, seat: Seat, **kwargs) -> None:
    payload = {"due_since": seat.due_since.isoformat()}
    queue(user=seat.user, kind=Kind.REMINDER, game=seat.game, seat=seat, payload=payload)


@receiver(signals.game_ended, dispatch_uid="push.result")
def on_game_ended(sender, game: Game, **kwargs) -> None:
    if not keys.configured():
        return  # (no read of the seats for nothing)
    for seat in game.seats.select_related("user").filter(user__isnull=False):
        queue(user=seat.user, kind=Kind.RESULT, game=game, seat=seat)


@receiver(signals.seat_invited, dispatch_uid="push.invitation")
def on_seat_invited(sender, seat: Seat, **kwargs) -> None:
    queue(user=seat.user, kind=Kind.INVITATION, game=seat.game, seat=seat)


@receiver(signals.draw_offered, dispatch_uid="push.draw_offer")
def on_draw_offered(sender, game: Game, seat: Seat, **kwargs) -> None:
    if not keys.configured():
        return
    for other in game.seats.select_related("user").filter(user__isnull=False).exclude(pk=seat.pk):
        if other.is_active_human:
            queue(
                user=other.user,
                kind=Kind.DRAW_OFFER,
                game=game,
                seat=other,
                payload={"by": seat.name},
            )


@receiver(post_save, sender=Message, dispatch_uid="push.chat")
def on_chat_message(sender, instance: Message, created: bool, raw: bool = False, **kwargs) -> None:
    """The game's other players whose chat is on hear of a new message (one push per
    game version: a lively exchange within one move is one notification)."""
    if not created or raw or not keys.configured():
        return
    seats = (
        Seat.objects.filter(game_id=instance.game_id, user__isnull=False, user__is_active=True)
        .exclude(user_id=instance.author_id)
        .exclude(user__chat_settings__enabled=False)
        .select_related("user", "game")
    )
    author = instance.author.name
    for seat in seats:
        queue(
            user=seat.user,
            kind=Kind.CHAT,
            game=seat.game,
            seat=seat,
            payload={"message": instance.pk, "by": author, "text": instance.text[:200]},
        )


@receiver(post_save, sender=User, dispatch_uid="push.inactive")
def on_user_saved(sender, instance: User, raw: bool = False, **kwargs) -> None:
    """A deactivated or deleted account (``leaving.services.account_delete``) keeps no
    device: its subscriptions and their waiting pushes go."""
    if not raw and not instance.is_active:
        Device.objects.filter(user_id=instance.pk).delete()
