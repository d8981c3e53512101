"""A player's events, read from the database: "your_turn", "game_over", "invitation"
and "chat". Any web process answers from the same rows, so nothing has to be held in
one process's memory, and a reconnecting client misses nothing (long polling: see the
README, "The event stream").

The cursor a client sends back says what it has seen: a time a few seconds before the
last answer (``SLACK``: a move's transaction may commit after a later one began, so
the rows a little older than "now" are read again) and the ids of the events it was
given in that overlap, which are not given twice.
"""

from __future__ import annotations

import time
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from chat.models import SHOWN, Message
from games.models import Controller, GameStatus, Seat

SLACK = timedelta(seconds=5)
STEP_SECONDS = 1.0  # how often a waiting request looks again (API_EVENTS_STEP_SECONDS)


class BadCursor(ValueError):
    pass


@dataclass(frozen=True)
class Event:
    id: str
    type: str
    game_id: int
    at: datetime
    version: int | None = None
    text: str = ""
    author: str = ""


def parse_cursor(cursor: str | None) -> tuple[datetime | None, set[str]]:
    if not cursor:
        return None, set()
    stamp, *seen = cursor.split("~")
    try:
        value = float(stamp)
        at = datetime.fromtimestamp(value, tz=UTC)
    except (ValueError, OverflowError, OSError):
        raise BadCursor("This cursor is not one the event stream gave.") from None
    return at, set(seen[:500])


def _make_cursor(at: datetime, seen: list[str]) -> str:
    return "~".join([f"{at.timestamp():.6f}", *seen])


def _read(user, since: datetime | None, chat: bool) -> list[Event]:
    """Every event of ``user``'s after ``since`` (None: what waits for them now)."""
    found: list[Event] = []
    turns = Seat.objects.filter(
        user=user, is_due=True, controller=Controller.HUMAN, game__status=GameStatus.ACTIVE
    )
    if since is not None:
        turns = turns.filter(due_since__gt=since)
    for seat in turns.select_related("game").only(
        "due_since", "game__id", "game__version", "game__taken_back"
    ):
        g = seat.game
        found.append(
            Event(
                f"turn-{g.pk}-{g.version}-{g.taken_back}",
                "your_turn",
                g.pk,
                seat.due_since or timezone.now(),
                version=g.version,
            )
        )
    invited = Seat.objects.filter(user=user, accepted=False, game__status=GameStatus.OPEN)
    if since is not None:
        invited = invited.filter(game__created_at__gt=since)
    for seat in invited.select_related("game").only("game__id", "game__created_at"):
        found.append(
            Event(f"invite-{seat.game_id}", "invitation", seat.game_id, seat.game.created_at)
        )
    if since is not None:
        ended = Seat.objects.filter(
            user=user,
            game__status__in=(GameStatus.FINISHED, GameStatus.ABORTED),
            game__finished_at__gt=since,
        ).select_related("game")
        for seat in ended:
            g = seat.game
            found.append(
                Event(f"over-{g.pk}", "game_over", g.pk, g.finished_at, g.version, g.result_shown)
            )
        if chat:
            messages = (
                Message.objects.filter(SHOWN, game__seats__user=user, created_at__gt=since)
                .exclude(author=user)
                .select_related("author")
                .order_by("created_at")[:200]
            )
            for m in messages:
                found.append(
                    Event(
                        f"chat-{m.pk}",
                        "chat",
                        m.game_id,
                        m.created_at,
                        m.ply,
                        m.text,
                        m.author.name,
                    )
                )
    found.sort(key=lambda e: e.at)
    return found


WAITING_KEY = "api:events:waiting"
BUSY_RETRY_SECONDS = 5  # what a client is told to wait when no waiting place is free


@contextmanager
def waiting_place(wait: float):
    """Whether this request may wait: at most ``API_EVENTS_WAITING`` requests of the
    whole site wait at once (each holds a sync worker meanwhile), counted in the
    shared cache; without it (unreachable), none waits."""
    limit = getattr(settings, "API_EVENTS_WAITING", 2)
    taken = False
    try:
        cache.add(WAITING_KEY, 0, timeout=int(wait) + 60)  # a crashed waiter is forgotten
        taken = cache.incr(WAITING_KEY) <= limit
        if not taken:
            cache.decr(WAITING_KEY)
    except Exception:  # (the forgiving cache: config.cache)
        taken = False
    try:
        yield taken
    finally:
        if taken:
            with suppress(Exception):
                cache.decr(WAITING_KEY)


def events_for(
    user, cursor: str | None, *, chat: bool, wait: float
) -> tuple[list[Event], str, int]:
    """The events after ``cursor``, the cursor for the next call and the seconds to
    wait before that call; waits up to ``wait`` seconds for an event when there is
    none yet (long polling) if a waiting place is free, else answers at once."""
    since, seen = parse_cursor(cursor)
    step = getattr(settings, "API_EVENTS_STEP_SECONDS", STEP_SECONDS)
    now = timezone.now()
    every = _read(user, since, chat)
    new = [e for e in every if e.id not in seen]
    retry = 0
    if not new and wait > 0:
        with waiting_place(wait) as may_wait:
            retry = 0 if may_wait else BUSY_RETRY_SECONDS
            deadline = time.monotonic() + (wait if may_wait else 0)
            while not new and time.monotonic() + step <= deadline:
                time.sleep(step)
                now = timezone.now()
                every = _read(user, since, chat)
                new = [e for e in every if e.id not in seen]
    start = now - SLACK
    if since is not None:
        start = max(start, since)
    overlap = [e.id for e in every if e.at > start]
    return new, _make_cursor(start, overlap), retry
