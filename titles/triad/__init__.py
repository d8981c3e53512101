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
    bench={"games_per_second": 200.0, "legal_p99_ms": 1.0},
)
