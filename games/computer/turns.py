"""Computer seats play in a Celery task, never inside a person's request.

``queue_computer_turn(game_id)`` is the one entry point: any flow that may leave a
computer seat due (a person's move, a game starting, a seat handed to the computer on
a timeout or resignation) calls it inside its transaction. After the commit a task on
its own queue (``COMPUTER_QUEUE``, "computer") plays every computer seat that is due,
one action per transaction, through ``services.computer_turns_play``:

- the bot thinks without any lock, on the position it read, then the action is
  applied under the game's row lock only if the game is still at that position
  (version and take-backs): a task delivered twice, or two workers racing, apply
  it once; the loser re-reads and finds nothing due, or the next position;
- each action commits on its own, so the players' pages (which poll) show the
  computer's moves as they land;
- a claim in the cache (``COMPUTER_CLAIM_SECONDS``, ``claim``) lets only one task
  think about one position, so a duplicate costs a cache lookup rather than a second
  search; the duplicate looks again once the claim lapses (``look_again``), should
  its holder have died;
- a task redelivered because its worker was killed (the same task, by its id) takes
  its own dead delivery's claim over at once, and plays;
- a turn whose task was lost (broker down, worker killed) is queued again by the
  clock sweep (``queue_stalled``) once it has waited longer than its level's think
  time and a minute (``is_delayed``); the game page then says the computer is
  delayed, rather than waiting without a word.
"""

from __future__ import annotations

import logging
import math
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

log = logging.getLogger(__name__)

COMPUTER_QUEUE = "computer"
PLAY_TASK = "games.tasks.play_computer_turns"
# A computer seat due longer than its level's think time and this is delayed: its task
# is queued again (a worker busy with other tasks gets a minute before that).
GRACE_SECONDS = 60


def queue_computer_turn(game_id: int) -> None:
    """Have the computer seats due in ``game_id`` play, after the current commit."""
    transaction.on_commit(lambda: enqueue(game_id))


def enqueue(game_id: int, countdown: int | None = None) -> None:
    """Send the task now, or to run in ``countdown`` seconds."""
    from celery import current_app

    try:
        # By name: games.tasks imports the services that call this.
        current_app.tasks[PLAY_TASK].apply_async(
            args=[game_id], queue=COMPUTER_QUEUE, countdown=countdown
        )
    except Exception:  # broker down: the clock sweep queues the turn again
        log.exception("could not queue the computer turn of game %s", game_id)


def claim_key(game_id: int, version: int, taken_back: int) -> str:
    return f"computer-turn:{game_id}:{version}:{taken_back}"


def claim(key: str, claimant: str) -> bool:
    """Whether the task ``claimant`` (its id) may think about the position ``key``: it
    claims it now, or an earlier delivery of this very task did and died with its
    worker (the broker delivers a task whose worker was lost again, id and all)."""
    mine = {"by": claimant, "until": time.time() + claim_seconds()}
    if cache.add(key, mine, timeout=claim_seconds()):
        return True
    held = cache.get(key)
    if isinstance(held, dict) and held.get("by") == claimant:
        cache.set(key, mine, timeout=claim_seconds())
        return True
    return False


def look_again(game_id: int, key: str) -> None:
    """Another task holds the claim on this position: queue the game's turn again for
    when the claim lapses. If its holder plays on meanwhile, that look finds the game
    moved on (nothing due, or the holder's next claim); if it died, it plays."""
    held = cache.get(key)
    until = held.get("until") if isinstance(held, dict) else None
    wait = claim_seconds() if until is None else until - time.time()
    enqueue(game_id, countdown=max(1, math.ceil(wait)))


def delayed_after(bot_level: str) -> timedelta:
    """How long a computer seat of ``bot_level`` may be due before it is delayed."""
    from games.computer.choice import seat_level
    from games.computer.levels import LEVELS

    return timedelta(seconds=LEVELS[seat_level(bot_level)].think_seconds + GRACE_SECONDS)


def is_delayed(seat, now: datetime | None = None) -> bool:
    """Whether ``seat``, a computer seat due, has waited longer than it should."""
    from games.models import Controller

    if seat.controller != Controller.BOT or not seat.is_due or seat.due_since is None:
        return False
    return (now or timezone.now()) - seat.due_since > delayed_after(seat.bot_level)


def queue_stalled(now: datetime | None = None, limit: int = 500) -> int:
    """Queue again the games whose computer seat is delayed (``is_delayed``)."""
    from games.computer.levels import LEVELS
    from games.models import Controller, GameStatus, Seat

    now = now or timezone.now()
    soonest = min(level.think_seconds for level in LEVELS.values()) + GRACE_SECONDS
    seats = Seat.objects.filter(
        is_due=True,
        controller=Controller.BOT,
        due_since__lt=now - timedelta(seconds=soonest),
        game__status=GameStatus.ACTIVE,
    ).only("game_id", "controller", "is_due", "due_since", "bot_level")[: limit * 5]
    game_ids = list(dict.fromkeys(s.game_id for s in seats if is_delayed(s, now)))[:limit]
    for game_id in game_ids:
        enqueue(game_id)
    return len(game_ids)


def claim_seconds() -> int:
    return settings.COMPUTER_CLAIM_SECONDS
