"""Deadline arithmetic: days per move, time banks, weekends off, night hours, vacations
(manual and automatic) that stop the clock, and outages that stop every clock.

Clocks are derived, as lichess's correspondence clock is: a seat that becomes due gets
a ``deadline`` (and a ``remind_at``, the 80% point); nothing ticks. The time control
is chosen when the game is created:

- **Days per move**: every turn gets ``game.days_per_move`` days.
- **Time bank**: a seat starts with ``bank_start_days``; each turn may use all of the
  bank; when the turn ends the time left plus ``bank_increment_days`` is banked, never
  more than ``bank_cap_days`` (e.g. 7 days + 1 day per move, at most 14).

Vacation: while a player is on vacation their clocks stop. Deadlines are not rewritten
while the vacation lasts; the timeout sweep skips the player's seats, and when the
vacation ends every due seat's deadline (and reminder) moves by the time the clock
stood still on it: ``now - max(vacation start, turn start)``. Each player has a yearly
allowance (``settings.VACATION_DAYS_PER_YEAR``). A vacation is charged to the year in
which it ends. Only the player switches vacation on and off, with exceptions that they
are told about: an automatic vacation (below), and when the allowance is used up the
clock sweep ends the vacation, their clocks run again and they get an email saying so
(``vacation_allowance_used``). A vacation is switched on and off only by
``vacation_begin`` and ``vacation_end``, called explicitly: by ``accounts.services`` for
the settings page and the admin, and here for the automatic vacation and the sweep.

Weekends off (a game option, ``Game.weekends_off``): no clock runs from Saturday 00:00
to Monday 00:00 in the seat's player's own time zone, so a deadline is the turn's time
counted on weekdays only (``add_running``), and in a time bank only weekday time is
used up (``running_between``). A weekend that holds a change of summer time is as long
as the wall clock makes it (47 or 49 hours); the turn's time is real hours.

Night hours (per player, ``User.night_start_hour``/``night_end_hour``, at most
``NIGHT_MAX_HOURS`` a day, may cross midnight): a deadline that would fall inside the
player's night moves to the night's end (``place_deadline``), and out of a weekend too,
again and again until it is in neither. The time so added is kept
(``Seat.night_seconds``) and is not banked. A player's zone and nights count as they
are when the turn starts.

Automatic vacation (opt-in, ``User.auto_vacation``): when a player's time runs out in a
game that allows it (``auto_vacation_allowed``: never a rated game; a tournament may
forbid it, and there the timeout rule applies as always) and vacation days are left,
the site starts a vacation for them instead of timing them out (``vacation_automatic``):
every clock of theirs stops, each day it spends is told by email
(``vacation_day_spent``) and on the settings page, and opponents see "on vacation
(automatic)". It ends when the player has moved in every game whose clock had run out
(the others go on with the time they had left), when they switch it off (then a game
that had run out times out at the next sweep), or when the allowance is used up (the
same). It is charged to the allowance like any vacation.

Outages: the clock sweep records a heartbeat every minute (``games.timeouts``). When
the last one is older than ``settings.CLOCK_OUTAGE_SECONDS`` the site has not been
sweeping, and every clock stands still from that heartbeat on. The sweep that comes
back moves each running deadline by the time it stood still; until it has run, every
reader of a deadline (a move, a page, an email, the sweep's own recheck) adds the same
pause through ``effective_deadline``, so they all agree and nobody loses on time
because of us. A seat that became due during the outage stood still from its turn's
start. A seat whose player is on vacation is left alone by that sweep (the vacation's
pause covers the time); a vacation that starts during an outage first adds the
outage's time so far. The pause moves a deadline by real time, weekends or not.
"""

from __future__ import annotations

import time as time_module
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import Signal, receiver
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games.models import ClockHeartbeat, Game, Seat

DAY = 24 * 3600
REMIND_AT = 0.8  # the reminder goes out when 80% of the turn's time has passed
NIGHT_MAX_HOURS = 10

