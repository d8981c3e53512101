"""Writing and claiming outbox rows.

``notify`` is called inside the transaction that caused the notification (signal
receivers of a move run inside the move's transaction), so the row commits or rolls
back with the move. A row due at once is queued for the player after commit; a
held-back row (turn emails wait a few minutes to combine games) and a row whose
queueing failed (broker down) are sent by ``sweep_outbox``, every minute.

Claiming (``claim``) is a conditional ``UPDATE ... WHERE sent_at IS NULL AND (not
claimed OR claim expired)`` that stamps a fresh claim token: each row can be claimed
by one worker at a time (the database applies the UPDATE row by row under its row
lock and re-checks the WHERE on the current row), and a worker that died holding a
claim loses it after ``MAIL_CLAIM_SECONDS``. ``claim_due`` claims a batch of any
players' due rows the same way, skipping rows another worker is claiming right then.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
import time
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, connection, connections, router, transaction
from django.db.models import F, Q
from django.utils import timezone

from games import selectors

from ..models import MERGING_KINDS, Notification

log = logging.getLogger(__name__)


_silence = threading.local()


@contextlib.contextmanager
def silenced():
    """Inside, ``notify`` writes nothing: moves nobody is to hear of (the demo's
    seeding of finished games, ``manage.py demo``)."""
    _silence.on = True
    try:
        yield
    finally:
        _silence.on = False


def notify(
    *,
    user,
    kind: str,
    game=None,
    seat=None,
    payload: dict | None = None,
    dedupe_key: str = "",
    hold_seconds: int = 0,
) -> Notification | None:
    """Write one outbox row (in the caller's transaction); queue it after commit if it
    is due at once. None when a row with the same ``dedupe_key`` exists already, or
    inside ``silenced()``."""
    if getattr(_silence, "on", False):
        return None
    now = timezone.now()
    row = Notification(
        user=user,
        kind=kind,
        game=game,
        seat=seat,
        version=game.version if game is not None else None,
        payload=payload or {},
        dedupe_key=dedupe_key,
        send_after=now + timedelta(seconds=hold_seconds),
    )
    if dedupe_key:
        # The unique key decides (no read first): a row already written for it, by an
        # earlier event or a concurrent sweeper, makes this a no-op; once is enough.
        # (In a savepoint: the failed INSERT must not spoil the caller's transaction.)
        try:
            with transaction.atomic():
                row.save(force_insert=True)
        except IntegrityError:
            return None
    else:
        row.save(force_insert=True)
    if hold_seconds <= 0:
        user_id = user.pk
        transaction.on_commit(lambda: enqueue(user_id), robust=True)
    # A held-back row is sent by the minute's sweep (tasks.sweep_outbox) once its
    # time has come: no task per move, and no countdown task waiting in a worker.
    return row


# The delivery task, found by name in Celery's registry: this module never imports
# mail.tasks (which imports this one), so the two form no import circle.
DELIVER_TASK = "mail.tasks.deliver"
# After a failed queueing, this process leaves queueing to the sweep for a while: each
# try at a broker that is down costs about half a second of a player's request.
BROKER_PAUSE_SECONDS = 10
_broker_failed_at: float | None = None


def enqueue(user_id: int, countdown: int = 0) -> None:
    """Queue delivery of the player's due emails; never raises. While the broker is
    down the rows stay pending and the minute's sweep sends them once it is back."""
    global _broker_failed_at
    from celery import current_app

    now = time.monotonic()
    if _broker_failed_at is not None and now - _broker_failed_at < BROKER_PAUSE_SECONDS:
        return
    try:
        deliver = current_app.tasks[DELIVER_TASK]
        deliver.apply_async(args=[user_id], countdown=countdown or None)
    except Exception as exc:  # broker down: the row stays pending and the sweep sends it
        _broker_failed_at = now
        log.warning(
            "could not queue emails for user %s (%s); the sweep will send them",
            user_id,
            type(exc).__name__,
        )
    else:
        _broker_failed_at = None


def _claimable(now: datetime) -> Q:
    return Q(sent_at__isnull=True) & (Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))


