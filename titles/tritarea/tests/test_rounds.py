"""Round structure: hand sizes, blocks, the 5s, start players (TT7), declarations of
intent (round 2), secret lead areas (TT10) and the block sale (round 3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engines import IllegalAction
from titles.tritarea import engine as tt
from titles.tritarea.engine.rules import deal, end_round, next_start_player
from titles.tritarea.engine.seats import is_npc_table

from .helpers import position, random_game


def test_round_1_eight_cards_no_fives_seven_blocks():
    """Rulebook round table: round 1 hand 8, blocks 7, the 5s removed."""
    s = tt.new_game(4, 3)
    assert [len(h) for h in s.hands] == [8, 8, 8, 8]
    assert not any(card[1] == "5" for hand in s.hands for card in hand)
    assert s.blocks == (7, 7, 7, 7)
    assert (s.round, s.trick_no, s.phase) == (1, 1, "play")


@pytest.mark.parametrize("seed", range(3))
def test_round_2_nine_cards_with_fives_eight_blocks(seed):
    s = random_game(4, seed, stop=lambda s: s.round == 2)
    assert [len(h) for h in s.hands] == [9, 9, 9, 9]
    assert sum(card[1] == "5" for hand in s.hands for card in hand) == 4
    assert s.blocks == (8, 8, 8, 8)
    assert s.board == tuple(() for _ in range(16))  # blocks collected


@pytest.mark.parametrize("seed", range(3))
def test_round_3_nine_cards_nine_blocks_starting_with_lead_declarations(seed):
    s = random_game(4, seed, stop=lambda s: s.round == 3)
    assert [len(h) for h in s.hands] == [9, 9, 9, 9]
    assert s.blocks == (9, 9, 9, 9)
    assert s.phase == "lead"
    assert tt.to_move(s) == (0, 1, 2, 3)


def test_round_1_start_player_comes_from_the_seed_among_the_people():
    assert {tt.new_game(1, seed).start_player for seed in range(20)} == {0}
    assert {tt.new_game(2, seed).start_player for seed in range(30)} == {0, 2}
    assert {tt.new_game(3, seed).start_player for seed in range(30)} == {0, 1, 2}
    assert {tt.new_game(4, seed).start_player for seed in range(30)} == {0, 1, 2, 3}
    assert tt.new_game(4, 7).start_player == tt.new_game(4, 7).start_player


def test_tt7_start_player_highest_score_ties_first_clockwise_from_the_previous():
    """TT7: highest score; on a tie, the tied player first clockwise *from* the previous
    start player: counting starts at the previous start player, who stays start player
    when tied for the highest score (as "clockwise from the leader" starts with the
    leader)."""
    assert next_start_player((3, 12, 12, 10), previous=2) == 2
    assert next_start_player((3, 12, 12, 10), previous=0) == 1
    assert next_start_player((3, 12, 12, 10), previous=1) == 1
    assert next_start_player((3, 12, 12, 10), previous=3) == 1
    assert next_start_player((5, 5, 5, 5), previous=3) == 3
    assert next_start_player((0, 0, 9, 0), previous=2) == 2
    assert next_start_player((0, 0, 9, 0), previous=3) == 2
    assert next_start_player((7, 2, 7, 7), previous=1) == 2


def test_tt7_a_tied_previous_start_player_starts_round_2_again():
    """TT7 at the end of round 1: seats 1 and 2 tie on 12, seat 2 started round 1."""
    s = position(4, round=1, trick_no=8, start_player=2, scores=(3, 12, 12, 10))
    s = end_round(s)
    assert (s.round, s.start_player, s.leader) == (2, 2, 2)
    assert "Round 2: Orange is start player; 9 cards, 8 blocks" in s.log


@pytest.mark.parametrize("seed", range(4))
def test_tt7_applied_between_rounds(seed):
    before = random_game(4, seed, stop=lambda s: s.round == 1 and s.trick_no == 8)
    end_1 = random_game(4, seed, stop=lambda s: s.round == 2)
    round_1_scores = tt.from_json(tt.to_json(end_1)).scores
    assert end_1.start_player == next_start_player(round_1_scores, before.start_player)
    assert end_1.leader == end_1.start_player


def test_the_leader_of_trick_one_is_the_start_player():
    s = tt.new_game(4, 11)
    assert s.leader == s.start_player
    assert tt.to_move(s) == (s.start_player,)


def test_round_2_declaration_of_intent_is_the_card_left_and_is_scored():
    """Rulebook round 2: the remaining card is the declaration of intent."""
    s = random_game(4, 5, stop=lambda s: s.round == 3)
    lines = s.scoring[1]
    assert sum(line.startswith("Declaration of intent") for line in lines) == 4


def test_tt10_lead_declarations_are_secret_until_all_have_chosen():
    s = random_game(4, 2, stop=lambda s: s.phase == "lead")
    s = replace(s, scores=(5, 5, 5, 5))
    card = s.hands[0][0]
    s = tt.apply(s, 0, f"lead {card}")
    assert tt.to_move(s) == (1, 2, 3)
    with pytest.raises(IllegalAction, match="already chosen"):
        tt.apply(s, 0, f"lead {s.hands[0][0]}")
    other = tt.view(s, 1)
    assert other["seats"][0]["lead_declared"] is True
    assert other["seats"][0]["lead"] is None
    assert all(row["lead"] is None for row in other["seats"] if row["seat"] != 1)
    assert tt.view(s, 0)["seats"][0]["lead"] == card
    assert "chooses a lead area in secret" in tt.describe(s, 1, f"lead {s.hands[1][0]}")
    for seat in (1, 2, 3):
        s = tt.apply(s, seat, f"lead {s.hands[seat][-1]}")
    assert s.lead_revealed and s.phase == "sell"
    assert tt.view(s, 1)["seats"][0]["lead"] == card
    assert any(line.startswith("Black declares lead area") for line in s.log)


def test_tt3_a_five_declared_as_ten_is_paid_at_the_reveal():
    s = random_game(4, 2, stop=lambda s: s.phase == "lead")
    hands = (("I5", "M1"), ("I1",), ("I2",), ("I3",))
    s = replace(s, hands=hands, scores=(7, 0, 0, 0))
    s = tt.apply(s, 0, "lead I5=10")
    assert s.scores[0] == 7  # not yet: the score track would betray the choice
    for seat in (1, 2, 3):
        s = tt.apply(s, seat, f"lead {hands[seat][0]}")
    assert s.scores[0] == 5
    assert s.lead[0] == "I5=10"


def test_a_five_as_ten_needs_two_points_to_declare():
    s = random_game(4, 2, stop=lambda s: s.phase == "lead")
    s = replace(s, hands=(("I5",), ("I1",), ("I2",), ("I3",)), scores=(1, 0, 0, 0))
    assert tt.legal_actions(s, 0) == ["lead I5", "lead I5=0"]


def test_block_sale_runs_counter_clockwise_from_the_right_of_the_start_player():
    """Rulebook: selling starts with the player to the right of the start player."""
    s = random_game(4, 8, stop=lambda s: s.phase == "sell")
    start = s.start_player
    assert s.sell_order == tuple((start - k) % 4 for k in (1, 2, 3, 4))
    assert tt.to_move(s) == ((start - 1) % 4,)


def test_qa_selling_all_nine_blocks_gives_27_points():
    """Q&A: you may sell all your blocks in round 3 and receive 27 points."""
    s = random_game(4, 8, stop=lambda s: s.phase == "sell")
    seller = tt.to_move(s)[0]
    before = s.scores[seller]
    assert tt.legal_actions(s, seller)[-1] == "sell 9"
    s = tt.apply(s, seller, "sell 9")
    assert s.scores[seller] == before + 27
    assert s.blocks[seller] == 0


def test_three_people_the_npc_sells_four_blocks_for_twelve_points_by_itself():
    s = random_game(3, 4, stop=lambda s: s.phase == "sell" or (s.round == 3 and s.phase == "play"))
    while s.phase == "sell":
        seat = tt.to_move(s)[0]
        s = tt.apply(s, seat, "sell 0")
    assert s.blocks[3] == 5
    assert any(line == "Purple (computer) sells 4 blocks: +12" for line in s.log)


def test_two_people_the_partner_decides_the_npc_sale():
    s = random_game(2, 4, stop=lambda s: s.phase == "sell")
    seen = {}
    while s.phase == "sell":
        seller = s.sell_order[0]
        (decider,) = tt.to_move(s)
        seen[seller] = decider
        if seller in (1, 3):
            assert tt.view(s, decider)["deciding_for"] == seller
        s = tt.apply(s, decider, "sell 1")
    assert seen == {0: 0, 1: 2, 2: 2, 3: 0}


def test_one_person_decides_every_sale():
    s = random_game(1, 4, stop=lambda s: s.phase == "sell")
    for _ in range(4):
        assert tt.to_move(s) == (0,)
        s = tt.apply(s, 0, "sell 2")
    assert s.blocks == (7, 7, 7, 7)


def test_npcs_declare_their_top_card_as_lead_area():
    """Rulebook (1-3 people): the NPC declares the top card of its deck."""
    s = random_game(1, 6, stop=lambda s: s.phase == "lead")
    dealt = deal(s.seed, 3, is_npc_table(1))
    assert s.lead[1:] == tuple(dealt[seat][0] for seat in (1, 2, 3))
    assert s.hands[1] == dealt[1][1:]
    assert tt.to_move(s) == (0,)


@pytest.mark.parametrize("people", [1, 2, 3, 4])
def test_three_rounds_then_the_game_is_over(people):
    s = random_game(people, 21)
    assert s.phase == "over" and s.round == 3
    assert len(s.scoring) == 3
    assert tt.to_move(s) == ()
    assert tt.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction, match="over"):
        tt.apply(s, 0, "pass")
