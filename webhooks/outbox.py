"""Writing and claiming webhook deliveries (the email outbox's protocol,
``mail.sending.outbox``).

``notify`` runs inside the move's transaction: the row commits or rolls back with
the move, and its unique key (hook, event, game, version) makes a second write of the
same news a no-op. After commit a task is queued for the row; the minute's sweep
sends rows whose queueing failed, whose next try has come, or whose claim a killed
worker left to expire.

Claiming is a conditional ``UPDATE ... WHERE sent_at IS NULL AND (unclaimed OR claim
expired)`` stamping a fresh token: the database re-checks the WHERE per row under its
row lock, so one worker at a time holds a row. A post is made only while the claim
holds (``WEBHOOK_CLAIM_SECONDS`` is longer than a post's timeouts), and marked sent
right after; a worker killed between the answer and the mark leaves the row to be
posted again once its claim expires (each post carries the delivery's id for the
receiver to drop a second copy).
"""

from __future__ import annotations

import logging
import time
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from .models import Delivery, Hook

log = logging.getLogger(__name__)

DELIVER_TASK = "webhooks.tasks.deliver"
BROKER_PAUSE_SECONDS = 10
_broker_failed_at: float | None = None


def notify(*, hook: Hook, event: str, game, payload: dict | None = None) -> Delivery | None:
    """One delivery row in the caller's transaction, queued after commit; None when the
    same news was written for this hook already."""
    row = Delivery(
        hook=hook,
        event=event,
        game=game,
        version=game.version,
        payload=payload or {},
        send_after=timezone.now(),
    )
    try:
        with transaction.atomic():  # a refused INSERT must not spoil the move's transaction
            row.save(force_insert=True)
    except IntegrityError:
        return None
    row_id = row.pk
    transaction.on_commit(lambda: enqueue(row_id), robust=True)
    return row


def enqueue(delivery_id: int) -> None:
    """Queue the row's task; never raises (while the broker is down the sweep sends it)."""
    global _broker_failed_at
    from celery import current_app

    now = time.monotonic()
    if _broker_failed_at is not None and now - _broker_failed_at < BROKER_PAUSE_SECONDS:
        return
    try:
        current_app.tasks[DELIVER_TASK].apply_async(args=[delivery_id])
    except Exception as exc:
        _broker_failed_at = now
        log.warning(
            "could not queue webhook %s (%s); the sweep will", delivery_id, type(exc).__name__
        )
    else:
        _broker_failed_at = None


def _claimable(now: datetime) -> Q:
    return Q(sent_at__isnull=True) & (Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))


def claim(delivery_id: int, now: datetime | None = None) -> tuple[str, Delivery | None]:
    """Claim one row if it is due and free: its token and the row, else ("", None)."""
    now = now or timezone.now()
    token = uuid.uuid4().hex
    changed = Delivery.objects.filter(_claimable(now), pk=delivery_id, send_after__lte=now).update(
        claim=token,
        claimed_until=now + timedelta(seconds=settings.WEBHOOK_CLAIM_SECONDS),
        attempts=F("attempts") + 1,
    )
    if not changed:
        return "", None
    row = Delivery.objects.select_related("hook", "hook__owner", "game").get(pk=delivery_id)
    return token, row


def due_ids(limit: int, now: datetime | None = None) -> list[int]:
    """Rows due and not claimed, oldest first (the sweep's work)."""
    now = now or timezone.now()
    return list(
        Delivery.objects.filter(_claimable(now), send_after__lte=now)
        .order_by("send_after")
        .values_list("pk", flat=True)[:limit]
    )


def finish(row: Delivery, token: str, outcome: str) -> bool:
    """Mark the row done (sent, or why not), only while our claim holds."""
    return bool(
        Delivery.objects.filter(pk=row.pk, claim=token).update(
            sent_at=timezone.now(), outcome=outcome[:60]
        )
    )


def retry_later(row: Delivery, token: str, outcome: str, now: datetime | None = None) -> datetime:
    """Give the row back, due again after a back-off that doubles with each try."""
    now = now or timezone.now()
    wait = min(
        settings.WEBHOOK_RETRY_BASE_SECONDS * 2 ** max(0, row.attempts - 1),
        settings.WEBHOOK_RETRY_MAX_SECONDS,
    )
    at = now + timedelta(seconds=wait)
    Delivery.objects.filter(pk=row.pk, claim=token).update(
        claim="", claimed_until=None, send_after=at, outcome=outcome[:60]
    )
    return at
