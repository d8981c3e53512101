"""Chat flows: post, delete one's own, report; moderators hide and mute; notes.

Who may do what (written down here, tested in tests/chat):
- Anyone who may see a game reads its chat: everybody on a public game (spectators
  and signed-out visitors read it, read-only), only its players on a private one.
- Only the game's players write, and only while their chat is on and they are not
  muted. Players of a finished game may still write (a "good game" after the end).
- Messages are plain text, HTML-escaped wherever they are shown; being only text,
  they can never carry another player's hidden information. A message must show
  something (not only spaces or invisible characters) and may not hold controls that
  turn the direction of the text around it (``check_text``).
- An author deletes their own message within ``DELETE_MINUTES``; moderators hide
  any message. Both keep the row (reports point at it) and take it off every page.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, F, Max, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from accounts.when import when
from games.models import Game, Seat
from games.presenters import move_rows
from mail.models import Kind, Notification
from mail.sending.outbox import notify
from moderation.services import record

from .models import (
    MAX_LENGTH,
    SHOWN,
    ChatMail,
    ChatSettings,
    Message,
    MessageReport,
    Note,
    Reading,
)

DELETE_MINUTES = 5  # an author may take a message back this long
MESSAGES_PER_MINUTE = 6  # per player, over all games
MAX_MUTE_DAYS = 365
MAIL_LINES = 5  # the latest messages an email quotes


class ChatError(Exception):
    """A chat request the site refuses; the message is shown as it is."""

    status = 400  # the answer's HTTP status


class ChatLimited(ChatError):
    """Too many messages in a short time: a 429, like the site's other limits."""

    status = 429


# Explicit direction embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO, LRI,
# RLI, FSI, PDI): a message holding one can reverse how what follows it reads (names,
# moves, other messages). Right-to-left scripts need none of them.
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols drawn as nothing (Hangul fillers, the blank Braille pattern).
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Not seen on their own: spaces, controls, format characters (zero-width space, joiners),
# unassigned and private-use code points, and marks that combine with what precedes.
UNSEEN = ("Z", "C", "Mn", "Me")


def _shows(char: str) -> bool:
    return char not in BLANK_GLYPHS and not unicodedata.category(char).startswith(UNSEEN)


def check_text(text: str) -> None:
    """Raise ChatError unless ``text`` shows something and turns no text around."""
    if any(c in DIRECTION_CONTROLS for c in text):
        raise ChatError(
            _("Your message holds a control character that reverses text. Please remove it.")
        )
    if any(unicodedata.category(c) == "Cc" and c not in "\r\n\t" for c in text):
        raise ChatError(_("Your message holds control characters. Please remove them."))
    if not any(_shows(c) for c in text):
        raise ChatError(_("Write a message first."))


def chat_settings(user: User) -> ChatSettings:
    """The player's chat settings (the defaults until they change one)."""
    if not user.is_authenticated:
        return ChatSettings(enabled=True)
    found = ChatSettings.objects.filter(user=user).first()
    return found or ChatSettings(user=user)


def plays_in(game: Game, user: User) -> bool:
    return user.is_authenticated and Seat.objects.filter(game=game, user=user).exists()


def _locked_settings(user: User) -> ChatSettings:
    """The player's settings row, locked: one player's posts are counted one at a time."""
    ChatSettings.objects.get_or_create(user=user)
    return ChatSettings.objects.select_for_update().get(user=user)


@transaction.atomic
def message_post(*, game: Game, user: User, text: str) -> Message:
    text = text.strip()
    if not plays_in(game, user):
        raise ChatError(_("Only the players of this game can write in its chat."))
    check_text(text)
    if len(text) > MAX_LENGTH:
        raise ChatError(
            _("A message has at most %(most)d characters; this one has %(length)d.")
            % {"most": MAX_LENGTH, "length": len(text)}
        )
    prefs = _locked_settings(user)  # the row lock makes the count below exact
    if not prefs.enabled:
        raise ChatError(_("Your chat is off. Turn it on to write."))
    if prefs.is_muted:
        raise ChatError(
            _("A moderator has muted you until %(until)s.") % {"until": when(prefs.muted_until)}
        )
    now = timezone.now()
    recent = Message.objects.filter(author=user, created_at__gt=now - timedelta(minutes=1))
    if recent.count() >= MESSAGES_PER_MINUTE:
        raise ChatLimited(
            ngettext(
                "You can write %(count)d message a minute. Wait a moment, then send.",
                "You can write %(count)d messages a minute. Wait a moment, then send.",
                MESSAGES_PER_MINUTE,
            )
            % {"count": MESSAGES_PER_MINUTE}
        )
    version = Game.objects.filter(pk=game.pk).values_list("version", flat=True).get()
    message = Message.objects.create(game=game, author=user, ply=version, text=text, created_at=now)
    _notify_own_emails(message)
    return message


