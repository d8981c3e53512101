"""How many games await a player's move: the header's badge on every page.

Counted once and kept in the cache, because every page shows it and it changes only
when a seat's turn starts or ends; the services that flip ``Seat.is_due`` forget the
count of the players concerned once their transaction commits.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction

from config.cache import read_on
from games.models import GameStatus, Seat, SeatStatus

TTL_SECONDS = 600  # a safety net only: every change forgets the count at once


def _key(user_id: int) -> str:
    return f"awaiting:{user_id}"


def awaiting_seats(user):
    """``user``'s seats in running games where it is their move (the
    ``seat_due_by_user`` index)."""
    return Seat.objects.filter(
        user=user, is_due=True, status=SeatStatus.PLAYING, game__status=GameStatus.ACTIVE
    )


def games_awaiting(user) -> int:
    """How many running games await ``user``'s move, counted now."""
    return awaiting_seats(user).count()


def key_on(request) -> str | None:
    """The count's key for a signed-in request that has not counted yet (read with
    the page's other keys: ``config.cache.PAGE_KEYS``)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or hasattr(request, "_awaiting_count"):
        return None
    return _key(user.pk)


def awaiting_count(request) -> int:
    """``games_awaiting`` for the signed-in player, from the cache; counted once per
    request (the page cache's key and the header both ask)."""
    count = getattr(request, "_awaiting_count", None)
    if count is None:
        key = _key(request.user.pk)
        count = read_on(request, key)
        if count is None:
            count = games_awaiting(request.user)
            cache.set(key, count, TTL_SECONDS)
        request._awaiting_count = count
    return count


def know_awaiting(request, count: int) -> None:
    """A view that has just counted them itself (My games) saves the lookup."""
    request._awaiting_count = count


def forget(user_ids: Iterable[int | None]) -> None:
    """Count again for these players once the current transaction has committed
    (deleting earlier would let a page read in between cache the count from before)."""
    keys = [_key(uid) for uid in {uid for uid in user_ids if uid is not None}]
    if keys:
        # robust: the move is committed whatever the cache says (the count's TTL is
        # the safety net if the cache is unreachable right now).
        transaction.on_commit(lambda: cache.delete_many(keys), robust=True)
