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
    # With two players every level judges by the fitted estimate (``evaluate``):
    # judging the board as it stands (``evaluate_board``) left a level no better than
    # the one-ply greedy player of bots.py (45% and 35%), and the fitted estimate one
    # action deep beats it (81%). Looking further ahead buys little over that (12
    # random playouts 4 actions deep 49% against it, 48 guided ones 8 deep 55%, 24
    # guided ones 40%): lapses are what sets the lower levels apart.
    levels={
        # one action deep, with a lapse in ten
        "beginner": {
            "evaluator": "evaluate",
            "playouts": 4,
            "width": 4,
            "depth": 0,
            "blunder": 0.1,
        },
        # one action deep, without lapses
        "casual": {
            "evaluator": "evaluate",
            "playouts": 4,
            "width": 4,
            "depth": 0,
            "ucb": 0.0,
            "blunder": 0.0,
        },
        # a short look ahead: 12 random playouts 4 actions deep
        "strong": {
            "playouts": 12,
            "depth": 4,
            "width": 4,
            "greedy": 0.0,
            "ucb": 0.0,
        },
        "expert": {"playouts": 48, "depth": 8},
    },
    # With three players and more, the levels measured there before (bots.py, trias:3
    # to trias:5): Beginner and Casual judge the board as it stands, with lapses.
    levels_by_table={
        # With two rivals or more a lapse in three left Beginner about as good as
        # Casual (39% against two Beginners, share 33%): every other move.
        "beginner": {
            3: {
                "evaluator": "evaluate_board",
                "playouts": 4,
                "depth": 4,
                "width": 4,
                "blunder": 0.5,
            },
        },
        "casual": {
            3: {
                "evaluator": "evaluate_board",
                "playouts": 16,
                "depth": 4,
                "width": 8,
                "greedy": 0.5,
                "ucb": 0.5,
                "blunder": 0.12,
            },
        },
        # The fitted estimate one action deep, with a lapse in ten. Among five, one
        # action deep was no better than Casual (30% against four of it, share 20%);
        # a short look ahead is (42%).
        "strong": {
            3: {
                "playouts": 4,
                "width": 4,
                "depth": 0,
                "greedy": 0.6,
                "ucb": 0.4,
                "blunder": 0.1,
            },
            5: {"playouts": 12, "depth": 4, "width": 4},
        },
        # Among five, where Strong looks ahead too: with 48 playouts Expert won 25% of
        # 20 games against four Strongs (share 20%), with 96 40%.
        "expert": {5: {"playouts": 96}},
    },
    bench={"games_per_second": 10.0, "rate_players": (4,), "legal_p99_ms": 5.0},
)
