"""A day in the life: what one running game costs the machine per day, by part.

    .venv/bin/python benchmarks/day.py [--games 3000] [--fraction 0.25] [--rate 8]
                                       [--web-workers 2] [--worker-processes 2]
                                       [--idle 60] [--hold 300]

It (re)creates its own PostgreSQL database (``tripost_bench_day``), starts its own
Redis (a ``redis-server`` on a free port, so nothing else's Redis is touched or
flushed and its CPU is ours alone), an SMTP sink (aiosmtpd, in this process),
gunicorn (production settings, ``DEBUG=0``) and a Celery worker with beat, then:

1. **Seeds** ``--games`` running games of all three kinds through ``games.services``
   (one transaction per game; no email queued: the outbox rows seeding wrote are
   marked done unsent) with fixed seeds: Triad (half), Trias with 2–5 players (three
   in ten; one in five of them with a seat handed to the computer), Tri*T*Area with
   1–3 people and the rules' computer seats (two in ten). Players are drawn so that
   most sit in a handful of games and a few in many (a Zipf-like draw); one in twenty
   is on vacation, one in five reads a daily digest instead of turn emails. The
   worker (``-Q celery,computer``, as deployed) then plays the computer turns seeding
   queued, and the run waits until it is idle, so the measured window holds only the
   day's own work; the day's moves are chosen from the games as they are then. The
   database is then vacuumed and analysed, as autovacuum keeps a running site's.
2. **Replays a compressed day**: ``--fraction`` of a day's traffic at ``--rate``
   moves a second, assuming a move a day per game. Each move is what a person does:
   open the game page (a first view: the turn has come), submit the move (htmx
   POST), look at My games, and open the game again. On top, in proportion: timeouts
   (1 % of games a day have an overdue seat, settled by the sweeps beat runs every
   minute), reminders (10 %), and the daily digests (``mail.tasks.queue_digests``;
   the day's share of the digest readers).
   Turn emails go through the worker to the sink, held back ``--hold`` seconds as
   deployed (``MAIL_TURN_HOLD_SECONDS``, 300 by default: the minute's mail sweep then
   sends them in batches); ``--hold 0`` sends each at once, a task and an SMTP
   connection per email (what a quiet hour costs). The window lasts until the last
   move's email is sent.
3. **Prints** the CPU per game-day by part (web, worker, PostgreSQL, Redis; read
   from /proc for exactly those processes), the p95 of pages and moves during the
   run, the email delay (commit of the move to the email's arrival), and the
   projected number of running games on one 2-core machine at a peak hour of 3x the
   day's average and 70 % CPU at the peak. Target: 1,000,000.

Before the day, the site stands idle for ``--idle`` seconds (nothing due, beat's
minute sweeps running): what each part spends then is a cost per second of the
machine, not per game. The figures per game-day are printed twice: all the CPU of the
day's window, and the marginal part (less the window's seconds at the idle rate);
the second projection takes the idle cost once from the cores and divides the rest
by the marginal figure (with a million games the idle cost is the same, and small
beside the traffic).

CPU time, not wall time, is what the projection uses, so a busy machine slows the
run but hardly moves the result; the load average is printed all the same.
"""

from __future__ import annotations

import argparse
import email.parser
import os
import random
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from support import free_port, recreate_database  # this folder is on sys.path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tripost_bench_day"
CORES, PEAK, BUSY = 2, 3.0, 0.70
TARGET = 1_000_000
SEED = 20261201


# --- processes ---------------------------------------------------------------------


class Sink:
    """aiosmtpd handler: when each email arrived, by recipient."""

    def __init__(self):
        self.arrivals: list[tuple[float, str]] = []
        self.lock = threading.Lock()
        self.parser = email.parser.BytesHeaderParser()

    async def handle_DATA(self, server, session, envelope):
        now = time.time()
        with self.lock:
            for rcpt in envelope.rcpt_tos:
                self.arrivals.append((now, rcpt.lower()))
        return "250 OK"


def start_redis() -> tuple[subprocess.Popen, str, Path]:
    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="tripost-day-redis-"))
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    for _ in range(50):
        try:
            import redis

            redis.Redis(port=port).ping()
            return proc, f"redis://127.0.0.1:{port}/0", folder
        except Exception:
            time.sleep(0.1)
    raise SystemExit("redis-server did not start")


