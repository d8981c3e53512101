"""Mail benchmark: turn-email latency and throughput with a real worker, Redis and an
SMTP sink, and the timeout sweep over 100,000 running games.

    .venv/bin/python benchmarks/mail.py [--moves 200] [--burst 2000] [--games 100000]
                                        [--concurrency 2] [--database-url URL]

It (re)creates a dedicated PostgreSQL database (``tripost_bench_mail``), migrates it,
starts a local SMTP sink (aiosmtpd, in this process) and a Celery worker
(``--concurrency`` prefork processes) on its own queue on Redis, then measures:

1. **Move to inbox**: ``--moves`` moves played through ``games.services.move_play``
   with the hold-back set to zero; for each, the time from the move's commit to the
   arrival of the next player's turn email at the sink (median, p95). Target: median
   under 1 s. Emails are real: text, HTML and the board as a PNG.
2. **Throughput**: ``--burst`` turn emails committed at once and queued; the time until
   the last one arrives, as emails per second, beside what one worker process spends
   composing and rendering one email (so the worker's share is visible).
3. **Timeout sweep**: ``--games`` running games (100 of them overdue); the plan of the
   overdue query (it must use the partial index ``seat_due_deadline``) and the time of
   the query and of a whole clock sweep that settles the 100 timeouts.
"""

from __future__ import annotations

import argparse
import email
import email.parser
import os
import secrets
import statistics
import subprocess
import sys
import threading
import time
import uuid
from datetime import timedelta
from pathlib import Path

from support import free_port, recreate_database  # this folder is on sys.path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tripost_bench_mail"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/4"


class Sink:
    """aiosmtpd handler: records when each outbox row's email arrived.

    Waiting blocks on a condition (no polling), so the waiting thread never competes
    with the SMTP server's thread for the GIL and the sink is never the bottleneck.
    """

    def __init__(self):
        self.arrived: dict[int, float] = {}
        self.count = 0
        self.changed = threading.Condition()
        self.parser = email.parser.BytesHeaderParser()

    async def handle_DATA(self, server, session, envelope):
        now = time.time()
        headers = self.parser.parsebytes(envelope.original_content or envelope.content)
        rows = [int(r) for r in (headers.get("X-Tripost-Rows") or "").split(",") if r]
        with self.changed:
            self.count += 1
            for row in rows:
                self.arrived.setdefault(row, now)
            self.changed.notify_all()
        return "250 OK"

    def wait_for(self, rows: list[int], timeout: float) -> bool:
        missing = set(rows)
        end = time.monotonic() + timeout
        with self.changed:
            while True:
                missing -= self.arrived.keys()
                left = end - time.monotonic()
                if not missing or left <= 0:
                    return not missing
                self.changed.wait(left)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


# --- 1. move to inbox -------------------------------------------------------------------


def bench_latency(sink: Sink, moves: int) -> list[float]:
    import random

    from accounts.models import User
    from games import services
    from games.models import GameStatus
    from games.replay import load_state
    from mail.models import Kind, Notification

    rng = random.Random(7)
    alice = User.objects.create(username="alice", email="alice@example.com")
    bob = User.objects.create(username="bob", email="bob@example.com")
    latencies: list[float] = []
    game = None
    while len(latencies) < moves:
        if game is None or game.status != GameStatus.ACTIVE:
            game = services.game_create(
                creator=alice,
                engine="triad",
                num_players=2,
                options={},
                days_per_move=3,
                invitees=[bob],
                is_public=False,
            )
            services.invitation_accept(game_id=game.pk, user=bob)
            game.refresh_from_db()
        seat = game.seats.select_related("user").get(index=game.to_move[0])
        action = rng.choice(game.engine_module.legal_actions(load_state(game), seat.index))
        last = Notification.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        services.move_play(
            game_id=game.pk, user=seat.user, action=action, expected_version=game.version
        )
        committed = time.time()  # move_play returns right after its commit
        game.refresh_from_db()
        row = (
            Notification.objects.filter(pk__gt=last, kind=Kind.TURN, game=game)
            .values_list("pk", flat=True)
            .first()
        )
        if row is None:
            continue  # the game ended with this move
        if not sink.wait_for([row], timeout=30):
            raise SystemExit(f"turn email {row} did not arrive within 30 s")
        latencies.append(sink.arrived[row] - committed)
    return latencies


