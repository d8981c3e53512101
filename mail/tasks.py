"""Sending the outbox. Tasks take ids, re-read the world and are idempotent: a row is
claimed before it is sent and marked sent after (``mail.sending.outbox``), so running a task
twice, or the sweep beside it, never sends a row twice."""

from __future__ import annotations

import logging
import time
import zoneinfo
from datetime import datetime

from celery import shared_task
from django.conf import settings
from django.core.mail import get_connection
from django.utils import timezone

from accounts.models import EmailPreference, User
from games.models import GameStatus, SeatStatus

from .deliverability import bounces
from .models import MERGING_KINDS, Kind, Notification
from .replies import sent_text
from .sending import compose, guests, outbox

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 10
clock = time.monotonic  # how long a batch has been sending (a test moves it)


def _seat_moved_on(row: Notification) -> bool:
    seat = row.seat
    if seat is None or not seat.is_due or row.game is None:
        return True
    if row.game.status != GameStatus.ACTIVE:
        return True
    return seat.due_since is None or seat.due_since.isoformat() != row.payload.get("due_since")


def skip_reason(row: Notification, user: User) -> str:
    """Why this row must not be sent now ("" to send it)."""
    if not user.is_active or not user.email:
        return "skipped: no address"
    if row.attempts > MAX_ATTEMPTS:
        return "failed: too many attempts"
    pref = user.email_preference
    if row.kind in (Kind.REPLY, Kind.VACATION_OVER):
        return ""  # answers to the player's own mail, and never-silent notices
    if pref == EmailPreference.NONE:
        return "skipped: preference"
    if row.kind == Kind.TURN:
        if pref != EmailPreference.EACH_TURN:
            return "skipped: preference"
        if _seat_moved_on(row):
            return "skipped: moved on"
        if row.seat.last_seen_at is not None and row.seat.last_seen_at >= row.created_at:
            return "skipped: seen"
    if row.kind == Kind.REMINDER and _seat_moved_on(row):
        return "skipped: moved on"
    if row.kind == Kind.CONDITIONAL and pref != EmailPreference.EACH_TURN:
        return "skipped: preference"  # (a digest's moves say "your conditional move")
    if row.kind == Kind.DIGEST and pref != EmailPreference.DAILY_DIGEST:
        return "skipped: preference"
    if row.kind == Kind.INVITATION and not _invitation_open(row):
        return "skipped: answered"
    if row.kind == Kind.DRAW_OFFER and not _draw_offer_open(row):
        return "skipped: answered"
    return ""


def _invitation_open(row: Notification) -> bool:
    """The invitation still waits for this player's answer."""
    seat = row.seat
    return (
        seat is not None
        and row.game is not None
        and row.game.status == GameStatus.OPEN
        and seat.user_id == row.user_id
        and not seat.accepted
    )


def _draw_offer_open(row: Notification) -> bool:
    """The draw offer written about still waits (the same position, not answered)."""
    game = row.game
    return (
        game is not None
        and game.status == GameStatus.ACTIVE
        and game.draw_offered_by is not None
        and row.seat is not None
        and game.draw_offered_by != row.seat.index
        and game.version == row.version
    )


def _message(rows: list[Notification], user: User):
    """The email for a group of rows (turn rows are one group), or None: written in the
    recipient's language and time zone, whoever's action queued it."""
    with compose.recipient(user):
        return _compose(rows, user)


def _compose(rows: list[Notification], user: User):
    row = rows[0]
    if row.kind == Kind.TURN:
        games = {r.game_id: r.game for r in rows if r.kind == Kind.TURN}
        return compose.turn_email(
            user,
            [compose.game_section(g, user) for g in games.values()],
            invitations=[r.game for r in rows if r.kind == Kind.INVITATION],
            draw_offers=[
                (r.game, r.payload.get("by", "")) for r in rows if r.kind == Kind.DRAW_OFFER
            ],
        )
    if row.kind == Kind.INVITATION:
        return compose.invitation_email(user, row.game)
    if row.kind == Kind.DRAW_OFFER:
        return compose.draw_offer_email(user, row.game, row.payload.get("by", ""))
    if row.kind == Kind.DIGEST:
        return compose.digest(user)
    if row.kind == Kind.REMINDER:
        return compose.reminder_email(user, compose.game_section(row.game, user))
    if row.kind == Kind.RESULT:
        return compose.result_email(user, row.game)
    if row.kind == Kind.TIMEOUT:
        return compose.timeout_email(user, row.game, row.payload)
    if row.kind == Kind.REPLY:
        return compose.reply_email(user, row.game, row.payload)
    if row.kind == Kind.VACATION_OVER:
        return compose.vacation_over_email(user)
    if row.kind == Kind.VACATION_DAY:
        return compose.vacation_day_email(user, row.payload)
    if row.kind == Kind.EXPIRED:
        return compose.expired_email(user, row.game)
    if row.kind == Kind.CHAT:
        return compose.chat_email(user, row.game)
    if row.kind == Kind.CONDITIONAL:
        return compose.conditional_email(user, row.game, row.payload)
    raise ValueError(f"unknown notification kind {row.kind!r}")


