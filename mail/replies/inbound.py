"""Moves by email: a reply to a turn email plays the legal move in its new text.

The reply's recipient carries a signed token (player, game, turn). The new text is
told from the quoted email by ``mail.replies.reply_text`` against the words the site sent
(``mail.replies.sent_text``), wherever the player wrote it (top, bottom, between quoted lines);
its one legal move is played through ``games.services.move_play`` with the token's
version, exactly as the web page does. Anything else (no new text, no or two legal
moves, a move that cannot be told from the quote) gets a reply saying why, quoting
what was read as the new text, with the legal actions, and changes nothing.

Before any of that (issue 13): a message that cannot be read raises ``Unreadable``
(the mailbox reader and the webhook quarantine it, ``mail.replies.quarantine``); automatic
emails are ignored (``mail.replies.autoreply``); and the sender must have been verified
(``mail.replies.inbound_auth``): a failed or missing verdict (unless ``MAIL_ACCEPT_UNVERIFIED``)
is refused and never answered, since its From may be forged.

Replies go only to addresses the site knows (a verified address of a player): a reply
from an unknown address with a valid token is answered to the seat's player, and mail
from strangers without one is logged and dropped, so a forged sender cannot make us
mail a third party (backscatter). Answers are rationed (``mail.replies.answers``).
"""

from __future__ import annotations

import functools
import logging
import re
from dataclasses import dataclass
from email.utils import getaddresses, parseaddr

from allauth.account.models import EmailAddress
from anymail.inbound import AnymailInboundMessage
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import services
from games.engines import IllegalAction
from games.models import Game
from games.replay import load_state

from ..models import InboundMessage
from ..sending import compose, game_texts, tokens
from . import answers, autoreply, inbound_auth, proposals, reply_text, sent_text

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


class Unreadable(Exception):
    """A message that cannot be read as a reply (no single sender, undecodable text...):
    the mailbox reader quarantines it; it never holds up the messages after it."""


@dataclass(frozen=True)
class Letter:
    """What the reply handling needs of one message, read and cleaned."""

    sender: str
    recipients: list[str]
    text: str
    message_id: str


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _clean(value: str, limit: int) -> str:
    # NUL and other control characters never reach the database (PostgreSQL refuses
    # NUL in text and JSON), nor the answer.
    return _CONTROL.sub("", value[:limit])


def read_letter(message: AnymailInboundMessage) -> Letter:
    """The sender, recipients, text and Message-ID, or ``Unreadable`` saying why."""
    try:
        froms = [a for a in getaddresses(message.get_all("From") or []) if a[1]]
        if len(froms) != 1 or "@" not in froms[0][1]:
            raise Unreadable(f"needs exactly one sender address in From, found {len(froms)}")
        sender = _clean(froms[0][1].strip(), 300)
        recipients = [a.addr_spec for a in (message.to or [])] + [
            a.addr_spec for a in (message.cc or [])
        ]
        envelope = getattr(message, "envelope_recipient", None)
        if envelope:
            recipients.insert(0, envelope)
        for name in ("Delivered-To", "X-Original-To"):
            if message.get(name):
                recipients.append(parseaddr(str(message[name]))[1])
        # Only the start of a long reply is read: the move is in its first lines.
        text = _clean(message_text(message), settings.MAIL_MAX_REPLY_CHARS)
        message_id = _clean(str(message.get("Message-ID") or "").strip(), 300)
    except Unreadable:
        raise
    except Exception as exc:  # unknown charset, broken MIME, undecodable addresses...
        raise Unreadable(f"{type(exc).__name__}: {exc}") from exc
    return Letter(sender, [_clean(r, 300) for r in recipients], text, message_id)


def handle_message(
    message: AnymailInboundMessage, *, raw: bytes | None = None, esp_name: str = "", esp_event=None
) -> Outcome:
    """One inbound email (webhook or mailbox). ``raw`` is the message as it arrived
    (the mailbox reader), for a DKIM check of our own; ``esp_name``/``esp_event`` carry
    the provider's verdict on the sender (see ``mail.replies.inbound_auth``)."""
    letter = read_letter(message)
    automatic = autoreply.why_automatic(message)
    if automatic:
        log.info("inbound mail from %s ignored: %s", letter.sender, automatic)
        return Outcome(False, f"ignored: {automatic}")
    verdict = inbound_auth.verdict(message, raw=raw, esp_name=esp_name, esp_event=esp_event)
    return handle_reply(
        sender=letter.sender,
        recipients=letter.recipients,
        text=letter.text,
        message_id=letter.message_id,
        verdict=verdict,
    )


def handle_reply(
    *,
    sender: str,
    recipients: list[str],
    text: str,
    message_id: str,
    verdict: inbound_auth.Verdict,
) -> Outcome:
    # The record and the handling commit together: a message whose handling failed is
    # not recorded, so its redelivery is handled afresh instead of being dropped as a
    # duplicate (a recorded reply is always a handled, and answered, one).
    with transaction.atomic():
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
        outcome = _handle(sender=sender, recipients=recipients, text=text, verdict=verdict)
        if record is not None:
            InboundMessage.objects.filter(pk=record.pk).update(outcome=outcome.reason[:300])
    log.info("inbound mail from %s (%s): %s", sender, verdict.detail, outcome.reason)
    return outcome


