"""The analysis board's response time per action, beside a live move; and what the
planning hook (conditional moves, forced steps) costs each move.

    .venv/bin/python benchmarks/analysis.py [--requests 30] [--database-url URL]

In-process through Django's test client with production settings (``DEBUG=0``), on a
dedicated PostgreSQL database it (re)creates (``tripost_bench_analysis``; never a
shared one) and the Redis of ``REDIS_URL``. For each game (Triad, Trias with three
players, Tri*T*Area with two) it seeds a game a few dozen moves in and measures:

- ``analysis open``: the analysis page of the game's position (re-determinized where
  the game hides something);
- ``analysis action``: one action played on the analysis board (htmx POST of the
  signed line and the action);
- ``analysis step``: stepping back to the start of a line of a few actions;
- ``live move``: a move played in the game itself (htmx POST to the game's move
  endpoint), by whoever is due, one after the other;

then, in Triad games, the live move's time with the planning receiver connected and
with it disconnected, and the receiver's own time per move with a conditional tree
waiting that the move does not match (read, then cleared) and with none. Printed: the
median and p95 in milliseconds of each.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path

from support import recreate_database  # this folder is on sys.path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tripost_bench_analysis"
GAMES = (("triad", 2, 6), ("trias", 3, 40), ("tritarea", 2, 12))  # engine, players, moves


def environment(database_url: str) -> dict:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=database_url, DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(64), SECURE_SSL_REDIRECT="0", STATIC_MANIFEST="0",
        ALLOWED_HOSTS="testserver", LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT),
    )  # fmt: skip
    for name in ("CACHE_URL", "ANYMAIL_ESP", "MAIL_QUEUE"):
        env.pop(name, None)
    return env


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=30, help="per kind and game")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        return measure(args.requests)
    recreate_database(args.database_url)
    env = environment(args.database_url)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    command = [sys.executable, __file__, "--measure", "--requests", str(args.requests)]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms"


def measure(requests: int) -> int:
    import re

    import django

    sys.path.insert(0, str(ROOT))
    django.setup()
    from django.test import Client
    from django.urls import reverse

    from accounts.models import User
    from games import services, signals
    from games.computer.players import RandomBot
    from games.models import Game
    from games.replay import load_state
    from planning import analysis, conditional, receivers
    from planning.models import ConditionalMoves

    bot = RandomBot(seed=5)
    htmx = {"HTTP_HX_REQUEST": "true"}
    users = [User.objects.create_user(f"bench{k}", f"bench{k}@example.com") for k in range(3)]
    clients = {}
    for user in users:
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)

    def start(engine, players):
        game = services.game_create(
            creator=users[0], engine=engine, num_players=players, options={},
            days_per_move=3, invitees=users[1:players], is_public=False,
        )  # fmt: skip
        for user in users[1:players]:
            services.invitation_accept(game_id=game.pk, user=user)
        return Game.objects.get(pk=game.pk)

    def due_user(game):
        return game.seats.get(index=game.to_move[0]).user

    def play_live(game, timed=None):
        game.refresh_from_db()
        user = due_user(game)
        action = bot.choose(game.engine_module, load_state(game), game.to_move[0])
        url = reverse("game_move", args=[game.pk])
        began = time.perf_counter()
        response = clients[user.pk].post(url, {"action": action, "version": game.version}, **htmx)
        if timed is not None:
            timed.append(time.perf_counter() - began)
        assert response.status_code == 200, response.status_code
        game.refresh_from_db()

    def token(html):
        return re.search(r'name="line" value="([^"]+)"', html).group(1)

    print(f"{'':24} {requests} requests each, in-process (DEBUG=0)")
    for engine, players, moves in GAMES:
        game = start(engine, players)
        for _ in range(moves):
            play_live(game)
        viewer = due_user(game)
        client = clients[viewer.pk]
        url = reverse("planning_analyse", args=[game.pk])
        opened, acted, stepped, live = [], [], [], []
        for _ in range(requests):
            began = time.perf_counter()
            html = client.get(url).content.decode()
            opened.append(time.perf_counter() - began)
            line = analysis.unsign(game, viewer, token(html))
            state = analysis.states(game, line)[-1]
            mover = game.engine_module.to_move(state)[0]
            action = bot.choose(game.engine_module, state, mover)
            began = time.perf_counter()
            html = client.post(url, {"line": token(html), "action": action}, **htmx)
            acted.append(time.perf_counter() - began)
            html = html.content.decode()
            began = time.perf_counter()
            client.post(url, {"line": token(html), "at": "0"}, **htmx)
            stepped.append(time.perf_counter() - began)
        for _ in range(requests):
            if game.status != "active":
                game = start(engine, players)
            play_live(game, live)
        print(f"{engine:10} analysis open    {figures(opened)}")
        print(f"{engine:10} analysis action  {figures(acted)}")
        print(f"{engine:10} analysis step    {figures(stepped)}")
        print(f"{engine:10} live move        {figures(live)}")

    # The planning receiver's cost on each move (Triad: the game with conditional moves).
    hook = []
    original = conditional.answer

    def timed_answer(**kwargs):
        began = time.perf_counter()
        try:
            return original(**kwargs)
        finally:
            hook.append(time.perf_counter() - began)

    conditional.answer = timed_answer
    for label, with_tree in (("no tree", False), ("a tree it clears", True)):
        hook.clear()
        moves_with, moves_without = [], []
        game = start("triad", 2)
        for _ in range(requests):
            if game.status != "active":
                game = start("triad", 2)
            waiting = next(s for s in game.seats.all() if s.index not in game.to_move)
            if with_tree:
                ConditionalMoves.objects.update_or_create(
                    game=game, seat=waiting.index,
                    defaults={"user": waiting.user, "version": game.version,
                              "tree": {"z9-z9=9": {"reply": "a1-a2=1", "next": {}}}},
                )  # fmt: skip
            play_live(game, moves_with)
        signals.move_played.disconnect(dispatch_uid="planning.play_on")
        try:
            game = start("triad", 2)
            for _ in range(requests):
                if game.status != "active":
                    game = start("triad", 2)
                play_live(game, moves_without)
        finally:
            signals.move_played.connect(receivers.on_move_played, dispatch_uid="planning.play_on")
        print(f"triad      conditional check, {label:17} {figures(hook)}")
        print(f"triad      live move, receiver on, {label:17} {figures(moves_with)}")
        print(f"triad      live move, receiver off                   {figures(moves_without)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