HEARTBEAT = "clock-sweep"  # the ClockHeartbeat row of the clock sweep

# user: User whose vacation the sweep ended because the allowance ran out
vacation_allowance_used = Signal()
# user: User on automatic vacation, day: the day it is in (1, 2, ...), days_left: timedelta
vacation_day_spent = Signal()


def is_bank(game) -> bool:
    return game.time_control == "bank"


def describe(game) -> str:
    """The time control in words, for pages and emails: "3 days per move", "time bank:
    7 days, plus 1 day per move, at most 14 days" (plural-right), with ", weekends off"
    where no clock runs at weekends. Each phrase is one whole template."""
    if is_bank(game):
        values = {
            "start": _days(game.bank_start_days or 0),
            "increment": _days(game.bank_increment_days or 0),
            "cap": _days(game.bank_cap_days or 0),
        }
        if game.bank_increment_days:
            text = _("time bank: %(start)s, plus %(increment)s per move, at most %(cap)s") % values
        else:
            text = _("time bank: %(start)s, at most %(cap)s") % values
    else:
        text = _("%(days)s per move") % {"days": _days(game.days_per_move)}
    return _("%(control)s, weekends off") % {"control": text} if game.weekends_off else text


def _days(n: int) -> str:
    return ngettext("%(n)d day", "%(n)d days", n) % {"n": n}


def validate_bank(start: int, increment: int, cap: int) -> None:
    if start < 1 or increment < 0 or cap < start:
        raise ValueError(_("A time bank needs a start of a day or more and a cap no below it."))


def turn_seconds(game, seat) -> int:
    """The time this seat has for the turn that starts now."""
    if is_bank(game):
        if seat.bank_seconds is None:
            return game.bank_start_days * DAY
        return seat.bank_seconds
    return game.days_per_move * DAY


# --- weekends and nights ------------------------------------------------------------


def zone_of(user) -> ZoneInfo:
    return ZoneInfo(user.time_zone if user is not None and user.time_zone else "UTC")


def _local_midnight(day: date, tz: ZoneInfo) -> datetime:
    return datetime.combine(day, time(0), tzinfo=tz).astimezone(UTC)


def in_weekend(moment: datetime, tz: ZoneInfo) -> bool:
    return moment.astimezone(tz).weekday() >= 5


def weekend_end(moment: datetime, tz: ZoneInfo) -> datetime:
    """Monday 00:00 local after ``moment`` (which is in a weekend)."""
    local = moment.astimezone(tz)
    return _local_midnight(local.date() + timedelta(days=7 - local.weekday()), tz)


def weekend_start(moment: datetime, tz: ZoneInfo) -> datetime:
    """The next Saturday 00:00 local after ``moment`` (a weekday)."""
    local = moment.astimezone(tz)
    return _local_midnight(local.date() + timedelta(days=5 - local.weekday()), tz)


def add_running(start: datetime, seconds: float, tz: ZoneInfo, weekends_off: bool) -> datetime:
    """When ``seconds`` of clock time, counted from ``start``, have run out."""
    left = timedelta(seconds=seconds)
    if not weekends_off:
        return start + left
    moment = start
    while True:
        if in_weekend(moment, tz):
            moment = weekend_end(moment, tz)
            continue
        stop = weekend_start(moment, tz)
        if moment + left < stop:
            return moment + left
        left -= stop - moment
        moment = stop


def running_between(start: datetime, end: datetime, tz: ZoneInfo, weekends_off: bool) -> timedelta:
    """How much clock time runs from ``start`` to ``end`` (weekends left out if off)."""
    if end <= start:
        return timedelta(0)
    if not weekends_off:
        return end - start
    total, moment = timedelta(0), start
    while moment < end:
        if in_weekend(moment, tz):
            moment = min(end, weekend_end(moment, tz))
            continue
        stop = min(end, weekend_start(moment, tz))
        total += stop - moment
        moment = stop
    return total