def _refuse(
    user: User | None,
    game: Game | None,
    reason: str,
    move: str = "",
    read: str | None = None,
) -> Outcome:
    """Tell the player why nothing was played, in their own language (``reason`` may be
    a lazy translation: the sender and the seat's player may read different ones);
    ``read`` is what was read as their own text (None when the reply was not read: a
    forged token, a stranger)."""
    if user is None:
        return Outcome(False, str(reason))
    with translation.override(compose.language_of(user)):
        text = str(reason)
    answers.answer(user=user, game=game, reason=text, move=move, read=read)
    return Outcome(False, text)


def _unverified(verdict: inbound_auth.Verdict) -> str:
    """Why the sender cannot be trusted ("" when they can)."""
    if verdict.passed:
        return ""
    if verdict.result == inbound_auth.NONE and settings.MAIL_ACCEPT_UNVERIFIED:
        return ""
    if verdict.result == inbound_auth.FAIL:
        return f"refused, not answered: the sender failed authentication ({verdict.detail})"
    return f"refused, not answered: nobody verified the sender ({verdict.detail})"


def _handle(
    *, sender: str, recipients: list[str], text: str, verdict: inbound_auth.Verdict
) -> Outcome:
    untrusted = _unverified(verdict)
    if untrusted:
        # The From may be forged: never played, and never answered (no backscatter to
        # the address in From, no mail to a player someone is impersonating).
        return Outcome(False, untrusted)
    sender_user = _known_user(sender)
    raw = tokens.find_reply_token(recipients)
    if raw is None:
        return _refuse(
            sender_user,
            None,
            _(
                "this address is not a reply address of a game; reply to a turn email to play "
                "by email"
            ),
        )
    try:
        token = tokens.read_reply_token(raw)
    except tokens.BadToken as exc:
        return _refuse(sender_user, None, exc.args[0] if exc.args else str(exc))
    game = Game.objects.filter(pk=token.game_id).first()
    user = User.objects.filter(pk=token.user_id, is_active=True).first()
    if game is None or user is None:
        return _refuse(sender_user, None, _("that game or player no longer exists"))
    if sender_user is None or sender_user.pk != user.pk:
        # Not the seat's verified address: the player hears of it at their own verified
        # address (never at the unknown sender's), and so does the sender if we know them.
        reason = format_lazy(
            _(
                "the reply came from {sender}, which is not the verified address of the "
                "player this email was for"
            ),
            sender=sender,
        )
        if sender_user is not None:
            _refuse(sender_user, game, reason)
        return _refuse(user, game, reason)
    # From here on the reply is the player's: what we answer (and the reasons the game
    # services and the reading give) is in their language.
    with translation.override(compose.language_of(user)):
        return _handle_player(game=game, user=user, token=token, text=text)


def _handle_player(*, game: Game, user: User, token: tokens.ReplyToken, text: str) -> Outcome:
    seat = game.seats.filter(user=user).first()
    # Only a seat its person still plays (``Seat.own_view``): one they left may be a
    # computer's, whose legal actions tell its cards.
    own = seat.own_view if seat is not None else None
    due = game.status == "active" and own is not None and own in game.to_move
    reading = reply_text.read(
        text,
        reference=sent_text.reference(game=game, user=user, version=token.version),
        parse=functools.partial(game.engine_module.parse, load_state(game), own) if due else None,
    )
    # "accept" / "decline" (an invitation), "accept draw" / "decline draw" (mail.replies.proposals)
    first = reading.first_line
    answered = proposals.answer(game=game, user=user, line=first) if first else None
    if answered is not None:
        done, reason = answered
        return Outcome(True, reason) if done else _refuse(user, game, reason, first, first)
    if reading.problem:
        return _refuse(user, game, reading.problem, read=reading.new_text)
    # Not a legal move (or not the player's turn): the move service says why.
    line = reading.action or reading.first_line
    read = reading.new_text
    if not line:
        return _refuse(user, game, gettext("no move was found in your reply"), read=read)
    if game.status != "active" or seat is None:
        return _refuse(user, game, gettext("this game is not in play any more"), line, read)
    action = line
    try:
        result = services.move_play(
            game_id=game.pk, user=user, action=action, expected_version=token.version
        )
    except services.StaleMove:
        return _refuse(
            user,
            game,
            gettext(
                "the game has moved on since that email was sent (this turn is over), "
                "so the move was not played"
            ),
            line,
            read,
        )
    except IllegalAction as exc:
        why = gettext("“%(move)s” is not a legal move now: %(why)s") % {
            "move": answers.quote(line),
            "why": game_texts.error(exc),
        }
        return _refuse(user, game, why, line, read)
    except services.GameError as exc:
        return _refuse(user, game, game_texts.error(exc), line, read)
    if not result.applied:
        return Outcome(False, "the same move was already played")
    return Outcome(True, f"played {action}")
