"""Mail benchmark: turn-email latency and throughput with a real worker, Redis and an
SMTP sink, and the timeout sweep over 100,000 running games.

    .venv/bin/python benchmarks/mail.py [--moves 200] [--burst 2000] [--games 100000]
                                        [--concurrency 2] [--database-url URL]
                                        [--redis-url URL] [--same-position]
                                        [--sample 200] [--warm 0]
                                        [--engine triad|trias|tritarea] [--people N]

A section is left out when its count is 0 (e.g. ``--moves 0 --games 0``).

It (re)creates a dedicated PostgreSQL database (``tripost_bench_mail``), migrates it,
starts a local SMTP sink (aiosmtpd, in this process) and a Celery worker
(``--concurrency`` prefork processes) on its own queue on Redis, then measures:

1. **Move to inbox**: ``--moves`` moves played through ``games.services.move_play``
   with the hold-back set to zero; for each, the time from the move's commit to the
   arrival of the next player's turn email at the sink (median, p95). Target: median
   under 1 s. Emails are real: text, HTML and the board as a PNG.
2. **Throughput**: ``--burst`` turn emails committed at once and queued (one task per
   player, as after that many moves; games of ``--engine``, Triad unless told, for
   ``--people`` people, every seat a person), each game at its own position
   (``--same-position`` for one picture shared by all). Printed: (a) one worker's CPU
   per email, measured in this process over ``--sample`` emails (after ``--warm``
   untimed ones: a worker that has run a while, its picture tiles kept) and split
   into drawing the SVG, the position in words, rasterising the board (pixels,
   palette, PNG), composing the rest, sending and the database, then as many sent one
   at a time (each by its own delivery call: its own claim and SMTP connection, as a
   quiet hour sends them; Celery's own part left out); (b) the worker's
   delivery rate, with the CPU time of the worker, PostgreSQL, Redis and the sink
   while it ran (after ``--warm`` untimed emails through the worker too); (c) what
   the SMTP path takes without the worker: as many of the worker's emails pushed by
   smtplib over one connection from another process. The worker is the bottleneck
   when (b) stays well below (c).
3. **Timeout sweep**: ``--games`` running games (100 of them overdue) among
   ``--players`` players, a tenth of them on vacation; the plan of the overdue query
   (it must use the partial index ``seat_due_deadline`` and read no user row), the
   time of the query, of a clock sweep that hands the 100 timeouts to their tasks, of
   those 100 settling tasks (run here one after the other; a worker pool spreads
   them), and of the old inline way for comparison.
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
# The burst's game (``--engine``) and its default number of people (``--people``).
PLAYERS = {"triad": 2, "trias": 3, "tritarea": 2}


class Sink:
    """aiosmtpd handler: records when each outbox row's email arrived.

    Waiting blocks on a condition (no polling), so the waiting thread never competes
    with the SMTP server's thread for the GIL and the sink is never the bottleneck.
    """

    def __init__(self):
        self.arrived: dict[int, float] = {}
        self.count = 0
        self.last_at = 0.0
        self.changed = threading.Condition()
        self.parser = email.parser.BytesHeaderParser()

    async def handle_DATA(self, server, session, envelope):
        now = time.time()
        headers = self.parser.parsebytes(envelope.original_content or envelope.content)
        rows = [int(r) for r in (headers.get("X-Tripost-Rows") or "").split(",") if r]
        with self.changed:
            self.count += 1
            self.last_at = now
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


def seed_turns(
    count: int,
    prefix: str,
    *,
    same_position: bool = False,
    send_after=None,
    engine_name: str = "triad",
    players: int = 2,
) -> list:
    """``count`` games of ``engine_name`` for ``players`` people (every seat a person,
    so the email goes to whichever seat is to move), each with a turn email for the
    first seat to move.

    Each game is dealt from its own seed and played on by 0-29 random moves (the moves
    are stored, so the email lists them), so nearly every email shows its own picture,
    as in a real burst; ``same_position`` puts every game at one position instead (the
    picture cache then rasterises one board for the whole burst).
    """
    import random

    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games.engines import get_engine
    from games.models import Game, GameStatus, Move, Seat
    from mail.models import Kind, Notification

    engine = get_engine(engine_name)
    options = engine.validate_options(players, {})
    seats_per_game = getattr(engine, "seat_count", lambda n, o: n)(players, options)
    rng = random.Random(f"{prefix}-{count}")
    now = timezone.now()
    positions = []
    for _ in range(count):
        seed = 1 if same_position else rng.randrange(2**62)
        state = engine.new_game(players, seed, options)
        plies = []
        for _ in range(0 if same_position else rng.randrange(30)):
            seat = engine.to_move(state)[0]
            action = rng.choice(engine.legal_actions(state, seat))
            after = engine.apply(state, seat, action)
            if not engine.to_move(after):
                break  # that move would end the game: stop before it
            plies.append((seat, action, engine.describe(state, seat, action)))
            state = after
        positions.append((seed, state, plies))
    with transaction.atomic():
        users = User.objects.bulk_create(
            [
                User(username=f"{prefix}{i}", email=f"{prefix}{i}@example.com")
                for i in range(seats_per_game * count)
            ]
        )
        games = Game.objects.bulk_create(
            [
                Game(engine=engine_name, num_players=players, seed=seed,
                     options=options, status=GameStatus.ACTIVE,
                     state=engine.to_json(state), to_move=list(engine.to_move(state)),
                     version=len(plies), started_at=now)
                for seed, state, plies in positions
            ]
        )  # fmt: skip
        Move.objects.bulk_create(
            [
                Move(game=g, ply=ply, seat=seat, action=action, description=text)
                for g, (_seed, _state, plies) in zip(games, positions, strict=True)
                for ply, (seat, action, text) in enumerate(plies, start=1)
            ]
        )
        due = [engine.to_move(state)[0] for _seed, state, _plies in positions]
        seats = Seat.objects.bulk_create(
            [
                Seat(game=g, index=i, user=users[seats_per_game * n + i], accepted=True,
                     is_due=i == due[n], due_since=now if i == due[n] else None,
                     deadline=now + timedelta(days=3) if i == due[n] else None)
                for n, g in enumerate(games)
                for i in range(seats_per_game)
            ]
        )  # fmt: skip
        return Notification.objects.bulk_create(
            [
                Notification(user=s.user, kind=Kind.TURN, game=s.game, seat=s, version=0,
                             payload={"due_since": now.isoformat()},
                             send_after=send_after or now)
                for s in seats
                if s.is_due
            ]
        )  # fmt: skip


def worker_breakdown(
    count: int, same_position: bool, warm: int = 0, game: tuple[str, int] = ("triad", 2)
) -> tuple[dict, list[bytes]]:
    """One worker's work, in this process: ``count`` turn emails claimed as one batch
    and sent over one SMTP connection (``mail.tasks.Courier``), with the CPU time of
    this thread (not the sink's) split into its parts. Returns the milliseconds per
    email and the emails as sent (for the sink's own measurement). ``warm``: emails of
    other positions sent first, untimed (a worker that has run a while: the pictures'
    tiles it keeps are drawn)."""
    from django.core.mail import EmailMessage
    from django.utils import timezone

    from games import boards
    from mail import tasks
    from mail.sending import compose, outbox, pictures, positions

    later = timezone.now() + timedelta(hours=1)  # held back, so the worker leaves them
    if warm:
        seed_turns(warm, "warm", same_position=same_position, send_after=later,
                   engine_name=game[0], players=game[1])  # fmt: skip
        token, rows = outbox.claim_due(warm, later)
        with tasks.Courier() as courier:
            assert courier.send(rows, token) == warm
    seed_turns(count, "sample", same_position=same_position, send_after=later,
               engine_name=game[0], players=game[1])  # fmt: skip
    # The parts, each timed where it is called (rasterise = pixels + palette + PNG).
    parts = {
        "draw the SVG": (boards, "render_svg"),
        "draw the SVG picture": (boards, "picture_svg"),
        "draw the SVG layers": (boards, "layers"),
        "position in words": (positions, "describe"),
        "rasterise: pixels": (pictures, "pixels"),
        "rasterise: pixels (layers)": (pictures, "layered_pixels"),
        "rasterise: tiles (layers)": (pictures, "mapped_tile"),
        "rasterise: palette": (pictures, "palette"),
        "rasterise: PNG": (pictures, "encode"),
        "rasterise": (compose, "rasterise"),
        "compose": (tasks, "_message"),
        "send": (EmailMessage, "send"),
    }
    spent = dict.fromkeys([*parts, "copies"], 0.0)
    sent: list[bytes] = []

    def timed(part, fn):
        def wrapper(*args, **kwargs):
            start = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[part] += time.thread_time() - start

        return wrapper

    real = {part: getattr(owner, name) for part, (owner, name) in parts.items()}
    for part, (owner, name) in parts.items():
        setattr(owner, name, timed(part, real[part]))
    timed_send = EmailMessage.send

    def send(message, *args, **kwargs):
        start = time.thread_time()
        sent.append(message.message().as_bytes(linesep="\r\n"))  # (as SMTP sends it)
        spent["copies"] += time.thread_time() - start
        return timed_send(message, *args, **kwargs)

    EmailMessage.send = send
    try:
        start = time.thread_time()
        token, rows = outbox.claim_due(count, later)
        with tasks.Courier() as courier:
            done = courier.send(rows, token)
        total = time.thread_time() - start
    finally:
        for part, (owner, name) in parts.items():
            setattr(owner, name, real[part])
    assert done == count, f"sent {done} of {count}"
    total -= spent.pop("copies")
    # compose holds the SVG, the words and the picture: what is left of it apart
    drawing = ("draw the SVG", "draw the SVG picture", "draw the SVG layers")
    inner = sum(spent[p] for p in ("rasterise", *drawing))
    inner += spent["position in words"]
    spent["compose: the rest"] = spent.pop("compose") - inner
    outer = (*drawing, "position in words", "rasterise", "compose: the rest", "send")
    spent["claim and mark sent (database)"] = total - sum(spent[p] for p in outer)
    spent["total"] = total
    return {part: seconds / count * 1000 for part, seconds in spent.items()}, sent


def one_at_a_time(count: int, same_position: bool, game: tuple[str, int]) -> float:
    """``count`` turn emails sent as a quiet day sends them: each player's alone, by the
    delivery task's own call (``mail.tasks.deliver_now``: its own claim, its own SMTP
    connection, its own batch reads), in this process after ``worker_breakdown`` (so
    as warm). The CPU of this thread per email, in ms (Celery's own part left out)."""
    from django.utils import timezone

    from mail import tasks

    later = timezone.now() + timedelta(hours=1)  # held back, so the worker leaves them
    rows = seed_turns(count, "one-by-one", same_position=same_position, send_after=later,
                      engine_name=game[0], players=game[1])  # fmt: skip
    start = time.thread_time()
    sent = sum(tasks.deliver_now(row.user_id, now=later) for row in rows)
    spent = time.thread_time() - start
    assert sent == count, f"sent {sent} of {count}"
    return spent / count * 1000


def cpu_seconds(worker_pid: int, database: str) -> dict[str, dict[int, float]]:
    """CPU time so far (user + system) by process, from /proc: the worker (its
    session), the PostgreSQL backends serving ``database``, Redis, and this process
    (the SMTP sink, and the queueing); and the machine's idle time."""
    tick = os.sysconf("SC_CLK_TCK")
    totals: dict[str, dict[int, float]] = {"worker": {}, "postgres": {}, "redis": {}}
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            text = (proc / "stat").read_text()
            command = (proc / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        seconds = (int(fields[11]) + int(fields[12])) / tick
        pid = int(proc.name)
        if int(fields[3]) == worker_pid:  # the session the worker was started in
            totals["worker"][pid] = seconds
        elif command.startswith("postgres: ") and f" {database} " in command:
            totals["postgres"][pid] = seconds
        elif command.startswith("redis-server"):
            totals["redis"][pid] = seconds
    totals["benchmark (sink)"] = {os.getpid(): time.process_time()}
    cpu = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    totals["idle"] = {0: (int(cpu[3]) + int(cpu[4])) / tick}  # idle + iowait, all CPUs
    return totals


def cpu_spent(before: dict, after: dict) -> dict[str, float]:
    """CPU seconds between two ``cpu_seconds``; a process that ended in between is
    not counted (PostgreSQL replaces a backend after ``CONN_MAX_AGE``)."""
    return {
        name: sum(seconds - before[name].get(pid, 0.0) for pid, seconds in now.items())
        for name, now in after.items()
    }


def bench_throughput(
    sink: Sink,
    count: int,
    worker_pid: int,
    same_position: bool,
    game: tuple[str, int],
    prefix: str = "burst",
) -> dict:
    from django.core.cache import cache
    from django.db import connection

    database = connection.settings_dict["NAME"]

    from mail.sending.outbox import enqueue

    rows = seed_turns(
        count, prefix, same_position=same_position, engine_name=game[0], players=game[1]
    )
    cached = len(cache._cache.get_client().keys(cache.make_key("mail:board-png:*")))
    before = cpu_seconds(worker_pid, database)
    start = time.time()
    for row in rows:
        enqueue(row.user_id)
    queued = time.time() - start
    if not sink.wait_for([r.pk for r in rows], timeout=900):
        raise SystemExit("the burst did not arrive within 15 minutes")
    elapsed = max(sink.arrived[r.pk] for r in rows) - start
    after = cpu_seconds(worker_pid, database)
    drawn = len(cache._cache.get_client().keys(cache.make_key("mail:board-png:*"))) - cached
    return {
        "rate": count / elapsed,
        "elapsed": elapsed,
        "queued": queued,
        "cpu": cpu_spent(before, after),
        "pictures": drawn,
    }


PUSH = """
import pickle, smtplib, sys, time
port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
messages = pickle.load(open(path, "rb"))
smtp = smtplib.SMTP("127.0.0.1", port)
print(time.time(), flush=True)
for i in range(count):
    smtp.sendmail("noreply@localhost", ["sink@example.com"], messages[i % len(messages)])
smtp.quit()
"""


def bench_sink(sink: Sink, port: int, messages: list[bytes], count: int) -> float:
    """The SMTP path without the worker: ``count`` emails as the worker composed them,
    pushed by smtplib over one connection from another process; emails per second."""
    import pickle
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pickle") as dump:
        pickle.dump(messages, dump)
        dump.flush()
        with sink.changed:
            first = sink.count
        out = subprocess.run(
            [sys.executable, "-c", PUSH, str(port), dump.name, str(count)],
            capture_output=True, text=True,
        )  # fmt: skip
    if out.returncode:
        raise SystemExit(f"pushing emails to the sink failed:\n{out.stderr[-2000:]}")
    started = float(out.stdout.split()[0])
    with sink.changed:
        while sink.count < first + count:
            sink.changed.wait(1)
        last = sink.last_at
    return count / (last - started)


# --- 3. the timeout sweep ----------------------------------------------------------------


def bench_sweep(games: int, overdue: int = 100, players: int = 100_000) -> None:
    import random

    from django.db import connection, transaction
    from django.utils import timezone

    from accounts.models import User
    from games import tasks
    from games.engines import get_engine
    from games.models import ClockHeartbeat, Game, GameStatus, Seat
    from games.timeouts import HEARTBEAT, clock_sweep, overdue_seats, settle_overdue

    rng = random.Random(1)
    engine = get_engine("triad")
    state = engine.to_json(engine.new_game(2, 1, engine.validate_options(2, {})))
    now = timezone.now()
    t0 = time.monotonic()
    users = User.objects.bulk_create(
        [
            User(
                username=f"sweep{i}",
                email=f"sweep{i}@example.com",
                on_vacation=i % 10 == 9,  # a tenth of the players are away
                vacation_started_at=now - timedelta(days=1) if i % 10 == 9 else None,
            )
            for i in range(players)
        ],
        batch_size=10_000,
    )
    present = [u for u in users if not u.on_vacation]
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
                a, b = rng.sample(present if late else users, 2)
                seats.append(
                    Seat(
                        game=game,
                        index=0,
                        user=a,
                        accepted=True,
                        is_due=True,
                        due_since=deadline - timedelta(days=3),
                        deadline=deadline,
                        clock_stopped=a.on_vacation,
                    )
                )
                seats.append(Seat(game=game, index=1, user=b, accepted=True))  # fmt: skip
            Seat.objects.bulk_create(seats)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(
        f"  seeded {games} running games ({2 * games} seats), {players} players "
        f"({players // 10} on vacation) in {time.monotonic() - t0:.0f} s"
    )

    query = overdue_seats(timezone.now()).values_list("pk", flat=True)[:1000]
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
        plan = [row[0] for row in cursor.fetchall()]
    print("  query plan of the overdue query:")
    for line in plan:
        print("    " + line)
    assert any("seat_due_deadline" in line for line in plan), "the sweep must use the index"
    assert "accounts_user" not in sql, "the overdue query must read no user row"
    timings = []
    for _ in range(20):
        start = time.perf_counter()
        found = list(overdue_seats(timezone.now()).values_list("pk", flat=True)[:1000])
        timings.append(time.perf_counter() - start)
    median = statistics.median(timings) * 1000
    print(f"  overdue query: {len(found)} seats found, median {median:.1f} ms")

    def on_time():
        ClockHeartbeat.objects.update_or_create(
            name=HEARTBEAT, defaults={"last_run_at": timezone.now() - timedelta(minutes=1)}
        )

    queued = []
    delay = tasks.settle_timeout.delay
    tasks.settle_timeout.delay = queued.append  # the tasks are run below, timed apart
    try:
        on_time()
        start = time.perf_counter()
        report = clock_sweep()
        sweep = time.perf_counter() - start
    finally:
        tasks.settle_timeout.delay = delay
    print(f"  clock sweep handing {report['timeouts']} timeouts to tasks: {sweep * 1000:.0f} ms")
    per_task = []
    for seat_id in queued:
        start = time.perf_counter()
        tasks.settle_timeout(seat_id)
        per_task.append(time.perf_counter() - start)
    print(
        f"  their {len(per_task)} settling tasks, one after the other: "
        f"{sum(per_task) * 1000:.0f} ms (median {statistics.median(per_task) * 1000:.1f} ms, "
        f"p95 {percentile(per_task, 0.95) * 1000:.1f} ms each)"
    )
    on_time()
    start = time.perf_counter()
    report = clock_sweep()
    idle = time.perf_counter() - start
    print(f"  clock sweep with nothing to settle: {idle * 1000:.1f} ms ({report})")
    # The old way, for comparison: 100 more overdue seats settled inline in one call.
    Seat.objects.filter(
        pk__in=Seat.objects.filter(is_due=True, clock_stopped=False).values("pk")[:overdue]
    ).update(deadline=timezone.now() - timedelta(minutes=5))
    start = time.perf_counter()
    inline = settle_overdue()
    print(
        f"  (before: {inline} timeouts settled inline in the sweep: "
        f"{(time.perf_counter() - start) * 1000:.0f} ms)"
    )


def throughput(sink: Sink, smtp_port: int, worker_pid: int, args) -> None:
    from django.conf import settings

    kind = "at one position" if args.same_position else "each at its own position"
    game = (args.engine, args.people or PLAYERS[args.engine])
    print(
        f"\n2. Throughput: {args.burst} queued {game[0]} turn emails ({game[1]} people; "
        f"{kind}; text, HTML"
        f"{'' if args.no_png else ' and the board PNG'}):"
    )
    parts, messages = worker_breakdown(args.sample, args.same_position, args.warm, game)
    size = statistics.median(len(m) for m in messages) / 1000
    warmed = f", after {args.warm} others" if args.warm else ""
    print(
        f"  a. One worker, in-process: {args.sample} emails as one batch over one SMTP "
        f"connection{warmed} (median email {size:.0f} kB), CPU per email:"
    )
    for part, ms in parts.items():
        indent = "  " if part.startswith("rasterise:") else ""
        print(f"       {indent}{part:{32 - len(indent)}s} {ms:6.1f} ms")
    alone = one_at_a_time(args.sample, args.same_position, game)
    print(
        f"     The same, one email at a time ({args.sample}, each by its own delivery call: its"
        f" own claim and SMTP connection, as a quiet hour sends them): {alone:.1f} ms per email"
    )
    if args.warm:  # (the worker too has run a while: its picture tiles kept, as in a)
        bench_throughput(sink, args.warm, worker_pid, args.same_position, game, "warm-worker")
    result = bench_throughput(sink, args.burst, worker_pid, args.same_position, game)
    cpu = result["cpu"]
    elapsed = result["elapsed"]
    print(
        f"  b. The worker ({args.concurrency} processes, batches of up to "
        f"{settings.MAIL_BATCH_SIZE}{warmed}): {result['rate']:.0f} emails/s "
        f"({elapsed:.1f} s for all; "
        f"queueing took {result['queued']:.1f} s; {result['pictures']} board pictures drawn)"
    )
    print(
        f"     CPU while it ran ({os.cpu_count()} CPUs x {elapsed:.1f} s = "
        f"{os.cpu_count() * elapsed:.1f} CPU-s):"
    )
    idle = cpu.pop("idle")
    cpu["other processes"] = os.cpu_count() * elapsed - sum(cpu.values()) - idle
    cpu["idle"] = idle
    for name, seconds in cpu.items():
        print(
            f"       {name:22s} {seconds:6.1f} s = {seconds / args.burst * 1000:5.1f} ms per email"
            f" ({seconds / elapsed * 100:3.0f}% of one CPU)"
        )
    print("     (postgres: the backends still open at the end; one replaced during the burst,")
    print("     after CONN_MAX_AGE, is left out, so its figure is a lower bound)")
    sink_rate = bench_sink(sink, smtp_port, messages, args.burst)
    print(
        f"  c. The SMTP path alone: the sink accepts {sink_rate:.0f} emails/s "
        f"({args.burst} of the worker's emails pushed by smtplib over one connection)"
    )
    worker_ms = cpu["worker"] / args.burst * 1000
    bound = os.cpu_count() / (cpu["worker"] + cpu["postgres"] + cpu["redis"]) * args.burst
    print(
        f"  So: delivered {result['rate']:.0f}/s where the SMTP path takes {sink_rate:.0f}/s "
        f"({result['rate'] / sink_rate * 100:.0f}%). The worker spends {worker_ms:.1f} ms of "
        f"CPU per email ({parts['rasterise']:.1f} ms of it rasterising a board, in-process); "
        f"with PostgreSQL and Redis these {os.cpu_count()} CPUs could deliver at most "
        f"{bound:.0f}/s, with the sink on another machine."
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--burst", type=int, default=2000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=100_000, help="for the sweep")
    parser.add_argument("--concurrency", type=int, default=2, help="worker processes")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--no-png", action="store_true", help="emails without the board PNG")
    parser.add_argument(
        "--engine", choices=sorted(PLAYERS), default="triad", help="the burst's game"
    )
    parser.add_argument(
        "--people", type=int, default=0, help="people per burst game (default: 2, Trias 3)"
    )
    parser.add_argument(
        "--same-position",
        action="store_true",
        help="every burst game at one position (one picture for all) instead of its own",
    )
    parser.add_argument(
        "--sample", type=int, default=200, help="emails in the in-process breakdown"
    )
    parser.add_argument(
        "--warm",
        type=int,
        default=0,
        help="emails sent untimed first, in-process and through the worker (caches filled)",
    )
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
    import redis

    pictures = redis.Redis.from_url(args.redis_url)
    for key in pictures.scan_iter(match="*mail:board-png:*"):  # none from an earlier run
        pictures.delete(key)
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
        if args.moves:
            print(f"\n1. Move to inbox, hold-back 0, {args.moves} moves (worker: "
                  f"{args.concurrency} processes):")  # fmt: skip
            latencies = bench_latency(sink, args.moves)
            print(
                f"  median {statistics.median(latencies) * 1000:.0f} ms, "
                f"p95 {percentile(latencies, 0.95) * 1000:.0f} ms, "
                f"max {max(latencies) * 1000:.0f} ms (target: median under 1 s)"
            )
        if args.burst:
            throughput(sink, smtp_port, worker.pid, args)
        if args.games:
            print(f"\n3. Timeout sweep over {args.games} running games:")
            with override_settings(MAX_GAMES_AWAITING=10**9):
                bench_sweep(args.games, players=args.players)
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
