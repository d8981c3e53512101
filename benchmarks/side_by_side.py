"""Side by side (issue 44): a boardgame.io move and a Tripost move, in one window on
this machine, each on PostgreSQL, 20 concurrent games each.

    (cd benchmarks/bgio && npm install)     # boardgame.io 0.50, bgio-postgres
    .venv/bin/python benchmarks/side_by_side.py [--lanes 20] [--moves 30] [--rounds 2]
        [--workers 4] [--database-url URL] [--bgio-database-url URL] [--redis-url URL]
        [--port 18114] [--bgio-port 18115]

- **boardgame.io** (``benchmarks/bgio``: 0.50.x with bgio-postgres, pinned by its
  ``package.json`` and ``package-lock.json``): ``server.js``, a tic-tac-toe server
  with its PostgreSQL store, and ``driver.js``, ``--lanes`` concurrent games over its
  socket (its own client, ``boardgame.io/client`` with ``SocketIO``), each playing
  ``--moves`` moves after a warm-up; matches are created and joined before the
  window. The move is processed on the server only (``client: false``); its latency
  is from the move sent to the mover's client receiving the server's new state.
- **Tripost**: gunicorn (``--workers`` sync workers, production settings as
  ``benchmarks/web.py`` starts it) on its own database, ``--lanes`` Triad games
  played concurrently, each by its two players in turn, ``--moves`` moves a lane:
  the htmx ``POST`` of a legal move (``benchmarks/web.py``'s request); its latency is
  the POST's round trip, which answers after the move is committed. The driver
  follows each game with the engine itself (no reading of the database while
  measuring); a move refused (a version that does not follow) stops the run.

Measured for each, over the window: the server's CPU (the server process and its
children, and the PostgreSQL backends connected to its database, from ``/proc``)
per move; the median and p95 latency; moves per second. ``--rounds`` alternates
the two (boardgame.io, then Tripost, each round), so that what else the machine does
falls on both alike; printed pooled, with the ratio Tripost / boardgame.io, and the
machine's load average.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from support import move_played, p95, recreate_database  # this folder is on sys.path

ROOT = Path(__file__).resolve().parents[1]
BGIO = ROOT / "benchmarks" / "bgio"
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tripost_bench_side"
DEFAULT_BGIO_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bgio_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/3"
TICK = os.sysconf("SC_CLK_TCK")


# --- CPU from /proc -------------------------------------------------------------------


def ticks(pid: int) -> int:
    """A process's CPU so far (user + system) in clock ticks, its waited-for children's
    included (gunicorn's master waits for workers that exit); 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def tree(pid: int) -> list[int]:
    pids, todo = [], [pid]
    while todo:
        p = todo.pop()
        pids.append(p)
        todo += children(p)
    return pids


def backends(database: str) -> list[int]:
    """The PostgreSQL backends connected to ``database``."""
    import psycopg

    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres") as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", [database]
        ).fetchall()
    return [r[0] for r in rows]


class CpuWindow:
    """The CPU of a server's process tree and of its database's backends between
    ``start`` and ``stop`` (a backend that ends inside the window is missed: both
    servers keep their connections, so none should)."""

    def __init__(self, server_pid: int, database: str):
        self.server_pid, self.database = server_pid, database

    def snapshot(self) -> dict[str, dict[int, int]]:
        return {
            "server": {p: ticks(p) for p in tree(self.server_pid)},
            "postgres": {p: ticks(p) for p in backends(self.database)},
        }

    def start(self) -> None:
        self.before = self.snapshot()

    def stop(self) -> dict[str, float]:
        after = self.snapshot()
        spent = {}
        for part, now in after.items():
            was = self.before[part]
            spent[part] = sum(t - was.get(p, 0) for p, t in now.items()) / TICK
        self.ended = [p for p in self.before["postgres"] if p not in after["postgres"]]
        return spent


@dataclass
class Run:
    name: str
    latencies: list[float] = field(default_factory=list)  # ms
    seconds: float = 0.0
    cpu: dict[str, float] = field(default_factory=lambda: {"server": 0.0, "postgres": 0.0})

    def add(self, latencies, seconds, cpu) -> None:
        self.latencies += latencies
        self.seconds += seconds
        for part, spent in cpu.items():
            self.cpu[part] += spent

    @property
    def moves(self) -> int:
        return len(self.latencies)

    def per_move(self, part: str | None = None) -> float:
        spent = sum(self.cpu.values()) if part is None else self.cpu[part]
        return spent * 1000 / self.moves

    @property
    def median(self) -> float:
        return statistics.median(self.latencies)

    @property
    def p95(self) -> float:
        return p95(self.latencies)

    @property
    def rate(self) -> float:
        return self.moves / self.seconds


