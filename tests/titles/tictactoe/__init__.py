"""Tic-tac-toe: a fourth game that lives only in the tests, added to the site through
the registry alone (``tests/titles/test_a_new_game.py``)."""

from games.registry import GameSpec, Showcase

from . import engine

SPEC = GameSpec(
    engine=engine,
    board="tests.titles.tictactoe.board",
    changes="tests.titles.tictactoe.changes",
    words="tests.titles.tictactoe.words",
    diagrams="tests.titles.tictactoe.diagrams",
    rules_template="tictactoe/rules.html",
    rules_anchors=("goal", "turn", "end"),
    showcase=Showcase(demo_moves=3, demo_players=2, demo_seed=1),
    draws=True,
    seat_labels=engine.seat_labels,
)
