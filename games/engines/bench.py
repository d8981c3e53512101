"""Engine benchmark: ``python -m games.engines.bench [--engine NAME] [--games N]``.

For every registered engine (or the one named) and every player count it prints:

- random playouts per second: complete games of random legal actions, one core;
- the median and p99 time of ``legal_actions`` and of ``apply`` (timed one call at a
  time in separate games, each ``legal_actions`` on a state never asked before, so
  caches inside states do not flatter it);
- the size of ``json.dumps(to_json(state))`` in bytes: at the start, median and
  largest over the states visited.

``--games`` caps the games per engine and player count (default 200) and
``--seconds`` the time spent on each measurement (default 3), so that a default run
over all engines finishes in well under a minute.

Targets: each game's ``GameSpec.bench`` (``games_per_second``, limited to the player
counts ``rate_players`` when given, and ``legal_p99_ms``): Triad at least 200 random
games per second and ``legal_actions`` p99 under 1 ms; Trias at least 10 four-player
games per second and p99 under 5 ms; Tri*T*Area at least 100 games per second and p99
under 1 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from types import ModuleType

from games import registry

from . import ENGINES


def random_games_per_second(
    engine: ModuleType, num_players: int, games: int, seconds: float
) -> tuple[float, int]:
    """Complete random games per second (and how many were played)."""
    rng = random.Random(1)
    to_move, legal_actions, apply = engine.to_move, engine.legal_actions, engine.apply
    played = 0
    started = time.perf_counter()
    deadline = started + seconds
    while played < games:
        state = engine.new_game(num_players, 1000 + played, None)
        while movers := to_move(state):
            seat = movers[0]
            state = apply(state, seat, rng.choice(legal_actions(state, seat)))
        played += 1
        if time.perf_counter() > deadline:
            break
    return played / (time.perf_counter() - started), played


def call_times(
    engine: ModuleType, num_players: int, games: int, seconds: float
) -> tuple[list[float], list[float], list[int]]:
    """Per-call times (seconds) of legal_actions and apply, and to_json sizes."""
    rng = random.Random(2)
    legal_times: list[float] = []
    apply_times: list[float] = []
    sizes: list[int] = []
    clock = time.perf_counter
    deadline = clock() + seconds
    for game in range(games):
        state = engine.new_game(num_players, 5000 + game, None)
        sizes.append(len(json.dumps(engine.to_json(state))))
        while movers := engine.to_move(state):
            seat = movers[0]
            t0 = clock()
            legal = engine.legal_actions(state, seat)
            t1 = clock()
            action = rng.choice(legal)
            t2 = clock()
            state = engine.apply(state, seat, action)
            t3 = clock()
            legal_times.append(t1 - t0)
            apply_times.append(t3 - t2)
            sizes.append(len(json.dumps(engine.to_json(state))))
        if clock() > deadline:
            break
    return legal_times, apply_times, sizes


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engines.bench", description=__doc__)
    parser.add_argument("--engine", choices=sorted(ENGINES), help="only this engine")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--seconds", type=float, default=3.0, help="time cap per measurement")
    args = parser.parse_args(argv)

    names = [args.engine] if args.engine else list(ENGINES)
    header = (
        f"{'engine':<10}{'players':>8}{'games/s':>10}{'games':>7}"
        f"{'legal med':>11}{'legal p99':>11}{'apply med':>11}{'apply p99':>11}"
        f"{'json start':>12}{'json med':>10}{'json max':>10}"
    )
    print(header)
    print("-" * len(header))
    failed = []
    targets = {spec.name: spec.bench for spec in registry.all() if spec.bench}
    for name in names:
        engine = ENGINES[name]
        for n in range(engine.min_players, engine.max_players + 1):
            if args.players and n != args.players:
                continue
            rate, played = random_games_per_second(engine, n, args.games, args.seconds)
            legal, applied, sizes = call_times(engine, n, max(1, args.games // 4), args.seconds / 2)
            legal_med, legal_p99 = percentile(legal, 50) * 1e3, percentile(legal, 99) * 1e3
            apply_med, apply_p99 = percentile(applied, 50) * 1e3, percentile(applied, 99) * 1e3
            print(
                f"{name:<10}{n:>8}{rate:>10.1f}{played:>7}"
                f"{legal_med:>9.3f}ms{legal_p99:>9.3f}ms{apply_med:>9.3f}ms{apply_p99:>9.3f}ms"
                f"{sizes[0]:>11}B{int(statistics.median(sizes)):>9}B{max(sizes):>9}B"
            )
            target = targets.get(name)
            if target:
                rate_counts = target.get("rate_players", (n,))
                if n in rate_counts and rate < target["games_per_second"]:
                    failed.append(f"{name} {n}p: {rate:.0f} games/s < {target['games_per_second']}")
                if legal_p99 > target["legal_p99_ms"]:
                    failed.append(
                        f"{name} {n}p: legal_actions p99 {legal_p99:.3f} ms > "
                        f"{target['legal_p99_ms']} ms"
                    )
    for line in failed:
        print(f"TARGET MISSED: {line}")
    if not failed and any(name in targets for name in names):
        print("targets met: " + ", ".join(name for name in names if name in targets))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
