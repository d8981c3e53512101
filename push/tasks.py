"""Sending the push outbox. Tasks take ids, re-read the world and are idempotent: a
row is claimed before it is sent and marked after (``push.outbox``), so a task run
twice, or the sweep beside it, never sends a row twice.

Push is in addition to email, never instead: nothing here reads or writes the email
outbox. A player who opens the game after a push (within the turn email's hold-back)
is spared the email by the email's own "seen" rule (``mail.tasks.skip_reason``); a
push that fails changes nothing for the email.
"""

from __future__ import annotations

import logging
from datetime import timedelta

import requests
from celery import shared_task
from django.conf import settings
from django.utils import timezone

from . import keys, messages, outbox, transport
from .models import Device, Kind, PushMessage
from .news import chat_message_shown, draw_offer_open, invitation_open, seat_moved_on

log = logging.getLogger(__name__)


def skip_reason(row: PushMessage) -> str:
    """Why this push must not be sent now ("" to send it)."""
    user = row.user
    if not user.is_active:
        return "skipped: inactive"
    preferences = getattr(user, "push_preferences", None)
    if preferences is not None and not preferences.wants(row.kind):
        return "skipped: kind off"
    if row.kind == Kind.TURN:
        if seat_moved_on(row):
            return "skipped: moved on"
        if row.seat.last_seen_at is not None and row.seat.last_seen_at >= row.created_at:
            return "skipped: seen"
    if row.kind == Kind.REMINDER and seat_moved_on(row):
        return "skipped: moved on"
    if row.kind == Kind.INVITATION and not invitation_open(row):
        return "skipped: answered"
    if row.kind == Kind.DRAW_OFFER and not draw_offer_open(row):
        return "skipped: answered"
    if row.kind == Kind.CHAT and not chat_message_shown(row):
        return "skipped: message gone"
    return ""


class Pusher:
    """Sends claimed rows, one HTTP session for the batch (kept-alive connections to
    the push services). Each row is marked right after its push service answered, so
    a worker killed mid-batch leaves at most the push in flight to be sent again, with
    the same tag (the browser shows it once)."""

    def __init__(self, session=None):
        self.session = session or requests.Session()

    def __enter__(self) -> Pusher:
        return self

    def __exit__(self, *exc) -> None:
        self.session.close()

    def send(self, rows: list[PushMessage], token: str) -> int:
        stop_at = timezone.now() + timedelta(seconds=settings.PUSH_CLAIM_SECONDS / 2)
        sent = 0
        gone: set[int] = set()
        for i, row in enumerate(rows):
            if timezone.now() > stop_at:  # our claim could expire: leave the rest
                outbox.release(rows[i:], token)
                break
            if row.device_id in gone:
                continue  # removed with its device
            sent += self._send_one(row, token, gone)
        return sent

    def _send_one(self, row: PushMessage, token: str, gone: set[int]) -> int:
        reason = skip_reason(row)
        if reason:
            outbox.finish([row], token, reason)
            return 0
        try:
            message = messages.payload(row)
        except Exception:  # one push that cannot be written does not hold up the rest
            log.exception("writing the %s push %s failed", row.kind, row.pk)
            outbox.retry_later(row, token, "could not write")
            return 0
        answer = transport.send(
            row.device, message, topic=f"{row.kind}{row.game_id}", session=self.session
        )
        if answer.verdict == "sent":
            outbox.finish([row], token, "sent")
            Device.objects.filter(pk=row.device_id).update(last_used_at=timezone.now())
            return 1
        if answer.verdict == "gone":
            # The browser ended the subscription (or its player removed the site's
            # permission): the device goes, and its pending pushes with it.
            log.info("push subscription %s is gone (%s): removed", row.device_id, answer.reason)
            Device.objects.filter(pk=row.device_id).delete()
            gone.add(row.device_id)
            return 0
        if answer.verdict == "retry":
            outbox.retry_later(row, token, answer.reason, answer.retry_after)
            return 0
        log.warning("push %s refused: %s", row.pk, answer.reason)
        outbox.finish([row], token, f"refused: {answer.reason}")
        return 0


def _send_claimed(token: str, rows: list, pusher: Pusher | None) -> int:
    if not rows:
        return 0
    if pusher is not None:
        return pusher.send(rows, token)
    with Pusher() as own:
        return own.send(rows, token)


def deliver_now(user_id: int, pusher: Pusher | None = None) -> int:
    """Send the player's due pushes; the number the push services took."""
    return _send_claimed(*outbox.claim(user_id), pusher)


def deliver_due(limit: int, pusher: Pusher | None = None) -> int:
    return _send_claimed(*outbox.claim_due(limit), pusher)


@shared_task(acks_late=True, ignore_result=True)
def deliver(user_id: int) -> int:
    """The player's due pushes (queued after the commit that wrote them)."""
    if not keys.configured():
        return 0
    return deliver_now(user_id)


@shared_task(acks_late=True, ignore_result=True)
def deliver_batch() -> int:
    """A batch of anyone's due pushes (``PUSH_BATCH_SIZE``)."""
    if not keys.configured():
        return 0
    return deliver_due(settings.PUSH_BATCH_SIZE)


@shared_task
def sweep_push() -> int:
    """Every minute: a batch task for every ``PUSH_BATCH_SIZE`` due, unclaimed rows
    (queueing failed, a worker died, a failed push's wait is over); the tasks queued."""
    if not keys.configured():
        return 0
    batches = -(-outbox.due_count() // max(1, settings.PUSH_BATCH_SIZE))
    for _ in range(batches):
        deliver_batch.delay()
    return batches
