"""API benchmark: what a bot's requests cost, in-process, beside the game page's.

    .venv/bin/python benchmarks/api.py [--requests 40]

On a fresh SQLite database in a temporary folder (migrated, seeded through
``games.services``: a Triad, a Trias and a Tri*T*Area game of two or three players),
it times, per game, ``GET /api/v1/games/{id}`` (the caller's own view, actions in the
page's words, clocks, moves: built by the game page's own presenter), the game page
itself as the same player (drawn afresh: the page cache is cleared each time, as the
API keeps nothing), ``GET /api/v1/events`` (no wait) and a move through
``POST /api/v1/games/{id}/move``, and prints the median and p95 in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="tripost-api-bench-")
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{folder}/db.sqlite3",
        TRIPOST_VAR_DIR=folder,
        CACHE_URL="locmem://",
        DEBUG="1",
        API_EVENTS_WAITING="0",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client

    settings.ALLOWED_HOSTS = ["*"]
    settings.API_RATE_LIMITS = ["1000000/m"]
    call_command("migrate", verbosity=0)

    from accounts.models import User
    from api.tokens import token_create
    from games import services

    users = [User.objects.create_user(f"bench{i}", f"bench{i}@example.com") for i in range(3)]
    rows = []
    for engine, players in (("triad", 2), ("trias", 3), ("tritarea", 2)):
        game = services.game_create(
            creator=users[0],
            engine=engine,
            num_players=players,
            options={},
            days_per_move=3,
            invitees=users[1:players],
            is_public=True,
        )
        for user in users[1:players]:
            services.invitation_accept(game_id=game.pk, user=user)
        game.refresh_from_db()
        mover = game.seats.get(index=game.to_move[0]).user
        token = token_create(user=mover, name="bench", scopes=["read", "play", "chat"])[1]
        api = Client(headers={"Authorization": f"Bearer {token}"})
        page = Client()
        page.force_login(mover)

        def timed(client, path: str) -> list[float]:
            out = []
            for _ in range(args.requests):
                cache.clear()
                start = time.perf_counter()
                response = client.get(path)
                out.append((time.perf_counter() - start) * 1000)
                assert response.status_code == 200, response.content[:300]
            return out

        rows.append((engine, "GET /api/v1/games/{id}", timed(api, f"/api/v1/games/{game.pk}")))
        rows.append((engine, "the game page", timed(page, f"/games/{game.pk}/")))
        rows.append((engine, "GET /api/v1/events", timed(api, "/api/v1/events?timeout=0")))

        clients = {}
        for seat in game.seats.select_related("user").filter(user__isnull=False):
            own = token_create(user=seat.user, name="bench", scopes=["read", "play"])[1]
            clients[seat.index] = Client(headers={"Authorization": f"Bearer {own}"})
        moves = []
        for _ in range(min(args.requests, 20)):
            game.refresh_from_db()
            if game.status != "active":
                break
            player = clients[game.to_move[0]]
            data = player.get(f"/api/v1/games/{game.pk}").json()
            body = {"action": data["actions"][0]["action"], "version": data["version"]}
            start = time.perf_counter()
            response = player.post(
                f"/api/v1/games/{game.pk}/move", body, content_type="application/json"
            )
            moves.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, response.content[:300]
        rows.append((engine, "POST /api/v1/games/{id}/move", moves))
    print(f"{'game':10} {'request':32} {'median ms':>10} {'p95 ms':>8}")
    for engine, what, times in rows:
        p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
        print(f"{engine:10} {what:32} {statistics.median(times):10.1f} {p95:8.1f}")


if __name__ == "__main__":
    main()
