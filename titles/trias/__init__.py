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
    evaluators={
        "evaluate": engine.evaluate,
        "evaluate_board": engine.evaluate_board,
        "evaluate_to_the_end": engine.evaluate_to_the_end,
    },
    # The computer levels (games.computer.levels.LEVELS) for Trias; measured in bots.py.
    # With two players every level judges by the fitted estimate (``evaluate``):
    # judging the board as it stands (``evaluate_board``) left a level no better than
    # the one-ply greedy player of bots.py (45% and 35%), and the fitted estimate one
    # action deep beats it (81%). A turn is several actions, so one action deep sees
    # part of it, and random playouts 4 actions deep were no better (49% against it):
    # Casual compares whole turns (its own finished by the estimate), Strong and Expert
    # whole turns answered by the other's turn. Measured (trias:2, seeds from 93000,
    # tuned on seeds from 1000): the README's "Computer players" table.
    levels={
        # one action deep, with a lapse in ten
        "beginner": {
            "evaluator": "evaluate",
            "playouts": 4,
            "width": 4,
            "depth": 0,
            "blunder": 0.1,
        },
        # the rest of its own turn (several actions) finished by the fitted estimate's
        # best action each step, on 8 samples of the unknown, for its 4 best-looking
        # actions: whole turns compared, not single actions
        "casual": {
            "evaluator": "evaluate",
            "playouts": 8,
            "width": 4,
            "depth": 10,
            "plan_turn": True,
            "turns": 1,
            "ucb": 0.0,
            "blunder": 0.0,
        },
        # whole turns as Casual (each candidate's own turn finished once, then replayed:
        # ``keep_plan``), each answered by the other's turn, its best action each step
        # from a scan of all of them, on one sample of the unknown shared by the 4
        # candidates (``paired``): two turns ahead. 61% against Casual (70 games, seeds
        # from 123000; 79% of 24 from seed 1000), 0.42 s a decision; its replies
        # best-of-16 drawn, on 2 samples each (not shared), had won 58%.
        "strong": {
            "playouts": 4,
            "width": 4,
            "depth": 20,
            "plan_turn": True,
            "turns": 2,
            "greedy": 1.0,
            "sample": 0,
            "ucb": 0.0,
            "keep_plan": True,
            "paired": True,
        },
        # as Strong, on 2 samples of the unknown, judging by the fitted estimate leaned
        # towards the land as it lies as the Meteorite nears (``evaluate_to_the_end``):
        # the fitted one alone lost 3 of the first 54 games to the random player (seeds
        # from 161000), all with its herds on a main land mass that never broke up
        # before the end (which scores nothing, TS13); with it, 1 of 60 there and 1 of
        # 120 on seeds from 171000; against Strong 57.5 of 100 there, where the fitted
        # one alone won 51 (and 62.9% of 70 from seed 123000)
        "expert": {
            "evaluator": "evaluate_to_the_end",
            "playouts": 8,
            "width": 4,
            "depth": 20,
            "plan_turn": True,
            "turns": 2,
            "greedy": 1.0,
            "sample": 0,
            "ucb": 0.0,
            "keep_plan": True,
            "paired": True,
        },
    },
    # With three players and more, the levels measured there before (bots.py, trias:3
    # to trias:5): Beginner and Casual judge the board as it stands, with lapses; no
    # level plans whole turns (measured with two players only).
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
                "plan_turn": False,
                "turns": 0,
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
                "sample": 8,
                "blunder": 0.1,
                "plan_turn": False,
                "turns": 0,
                "keep_plan": False,
                "paired": False,
            },
            5: {"playouts": 12, "depth": 4, "width": 4},
        },
        # 48 guided playouts 8 actions deep; among five, where Strong looks ahead too,
        # Expert won 25% of 20 games against four Strongs with them (share 20%), with
        # 96 40%.
        "expert": {
            3: {
                "evaluator": "evaluate",  # as measured there (the end's weighing: two only)
                "playouts": 48,
                "depth": 8,
                "width": 14,
                "greedy": 0.6,
                "sample": 10,
                "ucb": 0.4,
                "plan_turn": False,
                "turns": 0,
                "keep_plan": False,
                "paired": False,
            },
            5: {"playouts": 96},
        },
    },
    bench={"games_per_second": 10.0, "rate_players": (4,), "legal_p99_ms": 5.0},
)
