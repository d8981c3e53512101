"""Web benchmark: the site under gunicorn on PostgreSQL, measured by 20 concurrent clients.

    .venv/bin/python benchmarks/web.py [--clients 20] [--requests 300] [--workers 4]

It (re)creates a dedicated database (``tripost_bench``; ``--database-url`` to change),
migrates it, seeds it through ``games.services`` (a player with 200 active games,
games to look at, one game per move submission), starts gunicorn on a free loopback
port with production settings (``DEBUG=0``, a generated ``SECRET_KEY``, plain HTTP),
and sends bounded batches of requests from ``--clients`` threads (``http.client``,
loopback only; every batch ends by itself). Measured, each after a warm-up:

- ``bare``: ``/bench/bare``, a constant answer through the whole middleware stack
  (``benchmarks/urls.py``, only mounted by ``benchmarks/settings.py``), signed in;
- ``bare write``, a reference: ``/bench/bare-write``, the least any move does (one
  transaction that locks, inserts and updates a row), a constant answer;
- the game page of a Triad, a Trias (mid-turn) and a Tri*T*Area game, as a player
  whose turn it is, seen again (from the page cache);
- the first view of a Triad game whose turn has come (never cached: one distinct game
  per request, the games the moves are then played in);
- a move submission: an htmx ``POST`` of a legal move with the CSRF token, one
  separate game per request so that each one is applied (checked afterwards);
- a move that hands the turn to a computer: the same, in Triad games against the
  Expert computer; the request only queues the computer's task (on the "computer"
  queue, which no worker consumes here), so it should cost what any move costs;
- My games of a player with 200 active games.

It prints the median and p95 of each with the ratio to ``bare`` (target: within 3x;
for the two kinds of move, to the bare write's, and the target is the p95 within 3x),
then, unless ``--no-profile``, where the time of each page goes (queries, engine,
SVG, templates), measured in-process on the same database.
"""

from __future__ import annotations

import argparse
import cProfile
import http.client
import os
import pstats
import queue
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from support import free_port, p95, recreate_database  # this folder is on sys.path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tripost_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/3"
TARGET_RATIO = 3.0
BARE_WRITE = "bare write (reference)"
FIRST_VIEW = "game page: Triad, first view (cold)"
COMPUTER_MOVE = "move that hands the turn to a computer"
MOVE = "move submission (htmx POST)"
MOVES = (MOVE, COMPUTER_MOVE)


# --- environment and processes -------------------------------------------------------


def forget_pages(cache) -> int:
    """Delete the rendered pages and header counts from the cache (a first view draws
    them again), and nothing else: the Redis database may be shared, so it is never
    flushed. (Without Redis, the local cache is emptied: it holds nothing else.)"""
    if not hasattr(getattr(cache, "_cache", None), "get_client"):
        cache.clear()
        return 0
    client = cache._cache.get_client(write=True)
    keys = [
        key
        for pattern in ("page:*", "awaiting:*")
        for key in client.scan_iter(match=cache.make_key(pattern), count=1000)
    ]
    return client.delete(*keys) if keys else 0


