"""The Tri*T*Area turn guide: every decision in words, for the viewer or for the
computer seat they decide for (rulebook: Meeting and Construction phases, the 1-, 2-
and 3-player rules; rulings TT2, TT3, TT7, TT8, TT10)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from games import boards
from titles.tritarea import engine as tt
from titles.tritarea.tests.helpers import building, position, random_game

NOTATION = re.compile(r"\b(p|lead) [IMEH]\d|\b[bx] [a-d][1-4]|\bsell \d|^pass$")


def guide_for(state, seat, selected=None):
    actions = tt.legal_actions(state, seat)
    view = tt.view(state, seat)
    return boards.guide("tritarea", view, seat=seat, actions=actions, selected=selected)


def labels(guide):
    return [t.label for t in guide.buttons] + [
        t.label for choice in guide.choices for t in choice.targets
    ]


def by_action(guide):
    found = {t.action: t for t in guide.buttons}
    for choice in guide.choices:
        found.update({t.action: t for t in choice.targets})
    return found


# --- deciding for a computer seat ------------------------------------------------------


def test_a_solo_build_for_a_computer_seat_is_announced_as_such():
    """1-player rules: "If an NPC earns the right to build, the player chooses
    everything on their behalf"; TT8: it must place a block (no default)."""
    s = building(((1, 3), (2, 8)), "M", num_players=1)
    assert tt.to_move(s) == (0,)
    g = guide_for(s, 0)
    assert g.acting_for == "White (computer)"
    assert g.prompt == (
        "Choose where White (computer) builds one block in Modern with the first right: "
        "in the solo game you decide for every computer seat."
    )
    assert g.rules_anchor == "computer"
    assert labels(g) == [
        f"Build for White (computer): one block on {sq}" for sq in ("d1", "c2", "d2", "d3")
    ]
    assert "pass" not in by_action(g)
    assert "A computer seat must build at least one block." in g.detail
    assert "White (computer) has 7 blocks left." in g.detail


def test_two_blocks_for_a_computer_seat_are_a_choice_of_square_then_of_count():
    s = building(((1, 3), (2, 8)), "E", num_players=1, builder=1)
    g = guide_for(s, 0)
    assert g.acting_for == "Orange (computer)"
    assert "builds one or two blocks on one square of Ecology with the second right" in g.prompt
    assert [c.token for c in g.choices] == ["sq:c3", "sq:b4", "sq:c4", "sq:d4"]
    c3 = g.choice("sq:c3")
    assert c3.label == "Square c3 (empty)"
    assert [t.label for t in c3.targets] == [
        "Build for Orange (computer): one block on c3",
        "Build for Orange (computer): two blocks on c3",
    ]
    assert g.choice("sq:d4").label == "Square d4 (empty, bonus +2)"


def test_in_the_team_game_a_partner_decides_for_its_computer_seat():
    """2-player rules: "their partner will make the building decisions on their
    behalf"; White (b) is the partner of Orange (B)."""
    s = building(((1, 3), (0, 8)), "I", num_players=2)
    assert tt.to_move(s) == (2,)
    g = guide_for(s, 2)
    assert g.acting_for == "White (b, computer)"
    assert g.prompt.endswith("it is your team partner, and a partner decides where it builds.")
    assert all(label.startswith("Build for White (b, computer): ") for label in labels(g))
    assert guide_for(s, 0).prompt == ""  # the other person waits


@pytest.mark.parametrize(
    ("rights", "builder", "leader", "trick_no", "decider", "why"),
    [
        # the NPC holds the second right: the first rights holder decides
        (((0, 2), (3, 8)), 1, 1, 3, 0, "you hold the first right, and its holder decides"),
        # the NPC holds the first right: the previous trick's winner (this trick's leader)
        (((3, 2), (1, 8)), 0, 1, 3, 1, "you won the previous trick, and its winner decides"),
        # ... in a round's first trick, the start player who leads it (TT7)
        (((3, 2), (1, 8)), 0, 2, 1, 2, "you are the round's start player"),
        # ... and when the NPC led itself, the seat after it (TT7, site rule)
        (((3, 2), (1, 8)), 0, 3, 3, 0, "it won the previous trick itself, so you, seated after"),
    ],
)
def test_with_three_people_the_prompt_says_why_this_person_decides(
    rights, builder, leader, trick_no, decider, why
):
    s = replace(
        building(rights, "H", num_players=3, builder=builder, leader=leader), trick_no=trick_no
    )
    assert tt.to_move(s) == (decider,)
    g = guide_for(s, decider)
    assert g.acting_for == "Purple (computer)"
    assert why in g.prompt
    assert all(label.startswith("Build for Purple (computer): ") for label in labels(g))


