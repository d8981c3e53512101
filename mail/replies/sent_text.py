"""What the site sent: the words of each email that carries a reply address.

``remember`` stores them from the very message handed to the email backend (its text
part, its HTML part as a client would show it, its subject), so they follow whatever
``mail.sending.compose`` writes. ``reference`` gathers the emails a reply to a token may be
answering: every answerable email of that player and game still within the reply
address's lifetime (a client may quote an older one below the newest). For an email
sent before this was kept, the emails of the token's position are composed again.
"""

from __future__ import annotations

import base64
import html
import logging
import re
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from ..models import SentEmail
from ..sending import tokens
from . import reply_text

log = logging.getLogger(__name__)
KEEP_AT_MOST = 50  # emails of one player and game read for one reply


def message_words(message) -> list[list[int]]:
    """The word sequences of an ``EmailMultiAlternatives``: text, HTML, subject."""
    markup = next((body for body, kind in message.alternatives if kind == "text/html"), "")
    return [
        reply_text.words(message.body or ""),
        html_words(markup),
        reply_text.words(message.subject or ""),
    ]


# Our own HTML parts read for their words only (kept for every email sent): the words
# of ``reply_text.html_to_text``, which reads whatever HTML a reply brings with
# ``html.parser`` at several times the cost. What a reader never sees goes, a block
# tag parts words, an image stands for its alt text, any other tag for nothing; and
# the text is unescaped twice, as the parser's text is (tests/mail/test_sent_text.py
# holds the two equal for every kind of email).
_UNSEEN = re.compile(r"<(head|title|style|script)\b[^>]*>.*?</\1\s*>|<!--.*?-->", re.S | re.I)
_IMAGE = re.compile(r"<img\b[^>]*?\salt=\"([^\"]*)\"[^>]*>", re.I)
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<![^>]*>")


def _tag(match: re.Match) -> str:
    name = (match.group(2) or "").lower()
    return "\n" if name in reply_text.HTML_BLOCKS else ""


def html_words(markup: str) -> list[int]:
    """``reply_text.words(reply_text.html_to_text(markup))`` for the site's own HTML."""
    text = _UNSEEN.sub("", markup or "")
    text = _IMAGE.sub(lambda m: f" [{m.group(1)}] " if m.group(1) else "", text)
    return reply_text.words(html.unescape(html.unescape(_TAG.sub(_tag, text))))


def pack(sequence: list[int]) -> str:
    """Word hashes as base64 text, four bytes a word (a JSON list of numbers is 3x)."""
    return base64.b64encode(b"".join(w.to_bytes(4, "big") for w in sequence)).decode()


def unpack(packed: str) -> list[int]:
    raw = base64.b64decode(packed)
    return [int.from_bytes(raw[i : i + 4], "big") for i in range(0, len(raw), 4)]


def remember(message, user) -> SentEmail | None:
    """Keep the words of ``message`` (about to be sent to ``user``) if it can be answered."""
    kept = words_of(message, user)
    if kept is not None:
        kept.save()
    return kept


def remember_all(kept: list[SentEmail]) -> None:
    """Store the ``words_of`` a batch of sent emails in one INSERT."""
    if kept:
        SentEmail.objects.bulk_create(kept)


def words_of(message, user) -> SentEmail | None:
    """What ``remember`` keeps of ``message``, not yet saved (None: it cannot be
    answered by reply)."""
    raw = tokens.find_reply_token(list(message.reply_to or []))
    if raw is None:
        return None
    try:
        token = tokens.read_reply_token(raw)
    except tokens.BadToken:
        return None
    return SentEmail(
        user=user,
        game_id=token.game_id,
        version=token.version,
        message_id=message.extra_headers.get("Message-ID", "")[:200],
        words=[pack(seq) for seq in message_words(message)],
    )


def _composed_again(game, user) -> list[list[int]]:
    """The turn email, reminder and digest the position would get now (close to what
    was sent: only the time left differs); the digest lists the player's other games."""
    from ..sending import compose

    section = compose.game_section(game, user)
    if not section.reply_address:
        return []
    messages = [compose.turn_email(user, [section]), compose.reminder_email(user, section)]
    # (the digest's soonest games: this one among them, or beside them)
    shown = settings.MAIL_DIGEST_GAMES
    others = [s for s in compose.awaiting_sections(user, limit=shown) if s.game.pk != game.pk]
    if others:
        messages.append(compose.digest_email(user, [section, *others][:shown]))
    return [seq for message in messages for seq in message_words(message)]


def reference(*, game, user, version: int) -> reply_text.Reference:
    since = timezone.now() - timedelta(days=settings.MAIL_REPLY_TOKEN_DAYS)
    rows = list(
        SentEmail.objects.filter(user=user, game=game, sent_at__gte=since)
        .order_by("-sent_at")
        .values_list("version", "words")[:KEEP_AT_MOST]
    )
    sequences = [unpack(packed) for _version, words in rows for packed in words]
    if not any(v == version for v, _words in rows) and game.version == version:
        try:
            sequences += _composed_again(game, user)
        except Exception:  # a reply is still read against what is kept
            log.exception("could not compose game %s again for a reply", game.pk)
    return reply_text.Reference(sequences)


def forget_old(now=None) -> int:
    """Delete what is kept of emails whose reply address has expired."""
    now = now or timezone.now()
    cutoff = now - timedelta(days=settings.MAIL_REPLY_TOKEN_DAYS + 1)
    deleted, _ = SentEmail.objects.filter(sent_at__lt=cutoff).delete()
    return deleted