def _groups(
    rows: list[Notification], skipped: dict[str, list[Notification]], stopped: bool | None = None
) -> list[list[Notification]]:
    """One player's claimed rows as emails: what must not be sent goes to ``skipped``
    under its reason; all turn rows make one email, with the invitations and draw offers
    waiting beside them; without a turn, each of those is an email of its own, as is
    every other row. ``stopped``: whether the player's address is stopped, if known."""
    user = rows[0].user
    groups: list[list[Notification]] = []
    turns: list[Notification] = []
    # A hard bounce or complaint stopped this address (mail.deliverability.bounces):
    # nothing goes to it.
    if stopped is None:
        stopped = bounces.active(user) is not None
    for row in rows:
        reason = "skipped: address stopped" if stopped else skip_reason(row, user)
        if reason:
            skipped.setdefault(reason, []).append(row)
        elif row.kind in MERGING_KINDS:
            turns.append(row)
        else:
            groups.append([row])
    if any(r.kind == Kind.TURN for r in turns):
        turns.sort(key=lambda r: r.kind != Kind.TURN)  # the email is a turn email
        groups.insert(0, turns)
    else:
        groups[:0] = [[r] for r in turns]
    return groups


class Courier:
    """Sends claimed rows over one connection to the email backend (one SMTP session
    for a whole batch instead of one per email).

    Each email is marked sent right after its hand-over, so a worker killed mid-batch
    leaves at most the email in flight to be sent again (with the same Message-ID). A
    failed send stops the batch (the connection is suspect): that email's rows and every
    row not yet tried are released for the next task or the sweep. A batch also stops
    before its claim could expire, so no other worker can claim a row it still holds.
    """

    def __init__(self, connection=None):
        self.connection = connection or get_connection()
        self.opened = False
        self.failed = False
        # The words of the batch's sent emails (``sent_text``), stored in one INSERT
        # at the end of ``send``; a reply read before then composes them again.
        self.sent_words: list = []

    def __enter__(self) -> Courier:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.connection.close()
        except Exception:  # a broken connection may not even say goodbye
            log.warning("closing the email connection failed", exc_info=True)

    def send(self, rows: list[Notification], token: str) -> int:
        """Send claimed rows (one player's or many players'); the number of emails sent."""
        if self.failed:
            outbox.release(rows, token, tried=False)
            return 0
        by_user: dict[int, list[Notification]] = {}
        for row in rows:
            by_user.setdefault(row.user_id, []).append(row)
        stopped = bounces.stopped_users(user_rows[0].user for user_rows in by_user.values())
        skipped: dict[str, list[Notification]] = {}
        work = [
            group
            for user_id, user_rows in by_user.items()
            for group in _groups(user_rows, skipped, stopped=user_id in stopped)
        ]
        for reason, skipped_rows in skipped.items():  # (one UPDATE a reason)
            outbox.finish(skipped_rows, token, reason)
        try:
            with compose.one_batch(row.game for group in work for row in group):
                return self._send_work(work, token)
        finally:
            kept, self.sent_words = self.sent_words, []
            try:
                sent_text.remember_all(kept)
            except Exception:
                log.exception("could not keep the words of %s emails", len(kept))

    def _send_work(self, work: list[list[Notification]], token: str) -> int:
        stop_at = clock() + settings.MAIL_CLAIM_SECONDS / 2
        sent = 0
        for i, group in enumerate(work):
            if clock() > stop_at:
                outbox.release([r for g in work[i:] for r in g], token, tried=False)
                break
            if self._send_group(group, token):
                sent += 1
            elif self.failed:
                outbox.release([r for g in work[i + 1 :] for r in g], token, tried=False)
                break
        return sent

    def _send_group(self, group: list[Notification], token: str) -> bool:
        user = group[0].user
        try:
            message = _message(group, user)
        except Exception:  # one email that cannot be written does not hold up the rest
            outbox.release(group, token)
            log.exception("writing the %s email to user %s failed", group[0].kind, user.pk)
            return False
        if message is None:
            outbox.finish(group, token, "skipped: nothing waiting")
            return False
        # The Message-ID is fixed by the outbox row, so a resend (see below) is the
        # same message to mail clients, which drop a second copy.
        first = min(r.pk for r in group)
        message.extra_headers["Message-ID"] = compose.message_id(f"n{first}.u{user.pk}")
        message.extra_headers["X-Tripost-Rows"] = ",".join(str(r.pk) for r in group)
        message.connection = self.connection
        try:  # what was sent, so that a reply quoting it is never read as a move
            words = sent_text.words_of(message, user)
        except Exception:
            words = None
            log.exception("could not keep the words of the %s email", group[0].kind)
        try:
            if not self.opened:  # opened here, it stays open for the batch
                self.connection.open()
                self.opened = True
            message.send()
        except Exception:
            self.failed = True
            outbox.release(group, token)  # the next task or sweep tries again
            log.exception("sending %s email to user %s failed", group[0].kind, user.pk)
            return False
        # Exactly-once across SMTP is impossible: a worker killed between the hand-over
        # and this UPDATE (about a millisecond) leaves the row claimed but unmarked; the
        # claim expires and the sweep sends it again, with the same Message-ID.
        outbox.mark_sent(group, token, message.extra_headers.get("Message-ID", ""))
        if words is not None:
            self.sent_words.append(words)
        return True


