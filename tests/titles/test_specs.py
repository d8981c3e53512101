"""Every registered game's spec holds together: its parts import and answer, its
capabilities agree with its engine, its computer levels name real levels."""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from django.template.loader import get_template

from games import registry
from games.computer.levels import LEVELS
from games.registry import GameSpec

GAMES = registry.names()
ROOT = Path(__file__).resolve().parents[2]


def test_the_setting_lists_the_three_games_in_order():
    assert GAMES == ["triad", "trias", "tritarea"]


@pytest.mark.parametrize("name", GAMES)
def test_the_spec_names_its_engine_and_parts(name):
    spec = registry.get(name)
    assert isinstance(spec, GameSpec) and spec.engine.name == name
    assert (spec.title, spec.min_players, spec.max_players) == (
        spec.engine.title,
        spec.engine.min_players,
        spec.engine.max_players,
    )
    assert callable(spec.part("board").render_svg) and callable(spec.part("board").guide)
    assert callable(spec.part("changes").changes) and callable(spec.part("changes").overlay)
    assert callable(spec.part("words").describe)
    assert callable(spec.part("diagrams").diagrams)
    get_template(spec.rules_template)
    assert spec.rules_anchors and spec.showcase is not None
    # What the spec declares of its board is what the board module draws, so the core
    # never probes the module for it.
    board = spec.part("board")
    assert spec.board_layers == callable(getattr(board, "layers", None))
    assert spec.board_picture == callable(getattr(board, "picture", None))
    assert spec.card_pictures == callable(getattr(board, "card_picture", None))


@pytest.mark.parametrize("name", GAMES)
def test_its_capabilities_agree_with_its_engine(name):
    spec = registry.get(name)
    engine = spec.engine
    new = engine.new_game(spec.max_players, 5, None)
    if spec.determinize is not None:
        assert spec.hidden_information  # only secrets need re-drawing
        seat = engine.to_move(new)[0]
        assert engine.view(spec.determinize(new, seat, random.Random(1)), seat)
    seats = spec.seats(spec.max_players, {})
    assert seats >= spec.max_players
    assert set(spec.rules_computer_seats(spec.min_players, {})) <= set(range(seats))
    if spec.seat_labels is not None:
        assert len(spec.seat_labels(spec.max_players, {})) == seats
    assert "evaluate" in spec.evaluators
    # A choice of the next card comes with the way to draw it (planning.chance), and only
    # where there are secrets to choose among.
    assert (spec.draw_choices is None) == (spec.with_draw is None)
    if spec.draw_choices is not None:
        assert spec.hidden_information
    # So does a choice of another seat's hidden card, with the way to put it there.
    assert (spec.hand_choices is None) == (spec.with_hand_card is None)
    if spec.hand_choices is not None:
        assert spec.hidden_information


@pytest.mark.parametrize("name", GAMES)
def test_its_computer_settings_name_real_levels_and_estimates(name):
    spec = registry.get(name)
    assert set(spec.levels) <= set(LEVELS) and set(spec.levels_by_table) <= set(LEVELS)
    for arguments in [*spec.levels.values()] + [
        changes for table in spec.levels_by_table.values() for changes in table.values()
    ]:
        assert arguments.get("evaluator", "evaluate") in spec.evaluators


def test_a_part_the_game_lacks_is_a_clear_error():
    spec = GameSpec(engine=registry.get("triad").engine)
    with pytest.raises(LookupError, match="triad provides no board"):
        spec.part("board")
    with pytest.raises(ValueError):
        registry.get("triad").part("engine")


def test_the_engines_and_the_registry_load_without_django():
    """The engines are pure Python: a benchmark or a notebook loads every game's engine,
    the registry and the computer players without Django or Celery."""
    code = (
        "import sys; import titles.triad.engine, titles.trias.engine, titles.tritarea.engine; "
        "from games import registry; from games.computer import levels, players; "
        "names = [spec.name for spec in registry.all()]; "
        "print(names, sorted({m.split('.')[0] for m in sys.modules} & {'django', 'celery'}))"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    found = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "['triad', 'trias', 'tritarea'] []", found.stderr