# --- 2. throughput ----------------------------------------------------------------------


def seed_turns(count: int, prefix: str) -> list:
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games.engines import get_engine
    from games.models import Game, GameStatus, Seat
    from mail.models import Kind, Notification

    engine = get_engine("triad")
    state = engine.to_json(engine.new_game(2, 1, engine.validate_options(2, {})))
    now = timezone.now()
    with transaction.atomic():
        users = User.objects.bulk_create(
            [
                User(username=f"{prefix}{i}", email=f"{prefix}{i}@example.com")
                for i in range(2 * count)
            ]
        )
        games = Game.objects.bulk_create(
            [
                Game(engine="triad", num_players=2, seed=1, status=GameStatus.ACTIVE,
                     state=state, to_move=[0], started_at=now)
                for _ in range(count)
            ]
        )  # fmt: skip
        seats = Seat.objects.bulk_create(
            [
                Seat(game=g, index=i, user=users[2 * n + i], accepted=True, is_due=i == 0,
                     due_since=now if i == 0 else None,
                     deadline=now + timedelta(days=3) if i == 0 else None)
                for n, g in enumerate(games)
                for i in (0, 1)
            ]
        )  # fmt: skip
        return Notification.objects.bulk_create(
            [
                Notification(user=s.user, kind=Kind.TURN, game=s.game, seat=s, version=0,
                             payload={"due_since": now.isoformat()}, send_after=now)
                for s in seats
                if s.index == 0
            ]
        )  # fmt: skip


def compose_cost(rows) -> float:
    """Seconds one process spends composing and rendering one turn email."""
    from mail import compose

    sample = rows[:30]
    start = time.perf_counter()
    for row in sample:
        compose.turn_email(row.user, [compose.game_section(row.game, row.user)]).message()
    return (time.perf_counter() - start) / len(sample)


def bench_throughput(sink: Sink, count: int) -> tuple[float, float, float, float]:
    from mail.outbox import enqueue

    rows = seed_turns(count, "burst")
    per_email = compose_cost(rows)
    start = time.time()
    for row in rows:
        enqueue(row.user_id)
    queued = time.time() - start
    if not sink.wait_for([r.pk for r in rows], timeout=600):
        raise SystemExit("the burst did not arrive within 10 minutes")
    elapsed = max(sink.arrived[r.pk] for r in rows) - start
    return count / elapsed, elapsed, per_email, queued


# --- 3. the timeout sweep ----------------------------------------------------------------


