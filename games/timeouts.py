"""Timeouts, reminders and the outage guard: the clock sweep (Celery beat, every minute).

- ``services.seat_time_out`` settles one overdue seat exactly once, under the game's
  row lock (a late move uses the same function). The rule is ``services.seat_drop``
  with ``SeatStatus.TIMED_OUT``: with two people the late one loses; with more, a
  computer player takes the seat to the end; when one person is left, the game ends.
- ``clock_sweep`` records a heartbeat. If the previous run is longer ago than
  ``CLOCK_OUTAGE_SECONDS`` (site down, beat stopped), every running deadline is first
  moved by the time its clock stood still (``clocks.outage_pause``: the same pause
  every reader of a deadline adds until this sweep has run), so nobody loses on time
  because of us.
"""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.dispatch import Signal
from django.utils import timezone

from games import clocks, signals
from games.clocks import HEARTBEAT
from games.computer import turns as computer_turns
from games.models import (
    ClockHeartbeat,
    Controller,
    Game,
    GameStatus,
    Move,
    Seat,
    SeatStatus,
)
from games.services import seat_time_out

log = logging.getLogger(__name__)

SETTLE_TASK = "games.tasks.settle_timeout"

# game: Game, seat: Seat that timed out (sent inside the settling transaction)
seat_timed_out = signals.seat_timed_out
# seat: Seat whose 80% point has passed while its player has not acted
reminder_due = Signal()

__all__ = ["HEARTBEAT", "clock_sweep", "overdue_seats", "seat_time_out", "settle_overdue"]


def overdue_seats(now: datetime):
    """Seats past their deadline, not on vacation and not handed to a task in the last
    ``TIMEOUT_CLAIM_SECONDS``: all answered by the partial index ``seat_due_deadline``
    (is_due, clock not stopped) and the seat rows it points to; no user row is read."""
    expired = now - timedelta(seconds=settings.TIMEOUT_CLAIM_SECONDS)
    return Seat.objects.filter(
        Q(timeout_claimed_at__isnull=True) | Q(timeout_claimed_at__lt=expired),
        is_due=True,
        clock_stopped=False,
        deadline__lte=now,
        controller=Controller.HUMAN,
        status=SeatStatus.PLAYING,
    ).order_by("deadline")


def claim_overdue(now: datetime, limit: int = 1000) -> list[int]:
    """Claim overdue seats for settling tasks; each seat is claimed by one sweep only.

    Concurrent sweeps skip each other's locked rows (PostgreSQL; SQLite serialises
    writers), and a claimed row leaves ``overdue_seats`` until the claim expires (a
    task lost with its worker or its broker is handed out again)."""
    with transaction.atomic():
        query = overdue_seats(now).select_for_update(skip_locked=True, of=("self",))
        ids = list(query.values_list("pk", flat=True)[:limit])
        Seat.objects.filter(pk__in=ids).update(timeout_claimed_at=now)
    return ids


def queue_timeouts(now: datetime | None = None, limit: int = 1000) -> int:
    """Hand each overdue seat to its own ``settle_timeout`` task (spread over workers).

    The claim commits first, so a task never looks for a claim that is not there; the
    task settles the seat under the game's row lock (``services.seat_time_out``)."""
    from celery import current_app

    settle = current_app.tasks[SETTLE_TASK]  # (by name: games.tasks imports this module)
    now = now or timezone.now()
    ids = claim_overdue(now, limit)
    for seat_id in ids:
        try:
            settle.delay(seat_id)
        except Exception:  # broker down: the claim expires and a later sweep retries
            log.exception("could not queue the timeout of seat %s", seat_id)
    return len(ids)


def settle_overdue(now: datetime | None = None, limit: int = 1000) -> int:
    """Settle every overdue seat here, one after the other (tests, management)."""
    now = now or timezone.now()
    ids = list(overdue_seats(now).values_list("pk", flat=True)[:limit])
    return sum(seat_time_out(seat_id=seat_id, now=now) for seat_id in ids)