def bench_env(database_url: str, redis_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="benchmarks.settings",
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(64),
        SECURE_SSL_REDIRECT="0",
        ALLOWED_HOSTS="127.0.0.1",
        STATIC_MANIFEST="0",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    env.pop("CACHE_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    else:
        env.pop("REDIS_URL", None)
    return env


def redis_answers(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname, parts.port or 6379), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def start_gunicorn(env: dict, port: int, workers: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--backlog",
            "256",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            status, _, _ = request(port, Req("GET", "/bench/bare"))
            if status == 200:
                return proc
        except OSError:
            pass
        if proc.poll() is not None:
            raise SystemExit("gunicorn exited during start-up")
        time.sleep(0.2)
    proc.terminate()
    raise SystemExit("gunicorn did not answer within 30 s")


# --- HTTP ------------------------------------------------------------------------------


@dataclass
class Req:
    method: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None


def request(port: int, req: Req, timeout: float = 30.0) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(req.method, req.path, body=req.body, headers=req.headers)
        resp = conn.getresponse()
        body = resp.read()
        return resp.status, dict(resp.getheaders()), body
    finally:
        conn.close()


@dataclass
class Result:
    name: str
    latencies: list[float]
    statuses: dict[int, int]
    seconds: float

    @property
    def median(self) -> float:
        return statistics.median(self.latencies)

    @property
    def p95(self) -> float:
        return p95(self.latencies)


def load(port: int, name: str, reqs: list[Req], clients: int, ok: set[int]) -> Result:
    """Send ``reqs`` from ``clients`` threads, each taking the next one when free."""
    work: queue.SimpleQueue[Req] = queue.SimpleQueue()
    for r in reqs:
        work.put(r)
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()

    def client():
        while True:
            try:
                r = work.get_nowait()
            except queue.Empty:
                return
            start = time.perf_counter()
            try:
                status, _, _ = request(port, r)
            except OSError:
                status = 0
            took = time.perf_counter() - start
            with lock:
                latencies.append(took)
                statuses[status] = statuses.get(status, 0) + 1

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    result = Result(name, latencies, statuses, time.perf_counter() - start)
    bad = {s: n for s, n in statuses.items() if s not in ok}
    if bad:
        raise SystemExit(f"{name}: unexpected answers {bad} (of {len(reqs)})")
    return result


# --- seeding ---------------------------------------------------------------------------


@dataclass
class Plan:
    cookies: dict[str, str]  # username -> Cookie header
    view_games: dict[str, int]  # label -> game id
    moves: list[tuple[int, int, str]]  # (game id, version, action) for "mover"
    busy_active: int
    # (game id, version, action) for "mover", whose move hands the turn to a computer
    computer_moves: list[tuple[int, int, str]] = field(default_factory=list)


def _session_cookie(user) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def _play_random(game, rng, *, moves: int, stop=None):
    from games import services
    from games.computer.players import RandomBot
    from games.models import GameStatus
    from games.replay import load_state

    bot = RandomBot(rng.randrange(1 << 30))
    for played in range(10_000):
        if game.status != GameStatus.ACTIVE:
            break
        if played >= moves and (stop is None or stop(game)):
            break
        seat = game.seats.select_related("user").get(index=game.to_move[0])
        action = bot.choose(game.engine_module, load_state(game), seat.index)
        game = services.move_play(
            game_id=game.pk, user=seat.user, action=action, expected_version=game.version
        ).game
    return game


def seed(num_moves: int, busy_games: int) -> Plan:
    from accounts.models import User
    from games import services
    from games.models import GameStatus
    from games.replay import load_state

    rng = random.Random(20261130)

    def user(name):
        return User.objects.create_user(name, f"{name}@example.com", secrets.token_hex(8))

    def start(engine, creator, invitees):
        game = services.game_create(
            creator=creator,
            engine=engine,
            num_players=len(invitees) + 1,
            options={},
            days_per_move=3,
            invitees=invitees,
            is_public=True,
        )
        for invitee in invitees:
            game = services.invitation_accept(game_id=game.pk, user=invitee)
        return game

    busy, player, mover = user("busy"), user("player"), user("mover")
    rivals = [user(f"rival{i}") for i in range(10)]

    # A player with 200 active games, a few moves into each.
    for i in range(busy_games):
        _play_random(start("triad", busy, [rivals[i % 10]]), rng, moves=i % 5)

    # Games to look at, each with "player" to act.
    def due(user_):
        return lambda g: (
            user_.pk in set(g.seats.filter(index__in=g.to_move).values_list("user_id", flat=True))
        )

    def trias_mid_turn(g):
        # The player's own action was the last one and the turn goes on: the page
        # offers "undo" (the site replays the game to decide).
        last = g.moves.order_by("-ply").first()
        mine = g.seats.get(user=player).index
        return (
            g.to_move == [mine]
            and last is not None
            and last.seat == mine
            and (last.action.startswith("d "))
        )

    view_games = {}
    for label, engine, invitees, moves, stop in [
        ("Triad", "triad", rivals[:1], 20, due(player)),
        ("Trias (mid-turn)", "trias", rivals[:2], 30, trias_mid_turn),
        ("Tri*T*Area", "tritarea", [], 12, due(player)),
    ]:
        for _ in range(10):
            game = _play_random(start(engine, player, invitees), rng, moves=moves, stop=stop)
            if game.status == GameStatus.ACTIVE:
                break
        view_games[label] = game.pk

    # One game per submission, "mover" to play a legal (normal) Triad move in each.
    moves = []
    for i in range(num_moves):
        game = start("triad", mover, [rivals[i % 10]])
        game = _play_random(game, rng, moves=0, stop=due(mover))
        seat = game.seats.get(user=mover).index
        legal = game.engine_module.legal_actions(load_state(game), seat)
        moves.append((game.pk, game.version, rng.choice(legal)))

    # One Triad game against the Expert computer per submission, "mover" to play first.
    computer_moves = []
    while len(computer_moves) < num_moves:
        game = services.game_create(
            creator=mover,
            engine="triad",
            num_players=2,
            options={},
            days_per_move=3,
            invitees=[],
            is_public=True,
            computers=["expert"],
        )
        seat = game.seats.get(user=mover).index
        if game.to_move != [seat]:
            game.delete()  # the computer would move first: try another seed
            continue
        legal = game.engine_module.legal_actions(load_state(game), seat)
        computer_moves.append((game.pk, game.version, rng.choice(legal)))

    return Plan(
        cookies={u.username: _session_cookie(u) for u in (busy, player, mover)},
        view_games=view_games,
        moves=moves,
        busy_active=busy.seats.filter(game__status=GameStatus.ACTIVE).count(),
        computer_moves=computer_moves,
    )


def csrf_for(port: int, cookie: str, path: str) -> tuple[str, str]:
    """A real CSRF pair: the cookie set by a page and the token in its form."""
    status, headers, body = request(port, Req("GET", path, {"Cookie": cookie}))
    assert status == 200, (path, status)
    set_cookie = headers.get("Set-Cookie", "")
    cookie_value = re.search(r"csrftoken=([^;]+)", set_cookie).group(1)
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1).decode()
    return cookie_value, token


# --- profiling (in-process, same database) ---------------------------------------------


def profile_pages(plan: Plan) -> None:
    """The in-process profile runs on a local-memory cache of its own: "cold" clears
    it before each view, and a benchmark never clears a cache it did not create."""
    from django.test import override_settings

    own = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "bench-web"}
    with override_settings(CACHES={"default": own}):
        _profile_pages(plan)


def _profile_pages(plan: Plan) -> None:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    from accounts.models import User
    from games import boards
    from games.models import Game
    from games.presenters import build_game_page
    from games.replay import load_state

    def timed(fn, n=20):
        fn()
        start = time.perf_counter()
        for _ in range(n):
            fn()
        return (time.perf_counter() - start) / n * 1000

    queries: list[float] = []

    def count(execute, sql, params, many, context):
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            queries.append(time.perf_counter() - start)

    print("\nWhere the time goes (in-process, one request at a time):")
    clients = {}
    for name in ("busy", "player"):
        c = Client(HTTP_HOST="127.0.0.1")
        c.force_login(User.objects.get(username=name))
        clients[name] = c
    rows = [("bare", "player", "/bench/bare"), (f"My games ({plan.busy_active})", "busy", "/")]
    rows += [(f"game page: {k}", "player", f"/games/{v}/") for k, v in plan.view_games.items()]

    # Cached: a page seen again unchanged (what the load run measures). Cold: the first
    # view after a change (a move, a new minute), drawn from scratch.
    def cold(c, path):
        forget_pages(cache)
        return c.get(path)

    print(
        f"  {'page':28} {'cached ms':>9} {'queries':>8} {'in SQL ms':>10}"
        f" {'cold ms':>8} {'queries':>8} {'in SQL ms':>10} {'KiB':>6}"
    )
    for label, who, path in rows:
        c = clients[who]
        figures = []
        for fetch in (lambda c=c, path=path: c.get(path), lambda c=c, path=path: cold(c, path)):
            fetch()
            queries.clear()
            with connection.execute_wrapper(count):
                size = len(fetch().content)
            n, sql_ms = len(queries), sum(queries) * 1000
            figures.append(f"{timed(fetch):9.1f} {n:8d} {sql_ms:10.1f}")
        print(f"  {label:28} {figures[0]} {figures[1][1:]} {size / 1024:6.1f}")

    # A move submission: the next legal move in games the load run left behind.
    from games.models import Seat

    times, counts = [], []
    for gid, _, _ in plan.moves[:30]:
        game = Game.objects.get(pk=gid)
        if not game.to_move:
            continue
        seat = Seat.objects.select_related("user").get(game=game, index=game.to_move[0])
        action = game.engine_module.legal_actions(load_state(game), seat.index)[0]
        c = Client(HTTP_HOST="127.0.0.1", HTTP_HX_REQUEST="true")
        c.force_login(seat.user)
        queries.clear()
        start = time.perf_counter()
        with connection.execute_wrapper(count):
            response = c.post(f"/games/{gid}/move", {"action": action, "version": game.version})
        times.append(time.perf_counter() - start)
        counts.append((len(queries), sum(queries) * 1000))
        assert response.status_code == 200, response.status_code
    if times:
        n, sql_ms = sorted(counts)[len(counts) // 2]
        ms = statistics.median(times) * 1000
        print(f"  {'move submission (htmx)':28} {ms:7.1f} {n:8d} {sql_ms:10.1f}")

    player = User.objects.get(username="player")
    print(
        f"\n  {'game page parts (ms)':28} {'state':>7} {'view':>7} {'legal':>7} {'svg':>7} "
        f"{'undo?':>7} {'build':>7}"
    )
    from games.permissions import undoable

    for label, game_id in plan.view_games.items():
        game = Game.objects.get(pk=game_id)
        engine = game.engine_module
        seat = game.seats.get(user=player).index
        state = load_state(game)
        view = engine.view(state, seat)
        actions = engine.legal_actions(state, seat)
        load_ms = timed(lambda g=game: load_state(g))
        # Each request loads a fresh state, so view and legal actions start cold.
        parts = [
            load_ms,
            timed(lambda g=game, e=engine, i=seat: e.view(load_state(g), i)) - load_ms,
            timed(lambda g=game, e=engine, i=seat: e.legal_actions(load_state(g), i)) - load_ms,
            timed(
                lambda g=game, v=view, i=seat, a=actions: boards.render_svg(
                    g.engine, v, seat=i, actions=a
                )
            ),
            timed(lambda g=game, i=seat: undoable(g, i)),
            timed(lambda g=game: build_game_page(g, player)),
        ]
        print(
            f"  {label:28} " + " ".join(f"{p:7.2f}" for p in parts) + f"   ({len(actions)} legal)"
        )
    print(
        "  (build: the whole of build_game_page, queries included; undo?: permissions.undoable,"
        " whether the viewer may take back their last action)"
    )

    print("\n  Own time by kind of code, drawn cold, cProfile (inflates small Python calls):")
    print(f"  {'page':28} " + " ".join(f"{k:>9}" for k in KINDS))
    for label, who, path in rows[1:]:
        c = clients[who]
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(5):
            cold(c, path)
        prof.disable()
        shares = dict.fromkeys(KINDS, 0.0)
        for (filename, _line, _name), (_cc, _nc, tt, _ct, _callers) in pstats.Stats(
            prof
        ).stats.items():
            shares[kind_of(filename)] += tt
        total = sum(shares.values()) or 1.0
        print(f"  {label:28} " + " ".join(f"{shares[k] / total:9.0%}" for k in KINDS))


KINDS = ("engine", "svg", "templates", "db", "django", "other")


def kind_of(filename: str) -> str:
    if "games/engines/" in filename:
        return "engine"
    if "games/boards/" in filename:
        return "svg"
    if "django/template" in filename or "template_partials" in filename or "html" in filename:
        return "templates"
    if "psycopg" in filename or "django/db/" in filename:
        return "db"
    if "site-packages/django" in filename:
        return "django"
    return "other"


# --- main ------------------------------------------------------------------------------


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=300, help="per measurement")
    parser.add_argument("--warmup", type=int, default=40, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--busy-games", type=int, default=200)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument(
        "--redis-url", default=DEFAULT_REDIS_URL, help="'' for the embedded defaults"
    )
    parser.add_argument("--no-profile", action="store_true")
    args = parser.parse_args(argv)

    redis_url = args.redis_url if args.redis_url and redis_answers(args.redis_url) else ""
    env = bench_env(args.database_url, redis_url)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))

    t0 = time.monotonic()
    args.load_before = f"{os.getloadavg()[0]:.1f}"
    print(f"Database {args.database_url} (recreated); cache/broker {redis_url or 'embedded'}")
    recreate_database(args.database_url)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    import django

    django.setup()
    from django.db import connections
    from django.test import override_settings

    total_moves = args.requests + args.warmup
    # Seeding piles up hundreds of games awaiting one player: lift the site's limit.
    with override_settings(MAX_GAMES_AWAITING=10**6):
        plan = seed(total_moves, args.busy_games)
    # A live database has planner statistics (autovacuum gathers them); a freshly
    # seeded one has none until it runs, so gather them now.
    with connections["default"].cursor() as cursor:
        cursor.execute("ANALYZE")
        # The tables of the bare-write reference (benchmarks/urls.py).
        cursor.execute("CREATE TABLE bench_counter (id int PRIMARY KEY, n int NOT NULL)")
        cursor.execute("INSERT INTO bench_counter SELECT i, 0 FROM generate_series(0, 999) i")
        cursor.execute(
            "CREATE TABLE bench_log (id bigserial PRIMARY KEY, counter_id int NOT NULL,"
            " at timestamptz NOT NULL DEFAULT now())"
        )
    connections.close_all()
    print(
        f"Seeded in {time.monotonic() - t0:.0f} s: 'busy' has {plan.busy_active} active games, "
        f"{total_moves} games await a move."
    )

    port = free_port()
    proc = start_gunicorn(env, port, args.workers)
    try:
        results = run_all(port, plan, args)
    finally:
        proc.terminate()
        proc.wait(timeout=30)

    from games.models import Move

    applied = sum(
        Move.objects.filter(game_id=gid, ply=version + 1).exists() for gid, version, _ in plan.moves
    )
    # Applied, and the computer has not played inside any of these requests.
    computer_applied = sum(
        Move.objects.filter(game_id=gid, ply=version + 1, by_computer=False).exists()
        and not Move.objects.filter(game_id=gid, by_computer=True).exists()
        for gid, version, _ in plan.computer_moves
    )
    report(results, args, applied, total_moves)
    print(
        f"Moves handing the turn to a computer applied with no computer move inside the "
        f"request: {computer_applied} of {total_moves}."
    )
    if not args.no_profile:
        profile_pages(plan)
    connections.close_all()
    return 0


