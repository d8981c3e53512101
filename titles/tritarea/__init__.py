"""Tri*T*Area: 1-4 people at a table of four, computer seats fill the rest (see
``engine``)."""

from games.registry import GameSpec, Showcase

from . import engine
from .engine import hands
from .engine.board import AREAS
from .engine.seats import COLOURS

# The rules page's sections a turn guide may point to.
RULES_ANCHORS = (
    "goal", "setup", "lead", "sell", "trick", "build", "extra", "computer", "scoring",
    "end", "tripost",
)  # fmt: skip

SPEC = GameSpec(
    engine=engine,
    board="titles.tritarea.board",
    board_layers=True,
    changes="titles.tritarea.changes",
    words="titles.tritarea.words",
    diagrams="titles.tritarea.diagrams",
    rules_template="tritarea/rules.html",
    rules_anchors=RULES_ANCHORS,
    site_rules=engine.SITE_RULES,
    names=(*(str(colour) for colour in COLOURS), *(area[1] for area in AREAS.values())),
    own_names=tuple(area[0] for area in AREAS.values()),
    showcase=Showcase(demo_moves=40, demo_players=2, demo_seed=5, own_players=True),
    hidden_information=True,  # the hands, the lead areas declared in secret
    rounds=True,
    reveals_information=engine.reveals_information,
    auto_play_forced=engine.plays_forced,
    redact_action=engine.redact_action,
    determinize=engine.determinize,
    hand_choices=hands.hand_choices,
    with_hand_card=hands.with_hand_card,
    card_pictures=True,
    seat_labels=engine.seat_labels,
    seat_count=engine.seat_count,
    computer_seats=engine.computer_seats,
    evaluators={"evaluate": engine.evaluate},
    # The computer levels (games.computer.levels.LEVELS) for Tri*T*Area; measured in bots.py.
    levels={
        # the cards already give a random player chances: fewer lapses
        "beginner": {"blunder": 0.1},
        # Strong and Expert: random playouts to the round's end, judged once the round
        # is scored (``round_end``; a third less CPU than running on into the next
        # round), a finished game also by its margin (``margin``). With 2 people
        # Strong of 240 such playouts beat Casual 35.5 of 40 games (seeds from 1000)
        # where its 120 playouts on into the next round had won 22 of the first 30;
        # 160 keep Expert at four times Strong's, and beat Casual 80.0% [69.2, 87.7]
        # of 70 games on seeds not tuned on (figures in games/computer/levels.py).
        "strong": {
            "playouts": 160,
            "depth": 40,
            "greedy": 0.0,
            "sample": 0,
            "round_end": True,
            "margin": 0.5,
        },
        # Strong's playouts, four times as many
        "expert": {
            "playouts": 640,
            "depth": 40,
            "greedy": 0.0,
            "sample": 0,
            "round_end": True,
            "margin": 0.5,
        },
    },
    levels_by_table={
        # With three people and more, as measured there: Strong's 120 playouts on
        # into the next round, and Expert eight times as many: with four times,
        # Expert won 42% of 24 games against two Strongs (share 33%: not clear).
        "strong": {3: {"playouts": 120, "round_end": False, "margin": 0.0}},
        "expert": {3: {"playouts": 960, "round_end": False, "margin": 0.0}},
    },
    bench={"games_per_second": 100.0, "legal_p99_ms": 1.0},
)
