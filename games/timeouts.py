"""Timeouts, reminders and the outage guard: the clock sweep (Celery beat, every minute).

- ``seat_time_out`` settles one overdue seat exactly once: it locks the game row
  (``SELECT ... FOR UPDATE``), re-reads the seat under the lock and applies the rule
  only if the seat is still due, still played by its person and still overdue. Any
  number of sweepers (and a late move, ``services.move_play``) can race for the same
  seat; the first holder of the lock settles it and the others find nothing to do.
- The rule itself is ``services.seat_drop`` with ``SeatStatus.TIMED_OUT``: with two
  people the late one loses; with more, a computer player takes the seat to the end;
  when one person is left, the game ends.
- ``clock_sweep`` records a heartbeat. If the previous run is longer ago than
  ``CLOCK_OUTAGE_SECONDS`` (site down, beat stopped), every running deadline is first
  moved by the gap, so nobody loses on time because of us.
"""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.dispatch import Signal
from django.utils import timezone

from games import clocks, computer_turns
from games.models import (
    AuditLog,
    ClockHeartbeat,
    Controller,
    Game,
    GameStatus,
    Move,
    Seat,
    SeatStatus,
)
from games.services import seat_drop

log = logging.getLogger(__name__)

# game: Game, seat: Seat that timed out (sent inside the settling transaction)
seat_timed_out = Signal()
# seat: Seat whose 80% point has passed while its player has not acted
reminder_due = Signal()

HEARTBEAT = "clock-sweep"


def overdue_seats(now: datetime):
    """Seats past their deadline, through the partial index ``seat_due_deadline``."""
    return (
        Seat.objects.filter(
            is_due=True,
            deadline__lte=now,
            controller=Controller.HUMAN,
            status=SeatStatus.PLAYING,
        )
        .exclude(user__on_vacation=True)
        .order_by("deadline")
    )


def seat_time_out(*, seat_id: int, now: datetime | None = None) -> bool:
    """Apply the timeout rule to one seat if it is (still) overdue; True if applied."""
    now = now or timezone.now()
    with transaction.atomic():
        game_id = Seat.objects.filter(pk=seat_id).values_list("game_id", flat=True).first()
        if game_id is None:
            return False
        # The game row lock serialises every flow that changes this game; the seat is
        # re-read after it, so a seat settled by someone else is seen as settled.
        game = Game.objects.select_for_update().get(pk=game_id)
        seat = Seat.objects.select_related("user").get(pk=seat_id)
        if (
            game.status != GameStatus.ACTIVE
            or not seat.is_due
            or seat.deadline is None
            or seat.status != SeatStatus.PLAYING
            or seat.controller != Controller.HUMAN
            or clocks.effective_deadline(seat, seat.user, now) > now
        ):
            return False
        seat_drop(game=game, seat=seat, status=SeatStatus.TIMED_OUT)
        seat_timed_out.send(sender=Seat, game=game, seat=seat)
        log.info("timeout: game %s seat %s", game.pk, seat.index)
        return True


def settle_overdue(now: datetime | None = None, limit: int = 1000) -> int:
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
        )
        .exclude(user__on_vacation=True)
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


def extend_running_deadlines(gap: timedelta, *, reason: str) -> int:
    """Move every running deadline (and reminder) by ``gap``."""
    count = Seat.objects.filter(is_due=True, deadline__isnull=False).update(
        deadline=F("deadline") + gap
    )
    Seat.objects.filter(is_due=True, remind_at__isnull=False).update(remind_at=F("remind_at") + gap)
    Game.objects.filter(status=GameStatus.ACTIVE, deadline__isnull=False).update(
        deadline=F("deadline") + gap
    )
    AuditLog.objects.create(
        action="outage_extend",
        reason=reason,
        details={"gap_seconds": int(gap.total_seconds()), "seats": count},
    )
    return count


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
                gap, reason=f"The clock sweep had not run for {gap}; clocks paused for it."
            )
            log.warning("clock sweep had not run for %s: deadlines extended", gap)
            extended = gap
        if now > beat.last_run_at:
            beat.last_run_at = now
            beat.save(update_fields=["last_run_at"])
    return extended


def clock_sweep(now: datetime | None = None) -> dict:
    """The periodic sweep: outage guard, vacations, reminders, timeouts, then computer
    turns whose task was lost."""
    now = now or timezone.now()
    extended = outage_guard(now)
    vacations = clocks.end_exhausted_vacations(now)
    reminders = send_reminders(now)
    timeouts = settle_overdue(now)
    return {
        "extended_seconds": int(extended.total_seconds()) if extended else 0,
        "vacations_ended": len(vacations),
        "reminders": reminders,
        "timeouts": timeouts,
        "computer_turns_requeued": computer_turns.queue_stalled(now),
    }
