"""Writing and claiming push rows, as the email outbox does (``mail.sending.outbox``).

``queue`` runs inside the transaction that caused the notification (receivers of the
games signals), so its rows commit or roll back with the move: one row per device of
the player, at most one per device, kind, game and game version (the unique
constraint decides; a second event of the same version writes nothing). After
commit a task is queued for the player; the minute's sweep sends what was left
(worker killed, broker down) and what waits for its next try.

Claiming is a conditional ``UPDATE ... WHERE sent_at IS NULL AND (not claimed OR
claim expired) AND due`` on this table alone: the database re-checks that WHERE on
each row under its row lock, so no row is claimed by two workers; a worker that died
holding a claim loses it after ``PUSH_CLAIM_SECONDS``.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games import selectors

from . import keys
from .models import Device, PushMessage

log = logging.getLogger(__name__)

DELIVER_TASK = "push.tasks.deliver"
# Waits between tries of a failed push: a minute, doubling, at most an hour.
FIRST_WAIT_SECONDS = 60
LONGEST_WAIT_SECONDS = 3600


def queue(*, user, kind: str, game, seat=None, payload: dict | None = None) -> int:
    """Write a row for each of ``user``'s devices that takes ``kind`` (in the caller's
    transaction) and queue their sending after commit; the number written."""
    if user is None or not user.is_active:
        return 0
    if not keys.configured():
        return 0
    devices = list(Device.objects.filter(user_id=user.pk).values_list("pk", flat=True))
    if not devices:  # most players: one indexed read, nothing written
        return 0
    preferences = getattr(user, "push_preferences", None)
    if preferences is not None and not preferences.wants(kind):
        return 0
    now = timezone.now()
    rows = [
        PushMessage(
            device_id=device,
            user_id=user.pk,
            kind=kind,
            game=game,
            seat=seat,
            version=game.version,
            payload=payload or {},
            send_after=now,
        )
        for device in devices
    ]
    # The unique constraint keeps a row per device, kind, game and version: an event
    # heard twice (a retried transaction, a second signal) adds nothing.
    written = PushMessage.objects.bulk_create(rows, ignore_conflicts=True)
    user_id = user.pk
    transaction.on_commit(lambda: enqueue(user_id), robust=True)
    return len(written)


def enqueue(user_id: int) -> None:
    """Queue the sending of the player's due pushes; never raises (the sweep sends
    what could not be queued)."""
    from celery import current_app

    try:
        current_app.tasks[DELIVER_TASK].apply_async(args=[user_id])
    except Exception as exc:
        log.warning("could not queue pushes for user %s (%s)", user_id, type(exc).__name__)


def _claimable(now: datetime) -> Q:
    return (
        Q(sent_at__isnull=True)
        & Q(send_after__lte=now)
        & (Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
    )


def _stamp(query, now: datetime) -> tuple[str, list[PushMessage]]:
    token = uuid.uuid4().hex
    query.update(
        claim=token,
        claimed_until=now + timedelta(seconds=settings.PUSH_CLAIM_SECONDS),
        attempts=F("attempts") + 1,
    )
    return token, claimed_rows(token)


def claim(user_id: int, now: datetime | None = None) -> tuple[str, list[PushMessage]]:
    """Claim the player's due rows: the claim token and the rows (empty if none or
    another worker has them)."""
    now = now or timezone.now()
    # One UPDATE of this table with the whole condition in its WHERE: safe as it is.
    return _stamp(PushMessage.objects.filter(_claimable(now), user_id=user_id), now)


def claim_due(limit: int, now: datetime | None = None) -> tuple[str, list[PushMessage]]:
    """Claim up to ``limit`` due rows of any players, oldest first; ``SKIP LOCKED``
    lets two workers take different rows, and the UPDATE re-checks each row's claim."""
    now = now or timezone.now()
    with transaction.atomic():
        ids = list(
            PushMessage.objects.select_for_update(skip_locked=True)
            .filter(_claimable(now))
            .order_by("send_after")
            .values_list("pk", flat=True)[:limit]
        )
        if not ids:
            return "", []
        return _stamp(PushMessage.objects.filter(_claimable(now), pk__in=ids), now)


def claimed_rows(token: str) -> list[PushMessage]:
    """The unsent rows of claim ``token``, each game with its seats and their players
    (one instance per game): two queries."""
    claimed = list(
        PushMessage.objects.filter(claim=token, sent_at__isnull=True)
        .select_related("device", "user__push_preferences", "game", "seat")
        .order_by("created_at")
    )
    games = {}
    for row in claimed:
        row.game = games.setdefault(row.game_id, row.game)
    selectors.with_seats(games.values())
    return claimed


def finish(rows: list[PushMessage], token: str, outcome: str) -> None:
    """Mark rows done (sent, or not sent and why); only while our claim holds."""
    PushMessage.objects.filter(pk__in=[r.pk for r in rows], claim=token).update(
        sent_at=timezone.now(), outcome=outcome[:60]
    )


def wait_after(attempts: int, retry_after: float | None = None) -> timedelta:
    """How long a push that failed its ``attempts``-th try waits for the next one:
    doubling from a minute to an hour, longer if the push service asked for it."""
    wait = min(FIRST_WAIT_SECONDS * 2 ** max(0, attempts - 1), LONGEST_WAIT_SECONDS)
    return timedelta(seconds=max(wait, retry_after or 0))


def retry_later(row: PushMessage, token: str, reason: str, retry_after: float | None = None):
    """Give the row back to be tried again after its wait, or give it up for good
    after ``PUSH_MAX_ATTEMPTS`` tries."""
    if row.attempts >= settings.PUSH_MAX_ATTEMPTS:
        finish([row], token, f"failed: {reason}")
        return
    PushMessage.objects.filter(pk=row.pk, claim=token).update(
        claim="",
        claimed_until=None,
        send_after=timezone.now() + wait_after(row.attempts, retry_after),
        outcome=f"retrying: {reason}"[:60],
    )


def release(rows: list[PushMessage], token: str) -> None:
    """Give untried rows back at once (a batch stopped before them), attempt uncounted."""
    PushMessage.objects.filter(pk__in=[r.pk for r in rows], claim=token).update(
        claim="", claimed_until=None, attempts=F("attempts") - 1
    )


def due_count(now: datetime | None = None, limit: int = 20_000) -> int:
    now = now or timezone.now()
    return PushMessage.objects.filter(_claimable(now))[:limit].count()