def run_all(port: int, plan: Plan, args) -> list[Result]:
    n, warm, clients = args.requests, args.warmup, args.clients

    def get(path, who):
        return Req("GET", path, {"Cookie": plan.cookies[who]})

    csrf_cookie, token = csrf_for(port, plan.cookies["mover"], f"/games/{plan.moves[0][0]}/")

    def move_req(gid: int, version: int, action: str) -> Req:
        return Req(
            "POST",
            f"/games/{gid}/move",
            {
                "Cookie": f"{plan.cookies['mover']}; csrftoken={csrf_cookie}",
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "HX-Target": "live",
            },
            urlencode(
                {"csrfmiddlewaretoken": token, "action": action, "version": version}
            ).encode(),
        )

    move_reqs = [move_req(*m) for m in plan.moves]
    computer_reqs = [move_req(*m) for m in plan.computer_moves]
    write_req = Req(
        "POST",
        "/bench/bare-write",
        {
            "Cookie": f"{plan.cookies['mover']}; csrftoken={csrf_cookie}",
            "Content-Type": "application/x-www-form-urlencoded",
        },
        urlencode({"csrfmiddlewaretoken": token}).encode(),
    )
    pages = [("bare", get("/bench/bare", "player")), (BARE_WRITE, write_req)]
    pages += [
        (f"game page: {k}", get(f"/games/{v}/", "player")) for k, v in plan.view_games.items()
    ]
    pages += [(f"My games ({plan.busy_active} active)", get("/", "busy"))]

    # The first view of a game whose turn has come (opened from the turn email): never
    # cached, one distinct game per request (the games the moves are then played in).
    mover_cookie = {"Cookie": f"{plan.cookies['mover']}; csrftoken={csrf_cookie}"}
    first_views = [Req("GET", f"/games/{gid}/", mover_cookie) for gid, _, _ in plan.moves]

    # Warm every worker and cache first; then measure in interleaved rounds, so that
    # whatever else the machine does falls on every kind of request alike.
    for name, req in pages:
        load(port, name, [req] * warm, clients, {200})
    load(port, "first view", first_views[:warm], clients, {200})
    load(port, "move", move_reqs[:warm], clients, {200})
    load(port, "computer move", computer_reqs[:warm], clients, {200})
    moves, first_views = move_reqs[warm:], first_views[warm:]
    computer_reqs = computer_reqs[warm:]
    rounds = max(1, args.rounds)
    pooled: dict[str, Result] = {}
    for i in range(rounds):
        share = n // rounds + (1 if i < n % rounds else 0)
        batches = [(name, [req] * share) for name, req in pages]
        batches.append((FIRST_VIEW, first_views[i::rounds]))
        batches.append((MOVE, moves[i::rounds]))
        batches.append((COMPUTER_MOVE, computer_reqs[i::rounds]))
        for name, reqs in batches:
            r = load(port, name, reqs, clients, {200})
            if name in pooled:
                pooled[name].latencies += r.latencies
                pooled[name].seconds += r.seconds
            else:
                pooled[name] = r
    return list(pooled.values())