def _send_claimed(token: str, rows: list, courier: Courier | None) -> int:
    if not rows:
        return 0
    if courier is not None:
        return courier.send(rows, token)
    with Courier() as own:
        return own.send(rows, token)


def deliver_now(user_id: int, now: datetime | None = None, courier: Courier | None = None) -> int:
    """Send the player's due rows; returns the number of emails sent."""
    return _send_claimed(*outbox.claim(user_id, now), courier)


def deliver_due(limit: int, now: datetime | None = None, courier: Courier | None = None) -> int:
    """Send up to about ``limit`` due emails of any players (oldest first)."""
    return _send_claimed(*outbox.claim_due(limit, now), courier)


@shared_task(acks_late=True, ignore_result=True)
def deliver(user_id: int) -> int:
    """The player's due emails, then a batch of anyone's due emails over the same
    connection: a burst is sent in batches (``MAIL_BATCH_SIZE``), and the tasks of
    players a batch already served find nothing to do."""
    with Courier() as courier:
        sent = deliver_now(user_id, courier=courier)
        if settings.MAIL_BATCH_SIZE > 1 and not courier.failed and outbox.anything_due():
            sent += deliver_due(settings.MAIL_BATCH_SIZE, courier=courier)
    return sent


@shared_task(acks_late=True, ignore_result=True)
def deliver_guest(invitation_id: int) -> bool:
    """The email of an invitation to an address with no account (mail.sending.guests)."""
    return guests.deliver(invitation_id)


@shared_task(acks_late=True, ignore_result=True)
def deliver_batch() -> int:
    """A batch of anyone's due emails (``MAIL_BATCH_SIZE``), over one connection."""
    return deliver_due(settings.MAIL_BATCH_SIZE)


@shared_task
def sweep_outbox() -> int:
    """Every minute: queue a batch task for every ``MAIL_BATCH_SIZE`` due, unclaimed
    rows (held-back turns, rows whose queueing failed, claims that expired); returns
    the number of tasks queued.

    A task per batch, not per player: five minutes after a busy minute the sweep finds
    hundreds of held-back turns due, and of a task per player most found their rows
    already sent by an earlier task's batch (a Celery task and a query each for
    nothing). The batches spread over every worker; ``claim_due`` skips rows another
    worker is claiming, so two tasks never take the same row.
    """
    due = outbox.due_count()
    sent_text.forget_old()
    for invitation_id in guests.unsent():  # (claimed once: a second task finds it taken)
        deliver_guest.delay(invitation_id)
    batches = -(-due // max(1, settings.MAIL_BATCH_SIZE))
    for _ in range(batches):
        deliver_batch.delay()
    return batches


@shared_task
def queue_digests(now_iso: str | None = None) -> int:
    """Every quarter hour: write today's digest for players whose chosen local hour
    (``User.digest_hour``, 07:00 unless they chose another) has come; players with no
    game waiting for them get none that day.

    One row per player and local date (``dedupe_key``), so running this again, or
    late, never sends a second digest that day.
    """
    now = datetime.fromisoformat(now_iso) if now_iso else timezone.now()
    users = User.objects.filter(
        is_active=True,
        email_preference=EmailPreference.DAILY_DIGEST,
        seats__is_due=True,
        seats__status=SeatStatus.PLAYING,
        seats__game__status=GameStatus.ACTIVE,
    ).distinct()
    written = 0
    for user in users:
        local = now.astimezone(zoneinfo.ZoneInfo(user.time_zone or "UTC"))
        if local.hour != user.digest_hour:
            continue
        if outbox.notify(user=user, kind=Kind.DIGEST, dedupe_key=f"digest:{local.date()}"):
            written += 1
    return written
