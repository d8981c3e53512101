"""Answers to emailed moves that were not played ("your move was not played: ...").

An answer is an email the site sends because someone sent it one, so it is rationed
(issue 13, point 3): never to a player who chose no emails, at most one per player and
game turn (the outbox's unique ``dedupe_key`` decides, race-free), and at most
``MAIL_ANSWERS_PER_HOUR`` per player in any hour (a count of the player's answer rows
in the outbox: a database count, so every web and worker process sees the same).
Only authenticated senders get this far (``mail.replies.inbound``).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from accounts.models import EmailPreference

from ..models import Kind, Notification
from ..sending.outbox import notify

log = logging.getLogger(__name__)

# What an answer quotes of the player's line (the whole reason is in the answer too),
# and of what was read as their own text (enough to see what went wrong).
QUOTE_CHARS = 120
READ_CHARS = 600


def quote(line: str) -> str:
    line = " ".join(line.split())
    return line if len(line) <= QUOTE_CHARS else line[: QUOTE_CHARS - 1] + "…"


def answer(*, user, game, reason: str, move: str = "", read: str | None = None) -> bool:
    """Queue one answer email to ``user``; False when it is not sent (and why is logged).
    ``read`` is what was read as the player's own text (quoted back, capped), None when
    the reply was not read."""
    if not user.is_active or user.email_preference == EmailPreference.NONE:
        log.info("no answer to user %s: they chose no emails", user.pk)
        return False
    now = timezone.now()
    recent = Notification.objects.filter(
        user=user, kind=Kind.REPLY, created_at__gte=now - timedelta(hours=1)
    ).count()
    if recent >= settings.MAIL_ANSWERS_PER_HOUR:
        log.info("no answer to user %s: %s answers in the last hour", user.pk, recent)
        return False
    # One answer per game turn; answers without a game (no token, a damaged one) share
    # one per hour.
    key = f"reply:{game.pk}:{game.version}" if game is not None else f"reply:-:{now:%Y%m%d%H}"
    payload = {"reason": reason[:500], "move": quote(move)}
    if read is not None:  # enough to see what went wrong, not a whole long email
        payload["read"] = read[:READ_CHARS]
    row = notify(user=user, kind=Kind.REPLY, game=game, payload=payload, dedupe_key=key)
    if row is None:
        log.info("no answer to user %s: already answered for %s", user.pk, key)
    return row is not None
