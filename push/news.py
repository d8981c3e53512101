"""Is a push row still news when its turn to be sent comes? The email's rules
(``mail.tasks``), for push rows: a push is skipped when its email would be."""

from __future__ import annotations

from chat.models import Message
from games.models import GameStatus

from .models import PushMessage


def seat_moved_on(row: PushMessage) -> bool:
    """The turn (or reminder) written about is over: played, or the game ended."""
    seat, game = row.seat, row.game
    if seat is None or not seat.is_due or game.status != GameStatus.ACTIVE:
        return True
    return seat.due_since is None or seat.due_since.isoformat() != row.payload.get("due_since")


def invitation_open(row: PushMessage) -> bool:
    """The invitation still waits for this player's answer."""
    seat = row.seat
    return (
        seat is not None
        and row.game.status == GameStatus.OPEN
        and seat.user_id == row.user_id
        and not seat.accepted
    )


def draw_offer_open(row: PushMessage) -> bool:
    """The draw offer written about still waits (the same position, not answered)."""
    game = row.game
    return (
        game.status == GameStatus.ACTIVE
        and game.draw_offered_by is not None
        and row.seat is not None
        and game.draw_offered_by != row.seat.index
        and game.version == row.version
    )


def chat_message_shown(row: PushMessage) -> bool:
    """The chat message pushed about is still shown (not deleted by its author nor
    hidden by a moderator)."""
    return Message.objects.filter(
        pk=row.payload.get("message"), deleted_at__isnull=True, hidden_at__isnull=True
    ).exists()