def night_hours(user) -> tuple[int, int] | None:
    if user is None or user.night_start_hour is None or user.night_end_hour is None:
        return None
    return user.night_start_hour, user.night_end_hour


def validate_night(start: int | None, end: int | None) -> None:
    if start is None and end is None:
        return
    if start is None or end is None:
        raise ValueError(_("Choose both the start and the end of your night hours, or neither."))
    length = (end - start) % 24
    if length == 0 or length > NIGHT_MAX_HOURS:
        raise ValueError(
            _("Night hours can be at most %(n)s hours a day.") % {"n": NIGHT_MAX_HOURS}
        )


def night_end(moment: datetime, user) -> datetime | None:
    """The end of the player's night if ``moment`` falls inside it, else None."""
    hours = night_hours(user)
    if hours is None:
        return None
    start, end = hours
    tz = zone_of(user)
    local = moment.astimezone(tz)
    of_day = timedelta(hours=local.hour, minutes=local.minute, seconds=local.second)
    of_day += timedelta(microseconds=local.microsecond)
    begins, ends = timedelta(hours=start), timedelta(hours=end)
    day = local.date()
    if start < end:
        if not begins <= of_day < ends:
            return None
    elif of_day >= begins:
        day += timedelta(days=1)  # the night crosses midnight: it ends tomorrow
    elif of_day >= ends:
        return None
    return datetime.combine(day, time(end), tzinfo=tz).astimezone(UTC)


def place_deadline(deadline: datetime, game, user) -> datetime:
    """``deadline`` moved out of the player's night and, if off, the weekend."""
    tz = zone_of(user)
    for _step in range(4):  # a night's end on a Saturday goes to Monday, then its night's end
        if game.weekends_off and in_weekend(deadline, tz):
            deadline = weekend_end(deadline, tz)
        moved = night_end(deadline, user)
        if moved is None:
            break
        deadline = moved
    return deadline


def start_turn(game, seat, now: datetime) -> None:
    """``seat`` has just become due: set its deadline and reminder (not saved here)."""
    seconds = turn_seconds(game, seat)
    user = seat.user if seat.user_id else None
    tz = zone_of(user)
    seat.clock_stopped = bool(user is not None and user.on_vacation)
    seat.timeout_claimed_at = None
    seat.turn_seconds = seconds
    runs_out = add_running(now, seconds, tz, game.weekends_off)
    seat.deadline = place_deadline(runs_out, game, user)
    seat.night_seconds = int(
        running_between(runs_out, seat.deadline, tz, game.weekends_off).total_seconds()
    )
    seat.remind_at = add_running(now, seconds * REMIND_AT, tz, game.weekends_off)


def end_turn(game, seat, now: datetime) -> None:
    """``seat`` is no longer due: bank what is left (time-bank games)."""
    if is_bank(game) and seat.deadline is not None:
        user = seat.user if seat.user_id else None
        left = running_between(
            now, effective_deadline(seat, user, now), zone_of(user), game.weekends_off
        ).total_seconds() - (seat.night_seconds or 0)
        increment = (game.bank_increment_days or 0) * DAY
        cap = (game.bank_cap_days or game.bank_start_days) * DAY
        seat.bank_seconds = int(min(cap, max(0, left) + increment))
    seat.turn_seconds = None
    seat.remind_at = None
    seat.clock_stopped = False
    seat.night_seconds = 0


def paused_for(seat, user, now: datetime) -> timedelta:
    """How long ``seat``'s current turn has stood still for a vacation going on now."""
    if user is None or not user.on_vacation or user.vacation_started_at is None:
        return timedelta(0)
    since = max(user.vacation_started_at, seat.due_since or user.vacation_started_at)
    return max(timedelta(0), now - since)