def report(results: list[Result], args, applied: int, total_moves: int) -> None:
    bare = results[0]
    print(
        f"\n{args.clients} concurrent clients, {args.requests} requests each in "
        f"{args.rounds} interleaved rounds (after {args.warmup} warm-up), gunicorn "
        f"{args.workers} sync workers, {os.cpu_count()} CPU cores, PostgreSQL; "
        f"load average before/after: {args.load_before} / {os.getloadavg()[0]:.1f}\n"
    )
    head = f"{'request':40} {'median ms':>10} {'p95 ms':>9} {'req/s':>7} {'x bare':>14}  target"
    print(head)
    print("-" * len(head))
    write = next((r for r in results if r.name == BARE_WRITE), bare)
    for r in results:
        ratio_m, ratio_p = r.median / bare.median, r.p95 / bare.p95
        ok = "ok" if max(ratio_m, ratio_p) <= TARGET_RATIO else "MISSED"
        if r.name in MOVES:  # a move's target: its p95 within 3x the bare write's
            ratio_p = r.p95 / write.p95
            ratio_m = r.median / write.median
            ok = ("ok" if ratio_p <= TARGET_RATIO else "MISSED") + " (x bare write)"
        if r.name in ("bare", BARE_WRITE):
            ok = "-"  # the references
        print(
            f"{r.name:40} {r.median * 1000:10.1f} {r.p95 * 1000:9.1f} "
            f"{len(r.latencies) / r.seconds:7.0f} {ratio_m:6.1f} / {ratio_p:5.1f}  {ok}"
        )
    print(
        f"\n'x bare': median / p95 over bare's; for moves, over the bare write's (their"
        f" target: p95 within 3x). Moves applied: {applied} of {total_moves}.\n"
        f"'{BARE_WRITE}': the floor of any move (lock a row, insert one, update one,"
        " commit: plain SQL, constant answer), a reference beside bare, not a target."
    )


if __name__ == "__main__":
    sys.exit(main())