def test_a_block_sale_for_a_computer_seat_says_for_whom():
    s = random_game(1, 6, stop=lambda s: s.phase == "sell" and s.sell_order[0] != 0)
    npc = s.sell_order[0]
    name = tt.view(s, 0)["seats"][npc]["label"]
    g = guide_for(s, 0)
    assert g.acting_for == name and g.rules_anchor == "computer"
    assert g.prompt.startswith(f"Choose how many blocks {name} sells, for 3 points each: ")
    words = by_action(g)
    assert words["sell 0"].label == f"Sell for {name}: no blocks"
    assert words["sell 2"].label == f"Sell for {name}: 2 blocks for 6 points"


def test_an_additional_block_for_a_computer_seat_says_for_whom_and_why_it_is_allowed():
    s = building(((1, 3), (2, 8)), "I", num_players=1, stacks={"a2": (1,)})
    s = tt.apply(s, 0, "b a1")
    assert s.phase == "extra"
    g = guide_for(s, 0)
    assert g.acting_for == "White (computer)" and g.rules_anchor == "computer"
    assert "adds one more block next to a1" in g.prompt
    assert "Allowed because White's block tops a2, next to a1." in g.detail
    words = by_action(g)
    assert words["x b1"].label == "Build for White (computer): one more block on b1"
    assert words["pass"].label == "No extra block for White (computer)"
    assert words["pass"].note == "costs nothing"


# --- deciding for oneself ----------------------------------------------------------------


def test_leading_a_card_is_said_in_words():
    s = tt.new_game(4, 3)
    seat = tt.to_move(s)[0]
    g = guide_for(s, seat)
    assert g.acting_for == "" and g.rules_anchor == "trick"
    assert g.prompt == "Lead a card: you open trick 1, and the others play after you."
    assert "Trick 1 of 8, round 1 of 3." in g.detail
    card = s.hands[seat][0]
    name = {"I": "Intelligent", "M": "Modern", "E": "Ecology", "H": "Happiness"}[card[0]]
    assert by_action(g)[f"p {card}"].label == f"Play {name} {card[1:]}"


def test_the_last_card_of_a_trick_says_what_it_decides():
    """Determination of building rights: most cards adopted; 2-2 by the larger rank
    difference; the lowest supporter builds first and leads, the highest second."""
    hands = (("E1", "E9", "H2", "I4"), ("M1",), ("M2",), ("M3",))
    trick = ((1, "E3", 3), (2, "E7", 7), (3, "H9", 9))
    s = position(4, leader=1, hands=hands, trick=trick)
    g = guide_for(s, 0)
    assert g.prompt == "Play a card: support a concept already on the table, or propose another."
    assert "On the table: White Ecology 3, Orange Ecology 7, Purple Happiness 9." in g.detail
    notes = {a: t.note for a, t in by_action(g).items()}
    assert notes == {
        "p E1": "Ecology adopted: you build first and lead the next trick",
        "p E9": "Ecology adopted: you build second (one or two blocks)",
        "p H2": "Happiness adopted: you build first and lead the next trick",  # spread 7 > 4
        "p I4": "Ecology adopted: you do not build",
    }


def test_a_five_offers_its_ranks_as_a_choice_in_words():
    """TT3: a 5 stays 5, or becomes 0 for 1 point or 10 for 2 points."""
    hands = (("I5", "M1"), ("I1",), ("I2",), ("I3",))
    s = position(4, leader=0, hands=hands, round=2, scores=(5, 0, 0, 0))
    g = guide_for(s, 0)
    [five] = g.choices
    assert (five.token, five.label) == ("card:I5", "Intelligent 5")
    assert [t.label for t in five.targets] == [
        "Play Intelligent 5",
        "Play Intelligent 5 as 0 (pay 1 point)",
        "Play Intelligent 5 as 10 (pay 2 points)",
    ]
    assert "A 5 may count as 0 (pay 1 point) or as 10 (pay 2 points)." in g.detail


def test_building_for_oneself_says_the_right_the_cost_of_not_building_and_the_standing():
    s = building(((0, 3), (1, 8)), "M", stacks={"d2": (1, 2)})
    g = guide_for(s, 0)
    assert g.prompt == "Build one block in Modern: you hold the first right."
    assert g.rules_anchor == "build" and g.acting_for == ""
    assert "Modern adopted: first right you with 3, second right White with 8." in g.detail
    assert "In Modern now: Orange first." in g.detail
    assert "Not building costs you 3 points, your card's rank." in g.detail
    words = by_action(g)
    assert words["b c2"].label == "Build one block on c2"
    assert words["b d1"].note == "empty, bonus +1"
    assert words["b d2"].note == "2 blocks there, Orange on top"
    assert words["pass"].label == "Do not build (lose 3 points)"