# --- boardgame.io ---------------------------------------------------------------------


def start_bgio(url: str, port: int) -> subprocess.Popen:
    node = shutil.which("node")
    if node is None or not (BGIO / "node_modules" / "boardgame.io").exists():
        raise SystemExit("needs node and `npm install` in benchmarks/bgio")
    env = {**os.environ, "BGIO_DATABASE_URL": url, "BGIO_PORT": str(port)}
    proc = subprocess.Popen(
        [node, "server.js"], cwd=BGIO, env=env, stdout=subprocess.PIPE, text=True
    )
    line = proc.stdout.readline()
    if not line.startswith("listening"):
        raise SystemExit(f"boardgame.io's server did not start: {line!r}")
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # (drained)
    return proc


def bgio_round(port: int, cpu: CpuWindow, args, run: Run) -> None:
    driver = subprocess.Popen(
        [shutil.which("node"), "driver.js", str(port), str(args.lanes), str(args.moves),
         str(args.warmup)],
        cwd=BGIO, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    result = None
    for line in driver.stdout:
        if line.startswith("window start"):
            cpu.start()
        elif line.startswith("window end"):
            spent = cpu.stop()
        elif line.startswith("{"):
            result = json.loads(line)
    if driver.wait() != 0 or result is None:
        raise SystemExit("boardgame.io's driver failed")
    if result.get("retried"):
        print(f"  (boardgame.io: {result['retried']} matches set up again)", file=sys.stderr)
    run.add(result["latencies"], result["seconds"], spent)


# --- Tripost ----------------------------------------------------------------------------


@dataclass
class Table:
    """One Triad game, played in turn by its two players."""

    game_id: int
    state: object
    version: int
    cookies: dict[int, str]  # seat index -> Cookie header (session and CSRF)
    tokens: dict[int, str]  # seat index -> CSRF token


@dataclass
class Lane:
    """A lane's games, played one after the other (the next when one ends)."""

    tables: list[Table]


def seed_tripost(args) -> list[Lane]:
    """``--lanes`` lanes of ``--games-per-lane`` Triad games between pairs of players
    (through ``games.services``), each with its players' session and CSRF pair."""
    from django.middleware.csrf import _get_new_csrf_string, _mask_cipher_secret
    from web import _session_cookie

    from accounts.models import User
    from games import services
    from games.replay import load_state
    from mail.sending import outbox

    outbox.enqueue = lambda *a, **k: None  # (the seeding's own emails never sent)

    def table(name: str) -> Table:
        a, b = (
            User.objects.create(username=f"{name}{s}", email=f"{name}{s}@example.test",
                                password="!")
            for s in "ab"
        )  # fmt: skip
        game = services.game_create(
            creator=a, engine="triad", num_players=2, options={}, days_per_move=3,
            invitees=[b], is_public=False, time_bank=None, rated=False,
        )  # fmt: skip
        game = services.invitation_accept(game_id=game.pk, user=b)
        game.refresh_from_db()
        cookies, tokens = {}, {}
        for seat in game.seats.select_related("user"):
            secret = _get_new_csrf_string()
            cookies[seat.index] = f"{_session_cookie(seat.user)}; csrftoken={secret}"
            tokens[seat.index] = _mask_cipher_secret(secret)
        return Table(game.pk, load_state(game), game.version, cookies, tokens)

    return [
        Lane([table(f"side_{i}_{j}_") for j in range(args.games_per_lane)])
        for i in range(args.lanes)
    ]


def tripost_round(port: int, cpu: CpuWindow, lanes: list[Lane], args, run: Run) -> None:
    from web import Req, request

    from games.engines import get_engine

    engine = get_engine("triad")
    rng = random.Random(44)
    failures = []

    def play(lane: Lane, count: int, latencies: list[float]) -> None:
        for _ in range(count):
            while lane.tables and engine.outcome(lane.tables[0].state) is not None:
                lane.tables.pop(0)  # that game is over: the lane's next one
            if not lane.tables:
                failures.append(("lane out of games", 0, b""))
                return
            t = lane.tables[0]
            seat = engine.to_move(t.state)[0]
            action = rng.choice(engine.legal_actions(t.state, seat))
            req = Req(
                "POST",
                f"/games/{t.game_id}/move",
                {
                    "Cookie": t.cookies[seat],
                    "Content-Type": "application/x-www-form-urlencoded",
                    "HX-Request": "true",
                    "HX-Target": "live",
                },
                urlencode(
                    {"csrfmiddlewaretoken": t.tokens[seat], "action": action,
                     "version": t.version}
                ).encode(),
            )  # fmt: skip
            start = time.perf_counter()
            status, _headers, body = request(port, req)
            took = (time.perf_counter() - start) * 1000
            if not move_played(status, body):
                failures.append((t.game_id, status, body[:300]))
                return
            latencies.append(took)
            t.state = engine.apply(t.state, seat, action)
            t.version += 1  # (a refused move would answer 409 next: counted a failure)

    def all_lanes(count: int, latencies: list[float]) -> float:
        threads = [
            threading.Thread(target=play, args=(lane, count, latencies), daemon=True)
            for lane in lanes
        ]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return time.perf_counter() - start

    all_lanes(args.warmup, [])
    latencies: list[float] = []
    cpu.start()
    seconds = all_lanes(args.moves, latencies)
    spent = cpu.stop()
    if failures:
        raise SystemExit(f"Tripost moves refused: {failures[:3]}")
    run.add(latencies, seconds, spent)


# --- the run ----------------------------------------------------------------------------


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lanes", type=int, default=20, help="concurrent games each")
    parser.add_argument("--moves", type=int, default=30, help="measured moves a lane, a round")
    parser.add_argument("--warmup", type=int, default=3, help="untimed moves a lane, a round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games-per-lane", type=int, default=3, help="Triad games a lane")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--bgio-database-url", default=DEFAULT_BGIO_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--port", type=int, default=18114)
    parser.add_argument("--bgio-port", type=int, default=18115)
    args = parser.parse_args(argv)

    from web import bench_env, start_gunicorn

    env = bench_env(args.database_url, args.redis_url)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    load_before = os.getloadavg()
    recreate_database(args.database_url)
    recreate_database(args.bgio_database_url)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    import django

    django.setup()
    from django.conf import settings
    from django.db import connections

    settings.MAX_GAMES_AWAITING = 10**9
    lanes = seed_tripost(args)
    with connections["default"].cursor() as cursor:
        cursor.execute("ANALYZE")
    connections.close_all()  # (no backend of the driver's on the measured database)

    gunicorn = start_gunicorn(env, args.port, args.workers)
    tripost_db = urlsplit(args.database_url).path.lstrip("/")
    bgio_db = urlsplit(args.bgio_database_url).path.lstrip("/")
    runs = {"boardgame.io": Run("boardgame.io"), "Tripost": Run("Tripost")}
    try:
        for i in range(args.rounds):
            print(f"round {i + 1}: boardgame.io", file=sys.stderr, flush=True)
            # (a server of its own each round: a second round's setup on the same
            # server stalled now and then, waiting on its store)
            bgio = start_bgio(args.bgio_database_url, args.bgio_port)
            try:
                window = CpuWindow(bgio.pid, bgio_db)
                bgio_round(args.bgio_port, window, args, runs["boardgame.io"])
            finally:
                bgio.terminate()
                bgio.wait(timeout=30)
            print(f"round {i + 1}: Tripost", file=sys.stderr, flush=True)
            tripost_round(
                args.port, CpuWindow(gunicorn.pid, tripost_db), lanes, args, runs["Tripost"]
            )
    finally:
        gunicorn.terminate()
        gunicorn.wait(timeout=30)
    from games.models import Move

    played = Move.objects.filter(game__created_by__username__startswith="side_").count()
    posted = args.rounds * args.lanes * args.warmup + runs["Tripost"].moves
    print(f"Tripost moves stored: {played} of {posted} posted")
    report(runs, args, load_before)
    return 0


def report(runs: dict[str, Run], args, load_before) -> None:
    load_after = os.getloadavg()
    print(
        f"\n{args.lanes} concurrent games each, {args.rounds} alternating rounds; "
        f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after "
        f"({os.cpu_count()} cores)"
    )
    print(
        f"{'':<14}{'moves':>6} {'CPU ms/move':>12} {'(server':>8} {'+ pg)':>6}"
        f" {'median ms':>10} {'p95 ms':>8} {'moves/s':>8}"
    )
    for run in runs.values():
        print(
            f"{run.name:<14}{run.moves:>6} {run.per_move():>12.1f} {run.per_move('server'):>8.1f}"
            f" {run.per_move('postgres'):>6.1f} {run.median:>10.0f} {run.p95:>8.0f}"
            f" {run.rate:>8.1f}"
        )
    peer, ours = runs["boardgame.io"], runs["Tripost"]
    print(
        f"Tripost / boardgame.io: CPU per move {ours.per_move() / peer.per_move():.2f}x, "
        f"median latency {ours.median / peer.median:.2f}x, p95 {ours.p95 / peer.p95:.2f}x, "
        f"moves per second {ours.rate / peer.rate:.2f}x"
    )


if __name__ == "__main__":
    raise SystemExit(main())
