"""The web's CPU per request, in-process: the four requests of a move in
``benchmarks/day.py`` (open the game whose turn has come, play the move by htmx, look at
My games, open the game again), timed with the process's CPU clock.

    .venv/bin/python benchmarks/web_cpu.py [--games 1000] [--sample 200] [--reuse]
                                            [--root PATH] [--database-url URL]
                                            [--profile DIR]

``benchmarks/day.py`` measures the whole site, but its figures move by 10-20 % from
run to run on a shared machine; this one runs one process, on fixed data, and moves
by a few per cent, so a change to the web's code can be measured against the code
before it: seed once, then run it for each checkout on a fresh copy of the same data
(``--root`` a ``git worktree`` of the older commit; ``--reuse`` skips the seeding).

It seeds ``--games`` running games as ``benchmarks/day.py`` does (its players, kinds,
vacations, computer seats) into a template database (``<name>_seed``), copies it for
the run, starts a Redis of its own (the page cache and the broker, as deployed; no
worker takes the queued tasks), signs the due players in, and for ``--sample`` games
whose turn is a person's makes the four requests through Django's test client with
production settings (``DEBUG=0``). Printed: the CPU per request of each kind (median
and mean) with the median size of its answer (bytes of the body, uncompressed), and
per move (the four together). With ``--profile DIR``, each kind's
requests also run under cProfile (``DIR/first-view.pstats`` and so on; read them with
``pstats``): where the time goes, though cProfile inflates small Python calls, so the
CPU printed then is two to three times the true figure.

Also printed: the queries each kind of request makes, counted on the warming moves
(not timed), each named by its table and first words; ``--queries`` prints their SQL.
Turn emails are held back ``--hold`` seconds as deployed (``benchmarks/day.py``'s
default), so a move queues no task for them (``mail.sending.outbox.notify``).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from support import recreate_database  # this folder is on sys.path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tripost_bench_web_cpu"
KINDS = ("first view", "move (htmx)", "My games", "second view")


def environment(database_url: str, redis_url: str, root: Path, hold: int = 0) -> dict:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=database_url,
        REDIS_URL=redis_url, DEBUG="0", SECRET_KEY=secrets.token_urlsafe(64),
        SECURE_SSL_REDIRECT="0", STATIC_MANIFEST="0", ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="WARNING", MAIL_TURN_HOLD_SECONDS=str(hold), PYTHONPATH=str(root),
    )  # fmt: skip
    for name in ("CACHE_URL", "ANYMAIL_ESP", "MAIL_QUEUE"):
        env.pop(name, None)
    return env


def template_exists(url: str, template: str) -> bool:
    import psycopg

    admin = urlsplit(url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        return bool(
            conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [template]).fetchone()
        )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--reuse", action="store_true", help="the seeded data of a last run")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="DIR",
        help="also write a cProfile of each kind of request to DIR/<kind>.pstats",
    )
    parser.add_argument(
        "--hold", type=int, default=300, help="seconds turn emails are held back (0: sent at once)"
    )
    parser.add_argument("--queries", action="store_true", help="print each query's SQL too")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        return measure(args)
    parts = urlsplit(args.database_url)
    template = parts.path.lstrip("/") + "_seed"
    seed_url = parts._replace(path="/" + template).geturl()
    from day import start_redis  # (this folder is on sys.path)

    redis_proc, redis_url, redis_dir = start_redis()
    try:
        if not (args.reuse and template_exists(args.database_url, template)):
            recreate_database(seed_url)
            env = environment(seed_url, redis_url, ROOT)
            subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
                           cwd=ROOT, env=env, check=True)  # fmt: skip
            start = time.perf_counter()
            subprocess.run([sys.executable, __file__, "--seed-only", str(args.games)],
                           cwd=ROOT, env=env, check=True)  # fmt: skip
            print(f"Seeded {args.games} running games in {time.perf_counter() - start:.0f} s")
        recreate_database(args.database_url, template)
        env = environment(args.database_url, redis_url, args.root, args.hold)
        command = [sys.executable, __file__, "--measure", "--root", str(args.root),
                   "--sample", str(args.sample)]  # fmt: skip
        if args.queries:
            command.append("--queries")
        if args.profile:
            command += ["--profile", str(args.profile.resolve())]
        return subprocess.run(command, cwd=args.root, env=env).returncode
    finally:
        redis_proc.terminate()
        shutil.rmtree(redis_dir, ignore_errors=True)


def seed_only(games: int) -> None:
    import django

    sys.path.insert(0, str(ROOT))
    django.setup()
    from day import SEED, drop_seeding_mail, seed

    seed(games, random.Random(SEED))
    drop_seeding_mail()


def measure(args) -> int:
    sys.path.insert(0, str(args.root))
    import django

    django.setup()
    from django.db import connection
    from django.test import Client

    from games.models import Game, GameStatus, Seat
    from games.replay import load_state

    chosen = []
    for game in Game.objects.filter(status=GameStatus.ACTIVE).order_by("pk"):
        seat = (
            Seat.objects.select_related("user")
            .filter(game=game, is_due=True, controller="human", user__on_vacation=False)
            .exclude(user=None)
            .order_by("index")
            .first()
        )
        if seat is not None:
            chosen.append((game.pk, seat))
        if len(chosen) >= args.sample + 20:
            break
    clients: dict[int, Client] = {}
    spent: dict[str, list[float]] = {kind: [] for kind in KINDS}
    sizes: dict[str, list[int]] = {kind: [] for kind in KINDS}  # bytes of each answer

    profiles = {kind: cProfile.Profile() for kind in KINDS} if args.profile else {}

    queries: dict[str, list[list[tuple[str, str]]]] = {kind: [] for kind in KINDS}
    round_trips: dict[str, list[list[tuple[str, str]]]] = {kind: [] for kind in KINDS}

    def timed(kind, fn):
        if not recording:  # counted, not timed (finding each query's caller costs time)
            made: list[tuple[str, str]] = []

            def note(execute, sql, params, many, context):
                made.append((caller(args.root), sql))
                return execute(sql, params, many, context)

            trips: list[tuple[str, str]] = []
            with connection.execute_wrapper(note), redis_counted(trips, args.root):
                response = fn()
            queries[kind].append(made)
            round_trips[kind].append(trips)
            assert response.status_code == 200, (kind, response.status_code)
            return response
        profile = profiles.get(kind)
        start = time.process_time()
        response = profile.runcall(fn) if profile else fn()
        spent[kind].append(time.process_time() - start)
        assert response.status_code == 200, (kind, response.status_code)
        sizes[kind].append(len(response.content))
        return response

    recording = False

    def one(game_id, seat):
        client = clients.get(seat.user_id)
        if client is None:
            client = clients[seat.user_id] = Client(HTTP_HOST="127.0.0.1")
            client.force_login(seat.user)
        path = f"/games/{game_id}/"
        timed("first view", lambda: client.get(path))
        game = Game.objects.get(pk=game_id)
        action = game.engine_module.legal_actions(load_state(game), seat.index)[0]
        form = {"action": action, "version": game.version}
        timed("move (htmx)", lambda: client.post(f"{path}move", form, HTTP_HX_REQUEST="true"))
        timed("My games", lambda: client.get("/"))
        timed("second view", lambda: client.get(path))

    for game_id, seat in chosen[:20]:  # warm: templates compiled, connections open
        one(game_id, seat)
    recording = True
    for game_id, seat in chosen[20:]:
        one(game_id, seat)
    for kind, profile in profiles.items():
        args.profile.mkdir(parents=True, exist_ok=True)
        profile.dump_stats(args.profile / f"{kind.split(' (')[0].replace(' ', '-')}.pstats")
    n = len(spent["first view"])
    print(f"\nIn-process CPU per request ({args.root}; {n} moves, production settings):")
    print(f"  {'request':14} {'median ms':>10} {'mean ms':>9} {'median bytes':>13}")
    for kind in KINDS:
        values = spent[kind]
        print(f"  {kind:14} {statistics.median(values) * 1000:10.2f} "
              f"{statistics.fmean(values) * 1000:9.2f} "
              f"{statistics.median(sizes[kind]):13,.0f}")  # fmt: skip
    total = sum(sum(v) for v in spent.values()) / n
    print(f"  {'per move':14} {'':10} {total * 1000:9.2f}  (the four together)")
    print_queries(queries, args.queries)
    print_round_trips(round_trips)
    return 0


# The project's own helpers below the code that asks: a query or a cache call is named
# by what called them.
HELPERS = (os.path.join("config", "rows.py"), os.path.join("config", "cache.py"))


def caller(root: Path) -> str:
    """Where the project made a query or a cache call: its innermost function outside
    Django, the libraries and ``HELPERS`` (``games.selectors.game_page_seats``)."""
    frame = sys._getframe(2)
    here = str(root.resolve()) + os.sep
    while frame is not None:
        path = frame.f_code.co_filename
        if path.startswith(here) and not any(
            part in path for part in (".venv", "benchmarks", *HELPERS)
        ):
            module = path[len(here) :].removesuffix(".py").replace(os.sep, ".")
            return f"{module}.{frame.f_code.co_name}"
        frame = frame.f_back
    return "?"


@contextlib.contextmanager
def redis_counted(trips: list, root: Path):
    """Inside, each round trip to Redis (a command, or a pipeline's batch: the cache's
    and the broker's) is noted in ``trips`` with the code that made it."""
    import redis.client

    plain, batch = redis.client.Redis.execute_command, redis.client.Pipeline.execute

    def command(self, *args, **options):
        if not isinstance(self, redis.client.Pipeline):
            trips.append((str(args[0]), caller(root)))
        return plain(self, *args, **options)

    def execute(self, *args, **kwargs):
        if self.command_stack:
            trips.append(("pipeline", caller(root)))
        return batch(self, *args, **kwargs)

    redis.client.Redis.execute_command = command
    redis.client.Pipeline.execute = execute
    try:
        yield
    finally:
        redis.client.Redis.execute_command = plain
        redis.client.Pipeline.execute = batch


def print_round_trips(trips: dict) -> None:
    print("\nRedis round trips per request (the warming moves, not timed):")
    for kind in KINDS:
        runs = trips[kind]
        if not runs:
            continue
        counts = sorted(len(r) for r in runs)
        print(f"  {kind}: {len(runs[-1])} (from {counts[0]} to {counts[-1]})")
        for name, where in runs[-1]:
            print(f"    {name:32} {where}")


def query_name(sql: str) -> str:
    """A query's verb and first table: ``SELECT games_seat``, ``UPDATE games_game``."""
    words = sql.split()
    verb = words[0].upper() if words else "?"
    table = next(
        (words[i + 1].strip('"') for i, w in enumerate(words[:-1])
         if w.upper() in ("FROM", "INTO", "UPDATE")),
        "",
    )  # fmt: skip
    if verb in ("SAVEPOINT", "RELEASE", "ROLLBACK"):
        table = ""
    locked = " FOR UPDATE" if sql.rstrip().upper().endswith("FOR UPDATE") else ""
    return f"{verb} {table}{locked}".strip()


def print_queries(queries: dict, full: bool) -> None:
    """Each kind's queries on its last warming move, named by the code that made them
    (how many the other warming moves made beside it)."""
    print("\nQueries per request (the warming moves, not timed; savepoints included):")
    for kind in KINDS:
        runs = queries[kind]
        if not runs:
            continue
        counts = sorted(len(r) for r in runs)
        last = runs[-1]
        print(f"  {kind}: {len(last)} (from {counts[0]} to {counts[-1]})")
        for where, sql in last:
            print(f"    {query_name(sql):32} {where}" + (f"\n      {sql}" if full else ""))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--seed-only":
        seed_only(int(sys.argv[2]))
    else:
        raise SystemExit(main())
