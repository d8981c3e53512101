"""Trias: 2-5 players, a supercontinent that drifts apart (see ``engine``)."""

from games.registry import GameSpec, Showcase

from . import engine
from .engine import draws, hands
from .engine.rules import COLOURS

# The rules page's sections a turn guide may point to.
RULES_ANCHORS = (
    "goal", "setup", "place", "card", "drift", "actions", "scoring", "end", "tripost",
)  # fmt: skip

SPEC = GameSpec(
    engine=engine,
    board="titles.trias.board",
    board_layers=True,
    board_picture=True,
    changes="titles.trias.changes",
    words="titles.trias.words",
    diagrams="titles.trias.diagrams",
    rules_template="trias/rules.html",
    rules_anchors=RULES_ANCHORS,
    site_rules=engine.SITE_RULES,
    names=tuple(str(colour) for colour in COLOURS),
    showcase=Showcase(demo_moves=60, demo_players=3, demo_seed=21),
    hidden_information=True,  # the other hands, the deck's order
    reveals_information=engine.reveals_information,
    auto_play_forced=engine.plays_forced,
    determinize=engine.determinize,
    draw_choices=draws.next_draw_choices,
    with_draw=draws.with_next_draw,
    hand_choices=hands.hand_choices,
    with_hand_card=hands.with_hand_card,
    seat_labels=engine.seat_labels,
    default_players=4,
    coordinates_toggle=True,
    evaluators={"evaluate": engine.evaluate, "evaluate_board": engine.evaluate_board},
    # The computer levels (games.computer.levels.LEVELS) for Trias; measured in bots.py.
    levels={
        # the board as it stands, blind to the land masses to come
        "beginner": {"evaluator": "evaluate_board"},
        "casual": {"playouts": 16, "depth": 4, "blunder": 0.12, "evaluator": "evaluate_board"},
        # the fitted estimate one action deep, with a lapse in ten
        "strong": {"playouts": 4, "width": 4, "depth": 0, "blunder": 0.1},
        "expert": {"playouts": 48, "depth": 8},
    },
    levels_by_table={
        # With two rivals or more a lapse in three left Beginner about as good as
        # Casual (39% against two Beginners, share 33%): every other move.
        "beginner": {3: {"blunder": 0.5}},
        # Among five, one action deep was no better than Casual (30% against four of
        # it, share 20%); a short look ahead is (42%).
        "strong": {5: {"playouts": 12, "depth": 4, "width": 4}},
        # Among five, where Strong looks ahead too: with 48 playouts Expert won 25% of
        # 20 games against four Strongs (share 20%), with 96 40%.
        "expert": {5: {"playouts": 96}},
    },
    bench={"games_per_second": 10.0, "rate_players": (4,), "legal_p99_ms": 5.0},
)