# The heartbeat as last read by this process: (monotonic and wall time of the read,
# the value). Every page and move asks for it, and it moves once a minute while an
# outage needs five minutes of silence; so an answer up to ``HEARTBEAT_MEMO_SECONDS``
# old only moves the moment an outage is noticed by as much, and saves a query a page.
HEARTBEAT_MEMO_SECONDS = 10
_memo: tuple[float, datetime, datetime | None] | None = None


def _last_heartbeat(now: datetime, fresh: bool) -> datetime | None:
    global _memo
    tick = time_module.monotonic()
    if not fresh and _memo is not None:
        read_tick, read_now, last = _memo
        fresh_enough = timedelta(0) <= now - read_now <= timedelta(seconds=HEARTBEAT_MEMO_SECONDS)
        if tick - read_tick <= HEARTBEAT_MEMO_SECONDS and fresh_enough:
            return last
    last = (
        ClockHeartbeat.objects.filter(name=HEARTBEAT).values_list("last_run_at", flat=True).first()
    )
    _memo = (tick, now, last)
    return last


@receiver(post_save, sender=ClockHeartbeat)
def _forget_heartbeat(**kwargs):
    """This process wrote it (the sweep): read it afresh next time."""
    global _memo
    _memo = None


def stopped_since(now: datetime, *, fresh: bool = False) -> datetime | None:
    """The last heartbeat if the sweep has not run since for longer than an outage.

    None while the sweep runs on time (or has never run: no heartbeat, no outage).
    ``fresh``: read the row now (a flow that writes deadlines from it), not the memo."""
    last = _last_heartbeat(now, fresh)
    if last is None or now - last <= timedelta(seconds=settings.CLOCK_OUTAGE_SECONDS):
        return None
    return last


def outage_pause(seat, since: datetime | None, now: datetime) -> timedelta:
    """How long ``seat``'s clock has stood still in an outage the sweep has not settled."""
    if since is None:
        return timedelta(0)
    return max(timedelta(0), now - max(since, seat.due_since or since))


_READ = object()


def effective_deadline(seat, user, now: datetime, *, outage=_READ) -> datetime:
    """The deadline with a running vacation's pause and a pending outage's added.

    ``outage``: ``stopped_since(now)`` if the caller has it (a list of seats reads the
    heartbeat once); read here otherwise."""
    if outage is _READ:
        outage = stopped_since(now)
    return seat.deadline + paused_for(seat, user, now) + outage_pause(seat, outage, now)


def is_overdue(seat, user, now: datetime) -> bool:
    """Has a due seat's time run out? The one test a move, a page and the sweep share.

    Never while its player is on vacation: a clock that stands still does not run out
    (an automatic vacation keeps a game whose time ran out playable)."""
    if user is not None and user.on_vacation:
        return False
    return seat.is_due and seat.deadline is not None and effective_deadline(seat, user, now) <= now


def deadline_note(seat, user, outage: datetime | None, *, game, yours: bool) -> str:
    """Why a shown deadline is where it is, in whole sentences (or "").

    ``yours``: the reader is the seat's player ("your time zone"), else an opponent or
    a spectator (the player's name)."""
    name = user.name if user is not None else ""
    notes = []
    if outage is not None:
        notes.append(_("The clocks stand still until the site has caught up after an outage."))
    elif user is not None and user.on_vacation and user.vacation_automatic:
        notes.append(
            _("Your clock stands still: you are on vacation (automatic).")
            if yours
            else _("The clock stands still: %(name)s is on vacation (automatic).") % {"name": name}
        )
    elif user is not None and user.on_vacation:
        notes.append(
            _("Your clock stands still: you are on vacation.")
            if yours
            else _("The clock stands still: %(name)s is on vacation.") % {"name": name}
        )
    if game.weekends_off:
        notes.append(
            _("The clock does not run on Saturday and Sunday in your time zone.")
            if yours
            else _("The clock does not run on Saturday and Sunday in %(name)s's time zone.")
            % {"name": name}
        )
    if seat.night_seconds:
        notes.append(
            _("The deadline was moved to the end of your night hours.")
            if yours
            else _("The deadline was moved to the end of %(name)s's night hours.") % {"name": name}
        )
    return " ".join(notes)