def send_reminders(now: datetime | None = None, limit: int = 1000) -> int:
    """One reminder per turn at 80% of its time, only if the player has not acted."""
    now = now or timezone.now()
    seats = (
        Seat.objects.filter(
            is_due=True,
            remind_at__lte=now,
            controller=Controller.HUMAN,
            status=SeatStatus.PLAYING,
            clock_stopped=False,
        )
        .select_related("game", "user")
        .order_by("remind_at")[:limit]
    )
    sent = 0
    for seat in seats:
        with transaction.atomic():
            # Claim: only the sweeper whose UPDATE changed the row sends (rowcount 1);
            # a concurrent sweeper sees remind_at already cleared and matches nothing.
            if not Seat.objects.filter(pk=seat.pk, remind_at=seat.remind_at).update(remind_at=None):
                continue
            acted = Move.objects.filter(
                game_id=seat.game_id,
                seat=seat.index,
                by_computer=False,
                created_at__gte=seat.due_since,
            ).exists()
            if not acted:
                reminder_due.send(sender=Seat, seat=seat)
                sent += 1
    return sent


def extend_running_deadlines(since: datetime, now: datetime, *, reason: str) -> int:
    """Move every running deadline (and reminder) by the time it stood still.

    That is ``now - since`` for a turn that was running at ``since`` and ``now -
    due_since`` for one that started during the outage (``clocks.outage_pause``)."""
    gap = now - since
    # Stopped clocks (vacations) are left alone: the vacation's own pause covers the gap.
    running = Seat.objects.filter(is_due=True, deadline__isnull=False, clock_stopped=False)
    # remind_at NULL (reminder sent) stays NULL: NULL + interval is NULL.
    count = running.filter(Q(due_since__isnull=True) | Q(due_since__lte=since)).update(
        deadline=F("deadline") + gap, remind_at=F("remind_at") + gap
    )
    later = list(running.filter(due_since__gt=since))  # moves made while the sweep was away
    for seat in later:
        pause = clocks.outage_pause(seat, since, now)
        seat.deadline += pause
        if seat.remind_at is not None:
            seat.remind_at += pause
    Seat.objects.bulk_update(later, ["deadline", "remind_at"])
    Game.objects.filter(status=GameStatus.ACTIVE, deadline__isnull=False).update(
        deadline=F("deadline") + gap
    )
    for game_id in {s.game_id for s in later}:
        deadlines = Seat.objects.filter(
            game_id=game_id, is_due=True, controller=Controller.HUMAN, deadline__isnull=False
        ).values_list("deadline", flat=True)
        Game.objects.filter(pk=game_id).update(deadline=min(deadlines, default=None))
    # Recorded in moderation's audit log (moderation.receivers), in this transaction.
    signals.deadlines_extended.send(sender=Game, gap=gap, seats=count + len(later), reason=reason)
    return count + len(later)


def outage_guard(now: datetime | None = None) -> timedelta | None:
    """Record the heartbeat; after a gap, extend every running deadline by it first."""
    now = now or timezone.now()
    # Another sweeper may create the row at the same moment; then it exists, as wanted.
    with contextlib.suppress(IntegrityError), transaction.atomic():
        ClockHeartbeat.objects.get_or_create(name=HEARTBEAT, defaults={"last_run_at": now})
    with transaction.atomic():
        # Locked so that two sweepers after an outage extend the deadlines only once.
        beat = ClockHeartbeat.objects.select_for_update().get(name=HEARTBEAT)
        gap = now - beat.last_run_at
        extended = None
        if gap > timedelta(seconds=settings.CLOCK_OUTAGE_SECONDS):
            extend_running_deadlines(
                beat.last_run_at,
                now,
                reason=f"The clock sweep had not run for {gap}; clocks paused for it.",
            )
            log.warning("clock sweep had not run for %s: deadlines extended", gap)
            extended = gap
        if now > beat.last_run_at:
            beat.last_run_at = now
            beat.save(update_fields=["last_run_at"])
    return extended


def clock_sweep(now: datetime | None = None) -> dict:
    """The periodic sweep: outage guard, vacations, reminders, timeouts (queued), then
    computer turns whose task was lost.

    Run outside a transaction (the beat task), so that each claim commits before its
    settling task is queued."""
    now = now or timezone.now()
    extended = outage_guard(now)
    vacations = clocks.end_exhausted_vacations(now)
    clocks.tell_vacation_days(now)
    reminders = send_reminders(now)
    timeouts = queue_timeouts(now)
    return {
        "extended_seconds": int(extended.total_seconds()) if extended else 0,
        "vacations_ended": len(vacations),
        "reminders": reminders,
        "timeouts": timeouts,
        "computer_turns_requeued": computer_turns.queue_stalled(now),
    }
