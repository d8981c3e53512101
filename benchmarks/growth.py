"""Growth benchmark (issue 44): what the daily digest and My games cost one player with
10, 100 and 600 games, in-process, on PostgreSQL and Redis.

    .venv/bin/python benchmarks/growth.py [--games 10,100,600] [--repeat 20]
                                          [--root PATH] [--database-url URL]
                                          [--redis-url URL] [--fresh]

It seeds (once; ``--fresh`` to seed again) one player per count, each with that many
running Triad games through ``games.services`` (half awaiting their move, half
waiting for their opponent, each opponent a player of their own), plus two
invitations and two finished games, into its own database (``tripost_bench_growth``
unless told). Then, with production settings (``DEBUG=0``, the page cache and board
pictures in Redis), it measures for each player:

- the **daily digest**: the email written as the outbox's courier writes it
  (``mail.tasks._message`` on a digest row, inside ``compose.one_batch``), after one
  warming run (its board pictures cached, as the turn emails before it leave them);
- **My games drawn**: ``/`` through Django's test client with the page cache emptied
  first (a page whose key has changed, as after every move);
- **My games cached**: the same page seen again (served from the page cache).

Printed for each: the CPU per request in milliseconds, this process's plus the
PostgreSQL backend's (read from ``/proc`` over ``--repeat`` requests; the backend's is
counted in clock ticks, so only the mean over many is meaningful), and the queries
one request makes. ``--root``: the checkout whose code runs (e.g. an export of an
older commit, to compare; the seeded data is the same), so before and after are::

    git archive 23b58af | tar -x -C /tmp/before && ln -s $PWD/.venv /tmp/before/.venv
    .venv/bin/python benchmarks/growth.py --root /tmp/before
    .venv/bin/python benchmarks/growth.py
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tripost_bench_growth"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/3"
TICK = os.sysconf("SC_CLK_TCK")


def environment(args) -> dict:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=args.database_url,
        REDIS_URL=args.redis_url,
        DEBUG="0",
        SECRET_KEY=env.get("GROWTH_SECRET_KEY") or secrets.token_urlsafe(64),
        SECURE_SSL_REDIRECT="0",
        STATIC_MANIFEST="0",
        ALLOWED_HOSTS="testserver,127.0.0.1",
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(args.root),
    )
    return env


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="10,100,600", help="the players' game counts")
    parser.add_argument("--repeat", type=int, default=20, help="requests measured per figure")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--fresh", action="store_true", help="seed the database again")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.root = args.root.resolve()
    if args.measure:
        return measure(args)
    env = environment(args)
    if args.fresh or not seeded(args.database_url):
        from support import recreate_database  # (this folder is on sys.path)

        recreate_database(args.database_url)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)}, check=True,
        )  # fmt: skip
        subprocess.run(
            [sys.executable, __file__, "--measure", "--games", args.games, "--fresh"],
            cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)}, check=True,
        )  # fmt: skip
    command = [sys.executable, __file__, "--measure", "--root", str(args.root)]
    command += ["--games", args.games, "--repeat", str(args.repeat)]
    return subprocess.run(command, cwd=args.root, env=env).returncode


def seeded(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url) as conn:
            row = conn.execute(
                "SELECT count(*) FROM accounts_user WHERE username LIKE 'growth\\_%%'"
            ).fetchone()
            return bool(row and row[0])
    except psycopg.Error:
        return False


def counts(args) -> list[int]:
    return [int(n) for n in args.games.split(",") if n.strip()]


# --- seeding (with this checkout's code) ------------------------------------------------


def seed(args) -> None:
    from django.conf import settings

    from accounts.models import User
    from games import services
    from games.models import GameStatus
    from games.replay import load_state
    from mail.sending import outbox

    settings.MAX_GAMES_AWAITING = 10**9
    outbox.enqueue = lambda *args, **kwargs: None  # (the seeding's emails never sent)

    def user(name):  # (no password: hashing one costs a second on a busy machine)
        return User.objects.create(
            username=name, email=f"{name}@example.test", password="!",
            email_preference="daily_digest",
        )  # fmt: skip

    def start(creator, other):
        game = services.game_create(
            creator=creator, engine="triad", num_players=2, options={}, days_per_move=3,
            invitees=[other], is_public=False, time_bank=None, rated=False,
        )  # fmt: skip
        services.invitation_accept(game_id=game.pk, user=other)
        game.refresh_from_db()
        return game

    def play(game, who):
        state = load_state(game)
        seat = game.seats.get(user=who)
        action = game.engine_module.legal_actions(state, seat.index)[0]
        services.move_play(game_id=game.pk, user=who, action=action, expected_version=game.version)
        game.refresh_from_db()

    for n in counts(args):
        player = user(f"growth_{n}")
        started = time.monotonic()
        for i in range(n):
            other = user(f"growth_{n}_{i}")
            game = start(player, other)
            mover = game.seats.get(is_due=True).user
            want_player = i % 2 == 0  # half awaiting the player, half their opponent
            if (mover == player) != want_player:
                play(game, mover)
        for i in range(2):
            inviter = user(f"growth_{n}_inviter_{i}")
            services.game_create(
                creator=inviter, engine="triad", num_players=2, options={}, days_per_move=3,
                invitees=[player], is_public=False, time_bank=None, rated=False,
            )  # fmt: skip
            game = start(player, user(f"growth_{n}_finished_{i}"))
            services.game_resign(game_id=game.pk, user=player)
        assert game.__class__.objects.get(pk=game.pk).status == GameStatus.FINISHED
        print(f"seeded growth_{n}: {n} games in {time.monotonic() - started:.0f} s", flush=True)
    from django.db import connection

    with connection.cursor() as cursor:  # (planner statistics, as autovacuum keeps them)
        cursor.execute("VACUUM ANALYZE")


# --- measuring (with ``--root``'s code) -------------------------------------------------


def backend_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def measure(args) -> int:
    sys.path.insert(0, str(args.root))
    import django

    django.setup()
    if args.fresh:
        seed(args)
        return 0

    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from web import forget_pages  # (this folder is on sys.path)

    from accounts.models import User
    from games.awaiting import games_awaiting
    from mail import tasks
    from mail.models import Kind, Notification
    from mail.sending import compose

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]

    def timed(fn, prepare=lambda: None) -> tuple[float, float, int]:
        """CPU ms per call (this process, the backend) and the queries of one call;
        ``prepare`` runs before each call, untimed."""
        prepare()
        fn()  # warm: pictures drawn and cached, caches filled
        prepare()
        queries = []
        with connection.execute_wrapper(
            lambda execute, sql, *a: queries.append(sql) or execute(sql, *a)
        ):
            fn()
        own = db = 0.0
        for _ in range(args.repeat):
            prepare()
            cpu, ticks = time.process_time(), backend_ticks(backend)
            fn()
            own += time.process_time() - cpu
            db += (backend_ticks(backend) - ticks) / TICK
        return own * 1000 / args.repeat, db * 1000 / args.repeat, len(queries)

    rows = []
    for n in counts(args):
        player = User.objects.get(username=f"growth_{n}")
        awaiting = games_awaiting(player)

        def digest(player=player):
            row = Notification(user=player, kind=Kind.DIGEST, dedupe_key="digest:bench")
            with compose.one_batch(()):
                message = tasks._message([row], player)
            assert message is not None
            message.message()  # the MIME text, as sending makes it

        client = Client()
        client.force_login(player)

        def forget():
            forget_pages(cache)  # the page and the header's count drawn again

        def my_games(client=client):
            response = client.get("/")
            assert response.status_code == 200 and b'id="my-turn"' in response.content

        for name, fn, prepare in (
            ("digest", digest, lambda: None),
            ("My games drawn", my_games, forget),
            ("My games cached", my_games, lambda: None),
        ):
            own, db, queries = timed(fn, prepare)
            rows.append((n, awaiting, name, own, db, queries))
            print(f"  {n} games: {name} done", file=sys.stderr, flush=True)

    print(f"\nGrowth ({args.root}; {args.repeat} requests a figure; CPU ms per request):")
    print(f"{'games':>6} {'awaiting':>8}  {'what':<16} {'CPU ms':>8} {'python':>8} "
          f"{'postgres':>8} {'queries':>7}")  # fmt: skip
    for n, awaiting, name, own, db, queries in rows:
        print(f"{n:>6} {awaiting:>8}  {name:<16} {own + db:>8.1f} {own:>8.1f} {db:>8.1f} "
              f"{queries:>7}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