def test_a_square_next_to_ones_own_top_block_says_an_additional_block_may_follow():
    """TT2: building next to a square one's block tops allows one more block."""
    s = building(((0, 3), (1, 8)), "I", stacks={"a2": (0,)})
    words = by_action(guide_for(s, 0))
    assert words["b a1"].note == "empty, bonus +2; then one more block next to it is possible"
    assert words["b c1"].note == "empty"


def test_declaring_a_lead_area_and_selling_blocks_are_said_in_words():
    """Round 3: Lead Area Declaration (TT10: in secret) and the Advance Block Sale."""
    lead = random_game(4, 8, stop=lambda s: s.phase == "lead")
    seat = tt.to_move(lead)[0]
    g = guide_for(lead, seat)
    assert g.prompt == "Declare your lead area: choose a card from your hand, in secret."
    assert g.rules_anchor == "lead"
    assert all(label.startswith("Declare ") for label in labels(g))
    sale = random_game(4, 8, stop=lambda s: s.phase == "sell")
    seller = tt.to_move(sale)[0]
    g = guide_for(sale, seller)
    assert g.prompt == "Block sale: choose how many of your blocks to sell, for 3 points each."
    assert g.rules_anchor == "sell" and g.acting_for == ""
    assert by_action(g)["sell 1"].label == "Sell 1 block for 3 points"
    assert "A block sold now gives 3 points" in g.detail


def test_no_label_is_notation_anywhere_in_a_game():
    for players in (1, 2, 3, 4):
        state = random_game(players, 20 + players, stop=lambda s: s.round == 3 and s.trick_no > 2)
        for seat in tt.to_move(state):
            g = guide_for(state, seat)
            for label in labels(g):
                assert label and not NOTATION.search(label), label


# --- the legend ------------------------------------------------------------------------


def test_the_legend_names_the_areas_seats_bonuses_and_marks():
    s = random_game(1, 6, stop=lambda s: s.round == 1 and s.trick_no == 4 and s.phase == "play")
    view = tt.view(s, 0)
    g = guide_for(s, 0)
    text = [item.label for item in g.legend]
    assert text[0].startswith("Intelligent area and I cards: 6 points for first place, 4 for")
    assert any(
        t.startswith("Happiness area and H cards: 4 points for first place, 6") for t in text
    )
    adopted = view["adopted_this_round"]
    assert len(adopted) == 3  # tricks 1-3 are decided
    name = view["areas"][adopted[0]]["name"]
    [line] = [t for t in text if t.startswith(f"{name} area")]
    assert "adopted this round in trick" in line and "1" in line.rpartition("trick")[2]
    assert "Your blocks (black)" in text and "Orange (computer): orange blocks" in text
    assert any("bonus points for the first block" in t for t in text)
    assert any(t.startswith("Dashed pink frame") for t in text)
    assert any(t.startswith("Solid pink frame") for t in text)
    spectator = boards.guide("tritarea", tt.view(s, None), seat=None)
    assert spectator.prompt == "" and spectator.legend
    assert not any(item.label.startswith("Dashed") for item in spectator.legend)


def test_a_viewer_with_nothing_to_decide_gets_no_prompt_but_a_rules_section():
    s = building(((1, 3), (2, 8)), "M", num_players=4)
    g = boards.guide("tritarea", tt.view(s, 0), seat=0, actions=[])
    assert g.prompt == "" and g.rules_anchor == "build" and not g.buttons


def test_the_build_step_says_what_the_trick_decided():
    """Determination of building rights, as the construction phase starts."""
    s = tt.new_game(1, 5)
    while s.phase != "build":
        s = tt.apply(s, 0, tt.legal_actions(s, 0)[0])
    name = tt.view(s, 0)["areas"][s.adopted]["name"]
    support = sum(card[0] == s.adopted for _seat, card, _rank in s.trick)
    g = guide_for(s, tt.to_move(s)[0])
    first = s.rights[0]
    who = "you" if first[0] == 0 else tt.view(s, 0)["seats"][first[0]]["label"]
    cards = f"{support} card{'s' if support > 1 else ''}"
    assert g.detail.startswith(f"{name} adopted with {cards}: first right {who} with {first[1]}")
