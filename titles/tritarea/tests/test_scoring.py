"""End-of-round scoring: areas (TT4), tallest building (TT5), declarations (TT6),
unplaced blocks, in the order of TT9, with the rulebook's Q&A answers."""

from __future__ import annotations

from titles.tritarea.engine.scoring import (
    area_points,
    area_standings,
    building_majority,
    place_in_area,
    round_scoring,
    tallest_points,
)

from .helpers import board

LABELS = ("Black", "White", "Orange", "Purple")
PEOPLE = (False, False, False, False)


def score(round_no, stacks, *, scores=(0, 0, 0, 0), hands=((), (), (), ()), lead=("",) * 4,
          blocks=(0, 0, 0, 0), npc=PEOPLE):  # fmt: skip
    return round_scoring(
        round_no=round_no,
        board=board(stacks),
        scores=scores,
        hands=hands,
        lead=lead,
        blocks=blocks,
        npc=npc,
        labels=LABELS,
    )


# --- Areas: the tie chain of TT4 ---------------------------------------------------


def test_area_majority_is_the_most_tops():
    """Rulebook, Area Exclusivity: most tops first (6), next second (4) in Intelligent."""
    b = board({"a1": (1, 0), "b1": (0,), "c1": (1,)})
    assert area_points(b, "I") == {0: 6, 1: 4}


def test_tt4_equal_counts_are_decided_by_the_tallest_building():
    """TT4: equal numbers of tops; the colour topping the taller building wins."""
    b = board({"a1": (1, 1, 0), "b1": (1,)})
    assert area_standings(b, "I") == [[0], [1]]
    assert area_points(b, "I") == {0: 6, 1: 4}


def test_tt4_then_the_second_tallest_building():
    """TT4 (clarified with the publisher): tallest buildings equal, compare the next."""
    b = board({"a1": (2, 2, 0), "b1": (3, 0), "c1": (3, 3, 1), "b2": (1,)})
    assert area_standings(b, "I") == [[0], [1]]
    assert area_points(b, "I") == {0: 6, 1: 4}


def test_tt4_a_full_tie_for_first_splits_first_and_second_and_gives_no_second():
    """TT4: shared first place splits 1st + 2nd points (rounded up), no second place."""
    b = board({"d1": (0, 0), "c2": (1, 1), "d2": (2, 2), "d3": (3,)})  # Modern 8/2
    assert area_standings(b, "M") == [[0, 1, 2], [3]]
    assert area_points(b, "M") == {0: 4, 1: 4, 2: 4}  # ceil(10 / 3)


def test_tt4_two_tied_for_first_share_evenly():
    b = board({"a1": (0,), "b1": (1,)})
    assert area_points(b, "I") == {0: 5, 1: 5}


def test_tt4_a_shared_second_place_splits_the_second_points_rounding_up():
    """TT4: sole first takes 5 in Ecology; two tied seconds share 5 -> 3 each."""
    b = board({"c3": (0,), "b4": (0,), "c4": (1,), "d4": (2,)})
    assert area_points(b, "E") == {0: 5, 1: 3, 2: 3}


def test_qa_a_lone_colour_in_an_area_gets_first_and_second_points():
    """Q&A: only one colour in an area -> first and second place points (10)."""
    b = board({"a1": (0,), "b2": (0, 1, 0)})
    assert area_points(b, "I") == {0: 10}
    assert area_points(board({"a4": (2,)}), "H") == {2: 10}


def test_qa_an_empty_area_gives_nothing():
    """Q&A: no building in an area -> no one gets points for it."""
    assert area_points(board({"a1": (0,)}), "M") == {}
    _scores, lines = score(1, {"a1": (0,)})
    assert "Modern: empty, no points" in lines


def test_only_the_top_block_counts_for_areas():
    """Rulebook: an area counts the colour seen from above."""
    b = board({"a1": (0, 0, 0, 1)})
    assert area_points(b, "I") == {1: 10}


# --- Tallest building (rulebook, TT5) ----------------------------------------------


def test_one_tallest_building_gives_its_majority_10():
    b = board({"a1": (0, 1, 1), "c3": (2, 2)})
    assert tallest_points(b) == [(0, 1, 10)]


def test_two_tallest_buildings_give_6_each():
    b = board({"a1": (0, 0), "c3": (2, 1)})
    assert tallest_points(b) == [(0, 0, 6), (10, 2, 6)]


def test_three_or_more_tallest_buildings_give_4_each():
    b = board({"a1": (0,), "b1": (1,), "c1": (2,)})
    assert [p for _sq, _owner, p in tallest_points(b)] == [4, 4, 4]


def test_qa_four_way_tallest_tie_gives_12_and_4():
    """Q&A: 4-way tie, A has the majority in 3, B in 1 -> A 12, B 4."""
    # A = seat 0, B = seat 1; on d1 A and Orange tie 1-1, A's block is lower (TT5)
    stacks = {"a1": (0, 0), "d1": (0, 2), "b2": (0, 0), "a4": (1, 1)}
    _scores, lines = score(1, stacks)
    tallest = [line for line in lines if line.startswith("Tallest")]
    assert len(tallest) == 4
    gains = {0: 0, 1: 0}
    for _sq, owner, pts in tallest_points(board(stacks)):
        gains[owner] += pts
    assert gains == {0: 12, 1: 4}


def test_tt5_building_majority_tie_goes_to_the_lowest_block():
    """TT5 / rulebook: equal blocks in a building -> the colour lower down wins."""
    assert building_majority((1, 0, 0, 1)) == 1
    assert building_majority((2, 3, 3, 2, 1)) == 2
    assert building_majority((0, 1, 1)) == 1


