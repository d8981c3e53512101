"""Moves by email: a reply to a turn email plays its first line of new text.

The reply's recipient carries a signed token (player, game, turn). The new text is
cut from quotes and signatures by mail-parser-reply (Gmail, Outlook, Apple Mail,
Thunderbird shapes; top- and bottom-posting); its first line is played through
``games.services.move_play`` with the token's version, exactly as the web page does.
Anything else gets a reply saying why, with the legal actions, and changes nothing.

Replies go only to addresses the site knows (a verified address of a player): a reply
from an unknown address with a valid token is answered to the seat's player, and mail
from strangers without one is logged and dropped, so a forged sender cannot make us
mail a third party (backscatter).
"""

from __future__ import annotations

import html
import logging
import re
from dataclasses import dataclass
from email.utils import parseaddr

from allauth.account.models import EmailAddress
from anymail.inbound import AnymailInboundMessage
from django.db import IntegrityError, transaction
from mailparser_reply import EmailReplyParser

from accounts.models import User
from games import services
from games.engines import IllegalAction
from games.models import Game
from games.replay import load_state

from . import answers, tokens
from .models import InboundMessage, Kind
from .outbox import notify

log = logging.getLogger(__name__)

QUOTE_HEADER = re.compile(
    r"^\s*(on|am|le|el|op|il)\b.{0,200}"
    r"(wrote|schrieb|a écrit|escribió|schreef|ha scritto)\s*:?\s*$",
    re.IGNORECASE,
)
NOT_A_MOVE = re.compile(r"^\s*(-{2,}|_{5,}|from:|sent:|de:|von:|forwarded|begin forwarded)", re.I)


@dataclass(frozen=True)
class Outcome:
    played: bool
    reason: str


# --- reading the new text ---------------------------------------------------------------


def html_to_text(markup: str) -> str:
    """Plain text of an HTML-only reply, without its quoted part."""
    markup = re.sub(r"(?is)<(script|style|head)\b.*?</\1>", "", markup)
    # Quoted parts: Gmail's gmail_quote, Outlook's reply header, Apple's/Thunderbird's
    # <blockquote type="cite">: everything from there on is the old message.
    markup = re.split(
        r'(?is)<div[^>]+class="[^"]*gmail_quote|<div[^>]+id="(?:divRplyFwdMsg|appendonsend)"'
        r'|<blockquote|<div[^>]+class="[^"]*moz-cite-prefix|<hr\b',
        markup,
        maxsplit=1,
    )[0]
    markup = re.sub(r"(?i)<br\s*/?>|</(p|div|li|tr|h\d)>", "\n", markup)
    return html.unescape(re.sub(r"(?s)<[^>]+>", "", markup))


def first_line(text: str) -> str:
    """The first line of new text: quotes, quote headers and signatures stripped."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    reply = EmailReplyParser(languages=["en", "de", "fr", "es", "nl", "it"]).read(text)
    candidates = []
    for part in (reply.latest_reply or "", text):
        for line in part.split("\n"):
            stripped = line.strip().replace("\u00a0", " ")
            if not stripped or stripped.startswith(">") or QUOTE_HEADER.match(stripped):
                continue
            candidates.append(stripped)
            break
    # Bottom-posting: mail-parser-reply keeps a leading quote; the first unquoted
    # line of the whole text is the new text then.
    for line in candidates:
        if not NOT_A_MOVE.match(line):
            return line
    return candidates[0] if candidates else ""


def message_text(message: AnymailInboundMessage) -> str:
    if message.text:
        return message.text
    return html_to_text(message.html or "")


# --- handling one message ---------------------------------------------------------------


def _known_user(address: str) -> User | None:
    found = (
        EmailAddress.objects.filter(email__iexact=address, verified=True)
        .select_related("user")
        .first()
    )
    return found.user if found and found.user.is_active else None


def _match_legal(game: Game, seat_index: int, text: str) -> str:
    """The player's line as a legal action, forgiving case (phones capitalise)."""
    legal = game.engine_module.legal_actions(load_state(game), seat_index)
    if text in legal:
        return text
    folded = [a for a in legal if a.casefold() == " ".join(text.split()).casefold()]
    return folded[0] if len(folded) == 1 else text


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


def _refuse(user: User | None, game: Game | None, reason: str, move: str = "") -> Outcome:
    if user is not None:
        notify(user=user, kind=Kind.REPLY, game=game, payload={"reason": reason, "move": move})
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
    line = first_line(text)
    if not line:
        return _refuse(user, game, "no move was found in the first line of your reply")
    answered = answers.answer(game=game, user=user, line=line)  # invitation, draw offer
    if answered is not None:
        done, reason = answered
        return Outcome(True, reason) if done else _refuse(user, game, reason, line)
    seat = game.seats.filter(user=user).first()
    if game.status != "active" or seat is None:
        return _refuse(user, game, "this game is not in play any more", line)
    action = _match_legal(game, seat.index, line) if seat.index in game.to_move else line
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
        )
    except IllegalAction as exc:
        return _refuse(user, game, f"“{line}” is not a legal move now: {exc}", line)
    except services.GameError as exc:
        return _refuse(user, game, str(exc), line)
    if not result.applied:
        return Outcome(False, "the same move was already played")
    return Outcome(True, f"played {action}")
