"""Helper process for test_burst: seeds a burst of turn emails, sweeps, reports.

Run as ``python -m tests.mail.burst_driver <seed N LOST | sweep | status>`` with the
same environment as the worker under test (its own database and queue).
"""

from __future__ import annotations

import json
import os
import sys


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.utils import timezone

    from mail.models import Notification

    command = argv[0]
    if command == "seed":
        print(json.dumps(seed(int(argv[1]), int(argv[2]))))
    elif command == "sweep":
        from mail.tasks import sweep_outbox

        print(json.dumps({"queued": sweep_outbox()}))
    elif command == "status":
        rows = Notification.objects.all()
        print(
            json.dumps(
                {
                    "rows": rows.count(),
                    "sent": rows.filter(outcome="sent").count(),
                    "other": list(
                        rows.exclude(outcome="sent").values_list("outcome", flat=True)[:5]
                    ),
                    "now": timezone.now().isoformat(),
                }
            )
        )


def seed(count: int, lost: int) -> dict:
    """``count`` running games, each with a turn email due now; the last ``lost`` are
    committed while the broker is down (queueing fails and is only logged)."""
    from datetime import timedelta
    from unittest import mock

    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games.engines import get_engine
    from games.models import Game, GameStatus, Seat
    from mail.models import Kind, Notification
    from mail.sending import outbox
    from mail.tasks import deliver

    engine = get_engine("triad")
    now = timezone.now()
    state = engine.to_json(engine.new_game(2, 1, engine.validate_options(2, {})))
    with transaction.atomic():
        users = User.objects.bulk_create(
            [User(username=f"burst{i}", email=f"burst{i}@example.com") for i in range(count * 2)]
        )
        games = Game.objects.bulk_create(
            [
                Game(
                    engine="triad",
                    num_players=2,
                    seed=1,
                    status=GameStatus.ACTIVE,
                    state=state,
                    to_move=[0],
                    started_at=now,
                )
                for _ in range(count)
            ]
        )
        seats = Seat.objects.bulk_create(
            [
                Seat(
                    game=game,
                    index=index,
                    user=users[2 * g + index],
                    accepted=True,
                    is_due=index == 0,
                    due_since=now if index == 0 else None,
                    deadline=now + timedelta(days=3) if index == 0 else None,
                )
                for g, game in enumerate(games)
                for index in (0, 1)
            ]
        )
        rows = Notification.objects.bulk_create(
            [
                Notification(
                    user=seat.user,
                    kind=Kind.TURN,
                    game=seat.game,
                    seat=seat,
                    version=0,
                    payload={"due_since": now.isoformat()},
                    send_after=now,
                )
                for seat in seats
                if seat.index == 0
            ]
        )
    for row in rows[: count - lost]:
        outbox.enqueue(row.user_id)
    with mock.patch.object(deliver, "apply_async", side_effect=ConnectionError("broker down")):
        for row in rows[count - lost :]:
            outbox.enqueue(row.user_id)  # logged, not raised: the sweep will send it
    return {"rows": len(rows), "queued": count - lost}


if __name__ == "__main__":
    main(sys.argv[1:])
