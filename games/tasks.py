"""Celery tasks of the games app. Tasks only call services and are idempotent."""

from __future__ import annotations

from celery import shared_task


@shared_task(ignore_result=False)
def ping(value: str) -> str:
    """Round-trip check: a worker answers with the value it was sent."""
    return f"pong:{value}"


@shared_task
def settle_timeout(seat_id: int) -> bool:
    """One overdue seat claimed by the clock sweep: the timeout rule, exactly once."""
    from games.services import seat_time_out

    return seat_time_out(seat_id=seat_id)


@shared_task
def clock_sweep() -> dict:
    """Every minute: outage guard, vacations, reminders; timeouts to ``settle_timeout``."""
    from games.timeouts import clock_sweep as sweep

    return sweep()


@shared_task(bind=True)
def play_computer_turns(self, game_id: int) -> int:
    """The computer seats due in a game play (queue "computer"; games.computer.turns).

    Idempotent: run twice, or by two workers at once, every action applies once. The
    task's id lets a redelivery of it take over its own dead delivery's claim."""
    from games.services import computer_turns_play

    return computer_turns_play(game_id=game_id, claimant=self.request.id)


@shared_task
def expire_open_games() -> int:
    """Every hour: unstarted games nobody joined in time expire (games.lobby)."""
    from games.lobby import open_games_expire

    return open_games_expire()