def start_gunicorn(env: dict, port: int, workers: int) -> subprocess.Popen:
    import http.client

    proc = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--log-level", "warning"],
        cwd=ROOT, env=env, start_new_session=True,
    )  # fmt: skip
    for _ in range(150):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            conn.getresponse().read()
            return proc
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not start")


def cpu_by_part(sessions: dict[str, int], database: str, redis_pid: int) -> dict[str, dict]:
    """CPU seconds so far (user + system) per process: each part's process session,
    the PostgreSQL backends of ``database`` and our redis-server."""
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[str, dict[int, float]] = {name: {} for name in (*sessions, "postgres", "redis")}
    by_session = {sid: name for name, sid in sessions.items()}
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            text = (proc / "stat").read_text()
            command = (proc / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        seconds = (int(fields[11]) + int(fields[12])) / tick
        pid, session = int(proc.name), int(fields[3])
        if session in by_session:
            out[by_session[session]][pid] = seconds
        elif pid == redis_pid:
            out["redis"][pid] = seconds
        elif command.startswith("postgres: ") and f" {database} " in command:
            out["postgres"][pid] = seconds
    return out


class Sampler(threading.Thread):
    """Reads ``cpu_by_part`` twice a second and keeps each process's last figure, so a
    process that ends during the run (a PostgreSQL backend replaced after
    ``CONN_MAX_AGE``, a recycled worker child) still counts what it spent."""

    def __init__(self, *args):
        super().__init__(daemon=True)
        self.args = args
        self.seen: dict[str, dict[int, float]] = cpu_by_part(*args)
        self.stopped = threading.Event()

    def run(self):
        while not self.stopped.wait(0.5):
            for name, now in cpu_by_part(*self.args).items():
                self.seen[name].update(now)

    def stop(self) -> dict[str, dict[int, float]]:
        self.stopped.set()
        self.join()
        for name, now in cpu_by_part(*self.args).items():
            self.seen[name].update(now)
        return self.seen


def spent(before: dict, after: dict) -> dict[str, float]:
    return {
        name: sum(s - before[name].get(pid, 0.0) for pid, s in now.items())
        for name, now in after.items()
    }


# --- seeding -----------------------------------------------------------------------


@dataclass
class MoveEvent:
    game_id: int
    version: int
    action: str
    cookie: str
    next_emails: tuple[str, ...]  # who should get a turn email after it


def seed(games: int, rng: random.Random) -> dict:
    """``games`` running games through ``games.services`` (as players make them), each
    in one transaction; returns the game ids and the number of players."""
    from django.conf import settings

    settings.MAX_GAMES_AWAITING = 10**9
    from django.db import transaction

    from mail.sending import outbox

    # The seeding's own emails are never sent (``drop_seeding_mail``): no task per
    # notification is queued, so none is left in the broker for the measured window.
    queue, outbox.enqueue = outbox.enqueue, lambda *args, **kwargs: None
    try:
        return _seed(games, rng, transaction)
    finally:
        outbox.enqueue = queue


def _seed(games: int, rng: random.Random, transaction) -> dict:
    from accounts.models import EmailPreference, User
    from games import services

    kinds = (["triad"] * 5) + (["trias"] * 3) + (["tritarea"] * 2)
    seats_needed = 0
    plan = []
    for _ in range(games):
        kind = rng.choice(kinds)
        people = {"triad": 2, "trias": rng.choice([2, 3, 3, 3, 4, 5]),
                  "tritarea": rng.choice([1, 2, 3])}[kind]  # fmt: skip
        plan.append((kind, people))
        seats_needed += people
    # Most players sit in a handful of games, some in many (Zipf-like weights).
    population = max(10, seats_needed // 4)
    weights = [1 / (i + 1) ** 0.9 for i in range(population)]
    users = User.objects.bulk_create(
        User(
            username=f"p{i}",
            email=f"p{i}@example.com",
            password="!",
            on_vacation=rng.random() < 0.05,
            email_preference=(
                EmailPreference.DAILY_DIGEST if rng.random() < 0.2 else EmailPreference.EACH_TURN
            ),
        )
        for i in range(population)
    )
    created = []
    for kind, people in plan:
        with transaction.atomic():  # (one commit per game, not one per step)
            created.append(_seed_game(services, kind, people, users, weights, rng))
    return {"games": created, "users": len(users)}


def _seed_game(services, kind: str, people: int, users, weights, rng) -> int:
    from games.computer.players import RandomBot
    from games.models import GameStatus, Seat
    from games.replay import load_state

    players: list = []
    while len(players) < people:
        u = rng.choices(users, weights)[0]
        if u not in players:
            players.append(u)
    game = services.game_create(
        creator=players[0], engine=kind, num_players=people, options={}, days_per_move=3,
        invitees=players[1:], is_public=True,
    )  # fmt: skip
    for u in players[1:]:
        game = services.invitation_accept(game_id=game.pk, user=u)
    if kind == "trias" and people >= 3 and rng.random() < 0.2:
        services.game_resign(game_id=game.pk, user=players[-1])  # a computer takes over
    bot = RandomBot(rng.randrange(1 << 30))
    for _ in range(rng.randrange(0, 8)):  # a few moves in
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE or not game.to_move:
            break
        seat = Seat.objects.select_related("user").get(game=game, index=game.to_move[0])
        if seat.user is None or seat.controller != "human":
            break
        action = bot.choose(game.engine_module, load_state(game), seat.index)
        services.move_play(
            game_id=game.pk, user=seat.user, action=action, expected_version=game.version
        )
    return game.pk


def day_events(game_ids: list[int], rng: random.Random) -> list[MoveEvent]:
    """One move per game and day: the games whose due seat is a person not on
    vacation, as the database holds them once seeding's computer turns are played."""
    from django.test import Client

    from accounts.models import EmailPreference
    from games.models import Game, GameStatus, Seat
    from games.replay import load_state

    cookies: dict[int, str] = {}
    events = []
    for game in Game.objects.filter(pk__in=game_ids, status=GameStatus.ACTIVE).order_by("pk"):
        seat = (
            Seat.objects.select_related("user")
            .filter(game=game, is_due=True, controller="human", user__on_vacation=False)
            .first()
        )
        if seat is None:
            continue
        state = load_state(game)
        legal = game.engine_module.legal_actions(state, seat.index)
        if not legal:
            continue
        if seat.user_id not in cookies:
            client = Client()
            client.force_login(seat.user)
            cookies[seat.user_id] = f"sessionid={client.cookies['sessionid'].value}"
        others = tuple(
            s.user.email
            for s in game.seats.select_related("user").exclude(pk=seat.pk)
            if s.user and s.user.email_preference == EmailPreference.EACH_TURN
        )
        events.append(
            MoveEvent(game.pk, game.version, rng.choice(legal), cookies[seat.user_id], others)
        )
    rng.shuffle(events)
    return events


def drop_seeding_mail() -> int:
    """Mark the outbox rows seeding wrote as done without sending them: the measured
    window holds only the day's own emails."""
    from django.utils import timezone

    from mail.models import Notification

    return Notification.objects.filter(sent_at__isnull=True).update(
        sent_at=timezone.now(), outcome="skipped: seeding"
    )


def drain(redis_url: str, sessions: dict[str, int], database: str, redis_pid: int) -> float:
    """Wait until the worker has played the computer turns seeding queued (and sent the
    emails they caused) and is idle: both queues empty, nothing unacknowledged, the
    outbox holding nothing due (turn emails held back are dropped after), and the
    worker and web processes spending next to no CPU for 3 s."""
    import redis
    from django.utils import timezone

    from mail.models import Notification

    broker = redis.Redis.from_url(redis_url)
    start = time.perf_counter()
    quiet_since = None
    last = spent_total(cpu_by_part(sessions, database, redis_pid))
    while time.perf_counter() - start < 900:
        time.sleep(1)
        now = spent_total(cpu_by_part(sessions, database, redis_pid))
        busy = now - last > 0.05  # CPU seconds in that second
        last = now
        due = Notification.objects.filter(sent_at__isnull=True, send_after__lte=timezone.now())
        waiting = (
            broker.llen("celery") + broker.llen("computer") + broker.hlen("unacked")
            + due.count()
        )  # fmt: skip
        if waiting or busy:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = time.perf_counter()
        elif time.perf_counter() - quiet_since >= 3:
            return time.perf_counter() - start
    raise SystemExit("the worker did not finish the seeding's work within 15 minutes")


def spent_total(snapshot: dict[str, dict[int, float]]) -> float:
    return sum(sum(by_pid.values()) for name, by_pid in snapshot.items() if name != "postgres")


def make_overdue(game_ids: list[int], share: float, rng: random.Random) -> tuple[set, int]:
    """Timeouts and reminders for the day: deadlines and reminder times in the past."""
    from django.utils import timezone

    from games.models import Seat

    now = timezone.now()
    due = list(
        Seat.objects.filter(game_id__in=game_ids, is_due=True, user__on_vacation=False)
        .values_list("pk", flat=True)
        .order_by("pk")
    )
    rng.shuffle(due)
    timeouts = due[: max(1, round(len(game_ids) * 0.01 * share))]
    reminders = due[len(timeouts) : len(timeouts) + max(1, round(len(game_ids) * 0.10 * share))]
    Seat.objects.filter(pk__in=timeouts).update(deadline=now - timedelta(minutes=5))
    Seat.objects.filter(pk__in=reminders).update(remind_at=now - timedelta(minutes=5))
    from games.models import Game

    for game_id in Seat.objects.filter(pk__in=timeouts).values_list("game_id", flat=True):
        Game.objects.filter(pk=game_id).update(deadline=now - timedelta(minutes=5))
    timed_out = set(Seat.objects.filter(pk__in=timeouts).values_list("game_id", flat=True))
    return timed_out, len(reminders)


# --- the day -----------------------------------------------------------------------


def run_day(port: int, events: list[MoveEvent], rate: float, sink: Sink) -> dict:
    import http.client
    import re

    pages: list[float] = []
    moves: list[float] = []
    committed: list[tuple[float, tuple[str, ...]]] = []
    errors: list[str] = []
    lock = threading.Lock()

    def get(path, cookie):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        start = time.perf_counter()
        conn.request("GET", path, headers={"Cookie": cookie})
        resp = conn.getresponse()
        body = resp.read()
        took = time.perf_counter() - start
        return resp.status, dict(resp.getheaders()), body, took

    def one(ev: MoveEvent):
        try:
            status, headers, body, took = get(f"/games/{ev.game_id}/", ev.cookie)
            token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)
            csrf = re.search(r"csrftoken=([^;]+)", headers.get("Set-Cookie", ""))
            if status != 200 or not token or not csrf:
                raise RuntimeError(f"game page {ev.game_id}: {status}")
            from urllib.parse import urlencode

            cookie = f"{ev.cookie}; csrftoken={csrf.group(1)}"
            form = urlencode({"action": ev.action, "version": ev.version,
                              "csrfmiddlewaretoken": token.group(1).decode()}).encode()  # fmt: skip
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            start = time.perf_counter()
            conn.request(
                "POST", f"/games/{ev.game_id}/move", body=form,
                headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
                         "HX-Request": "true", "HX-Target": "live", "Referer": f"http://127.0.0.1:{port}/",
                         "X-CSRFToken": token.group(1).decode()},
            )  # fmt: skip
            resp = conn.getresponse()
            resp.read()
            move_took = time.perf_counter() - start
            done_at = time.time()
            if resp.status not in (200, 204, 302):
                raise RuntimeError(f"move {ev.game_id}: {resp.status}")
            _, _, _, t2 = get("/", ev.cookie)
            _, _, _, t3 = get(f"/games/{ev.game_id}/", ev.cookie)
            with lock:
                pages.extend([took, t2, t3])
                moves.append(move_took)
                committed.append((done_at, ev.next_emails))
        except Exception as exc:
            with lock:
                errors.append(str(exc))

    threads = []
    start = time.perf_counter()
    for i, ev in enumerate(events):
        wait = start + i / rate - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        t = threading.Thread(target=one, args=(ev,), daemon=True)
        t.start()
        threads.append(t)
    for t in threads:
        t.join(timeout=120)
    return {"pages": pages, "moves": moves, "committed": committed, "errors": errors,
            "seconds": time.perf_counter() - start}  # fmt: skip