def _notify_own_emails(message: Message) -> None:
    """Players who chose an email of its own for chat get one outbox row per game while
    one is pending (held back like a turn email); it quotes every message they have not
    seen when it is sent. Everyone else reads new messages in their next turn email."""
    seats = (
        Seat.objects.filter(game_id=message.game_id, user__isnull=False, user__is_active=True)
        .exclude(user_id=message.author_id)
        .exclude(user__email_preference="none")
        .filter(user__chat_settings__mail=ChatMail.OWN_EMAIL, user__chat_settings__enabled=True)
        .select_related("user", "game")
    )
    for seat in seats:
        waiting = Notification.objects.filter(
            user=seat.user, game_id=message.game_id, kind=Kind.CHAT, sent_at__isnull=True
        )
        if not waiting.exists():
            notify(
                user=seat.user,
                kind=Kind.CHAT,
                game=seat.game,
                seat=seat,
                dedupe_key=f"chat:{seat.pk}:{message.pk}",
                hold_seconds=settings.MAIL_TURN_HOLD_SECONDS,
            )


def deletable_until(message: Message) -> datetime:
    return message.created_at + timedelta(minutes=DELETE_MINUTES)


def message_delete(*, message_id: int, user: User) -> None:
    now = timezone.now()
    # One conditional UPDATE: the author's own, still shown, and young enough.
    changed = Message.objects.filter(
        pk=message_id,
        author=user,
        deleted_at__isnull=True,
        created_at__gt=now - timedelta(minutes=DELETE_MINUTES),
    ).update(deleted_at=now, changed_at=now)
    if not changed:
        raise ChatError(
            ngettext(
                "You can delete your own messages during %(count)d minute after writing them.",
                "You can delete your own messages during %(count)d minutes after writing them.",
                DELETE_MINUTES,
            )
            % {"count": DELETE_MINUTES}
        )


def message_report(*, message: Message, user: User, reason: str) -> MessageReport:
    if not user.is_authenticated:
        raise ChatError(_("Sign in to report a message."))
    if message.author_id == user.pk:
        raise ChatError(_("This is your own message: you can delete it instead."))
    if not message.is_shown:
        raise ChatError(_("This message has been taken down already."))
    report, _created = MessageReport.objects.get_or_create(
        message=message, reporter=user, defaults={"reason": reason.strip()[:500]}
    )
    return report


@transaction.atomic
def message_hide(*, message: Message, actor: User, reason: str) -> None:
    """A moderator takes a message off every page; its reports count as resolved."""
    record(
        actor,
        "chat_hide",
        reason,
        game=message.game,
        target=message.author,
        message=message.pk,
        text=message.text,
    )
    now = timezone.now()
    Message.objects.filter(pk=message.pk, hidden_at__isnull=True).update(
        hidden_at=now, changed_at=now
    )
    message.reports.update(resolved=True)


@transaction.atomic
def user_mute(*, user: User, actor: User, reason: str, days: float) -> ChatSettings:
    """The player cannot write in any chat for ``days`` days (0 lifts a mute)."""
    if not 0 <= days <= MAX_MUTE_DAYS:
        raise ChatError(
            _("Mute for 0 (to lift a mute) to %(most)s days.") % {"most": MAX_MUTE_DAYS}
        )
    record(actor, "chat_mute", reason, target=user, days=days)
    prefs = _locked_settings(user)
    prefs.muted_until = timezone.now() + timedelta(days=days) if days else None
    prefs.save(update_fields=["muted_until"])
    return prefs


def settings_update(*, user: User, enabled: bool, mail: str | None = None) -> ChatSettings:
    prefs, _created = ChatSettings.objects.get_or_create(user=user)
    prefs.enabled = enabled
    if mail is not None:
        prefs.mail = mail
    prefs.save(update_fields=["enabled", "mail"])
    return prefs


def note_for(game: Game, user: User) -> str:
    if not user.is_authenticated:
        return ""
    return Note.objects.filter(game=game, user=user).values_list("text", flat=True).first() or ""


def note_save(*, game: Game, user: User, text: str) -> Note:
    if not plays_in(game, user):
        raise ChatError(_("Notes are for the players of this game."))
    if len(text) > 5000:
        raise ChatError(_("Notes have at most %(most)d characters.") % {"most": 5000})
    note, _created = Note.objects.update_or_create(game=game, user=user, defaults={"text": text})
    return note


