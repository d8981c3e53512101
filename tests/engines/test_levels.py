"""The computer levels a person can choose (games.engines.bots.LEVELS)."""

import pytest

from games.engines import triad as t
from games.engines.bots import LEVELS, MonteCarloBot, level_bot


def test_the_four_levels_keep_their_ids_and_order():
    # The ids are stored on seats and name the levels as rated players: never renamed.
    assert list(LEVELS) == ["beginner", "casual", "strong", "expert"]
    assert [level.title for level in LEVELS.values()] == [
        "Beginner",
        "Casual",
        "Strong",
        "Expert",
    ]


def test_the_strong_levels_cap_their_cpu_time_and_the_lower_ones_need_no_cap():
    assert level_bot("expert", seed=1).max_seconds == 2.0
    assert level_bot("beginner", seed=1).max_seconds is None


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown computer level 'godlike'"):
        level_bot("godlike", seed=1)


def test_a_level_plays_legal_moves_reproducibly_from_its_seed():
    state = t.new_game(2, 5)
    picks = {level_bot("casual", seed=3).choose(t, state, t.BLACK) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(t.legal_actions(state, t.BLACK))
    assert isinstance(level_bot("casual", seed=3), MonteCarloBot)


def test_trias_gentle_levels_judge_the_board_as_it_stands_the_strong_ones_the_fitted_model():
    """Measured in benchmarks/bots.py: the fitted estimate is what lifts Strong and
    Expert above Casual in Trias; other games have one estimate for every level."""
    evaluators = {level: level_bot(level, seed=1, engine="trias").evaluator for level in LEVELS}
    assert evaluators == {
        "beginner": "evaluate_board",
        "casual": "evaluate_board",
        "strong": "evaluate",
        "expert": "evaluate",
    }
    assert all(level_bot(level, seed=1, engine="triad").evaluator == "evaluate" for level in LEVELS)