def email_delays(sink: Sink, committed) -> list[float]:
    """For each move, the first email to one of the next players after its commit."""
    with sink.lock:
        arrivals = sorted(sink.arrivals)
    delays = []
    for done_at, recipients in committed:
        wanted = {r.lower() for r in recipients}
        if not wanted:
            continue
        for at, rcpt in arrivals:
            if at >= done_at - 0.5 and rcpt in wanted:
                delays.append(max(0.0, at - done_at))
                break
    return delays


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))] if values else float("nan")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--fraction", type=float, default=0.25, help="of a day's traffic")
    parser.add_argument("--rate", type=float, default=8.0, help="moves per second")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--worker-processes", type=int, default=2)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument(
        "--hold", type=int, default=300,
        help="seconds turn emails are held back (MAIL_TURN_HOLD_SECONDS; deployed: 300)",
    )  # fmt: skip
    parser.add_argument(
        "--idle", type=float, default=60.0,
        help="seconds of the site idle (beat's sweeps only) measured before the day",
    )  # fmt: skip
    args = parser.parse_args(argv)
    rng = random.Random(SEED)

    from aiosmtpd.controller import Controller

    sink = Sink()
    smtp_port = free_port()
    smtp = Controller(sink, hostname="127.0.0.1", port=smtp_port)
    smtp.start()
    redis_proc, redis_url, redis_dir = start_redis()
    try:
        return day(args, rng, sink, smtp, smtp_port, redis_proc, redis_url)
    finally:
        smtp.stop()
        redis_proc.terminate()
        shutil.rmtree(redis_dir, ignore_errors=True)