# --- reading ---------------------------------------------------------------------------


@dataclass
class Entry:
    """One line of the chat's timeline: a message, or the move it follows."""

    message: Message | None = None
    move: str = ""
    ply: int = 0
    mine: bool = False
    deletable: bool = False


def marker(game: Game) -> str:
    """Changes whenever what the chat shows could change (a message written, deleted or
    hidden), and every minute (the delete buttons expire): the live poll's key."""
    found = Message.objects.filter(game=game).aggregate(n=Count("pk"), last=Max("changed_at"))
    last = found["last"].timestamp() if found["last"] else 0
    return f"{found['n']}-{last:.6f}-{int(timezone.now().timestamp() // 60)}"


def mark_read(*, game: Game, user: User) -> None:
    """The player has the chat on their screen now (its log was drawn for them)."""
    if user.is_authenticated and plays_in(game, user):
        Reading.objects.update_or_create(game=game, user=user, defaults={"seen_at": timezone.now()})


def timeline(game: Game, viewer: User) -> list[Entry]:
    """The shown messages, oldest first, each run after a move headed by that move."""
    messages = list(Message.objects.filter(SHOWN, game=game).select_related("author"))
    moves = {}
    if any(m.ply for m in messages):
        # The move list as this viewer may read it: a secret action of another player
        # (a hidden declaration) shows in its public spelling, as in the move list.
        # (``Seat.own_view``: not a seat the viewer left, which a computer may hold.)
        seat = (
            Seat.objects.filter(game=game, user=viewer).first() if viewer.is_authenticated else None
        )
        moves = {row.ply: row.action for row in move_rows(game, seat and seat.own_view)}
    now = timezone.now()
    entries: list[Entry] = []
    last_ply = None
    for m in messages:
        if m.ply != last_ply:
            label = f"{m.ply}. {moves[m.ply]}" if m.ply in moves else ""
            entries.append(Entry(move=label or _("Before the first move"), ply=m.ply))
            last_ply = m.ply
        mine = viewer.is_authenticated and m.author_id == viewer.pk
        entries.append(
            Entry(message=m, ply=m.ply, mine=mine, deletable=mine and deletable_until(m) > now)
        )
    return entries


def note_empty_chats(games) -> None:
    """Mark which of ``games`` have no message at all (``chat_known_empty``): one query
    for a batch of emails instead of one an email. A message written while the batch
    is sent (seconds) rides in the player's next email, as one written just after."""
    with_messages = set(
        Message.objects.filter(game_id__in={game.pk for game in games})
        .order_by()
        .values_list("game_id", flat=True)
        .distinct()
    )
    for game in games:
        game.chat_known_empty = game.pk not in with_messages


def mail_lines(*, game: Game, user: User, seat: Seat | None) -> list[str]:
    """ "Bob wrote: ..." for the messages the player has not seen, for their next email
    about this game (none when their chat is off or they chose no chat emails).

    Seen means older than the latest of: the seat's last look at the game, the player's
    own latest message there, and their last reading of its chat: one query, the two
    latter as subqueries, after a cheaper one for a game without messages, as most are.
    The player's settings are read only when there is something to quote."""
    empty = getattr(game, "chat_known_empty", None)  # (``note_empty_chats``)
    if empty or (empty is None and not Message.objects.filter(game=game).exists()):
        return []  # (most games' chats are empty: the cheapest query says so)
    own = Message.objects.filter(game=game, author=user).order_by("-created_at")
    read = Reading.objects.filter(game=game, user=user)
    unseen = (
        Message.objects.filter(SHOWN, game=game)
        .exclude(author=user)
        .annotate(
            own_at=Subquery(own.values("created_at")[:1]),
            read_at=Subquery(read.values("seen_at")[:1]),
        )
        .filter(Q(own_at__isnull=True) | Q(created_at__gt=F("own_at")))
        .filter(Q(read_at__isnull=True) | Q(created_at__gt=F("read_at")))
    )
    seen_at = seat.last_seen_at if seat is not None else None
    if seen_at is not None:
        unseen = unseen.filter(created_at__gt=seen_at)
    latest = list(unseen.select_related("author").order_by("-created_at")[:MAIL_LINES])
    if not latest:
        return []
    prefs = chat_settings(user)
    if not prefs.enabled or prefs.mail == ChatMail.NONE:
        return []
    # In the recipient's language: mail.sending.compose activates it around the email.
    return [
        _("%(author)s wrote: %(text)s") % {"author": m.author.name, "text": m.text}
        for m in reversed(latest)
    ]
