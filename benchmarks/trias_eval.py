"""Fit the Trias search bot's evaluation (``titles.trias.engine.evaluation``).

    nice -n 10 .venv/bin/python benchmarks/trias_eval.py [--games 400] [--players 2]
        [--level casual] [--seed 50000] [--jobs 2] [--every 2]

Plays ``--games`` games of the chosen table with the computer level ``--level`` in
every seat (seeds from ``--seed``; different seeds from the level benchmark's), keeps
the features of every ``--every``-th position for every seat, and fits each seat's
final score on them by least squares (a little ridge, so that rare features stay
small). It prints the weights as the Python tuple that ``WEIGHTS`` holds, the fit on
the games it learnt from and on a fifth of them held out (R² and how often the
predicted leader is the winner), and takes a few minutes on two cores for 400 games.
Paste the weights into ``WEIGHTS[2]`` (two players) or ``WEIGHTS[3]`` (three or more).
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

if __package__ in (None, ""):  # run as a script: python benchmarks/trias_eval.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.computer.levels import LEVELS
from games.engines import ENGINES
from titles.trias.engine.evaluation import FEATURES, expanded, features, progress
from titles.trias.engine.state import PLACE


def play(job: tuple[int, int, str, int]) -> tuple[list[tuple[list[float], int]], list[int], int]:
    """One game: (features of the kept positions with their seat, final scores, winner)."""
    seed, players, level, every = job
    engine = ENGINES["trias"]
    bots = [LEVELS[level].bot(seed * 10 + s, "trias", players) for s in range(players)]
    state = engine.new_game(players, seed, None)
    kept: list[tuple[list[float], int]] = []
    step = 0
    while movers := engine.to_move(state):
        seat = movers[0]
        if state.phase != PLACE and step % every == 0:
            share = progress(state)
            for s, row in enumerate(features(state)):
                kept.append((expanded(row, share), s))
        step += 1
        state = engine.apply(state, seat, bots[seat].choose(engine, state, seat))
    outcome = engine.outcome(state)
    return kept, list(outcome.scores), outcome.winners[0]


def solve(xtx: list[list[float]], xty: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small)."""
    n = len(xty)
    a = [[*row, xty[i]] for i, row in enumerate(xtx)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                if f:
                    a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def fit(rows: list[tuple[list[float], float]], ridge: float) -> list[float]:
    k = len(rows[0][0])
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for x, y in rows:
        for i, xi in enumerate(x):
            if xi:
                xty[i] += xi * y
                row = xtx[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
    for i in range(k - 1):  # not the constant
        xtx[i][i] += ridge * len(rows)
    return solve(xtx, xty)


def report(label: str, games, weights: list[float]) -> None:
    errors, total, right, decided = 0.0, 0.0, 0, 0
    ys = [y for kept, scores, _ in games for _, s in kept for y in [scores[s]]]
    mean = sum(ys) / len(ys)
    for kept, scores, winner in games:
        by_position: dict[int, list[float]] = {}
        for i, (x, s) in enumerate(kept):
            p = sum(a * b for a, b in zip(weights, x, strict=True))
            errors += (p - scores[s]) ** 2
            total += (scores[s] - mean) ** 2
            by_position.setdefault(i - s, [0.0] * len(scores))[s] = p
        for predicted in by_position.values():
            decided += 1
            right += max(range(len(predicted)), key=predicted.__getitem__) == winner
    print(
        f"{label}: R² {1 - errors / total:.3f}, predicted leader wins {right / decided:.1%} "
        f"of {decided} positions"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="casual")
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every", type=int, default=2, help="keep every k-th position")
    parser.add_argument("--ridge", type=float, default=0.01)
    args = parser.parse_args(argv)
    jobs = [(args.seed + i, args.players, args.level, args.every) for i in range(args.games)]
    games = []
    with Pool(args.jobs) as pool:
        for game in pool.imap(play, jobs):
            games.append(game)
            if len(games) % 20 == 0:
                print(f"{len(games)} games played", file=sys.stderr, flush=True)
    held = len(games) // 5
    train, test = games[held:], games[:held]
    rows = [(x, float(scores[s])) for kept, scores, _ in train for x, s in kept]
    weights = fit(rows, args.ridge)
    names = [*FEATURES, *(f"{f}*left" for f in FEATURES), "constant"]
    for name, w in zip(names, weights, strict=True):
        print(f"  {name:<18} {w:+.4f}")
    report("learnt from", train, weights)
    if test:
        report("held out", test, weights)
    print("(" + ", ".join(f"{w:.4f}" for w in weights) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