# --- vacation -----------------------------------------------------------------------


def allowance(user: User) -> timedelta:
    return timedelta(days=settings.VACATION_DAYS_PER_YEAR)


def vacation_used(user: User, now: datetime | None = None) -> timedelta:
    """Vacation taken this year, including a vacation going on now."""
    now = now or timezone.now()
    used = timedelta(seconds=user.vacation_used_seconds if user.vacation_year == now.year else 0)
    if user.on_vacation and user.vacation_started_at is not None:
        used += now - user.vacation_started_at
    return used


def vacation_left(user: User, now: datetime | None = None) -> timedelta:
    return max(timedelta(0), allowance(user) - vacation_used(user, now))


def vacation_ended(*, user: User, started_at: datetime | None, now: datetime) -> None:
    """Push the user's running deadlines by the pause and charge the allowance.

    Sets the allowance fields on ``user`` (the caller saves it) and updates seats and
    games directly.
    """
    if started_at is None:
        return
    seats = list(
        Seat.objects.filter(user_id=user.pk, is_due=True, deadline__isnull=False).select_related(
            "game"
        )
    )
    for seat in seats:
        since = max(started_at, seat.due_since or started_at)
        pause = max(timedelta(0), now - since)
        if seat.game.weekends_off:
            # The clock time that was left when it stopped, counted on from now.
            tz = zone_of(user)
            left = running_between(since, seat.deadline, tz, True).total_seconds()
            seat.deadline = add_running(now, left, tz, True)
        else:
            seat.deadline += pause
        seat.deadline = place_deadline(seat.deadline, seat.game, user)
        if seat.remind_at is not None:
            seat.remind_at += pause
        seat.clock_stopped = False
    Seat.objects.bulk_update(seats, ["deadline", "remind_at", "clock_stopped"])
    for game_id in {s.game_id for s in seats}:
        deadlines = Seat.objects.filter(
            game_id=game_id, is_due=True, controller="human", deadline__isnull=False
        ).values_list("deadline", flat=True)
        Game.objects.filter(pk=game_id).update(deadline=min(deadlines, default=None))
    taken = max(0, int((now - started_at).total_seconds()))
    if user.vacation_year != now.year:
        user.vacation_year = now.year
        user.vacation_used_seconds = 0
    user.vacation_used_seconds += taken


# The fields of a player's row that only ``vacation_begin`` and ``vacation_end`` write.
VACATION_FIELDS = [
    "on_vacation",
    "vacation_started_at",
    "vacation_ends_at",
    "vacation_automatic",
    "vacation_days_told",
    "vacation_year",
    "vacation_used_seconds",
]


def vacation_begin(*, user: User, now: datetime, automatic: bool = False) -> None:
    """Switch the player's vacation on: their due seats' clocks stop
    (``Seat.clock_stopped``, which the sweep's indexes read) and the end date that
    uses up the allowance is set. Saves the vacation's fields of ``user``; the caller
    holds the player's row lock (``select_for_update``) in a transaction."""
    outage = stopped_since(now, fresh=True)
    if outage is not None:
        # The outage sweep leaves stopped clocks alone: give these seats its time now.
        for seat in Seat.objects.filter(user_id=user.pk, is_due=True, deadline__isnull=False):
            Seat.objects.filter(pk=seat.pk).update(
                deadline=seat.deadline + outage_pause(seat, outage, now)
            )
    user.on_vacation = True
    user.vacation_automatic = automatic
    user.vacation_started_at = now
    user.vacation_ends_at = now + vacation_left(user, now)
    user.vacation_days_told = 0
    Seat.objects.filter(user_id=user.pk, is_due=True).update(clock_stopped=True)
    user.save(update_fields=VACATION_FIELDS)