def day(args, rng, sink, smtp, smtp_port, redis_proc, redis_url) -> int:
    var = Path(tempfile.mkdtemp(prefix="tripost-day-var-"))
    digest_hour = datetime.now(UTC).hour
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=args.database_url,
        REDIS_URL=redis_url, DEBUG="0", SECRET_KEY=secrets.token_urlsafe(64),
        SECURE_SSL_REDIRECT="0", STATIC_MANIFEST="0", ALLOWED_HOSTS="127.0.0.1",
        EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(smtp_port), EMAIL_USE_TLS="0",
        MAIL_TURN_HOLD_SECONDS=str(args.hold),
        TRIPOST_VAR_DIR=str(var), LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT),
    )  # fmt: skip
    for name in ("CACHE_URL", "ANYMAIL_ESP", "MAIL_QUEUE"):
        env.pop(name, None)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    recreate_database(args.database_url)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT,
                   env=env, check=True)  # fmt: skip
    import django

    django.setup()
    from django.db import connection, connections

    database = connection.settings_dict["NAME"]
    procs = []
    try:
        t0 = time.perf_counter()
        seeded = seed(args.games, rng)
        seeding = time.perf_counter() - t0
        from accounts.models import EmailPreference, User

        # Each digest reader's own digest hour: now, for the day's share of them (the
        # rest had theirs in the part of the day not replayed).
        readers = list(
            User.objects.filter(email_preference=EmailPreference.DAILY_DIGEST)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        today = [pk for pk in readers if rng.random() < args.fraction]
        User.objects.update(digest_hour=(digest_hour + 12) % 24)  # (set after the drain)
        dropped = drop_seeding_mail()
        connections.close_all()
        web_port = free_port()
        web = start_gunicorn(env, web_port, args.web_workers)
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-B",
             "-Q", "celery,computer", f"--concurrency={args.worker_processes}",
             "--without-mingle", "--without-gossip", "--loglevel=WARNING",
             "-s", str(var / "beat-schedule")],
            cwd=ROOT, env=env, start_new_session=True,
        )  # fmt: skip
        procs = [web, worker]
        sessions = {"web": os.getsid(web.pid), "worker": os.getsid(worker.pid)}
        time.sleep(5)  # the worker connects; beat's first run
        drained = drain(redis_url, sessions, database, redis_proc.pid)
        arrived_in_drain = len(sink.arrivals)
        dropped += drop_seeding_mail()  # turn emails of those computer turns, held back
        # A running site's tables were vacuumed and analysed by autovacuum long ago;
        # freshly seeded ones have no planner statistics (and autovacuum may be off, as
        # on CI's PostgreSQL), so PostgreSQL read every player to find a game's two to
        # five: the game page's seats query took 0.98 ms, and 0.05 ms after this.
        with connection.cursor() as cursor:
            cursor.execute("VACUUM (ANALYZE)")
        # What the site spends with no traffic and nothing due (beat's minute sweeps,
        # the worker's and gunicorn's polling, Redis's housekeeping): a cost per second
        # of the machine, not per game.
        idle_before = cpu_by_part(sessions, database, redis_proc.pid)
        idle_sampler = Sampler(sessions, database, redis_proc.pid)
        idle_sampler.start()
        time.sleep(args.idle)
        idle = spent(idle_before, idle_sampler.stop())
        User.objects.filter(pk__in=today).update(digest_hour=digest_hour)
        timed_out, reminders = make_overdue(seeded["games"], args.fraction, rng)
        timeouts = len(timed_out)
        # A game the sweep settles meanwhile is not also moved in (its version changes).
        events = [e for e in day_events(seeded["games"], rng) if e.game_id not in timed_out]
        events = events[: round(args.games * args.fraction)]
        connections.close_all()
        print(f"Seeded {len(seeded['games'])} running games, {seeded['users']} players in "
              f"{seeding:.0f} s ({dropped} seeding emails dropped unsent; the computer turns "
              f"seeding queued were played in {drained:.0f} s before measuring, with "
              f"{arrived_in_drain} emails); replaying {args.fraction:g} of a day: "
              f"{len(events)} moves at {args.rate:g}/s, {timeouts} timeouts, "
              f"{reminders} reminders, {len(today)} digests")  # fmt: skip
        with sink.lock:
            sink.arrivals.clear()  # the measured window's emails only
        load_before = os.getloadavg()
        before = cpu_by_part(sessions, database, redis_proc.pid)
        sampler = Sampler(sessions, database, redis_proc.pid)
        sampler.start()
        window_start = time.perf_counter()
        day = run_day(web_port, events, args.rate, sink)
        # The day's digests (for players whose local digest hour has come), through
        # the worker like beat would send them.
        from config.celery import app

        app.send_task(
            "mail.tasks.queue_digests",
            args=[datetime.now(UTC).replace(hour=digest_hour, minute=1).isoformat()],
        )
        # A clock sweep settles the timeouts; the last move's email is held back, then
        # the minute's mail sweep sends it.
        time.sleep(75 + args.hold)
        after = sampler.stop()
        window = time.perf_counter() - window_start
        cpu = spent(before, after)
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
        shutil.rmtree(var, ignore_errors=True)
    game_days = args.games * args.fraction
    total = sum(cpu.values())
    per_day_ms = {name: seconds / game_days * 1000 for name, seconds in cpu.items()}
    capacity = CORES * 86400 * BUSY / PEAK / (total / game_days)
    # The same window's idle share (its seconds at the idle rate) is a cost per second
    # of the machine, not per game: the marginal figure leaves it out, and the second
    # projection takes it once from the machine's cores.
    # (``--idle 0``: no idle measured, so the marginal figures are all of it)
    idle_rate = {name: seconds / args.idle if args.idle else 0.0 for name, seconds in idle.items()}
    marginal = {name: max(0.0, cpu[name] - idle_rate[name] * window) for name in cpu}
    marginal_total = sum(marginal.values())
    idle_cores = sum(idle_rate.values())
    capacity_marginal = (CORES * BUSY - idle_cores) * 86400 / PEAK / (marginal_total / game_days)
    delays = email_delays(sink, day["committed"])
    load_after = os.getloadavg()
    print(f"\nMachine: {os.cpu_count()} CPUs; load average {load_before[0]:.1f} before, "
          f"{load_after[0]:.1f} after; run {day['seconds']:.0f} s, "
          f"{len(day['moves'])} moves played, {len(day['errors'])} errors"
          f"{': ' + day['errors'][0] if day['errors'] else ''}")  # fmt: skip
    print(f"Emails at the sink: {len(sink.arrivals)}")
    print(f"\nCPU per game-day, by part (the {window:.0f} s window: all of it, and less the "
          f"idle rate measured over {args.idle:g} s before it):")  # fmt: skip
    print(f"  {'part':9} {'all':>9} {'marginal':>9} {'idle, % of a core':>18}")
    for name in ("web", "worker", "postgres", "redis"):
        print(f"  {name:9} {per_day_ms[name]:6.1f} ms {marginal[name] / game_days * 1000:6.1f} ms"
              f" {idle_rate[name] * 100:17.2f}%")  # fmt: skip
    print(f"  {'total':9} {total / game_days * 1000:6.1f} ms "
          f"{marginal_total / game_days * 1000:6.1f} ms {idle_cores * 100:17.2f}%")  # fmt: skip
    print(f"\nDuring the run: pages p95 {pct(day['pages'], 0.95) * 1000:.0f} ms "
          f"(median {pct(day['pages'], 0.5) * 1000:.0f}), moves p95 "
          f"{pct(day['moves'], 0.95) * 1000:.0f} ms (median {pct(day['moves'], 0.5) * 1000:.0f}); "
          f"email delay median {pct(delays, 0.5):.2f} s, p95 {pct(delays, 0.95):.2f} s "
          f"({len(delays)} measured; turn emails held back {args.hold} s)")  # fmt: skip
    print(
        f"\nProjected running games on one {CORES}-core machine (peak {PEAK:g}x the "
        f"average, {BUSY:.0%} CPU at the peak): {capacity:,.0f} counting all CPU per game; "
        f"{capacity_marginal:,.0f} counting the idle cost once per machine (target {TARGET:,})"
    )
    return 0 if not day["errors"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