def test_no_buildings_no_tallest_points():
    assert tallest_points(board()) == []


# --- Declarations (TT6) ----------------------------------------------------------


def test_tt6_places_count_shared_first_as_first_and_absent_as_none():
    b = board({"a1": (0,), "b1": (1,), "c1": (2, 2)})
    assert place_in_area(b, "I", 2) == 1
    assert place_in_area(b, "I", 0) == 2
    assert place_in_area(b, "I", 1) == 2
    assert place_in_area(b, "I", 3) is None
    tied = board({"a1": (0,), "b1": (1,), "c1": (2,), "b2": (2,)})
    assert place_in_area(tied, "I", 2) == 1
    assert place_in_area(tied, "I", 0) == 2


def test_qa_two_declarations_of_intent_for_the_same_area_both_score():
    """Q&A: declarations are resolved independently; every first-place holder scores."""
    stacks = {"a4": (0,), "a3": (1,)}  # Happiness: seats 0 and 1 tied for first
    hands = (("H7",), ("H3",), ("H9",), ())
    scores, lines = score(2, stacks, hands=hands)
    # areas: 0 and 1 share Happiness 4+6 -> 5 each; tallest: 3 buildings... none taller
    area_and_tallest, _ = score(2, stacks)
    assert scores[0] - area_and_tallest[0] == 7
    assert scores[1] - area_and_tallest[1] == 3
    assert scores[2] == area_and_tallest[2] == 0  # absent from Happiness: nothing
    assert any("H7, first in Happiness +7" in line for line in lines)


def test_declaration_of_intent_scores_only_for_first_place():
    stacks = {"a4": (0,), "b3": (0,), "a3": (1,)}
    _scores, lines = score(2, stacks, hands=(("H2",), ("H8",), (), ()))
    assert any("White H8, not first" in line for line in lines)


def test_tt3_a_remaining_five_counts_as_ten_for_two_points_when_it_scores():
    """TT3: a person's declaration-of-intent 5 becomes 10 for 2 points when first."""
    stacks = {"a1": (0,)}
    base, _ = score(2, stacks)
    scores, lines = score(2, stacks, hands=(("I5",), (), (), ()))
    assert scores[0] - base[0] == 8
    assert any("I5 as 10 (paid 2)" in line for line in lines)


def test_tt8_an_npc_remaining_five_stays_five():
    stacks = {"a1": (1,)}
    base, _ = score(2, stacks)
    scores, _ = score(2, stacks, hands=((), ("I5",), (), ()), npc=(False, True, True, True))
    assert scores[1] - base[1] == 5


def test_lead_area_first_gains_second_nothing_third_or_absent_loses():
    """Rulebook, Lead Area Declaration with TT6 (absent = third or lower)."""
    stacks = {"a1": (0, 0), "b1": (1,), "c1": (2,), "b2": (0,)}  # 0 first; 1, 2 second
    lead = ("I7", "I4", "M3", "E6")
    base, _ = score(3, stacks)
    scores, _ = score(3, stacks, lead=lead, scores=(20, 20, 20, 20))
    gained = [scores[s] - base[s] - 20 for s in range(4)]
    assert gained == [7, 0, -3, -6]


def test_tt6_after_two_tied_firsts_the_next_colour_is_third():
    stacks = {"a1": (0, 0), "b1": (1, 1), "c1": (2,)}  # 0 and 1 share first; 2 is third
    base, _ = score(3, stacks, scores=(0, 0, 9, 0))
    scores, lines = score(3, stacks, lead=("", "", "I2", ""), scores=(0, 0, 9, 0))
    assert scores[2] == base[2] - 2
    assert any("third or lower" in line for line in lines)


def test_qa_a_five_declared_as_ten_gives_ten_for_first_place():
    """Q&A: a 5 as lead declaration, paid 2 for 10 -> 10 for first place (or 0 for 1)."""
    stacks = {"d1": (0,)}
    base, _ = score(3, stacks)
    scores, lines = score(3, stacks, lead=("M5=10", "", "", ""))
    assert scores[0] - base[0] == 10
    assert "Lead area: Black M5=10 first in Modern +10" in lines
    scores, _ = score(3, stacks, lead=("M5=0", "", "", ""))
    assert scores[0] == base[0]


def test_unplaced_blocks_cost_two_each_in_round_3_only():
    scores, lines = score(3, {}, scores=(10, 10, 10, 10), blocks=(0, 1, 3, 9))
    assert scores == (10, 8, 4, 0)
    assert "Unplaced blocks: White 1 left -2" in lines
    scores, _ = score(2, {}, scores=(10, 10, 10, 10), blocks=(0, 1, 3, 8))
    assert scores == (10, 10, 10, 10)


def test_tt9_areas_are_scored_before_penalties_and_scores_never_go_below_zero():
    """TT9: areas, tallest, declarations, lead area, unplaced blocks; clamp at 0."""
    stacks = {"a1": (0,), "b1": (1,)}
    # seat 0: areas +5, tallest +6; lead -9 -> 2; blocks -4 -> 0 (not -2)
    scores, lines = score(3, stacks, lead=("H9", "", "", ""), blocks=(2, 0, 0, 0))
    assert scores[0] == 0
    order = [line.split(":")[0].split(" ")[0] for line in lines]
    first = {kind: order.index(kind) for kind in ("Intelligent", "Tallest", "Lead", "Unplaced")}
    assert first["Intelligent"] < first["Tallest"] < first["Lead"] < first["Unplaced"]
    # the order matters: with the lead penalty first (clamped at 0), seat 1 would keep 11
    scores, _ = score(3, stacks, lead=("", "H9", "", ""))
    assert scores[1] == 2
