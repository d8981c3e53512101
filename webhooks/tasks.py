"""Posting the webhook outbox. Tasks take ids, re-read the world and are idempotent:
a row is claimed before it is posted and marked after (``webhooks.outbox``)."""

from __future__ import annotations

import logging
import time

from celery import shared_task
from django.conf import settings
from django.db.models import F
from django.utils import timezone

from games import selectors
from games.models import GameStatus

from . import disabling, messages, outbox, signing, transport
from .models import Delivery, Event, Hook, HookKind

log = logging.getLogger(__name__)
SWEEP_LIMIT = 500


def _due(row: Delivery) -> list | None:
    """The seats the turn post names, or None when the turn is over (game ended, the
    player moved) and there is nothing to post any more."""
    game = row.game
    if game.status != GameStatus.ACTIVE:
        return None
    due = messages.due_seats(game)
    if row.hook.game_id is None:  # a player's own hook: their seat, this very turn
        due = [
            s
            for s in due
            if s.index == row.payload.get("seat")
            and s.due_since is not None
            and s.due_since.isoformat() == row.payload.get("due_since")
        ]
    return due or None


def post(row: Delivery, token: str) -> str:
    """Post a claimed row, or say why not; mark it; return its outcome."""
    hook = row.hook
    if hook.disabled_at is not None or not hook.owner.is_active:
        outbox.finish(row, token, "skipped: hook off")
        return "skipped: hook off"
    selectors.with_seats([row.game])
    due = []
    if row.event == Event.TURN:
        due = _due(row)
        if due is None:
            outbox.finish(row, token, "skipped: moved on")
            return "skipped: moved on"
    body = messages.body(row, due)
    headers = {"X-Tripost-Delivery": f"d{row.pk}", "X-Tripost-Event": row.event}
    if hook.kind == HookKind.JSON:
        headers.update(signing.headers(hook.secret, str(int(time.time())), body))
    answer = transport.post(hook.url, body, headers)
    if answer.ok:
        outbox.finish(row, token, "sent")
        if hook.failures:
            Hook.objects.filter(pk=hook.pk).update(failures=0, last_error="")
        return "sent"
    outcome = f"failed: {answer.error}"
    if answer.retry and row.attempts < settings.WEBHOOK_MAX_ATTEMPTS:
        outbox.retry_later(row, token, outcome)
    else:
        outbox.finish(row, token, outcome)
    _failed(hook, answer.error)
    return outcome


def _failed(hook: Hook, error: str) -> None:
    Hook.objects.filter(pk=hook.pk).update(failures=F("failures") + 1, last_error=error[:200])
    failures = Hook.objects.filter(pk=hook.pk).values_list("failures", flat=True).first() or 0
    if failures >= settings.WEBHOOK_MAX_FAILURES:
        disabling.disable(hook.pk, error)


@shared_task(acks_late=True, ignore_result=True)
def deliver(delivery_id: int) -> str:
    """Post one delivery if it is due and no other worker holds it."""
    token, row = outbox.claim(delivery_id)
    if row is None:
        return ""
    try:
        return post(row, token)
    except Exception:
        # A post that cannot even be written: tried again after a back-off, and in the
        # end given up (``WEBHOOK_MAX_ATTEMPTS``).
        log.exception("webhook delivery %s failed", delivery_id)
        if row.attempts < settings.WEBHOOK_MAX_ATTEMPTS:
            outbox.retry_later(row, token, "failed: error")
        else:
            outbox.finish(row, token, "failed: error")
        return "failed: error"


@shared_task
def sweep() -> int:
    """Every minute: queue a task for each delivery that is due and unclaimed (queueing
    failed, a try after back-off has come, a killed worker's claim expired)."""
    ids = outbox.due_ids(SWEEP_LIMIT, timezone.now())
    for delivery_id in ids:
        deliver.delay(delivery_id)
    return len(ids)
