"""Tri*T*Area board benchmark: ``render_svg`` + ``guide`` of mid-game positions.

    .venv/bin/python benchmarks/tritarea_board.py [--positions 200] [--repeat 5]

Plays seeded random games (1-4 people) and keeps positions of rounds 2 and 3 in every
phase; for each one it draws the board and the guide for the person to move (with
their legal actions, nothing selected) and, for a quarter of them, for a spectator
too. Prints the median, 95th percentile and maximum time of one board drawn with its
guide (best of ``--repeat`` runs each), in microseconds. Pure Python: no database, no
Django; the page draws this once per view it does not find in its cache.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import boards
from titles.tritarea import engine as tt


def positions(count: int) -> list:
    """``(state, seat)`` pairs from seeded random games, every phase represented."""
    rng = random.Random(11)
    found: list = []
    game = 0
    while len(found) < count:
        game += 1
        state = tt.new_game(1 + game % 4, game)
        while tt.outcome(state) is None and len(found) < count:
            seat = rng.choice(tt.to_move(state))
            if state.round >= 2 and rng.random() < 0.05:
                found.append((state, seat))
            state = tt.apply(state, seat, rng.choice(tt.legal_actions(state, seat)))
    return found


def timed(state, seat, repeat: int) -> float:
    """Best time of ``repeat`` draws of the board and guide, in microseconds."""
    view = tt.view(state, seat)
    actions = tt.legal_actions(state, seat) if seat is not None else []
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        boards.render_svg("tritarea", view, seat=seat, actions=actions)
        boards.guide("tritarea", view, seat=seat, actions=actions)
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cases = positions(args.positions)
    cases += [(state, None) for state, _seat in cases[: len(cases) // 4]]  # spectators
    phases: dict[str, int] = {}
    for state, _seat in cases:
        phases[state.phase] = phases.get(state.phase, 0) + 1
    times = sorted(timed(state, seat, args.repeat) for state, seat in cases)
    p95 = times[max(0, int(len(times) * 0.95) - 1)]
    print(f"positions: {len(cases)} ({', '.join(f'{k} {v}' for k, v in sorted(phases.items()))})")
    print(
        f"render_svg + guide: median {statistics.median(times):.0f} µs, "
        f"p95 {p95:.0f} µs, max {times[-1]:.0f} µs"
    )


if __name__ == "__main__":
    main()
