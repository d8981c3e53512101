"""Helper process for test_killed_worker: a webhook "worker" on a database of its own.

Run as ``python -m tests.webhooks.kill_driver <seed N URL | work | status>`` with the
environment of the test (its database; ``HOOK_CA`` the PEM of the local endpoint's
test authority; its name resolves to 127.0.0.1 in this process only).
"""

from __future__ import annotations

import json
import os
import ssl
import sys


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from webhooks import addresses, transport

    context = ssl.create_default_context(cafile=os.environ["HOOK_CA"])
    transport.ssl_context = context
    addresses.resolve = lambda host, port: ["127.0.0.1"]
    addresses.allowed_for_tests.add("127.0.0.1")

    command = argv[0]
    if command == "seed":
        print(json.dumps(seed(int(argv[1]), argv[2])))
    elif command == "work":
        print(json.dumps(work()))
    elif command == "status":
        from webhooks.models import Delivery

        rows = Delivery.objects.all()
        print(
            json.dumps(
                {
                    "rows": rows.count(),
                    "sent": rows.filter(outcome="sent").count(),
                    "unsent": rows.filter(sent_at=None).count(),
                }
            )
        )


def seed(count: int, url: str) -> dict:
    """A finished game and a hook, and ``count`` "game over" posts due now (one per
    version, as if the game had ended ``count`` times: one row each)."""
    from django.utils import timezone

    from accounts.models import User
    from games.models import Game, GameStatus
    from webhooks.models import Delivery, Event, Hook

    owner = User.objects.create(username="owner", email="owner@example.com")
    game = Game.objects.create(engine="triad", num_players=2, seed=1, status=GameStatus.FINISHED)
    hook = Hook.objects.create(owner=owner, kind="json", url=url)
    now = timezone.now()
    Delivery.objects.bulk_create(
        [
            Delivery(hook=hook, event=Event.GAME_OVER, game=game, version=v, send_after=now)
            for v in range(count)
        ]
    )
    return {"seeded": count}


def work() -> dict:
    """Run the delivery task for every due row, as workers would, until none is due."""
    from webhooks import outbox, tasks

    outcomes: dict[str, int] = {}
    while ids := outbox.due_ids(100):
        for delivery_id in ids:
            outcome = tasks.deliver(delivery_id) or "taken"
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes


if __name__ == "__main__":
    main(sys.argv[1:])
