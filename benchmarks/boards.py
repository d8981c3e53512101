"""Board benchmark: one game page's board and turn guide, drawn in-process.

    .venv/bin/python benchmarks/boards.py [--repeat 200]

For fixed positions of each game (reached by seeded random play, so every run
measures the same boards), it times ``boards.render_svg`` plus ``boards.guide`` for
the player to move, as the game page calls them: unselected, and with a piece
selected (the first choice of the guide). Pure Python: no database, no Django.
It prints the median and the best CPU time of each in milliseconds (process time, so
that other work on a shared machine counts less), with the number of legal actions,
the guide's choices and its longest list of targets (what a player reads).
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

try:
    from titles.trias import guide as trias_guide
except ImportError:  # an older tree, measured for comparison
    try:
        from games.boards import trias_guide
    except ImportError:
        trias_guide = None
from games.engines import ENGINES

# Per-position caches of a board module, cleared before each drawing so that every
# drawing is timed as a new request's (engine memo tables stay warm, as on a site).
FRESH = {"trias": (trias_guide._turn_of.cache_clear,)} if trias_guide else {}

# (label, game, players, game seed, random plies, phase wanted or None)
POSITIONS = (
    ("Trias 4p, actions phase", "trias", 4, 7, 50, "actions"),
    ("Trias 4p, mandatory drift", "trias", 4, 7, 25, "drift"),
    ("Trias 3p, actions, 958 legal", "trias", 3, 5, 20, "actions"),
    ("Triad, mid-game", "triad", 2, 7, 12, None),
    ("Tri*T*Area 4p, mid-trick", "tritarea", 4, 7, 9, None),
)


def position(game: str, players: int, seed: int, plies: int, phase: str | None):
    """The state after ``plies`` seeded random actions, then on to ``phase``."""
    engine = ENGINES[game]
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    played = 0
    while engine.outcome(state) is None:
        seat = engine.to_move(state)[0]
        actions = engine.legal_actions(state, seat)
        if played >= plies and (phase is None or getattr(state, "phase", None) == phase):
            return engine, state, seat, actions
        state = engine.apply(state, seat, rng.choice(actions))
        played += 1
    raise SystemExit(f"{game} seed {seed} ended before ply {plies}")


def timed(fn, repeat: int) -> tuple[float, float]:
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        samples.append((time.process_time() - start) * 1000)
    return statistics.median(samples), min(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    print(
        f"{'position':30} {'selected':>9} {'median ms':>10} {'best ms':>8}  legal/choices/longest"
    )
    for label, game, players, seed, plies, phase in POSITIONS:
        engine, state, seat, actions = position(game, players, seed, plies, phase)
        view = engine.view(state, seat)
        first = boards.guide(game, view, seat=seat, actions=actions)
        token = first.choices[0].token if first.choices else None
        longest = max([len(c.targets) for c in first.choices] + [len(first.buttons)])
        for selected in (None, token) if token else (None,):

            def draw(game=game, view=view, seat=seat, actions=actions, selected=selected):
                for forget in FRESH.get(game, ()):
                    forget()  # as a new request: its legal actions parsed afresh
                boards.render_svg(game, view, seat=seat, actions=actions, selected=selected)
                boards.guide(game, view, seat=seat, actions=actions, selected=selected)

            draw()  # warm the engines' memo tables, as a running site has them
            median, best = timed(draw, args.repeat)
            print(
                f"{label:30} {('yes' if selected else 'no'):>9} {median:10.2f} {best:8.2f}  "
                f"{len(actions)}/{len(first.choices)}/{longest}"
            )


if __name__ == "__main__":
    main()
