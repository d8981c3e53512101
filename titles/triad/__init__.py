"""Triad: two players, dice that turn and move (see ``engine``)."""

from games.registry import GameSpec, Showcase

from . import engine

SPEC = GameSpec(
    engine=engine,
    board="titles.triad.board",
    board_layers=True,
    changes="titles.triad.changes",
    words="titles.triad.words",
    diagrams="titles.triad.diagrams",
    rules_template="triad/rules.html",
    rules_anchors=("goal", "setup", "turn", "no-move", "triads", "end", "tripost"),
    site_rules=engine.SITE_RULES,
    showcase=Showcase(demo_moves=14, demo_players=2, demo_seed=8),
    draws=True,  # TD10: by agreement
    keeps_points=False,  # a win or a loss, no points
    reveals_information=engine.reveals_information,
    auto_play_forced=engine.plays_forced,
    conditional_moves=True,  # perfect information after the setup roll
    seat_labels=engine.seat_labels,
    evaluators={"evaluate": engine.evaluate},
    # The computer levels (games.computer.levels.LEVELS) for Triad, measured in
    # benchmarks/bots.py. Only a Triad counts, so each looks at the replies: every
    # playout step takes the Triad the board offers (``greedy`` 1, all actions).
    levels={
        # a few moves and the best reply to each, with a slip in seven
        "beginner": {
            "playouts": 6,
            "depth": 2,
            "width": 6,
            "greedy": 1.0,
            "sample": 0,
            "blunder": 0.15,
        },
        # every move and the best reply to each
        "casual": {
            "playouts": 30,
            "depth": 2,
            "width": 30,
            "greedy": 1.0,
            "sample": 0,
            "ucb": 0.0,
        },
        # every move, four actions deep, more playouts for the better moves
        "strong": {
            "playouts": 90,
            "depth": 4,
            "width": 30,
            "greedy": 1.0,
            "sample": 0,
            "ucb": 0.4,
        },
        # every move, six actions deep, more than three times Strong's playouts
        "expert": {
            "playouts": 300,
            "depth": 6,
            "width": 30,
            "greedy": 1.0,
            "sample": 0,
            "ucb": 0.4,
        },
    },
    bench={"games_per_second": 200.0, "legal_p99_ms": 1.0},
)
