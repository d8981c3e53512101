"""The construction phase: placement for each right, stacking, additional construction
(TT2), bonus squares (TT1), default and its penalty, NPC building (TT8)."""

from __future__ import annotations

import pytest

from games.engines import IllegalAction
from titles.tritarea import engine as tt

from .helpers import building


def test_first_right_builds_one_block_in_the_adopted_area_on_top_of_anything():
    s = building(((0, 2), (1, 8)), "M", stacks={"c2": (3, 3)})
    assert tt.legal_actions(s, 0) == ["b d1", "b c2", "b d2", "b d3", "pass"]
    s = tt.apply(s, 0, "b c2")
    assert s.board[6] == (3, 3, 0)
    assert s.blocks[0] == 6


def test_second_right_may_stack_two_blocks_on_one_square_only():
    s = building(((0, 2), (1, 8)), "E", builder=1)
    assert "b c3 c3" in tt.legal_actions(s, 1)
    with pytest.raises(IllegalAction, match="same square"):
        tt.apply(s, 1, "b c3 b4")
    s = tt.apply(s, 1, "b c3 c3")
    assert s.board[10] == (1, 1)
    assert s.blocks[1] == 5


def test_first_right_cannot_stack_two():
    s = building(((0, 2), (1, 8)), "E")
    with pytest.raises(IllegalAction, match="Only the second rights holder"):
        tt.apply(s, 0, "b c3 c3")


def test_building_outside_the_adopted_area_is_refused():
    s = building(((0, 2), (1, 8)), "H")
    with pytest.raises(IllegalAction, match="c2 is not in the Happiness area"):
        tt.apply(s, 0, "b c2")


def test_second_right_with_one_block_places_one():
    s = building(((0, 2), (1, 8)), "E", builder=1, blocks=(7, 1, 7, 7))
    assert tt.legal_actions(s, 1) == ["b c3", "b b4", "b c4", "b d4", "pass"]


def test_tt1_a_block_on_an_empty_bonus_square_scores_the_bonus_once():
    """TT1 / rulebook, Points when Building: +3 on a4 when it is empty."""
    s = building(((0, 2), (1, 8)), "H")
    s = tt.apply(s, 0, "b a4")
    assert s.scores[0] == 13
    s = tt.apply(s, 1, "b a4 a4")
    assert s.scores[1] == 10  # not empty any more


def test_tt2_additional_block_next_to_the_square_built_on_when_an_own_top_is_adjacent():
    """TT2: after building on b2 with an own top on c2 (adjacent), add one next to b2."""
    s = building(((0, 2), (1, 8)), "I", stacks={"c2": (1, 0)})
    s = tt.apply(s, 0, "b b2")
    assert s.phase == "extra"
    assert tt.legal_actions(s, 0) == ["x b1", "x a2", "x c2", "x b3", "pass"]
    s = tt.apply(s, 0, "x b3")  # any area, empty or built
    assert s.board[9] == (0,)
    assert s.phase == "build" and tt.to_move(s) == (1,)


def test_tt2_no_additional_block_without_an_adjacent_own_top():
    s = building(((0, 2), (1, 8)), "I", stacks={"c2": (0, 1), "d1": (0,)})
    s = tt.apply(s, 0, "b b2")
    assert s.phase == "build" and tt.to_move(s) == (1,)


def test_tt2_additional_block_may_be_refused_without_penalty():
    s = building(((0, 2), (1, 8)), "I", stacks={"a2": (0,)})
    s = tt.apply(s, 0, "b a1")
    assert s.phase == "extra"
    s = tt.apply(s, 0, "pass")
    assert s.scores[0] == 12  # bonus +2 on a1, no penalty


def test_qa_the_additional_block_earns_a_bonus_square():
    """Q&A: an empty bonus square reached by additional construction scores."""
    s = building(((0, 2), (1, 8)), "H", stacks={"b3": (0,)})
    s = tt.apply(s, 0, "b a3")
    s = tt.apply(s, 0, "x a4")
    assert s.scores[0] == 13


def test_tt2_second_holder_extra_after_stacking_two():
    s = building(((0, 2), (1, 8)), "M", builder=1, stacks={"c1": (1,)})
    s = tt.apply(s, 1, "b d1 d1")
    assert s.phase == "extra"
    assert tt.legal_actions(s, 1) == ["x c1", "x d2", "pass"]


def test_qa_a_rights_holder_who_declines_pays_the_rank():
    """Q&A: a holder may decline to build by paying penalty points equal to the rank."""
    s = building(((0, 2), (1, 8)), "M")
    s = tt.apply(s, 0, "pass")
    assert s.scores[0] == 8
    s = tt.apply(s, 1, "pass")
    assert s.scores[1] == 2
    assert "White does not build and defaults: -8" in s.log


def test_scores_never_go_below_zero_on_default():
    s = building(((0, 2), (1, 8)), "M", scores=(1, 3, 0, 0))
    s = tt.apply(s, 0, "pass")
    s = tt.apply(s, 1, "pass")
    assert s.scores[:2] == (0, 0)


def test_qa_a_holder_without_blocks_defaults_automatically():
    """Q&A (selling all blocks): breach of contract whenever the right is won."""
    s = building(((0, 2), (1, 8)), "M", blocks=(7, 0, 7, 7), scores=(10, 10, 10, 10))
    s = tt.apply(s, 0, "b d1")
    assert s.scores[1] == 2
    assert "White has no blocks and defaults: -8" in s.log
    assert s.phase == "play" and s.trick_no == 4


def test_the_first_holder_takes_the_lead_of_the_next_trick():
    s = building(((2, 2), (1, 8)), "M", leader=0)
    s = tt.apply(s, 2, "b d1")
    s = tt.apply(s, 1, "pass")
    assert s.leader == 2 and s.trick_no == 4


def test_tt8_the_decider_must_place_at_least_one_block_for_an_npc():
    """TT8: no 'pass' for a computer seat with blocks; the additional block stays optional."""
    s = building(((1, 2), (2, 8)), "H", num_players=1, stacks={"b4": (1,)})
    assert tt.to_move(s) == (0,)
    actions = tt.legal_actions(s, 0)
    assert "pass" not in actions
    with pytest.raises(IllegalAction, match="must place at least one block"):
        tt.apply(s, 0, "pass")
    assert tt.view(s, 0)["deciding_for"] == 1
    s = tt.apply(s, 0, "b a4")
    assert s.board[12] == (1,)
    assert tt.legal_actions(s, 0)[-1] == "pass"
