"""Chat benchmark: what a game page's chat costs the server, measured in-process.

    .venv/bin/python benchmarks/chat.py [--messages 200] [--repeat 300]

On a throw-away test database (SQLite in memory unless DATABASE_URL names one; then
pytest-style ``test_<name>`` is created and dropped), it seeds a Triad game with
``--messages`` chat messages over its moves and times, through Django's test client
(the whole middleware stack, signed in as a player):

- the log poll with nothing new (the 204 every open game page sends each 5 s);
- the log drawn afresh (a new message arrived: the timeline of every message);
- posting a message (the rate limit's lock and count, the insert, the fresh log).

It prints the median and best CPU time (process time: steadier on a shared machine)
in milliseconds, and the queries of each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")


def timed(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        from chat import services as chat
        from chat.models import Message
        from tests.factories import PASSWORD, UserFactory
        from tests.web.helpers import play_random, start_game

        alice = UserFactory(username="alice", display_name="Alice")
        bob = UserFactory(username="bob", display_name="Bob")
        game = start_game("triad", [alice, bob])
        game = play_random(game, max_moves=20)
        plies = max(game.version, 1)
        Message.objects.bulk_create(
            Message(
                game=game,
                author=(alice, bob)[i % 2],
                ply=i * plies // args.messages,
                text=f"Message number {i}: a line of ordinary chat.",
            )
            for i in range(args.messages)
        )
        client = Client()
        client.login(username="alice", password=PASSWORD)
        log = reverse("chat_log", args=[game.pk])
        post = reverse("chat_post", args=[game.pk])
        hx = {"HX-Request": "true"}
        chat.MESSAGES_PER_MINUTE = 10**9  # measured, not limited

        def quiet():
            response = client.get(log, {"marker": chat.marker(game)}, headers=hx)
            assert response.status_code == 204

        def fresh():
            assert client.get(log, {"marker": "-"}, headers=hx).status_code == 200

        def write():
            assert client.post(post, {"text": "gg"}, headers=hx).status_code == 200

        print(
            f"Chat of a Triad game with {args.messages} messages over {plies} moves "
            f"({connection.vendor}), {args.repeat} runs each; CPU ms:"
        )
        for name, fn in (
            ("poll, nothing new (204)", quiet),
            ("log drawn afresh", fresh),
            ("post a message", write),
        ):
            fn()  # warm
            queries: list[str] = []

            def count(execute, sql, *rest, queries=queries):
                queries.append(sql)
                return execute(sql, *rest)

            with connection.execute_wrapper(count):
                fn()
            median, best = timed(fn, args.repeat)
            print(f"  {name:26} median {median:6.2f}  best {best:6.2f}  queries {len(queries)}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