def claim(user_id: int, now: datetime | None = None) -> tuple[str, list[Notification]]:
    """Claim the player's rows that are due; a due turn row brings every pending turn row.

    Returns the claim token and the claimed rows (empty when another worker has them).
    One conditional UPDATE written out (``_claim_sql``; it was the ORM's SELECT of the
    pending rows, then its UPDATE of them, built afresh for every email sent alone):
    the database re-checks each row's WHERE under its row lock, so no row is claimed
    twice.
    """
    now = now or timezone.now()
    token = uuid.uuid4().hex
    using = router.db_for_write(Notification)
    connection = connections[using]
    at = connection.ops.adapt_datetimefield_value(now)
    until = connection.ops.adapt_datetimefield_value(
        now + timedelta(seconds=settings.MAIL_CLAIM_SECONDS)
    )
    kinds = _MERGING_VALUES
    with connection.cursor() as cursor:
        cursor.execute(
            _claim_sql(using),
            [token, until, user_id, at, at, *kinds, user_id, token, at, *kinds, at],
        )
        claimed = cursor.rowcount
    if not claimed:
        return "", []
    return token, claimed_rows(token)


_MERGING_VALUES = [str(kind) for kind in MERGING_KINDS]


@functools.cache
def _claim_sql(alias: str) -> str:
    """The player's claimable rows that are due, and their other claimable turn rows
    (invitations, draw offers, held-back turns) when one turn row is due: they join
    its email."""
    q = connections[alias].ops.quote_name
    table = q(Notification._meta.db_table)
    kinds = ", ".join(["%s"] * len(MERGING_KINDS))
    claimable = "{a}sent_at IS NULL AND ({a}claimed_until IS NULL OR {a}claimed_until < %s)"
    return (
        f"UPDATE {table} SET claim = %s, claimed_until = %s, attempts = attempts + 1"
        f" WHERE user_id = %s AND {claimable.format(a='')}"
        f" AND (send_after <= %s OR (kind IN ({kinds}) AND EXISTS ("
        # (a row this very UPDATE has claimed still counts: SQLite reads the rows again
        # after each one it changes)
        f"SELECT 1 FROM {table} d WHERE d.user_id = %s"
        f" AND (d.claim = %s OR {claimable.format(a='d.')})"
        f" AND d.kind IN ({kinds}) AND d.send_after <= %s)))"
    )


def _stamp(ids: list[int], now: datetime) -> tuple[str, list[Notification]]:
    """Claim the rows ``ids`` that are still claimable; return the token and the rows."""
    token = uuid.uuid4().hex
    # The WHERE is evaluated again per row by the UPDATE: rows another worker claimed
    # in between are not matched, so no row is claimed twice.
    Notification.objects.filter(_claimable(now), pk__in=ids).update(
        claim=token,
        claimed_until=now + timedelta(seconds=settings.MAIL_CLAIM_SECONDS),
        attempts=F("attempts") + 1,
    )
    return token, claimed_rows(token)


def claimed_rows(token: str) -> list[Notification]:
    """The unsent rows of claim ``token``, oldest first, each with its ``user``,
    ``game`` and ``seat`` (one instance per game), and each game with its seats and
    their players (``game.seats.all()``): two queries."""
    claimed = list(
        Notification.objects.filter(claim=token, sent_at__isnull=True)
        .select_related("user", "game", "seat")
        .order_by("created_at")
    )
    games = {}
    for note in claimed:
        if note.game is not None:
            note.game = games.setdefault(note.game_id, note.game)
    selectors.with_seats(games.values())
    return claimed


