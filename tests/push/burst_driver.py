"""Helper process for test_killed_worker: seeds push rows, sweeps, reports.

Run as ``python -m tests.push.burst_driver <seed N ORIGIN | sweep | status>`` with the
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
    from push.models import PushMessage

    command = argv[0]
    if command == "seed":
        print(json.dumps(seed(int(argv[1]), argv[2])))
    elif command == "sweep":
        from push.tasks import sweep_push

        print(json.dumps({"queued": sweep_push()}))
    elif command == "status":
        rows = PushMessage.objects.all()
        print(
            json.dumps(
                {
                    "rows": rows.count(),
                    "sent": rows.filter(outcome="sent").count(),
                    "other": list(
                        rows.exclude(outcome="sent").values_list("outcome", flat=True)[:5]
                    ),
                }
            )
        )


def seed(count: int, origin: str) -> dict:
    """One game that ends; each of its two players has ``count`` // 2 devices, each
    device a game-over push, queued after commit as a move's are."""
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games.engines import get_engine
    from games.models import Game, GameStatus, Seat
    from push import outbox
    from push.models import Device, Kind
    from tests.push.fake_push_service import Browser

    engine = get_engine("triad")
    state = engine.to_json(engine.new_game(2, 1, engine.validate_options(2, {})))
    browser = Browser()
    with transaction.atomic():
        players = [User.objects.create(username=n, email=f"{n}@example.com") for n in ("a", "b")]
        game = Game.objects.create(
            engine="triad", num_players=2, seed=1, status=GameStatus.FINISHED, state=state,
            to_move=[], started_at=timezone.now(), finished_at=timezone.now(),
        )  # fmt: skip
        for index, player in enumerate(players):
            Seat.objects.create(game=game, index=index, user=player, accepted=True)
        Device.objects.bulk_create(
            [
                Device(user=players[i % 2], endpoint=f"{origin}/push/d{i}",
                       p256dh=browser.p256dh, auth=browser.auth_b64)
                for i in range(count)
            ]
        )  # fmt: skip
        written = sum(outbox.queue(user=p, kind=Kind.RESULT, game=game) for p in players)
    return {"rows": written}


if __name__ == "__main__":
    main(sys.argv[1:])
