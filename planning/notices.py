"""Telling a player at once that their conditional move was played: an email row in
the mail outbox and a push row for each of their devices that takes it, both written
in the transaction of the opponent's move that triggered the reply, so they commit
(or roll back) with the two moves. Once per game and reply: the email row's unique
key is the reply's ply, the push rows' the game's version."""

from __future__ import annotations

from accounts.models import EmailPreference
from games.models import Game, GameStatus, Move, Seat
from mail.models import Kind as MailKind
from mail.sending.outbox import notify
from push.models import Kind as PushKind
from push.outbox import queue


def conditional_played(*, game: Game, seat: Seat, their_move: Move, reply_ply: int) -> None:
    """``seat``'s conditional reply (the move at ``reply_ply``) answered ``their_move``."""
    user = seat.user
    if user is None or not user.is_active:
        return
    # The moves by ply (their words are read in the reader's language when sent).
    payload = {
        "their_ply": their_move.ply,
        "my_ply": reply_ply,
        "over": game.status != GameStatus.ACTIVE,
    }
    # An email per turn is what this player chose; a digest's moves say "(your
    # conditional move)" at their hour, and "none" means none.
    if user.email_preference == EmailPreference.EACH_TURN:
        notify(
            user=user,
            kind=MailKind.CONDITIONAL,
            game=game,
            seat=seat,
            payload=payload,
            dedupe_key=f"conditional:{game.pk}:{reply_ply}",
        )
    queue(user=user, kind=PushKind.CONDITIONAL, game=game, seat=seat, payload=payload)
