"""Reads for the calendar feed: which feed an address names, and the turns it lists."""

from __future__ import annotations

import hashlib
from datetime import datetime

from games import clocks, selectors
from games.awaiting import awaiting_seats
from games.models import Seat

from . import tokens
from .models import CalendarFeed


def feed_of(user) -> CalendarFeed | None:
    return CalendarFeed.objects.filter(user=user).first()


def feed_by_address(feed_id: int, token: str) -> CalendarFeed | None:
    """The feed an address names, or None when the address is wrong, replaced or turned
    off, or its player's account is closed. The token is compared in constant time."""
    feed = CalendarFeed.objects.select_related("user").filter(pk=feed_id).first()
    if feed is None or not feed.user.is_active:
        return None
    if not tokens.matches(feed.pk, feed.nonce, token):
        return None
    return feed


def awaited_turns(user, now: datetime) -> list[tuple[Seat, datetime]]:
    """The player's seats whose move it is (what the header's badge counts), each with
    its deadline as the game page shows it (a vacation's or an outage's pause added),
    soonest first. Seats come with their game (its snapshot left unread)."""
    seats = list(
        awaiting_seats(user)
        .select_related("game")
        .defer(*(f"game__{name}" for name in selectors.PAGE_LEAVES_OUT))
        .order_by("deadline", "pk")
    )
    outage = clocks.stopped_since(now)
    turns = []
    for seat in seats:
        seat.user = user
        deadline = clocks.effective_deadline(seat, user, now, outage=outage)
        turns.append((seat, deadline))
    return turns


def fingerprint(feed: CalendarFeed, turns: list[tuple[Seat, datetime]]) -> str:
    """What the feed's text depends on, hashed: its ETag. Deadlines to the minute (a
    vacation moves them every moment). Opponents' names are left out (reading them is
    the second query this saves): a renamed opponent shows with the feed's next change
    (a move, a new turn)."""
    user = feed.user
    parts = [str(feed.pk), feed.nonce, str(feed.remind_hours), user.language or "", user.name]
    for seat, deadline in turns:
        began = int(seat.due_since.timestamp()) if seat.due_since else 0
        parts.append(f"{seat.pk}:{seat.game.version}:{began}:{deadline:%Y%m%d%H%M}")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def with_fellows(turns: list[tuple[Seat, datetime]]) -> None:
    """Each turn's game given its seats and their players, in one query."""
    selectors.with_seats(seat.game for seat, _deadline in turns)