def anything_due(now: datetime | None = None) -> bool:
    """Whether any row is due and unclaimed: one statement written out, on the
    ``notification_pending`` index. Asked before ``claim_due`` by a worker that has sent
    one player's email, so that it opens no locking transaction when nothing else
    waits (as most of the time: a transaction per email for nothing)."""
    now = connection.ops.adapt_datetimefield_value(now or timezone.now())
    table = Notification._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT 1 FROM {table} WHERE sent_at IS NULL AND send_after <= %s"
            " AND (claimed_until IS NULL OR claimed_until < %s) LIMIT 1",
            [now, now],
        )
        return cursor.fetchone() is not None


def claim_due(limit: int, now: datetime | None = None) -> tuple[str, list[Notification]]:
    """Claim due rows of any players, oldest first, at most about ``limit`` (a batch
    sent over one connection); a player's due turn row brings their pending turn rows,
    as in ``claim``.

    ``SELECT ... FOR UPDATE SKIP LOCKED`` (PostgreSQL) lets two workers draining at once
    take different rows instead of queueing behind each other's locks; the claim itself
    is the conditional UPDATE of ``_stamp``, so it is safe where the database has no
    row locks (SQLite ignores the clause and serialises writers).
    """
    now = now or timezone.now()
    with transaction.atomic():
        due = list(
            Notification.objects.select_for_update(skip_locked=True)
            .filter(_claimable(now), send_after__lte=now)
            .order_by("send_after")
            .values_list("pk", "user_id", "kind")[:limit]
        )
        if not due:
            return "", []
        ids = [pk for pk, _user, _kind in due]
        turn_users = {user for _pk, user, kind in due if kind in MERGING_KINDS}
        if turn_users:  # held-back turns of other games join the player's email
            ids += (
                Notification.objects.select_for_update(skip_locked=True)
                .filter(
                    _claimable(now),
                    user_id__in=turn_users,
                    kind__in=MERGING_KINDS,
                    send_after__gt=now,
                )
                .values_list("pk", flat=True)
            )
        return _stamp(ids, now)


def finish(rows: list[Notification], token: str, outcome: str, message_id: str = "") -> None:
    """Mark rows done (sent, or skipped with the reason); only while our claim holds."""
    Notification.objects.filter(pk__in=[r.pk for r in rows], claim=token).update(
        sent_at=timezone.now(), outcome=outcome[:40], message_id=message_id[:200]
    )


def mark_sent(rows: list[Notification], token: str, message_id: str) -> None:
    """``finish(rows, token, "sent", message_id)`` as one statement written out: it runs
    once an email, right after the hand-over, and building it through the ORM cost the
    worker more than the round trip to the database."""
    table = Notification._meta.db_table
    ids = ", ".join(["%s"] * len(rows))
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET sent_at = %s, outcome = %s, message_id = %s "
            f"WHERE id IN ({ids}) AND claim = %s",
            [now, "sent", message_id[:200], *(r.pk for r in rows), token],
        )


def release(rows: list[Notification], token: str, *, tried: bool = True) -> None:
    """Give rows back after a failed send so the next attempt can claim them at once.

    Rows that were not tried (a batch stopped before them) get their attempt back.
    """
    changes = {"claimed_until": None, "claim": ""}
    if not tried:
        changes["attempts"] = F("attempts") - 1
    Notification.objects.filter(pk__in=[r.pk for r in rows], claim=token).update(**changes)


def due_count(now: datetime | None = None, limit: int = 20_000) -> int:
    """How many rows are due and not claimed, counted up to ``limit`` (the sweep's
    work: one batch task per ``MAIL_BATCH_SIZE`` of them)."""
    now = now or timezone.now()
    return Notification.objects.filter(_claimable(now), send_after__lte=now)[:limit].count()


def pending_users(now: datetime | None = None, limit: int = 5000) -> list[int]:
    """Players with rows that are due and not claimed (what the sweep will send)."""
    now = now or timezone.now()
    return list(
        Notification.objects.filter(_claimable(now), send_after__lte=now)
        .order_by()
        .values_list("user_id", flat=True)
        .distinct()[:limit]
    )
