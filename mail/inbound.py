"""Moves by email: a reply to a turn email plays the legal move in its new text.

The reply's recipient carries a signed token (player, game, turn). The new text is
told from the quoted email by ``mail.reply_text`` against the words the site sent
(``mail.sent_text``), wherever the player wrote it (top, bottom, between quoted lines);
its one legal move is played through ``games.services.move_play`` with the token's
version, exactly as the web page does. Anything else (no new text, no or two legal
moves, a move that cannot be told from the quote) gets a reply saying why, quoting
what was read as the new text, with the legal actions, and changes nothing.

Replies go only to addresses the site knows (a verified address of a player): a reply
from an unknown address with a valid token is answered to the seat's player, and mail
from strangers without one is logged and dropped, so a forged sender cannot make us
mail a third party (backscatter).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from email.utils import parseaddr

from allauth.account.models import EmailAddress
from anymail.inbound import AnymailInboundMessage
from django.db import IntegrityError, transaction

from accounts.models import User
from games import services
from games.engines import IllegalAction
from games.models import Game
from games.replay import load_state

from . import reply_text, sent_text, tokens
from .models import InboundMessage, Kind
from .outbox import notify

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Outcome:
    played: bool
    reason: str


def message_text(message: AnymailInboundMessage) -> str:
    if message.text:
        return message.text
    return reply_text.html_to_text(message.html or "")


# --- handling one message ---------------------------------------------------------------


def _known_user(address: str) -> User | None:
    found = (
        EmailAddress.objects.filter(email__iexact=address, verified=True)
        .select_related("user")
        .first()
    )
    return found.user if found and found.user.is_active else None


def handle_message(message: AnymailInboundMessage) -> Outcome:
    sender = (message.from_email.addr_spec if message.from_email else "") or ""
    recipients = [a.addr_spec for a in (message.to or [])] + [
        a.addr_spec for a in (message.cc or [])
    ]
    envelope = getattr(message, "envelope_recipient", None)
    if envelope:
        recipients.insert(0, envelope)
    for name in ("Delivered-To", "X-Original-To"):
        if message.get(name):
            recipients.append(parseaddr(message[name])[1])
    message_id = (message.get("Message-ID") or "").strip()
    return handle_reply(
        sender=sender,
        recipients=recipients,
        text=message_text(message),
        message_id=message_id,
    )


def handle_reply(*, sender: str, recipients: list[str], text: str, message_id: str) -> Outcome:
    if message_id:
        try:
            with transaction.atomic():
                record = InboundMessage.objects.create(
                    message_id=message_id[:300], sender=sender[:300], outcome="received"
                )
        except IntegrityError:
            return Outcome(False, "duplicate delivery, already handled")
    else:
        record = None
    outcome = _handle(sender=sender, recipients=recipients, text=text)
    if record is not None:
        InboundMessage.objects.filter(pk=record.pk).update(outcome=outcome.reason[:300])
    log.info("inbound mail from %s: %s", sender, outcome.reason)
    return outcome


def _refuse(
    user: User | None, game: Game | None, reason: str, move: str = "", read: str | None = None
) -> Outcome:
    """Tell the player why nothing was played; ``read`` is what was read as their own
    text (None when the reply was not read: a forged token, a stranger)."""
    if user is not None:
        payload = {"reason": reason, "move": move[:200]}
        if read is not None:  # enough to see what went wrong, not a whole long email
            payload["read"] = read[:2000]
        notify(user=user, kind=Kind.REPLY, game=game, payload=payload)
    return Outcome(False, reason)


def _handle(*, sender: str, recipients: list[str], text: str) -> Outcome:
    sender_user = _known_user(sender)
    raw = tokens.find_reply_token(recipients)
    if raw is None:
        return _refuse(
            sender_user,
            None,
            "this address is not a reply address of a game; reply to a turn email to play by email",
        )
    try:
        token = tokens.read_reply_token(raw)
    except tokens.BadToken as exc:
        return _refuse(sender_user, None, str(exc))
    game = Game.objects.filter(pk=token.game_id).first()
    user = User.objects.filter(pk=token.user_id, is_active=True).first()
    if game is None or user is None:
        return _refuse(sender_user, None, "that game or player no longer exists")
    if sender_user is None or sender_user.pk != user.pk:
        # Not the seat's verified address: the player hears of it at their own verified
        # address (never at the unknown sender's), and so does the sender if we know them.
        reason = (
            f"the reply came from {sender}, which is not the verified address of the "
            "player this email was for"
        )
        if sender_user is not None:
            _refuse(sender_user, game, reason)
        return _refuse(user, game, reason)
    seat = game.seats.filter(user=user).first()
    due = game.status == "active" and seat is not None and seat.index in game.to_move
    reading = reply_text.read(
        text,
        reference=sent_text.reference(game=game, user=user, version=token.version),
        legal=game.engine_module.legal_actions(load_state(game), seat.index) if due else (),
    )
    if reading.problem:
        return _refuse(user, game, reading.problem, read=reading.new_text)
    # Not a legal move (or not the player's turn): the move service says why.
    line = reading.action or reading.first_line
    read = reading.new_text
    if not line:
        return _refuse(user, game, "no move was found in your reply", read=read)
    if game.status != "active" or seat is None:
        return _refuse(user, game, "this game is not in play any more", line, read)
    action = line
    try:
        result = services.move_play(
            game_id=game.pk, user=user, action=action, expected_version=token.version
        )
    except services.StaleMove:
        return _refuse(
            user,
            game,
            "the game has moved on since that email was sent (this turn is over), "
            "so the move was not played",
            line,
            read,
        )
    except IllegalAction as exc:
        return _refuse(user, game, f"“{line}” is not a legal move now: {exc}", line, read)
    except services.GameError as exc:
        return _refuse(user, game, str(exc), line, read)
    if not result.applied:
        return Outcome(False, "the same move was already played")
    return Outcome(True, f"played {action}")