def bench_sweep(games: int, overdue: int = 100) -> None:
    import random

    from django.db import connection, transaction
    from django.utils import timezone

    from accounts.models import User
    from games.engines import get_engine
    from games.models import ClockHeartbeat, Game, GameStatus, Seat
    from games.timeouts import HEARTBEAT, clock_sweep, overdue_seats

    rng = random.Random(1)
    engine = get_engine("triad")
    state = engine.to_json(engine.new_game(2, 1, engine.validate_options(2, {})))
    now = timezone.now()
    t0 = time.monotonic()
    users = User.objects.bulk_create(
        [User(username=f"sweep{i}", email=f"sweep{i}@example.com") for i in range(1000)]
    )
    batch = 10_000
    for start in range(0, games, batch):
        with transaction.atomic():
            chunk = Game.objects.bulk_create(
                [
                    Game(engine="triad", num_players=2, seed=1, status=GameStatus.ACTIVE,
                         state=state, to_move=[0], started_at=now)
                    for _ in range(min(batch, games - start))
                ]
            )  # fmt: skip
            seats = []
            for n, game in enumerate(chunk):
                late = start + n < overdue
                deadline = (
                    now - timedelta(minutes=5)
                    if late
                    else now + timedelta(seconds=rng.randint(60, 14 * 86400))
                )
                a, b = rng.sample(users, 2)
                seats.append(
                    Seat(
                        game=game,
                        index=0,
                        user=a,
                        accepted=True,
                        is_due=True,
                        due_since=deadline - timedelta(days=3),
                        deadline=deadline,
                    )
                )
                seats.append(Seat(game=game, index=1, user=b, accepted=True))  # fmt: skip
            Seat.objects.bulk_create(seats)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(f"  seeded {games} running games ({2 * games} seats) in {time.monotonic() - t0:.0f} s")

    query = overdue_seats(timezone.now()).values_list("pk", flat=True)[:1000]
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
        plan = [row[0] for row in cursor.fetchall()]
    print("  query plan of the overdue query:")
    for line in plan:
        print("    " + line)
    assert any("seat_due_deadline" in line for line in plan), "the sweep must use the index"
    timings = []
    for _ in range(20):
        start = time.perf_counter()
        found = list(overdue_seats(timezone.now()).values_list("pk", flat=True)[:1000])
        timings.append(time.perf_counter() - start)
    median = statistics.median(timings) * 1000
    print(f"  overdue query: {len(found)} seats found, median {median:.1f} ms")
    ClockHeartbeat.objects.update_or_create(
        name=HEARTBEAT, defaults={"last_run_at": timezone.now() - timedelta(minutes=1)}
    )
    start = time.perf_counter()
    report = clock_sweep()
    full = time.perf_counter() - start
    print(f"  whole clock sweep settling {report['timeouts']} timeouts: {full * 1000:.0f} ms")
    ClockHeartbeat.objects.update_or_create(
        name=HEARTBEAT, defaults={"last_run_at": timezone.now() - timedelta(minutes=1)}
    )
    start = time.perf_counter()
    report = clock_sweep()
    idle = time.perf_counter() - start
    print(f"  clock sweep with nothing to settle: {idle * 1000:.1f} ms ({report})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--burst", type=int, default=2000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--concurrency", type=int, default=2, help="worker processes")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--no-png", action="store_true", help="emails without the board PNG")
    args = parser.parse_args(argv)

    from aiosmtpd.controller import Controller

    sink = Sink()
    smtp_port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    var = Path(f"/tmp/tripost-bench-mail-{uuid.uuid4().hex[:6]}")
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=args.database_url,
        REDIS_URL=args.redis_url,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(64),
        SECURE_SSL_REDIRECT="0",
        STATIC_MANIFEST="0",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(smtp_port),
        EMAIL_USE_TLS="0",
        MAIL_TURN_HOLD_SECONDS="0",
        MAIL_BOARD_PNG="0" if args.no_png else "1",
        MAIL_QUEUE=f"bench-mail-{uuid.uuid4().hex[:6]}",
        TRIPOST_VAR_DIR=str(var),
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    env.pop("CACHE_URL", None)
    env.pop("ANYMAIL_ESP", None)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))

    print(
        f"Database {args.database_url} (recreated); broker {args.redis_url}; SMTP sink :{smtp_port}"
    )
    recreate_database(args.database_url)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=prefork",
         f"--concurrency={args.concurrency}", "--without-mingle", "--without-gossip",
         "-Q", env["MAIL_QUEUE"], "--loglevel=WARNING"],
        cwd=ROOT, env=env, start_new_session=True,
    )  # fmt: skip
    import django

    django.setup()
    from django.db import connections
    from django.test import override_settings

    try:
        time.sleep(3)  # the worker connects
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"Machine: {os.cpu_count()} CPUs, load average {load} before measuring")
        print(f"\n1. Move to inbox, hold-back 0, {args.moves} moves (worker: "
              f"{args.concurrency} processes):")  # fmt: skip
        latencies = bench_latency(sink, args.moves)
        print(
            f"  median {statistics.median(latencies) * 1000:.0f} ms, "
            f"p95 {percentile(latencies, 0.95) * 1000:.0f} ms, "
            f"max {max(latencies) * 1000:.0f} ms (target: median under 1 s)"
        )
        print(f"\n2. Throughput: {args.burst} queued turn emails:")
        rate, elapsed, per_email, queued = bench_throughput(sink, args.burst)
        print(
            f"  {rate:.0f} emails/s ({elapsed:.1f} s for all; queueing took {queued:.1f} s); "
            f"one process composes and renders an email (with its PNG) in "
            f"{per_email * 1000:.0f} ms, so {args.concurrency} processes top out near "
            f"{args.concurrency / per_email:.0f}/s"
        )
        print(f"\n3. Timeout sweep over {args.games} running games:")
        with override_settings(MAX_GAMES_AWAITING=10**9):
            bench_sweep(args.games)
    finally:
        worker.terminate()  # warm shutdown: the worker finishes what it holds
        try:
            worker.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, 9)
        controller.stop()
        connections.close_all()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
