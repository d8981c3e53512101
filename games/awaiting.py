"""How many games await a player's move: the header's badge on every page.

Counted once and kept in the cache, because every page shows it and it changes only
when a seat's turn starts or ends; the services that flip ``Seat.is_due`` forget the
count of the players concerned once their transaction commits.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction

from games.models import GameStatus, Seat

TTL_SECONDS = 600  # a safety net only: every change forgets the count at once


def _key(user_id: int) -> str:
    return f"awaiting:{user_id}"


def awaiting_count(user) -> int:
    """Games in play where ``user`` is to move."""
    count = cache.get(_key(user.pk))
    if count is None:
        count = Seat.objects.filter(user=user, is_due=True, game__status=GameStatus.ACTIVE).count()
        cache.set(_key(user.pk), count, TTL_SECONDS)
    return count


def forget(user_ids: Iterable[int | None]) -> None:
    """Count again for these players once the current transaction has committed
    (deleting earlier would let a page read in between cache the count from before)."""
    keys = [_key(uid) for uid in {uid for uid in user_ids if uid is not None}]
    if keys:
        transaction.on_commit(lambda: cache.delete_many(keys))