def vacation_end(*, user: User, now: datetime) -> None:
    """Switch the player's vacation off: their due seats' clocks run again with the
    deadlines moved by the pause, and the allowance is charged (``vacation_ended``).
    Saves the vacation's fields of ``user``; the caller holds the player's row lock."""
    vacation_ended(user=user, started_at=user.vacation_started_at, now=now)
    user.on_vacation = False
    user.vacation_started_at = None
    user.vacation_ends_at = None
    user.vacation_automatic = False
    user.save(update_fields=VACATION_FIELDS)


def end_exhausted_vacations(now: datetime | None = None) -> list[int]:
    """End vacations whose allowance is used up (see the module docstring).

    Through the partial index ``user_vacation_ends``: only players whose vacation
    reaches its end date are read, not every player on vacation."""
    now = now or timezone.now()
    ended = []
    for user in User.objects.filter(on_vacation=True, vacation_ends_at__lte=now):
        left = vacation_left(user, now)
        if left > timedelta(0):  # the end date was not known (an older vacation): set it
            User.objects.filter(pk=user.pk).update(vacation_ends_at=now + left)
            continue
        with transaction.atomic():
            user = User.objects.select_for_update().get(pk=user.pk)
            if not user.on_vacation:  # switched off meanwhile
                continue
            vacation_end(user=user, now=now)
            vacation_allowance_used.send(sender=User, user=user)
        ended.append(user.pk)
    return ended


# --- automatic vacation ---------------------------------------------------------------


def auto_vacation_allowed(game) -> bool:
    """Whether the game lets its players' vacation days stand in for a timeout: never in
    a rated game (what the settings and the New game page promise), else as created."""
    return game.auto_vacation_allowed and not game.rated


def auto_vacation_applies(game, user, now: datetime) -> bool:
    """Instead of timing out: the player opted in, the game allows it, days are left."""
    return (
        user is not None
        and user.auto_vacation
        and auto_vacation_allowed(game)
        and not user.on_vacation
        and vacation_left(user, now) > timedelta(0)
    )


def auto_vacation_begin(*, user_id: int, now: datetime) -> bool:
    """Start an automatic vacation for a player whose time ran out; True if started.

    The player's row is locked, so two games running out at once start one vacation."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user_id)
        if user.on_vacation:
            return False
        vacation_begin(user=user, now=now, automatic=True)
    return True


def ran_out_seats(user: User):
    """The player's due seats whose clock ran out before the vacation started."""
    return Seat.objects.filter(
        user_id=user.pk,
        is_due=True,
        status="playing",
        controller="human",
        deadline__lte=user.vacation_started_at,
    )


def auto_vacation_after_move(*, user_id: int) -> bool:
    """After a move: the automatic vacation ends once no game has run out; True if so.

    The games whose clock did not run out go on with the time they had left."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user_id)
        if not (user.on_vacation and user.vacation_automatic) or ran_out_seats(user).exists():
            return False
        vacation_end(user=user, now=timezone.now())
    return True


def vacation_days_spent(user: User, now: datetime) -> int:
    """The day of the running vacation that ``now`` is in (1 on its first day)."""
    if not user.on_vacation or user.vacation_started_at is None:
        return 0
    return int((now - user.vacation_started_at).total_seconds() // DAY) + 1


def tell_vacation_days(now: datetime | None = None) -> int:
    """Tell each player on automatic vacation of every day it spends (once per day)."""
    now = now or timezone.now()
    told = 0
    for user in User.objects.filter(on_vacation=True, vacation_automatic=True):
        day = vacation_days_spent(user, now)
        if day <= user.vacation_days_told:
            continue
        # Conditional: a concurrent sweep that told this day already changes nothing.
        if User.objects.filter(pk=user.pk, vacation_days_told=user.vacation_days_told).update(
            vacation_days_told=day
        ):
            vacation_day_spent.send(
                sender=User, user=user, day=day, days_left=vacation_left(user, now)
            )
            told += 1
    return told
