"""Rules audit: rules of the rulebook and rulings TT1-TT11 not covered elsewhere, each
test citing the rule it checks."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from games.engines import IllegalAction
from titles.tritarea import engine as tt
from titles.tritarea.engine.rules import acting_seat, deal
from titles.tritarea.engine.scoring import round_scoring
from titles.tritarea.engine.seats import is_npc_table, partner

from .helpers import board, building, position, random_game

LABELS = ("Black", "White", "Orange", "Purple")


def play_random(people: int, seed: int, visit) -> tt.State:
    """A random game calling ``visit(state, seat, action)`` before every action."""
    rng = random.Random(seed)
    s = tt.new_game(people, seed)
    while tt.outcome(s) is None:
        seat = rng.choice(tt.to_move(s))
        action = rng.choice(tt.legal_actions(s, seat))
        visit(s, seat, action)
        s = tt.apply(s, seat, action)
    return s


# --- Preparation --------------------------------------------------------------------


@pytest.mark.parametrize("people", [1, 2, 3])
def test_npcs_are_dealt_a_hand_like_everyone(people):
    """1-3 player rules, Preparation: deal to each player, including the NPC(s);
    round table: 8 cards each from the 32 without the 5s."""
    s = tt.new_game(people, 12)
    assert [len(h) for h in s.hands] == [8, 8, 8, 8]
    cards = [c for h in s.hands for c in h]
    assert len(set(cards)) == 32 and not any(c.endswith("5") for c in cards)


def test_two_people_partners_are_the_npcs_on_their_right():
    """2-player rules: each person's partner is the NPC on their right (A b B a
    clockwise, so A's right is a and B's right is b)."""
    assert partner(0) == 3 and partner(3) == 0
    assert partner(2) == 1 and partner(1) == 2


# --- Meeting phase ------------------------------------------------------------------


def test_every_player_must_submit_a_plan():
    """Meeting phase: all players are required to submit one plan; no passing."""
    s = position(4, leader=0, hands=(("I4", "M1"), ("I2",), ("I9",), ("M7",)))
    assert tt.legal_actions(s, 0) == ["p I4", "p M1"]
    with pytest.raises(IllegalAction):
        tt.apply(s, 0, "pass")


def test_all_different_concepts_in_play_the_leader_alone_builds_and_leads_again():
    """Rulebook: all concepts different -> the leader's concept, the leader is the first
    rights holder, no second; the first holder leads the next trick."""
    hands = (("H2", "I1"), ("M9", "I2"), ("I8", "I3"), ("E1", "I4"))
    s = position(4, leader=2, hands=hands, round=1, scores=(0, 0, 0, 0), trick_no=1)
    for seat, card in ((2, "I8"), (3, "E1"), (0, "H2"), (1, "M9")):
        s = tt.apply(s, seat, f"p {card}")
    assert (s.adopted, s.rights) == ("I", ((2, 8),))
    s = tt.apply(s, 2, "b b1")
    assert s.phase == "play" and s.leader == 2 and tt.to_move(s) == (2,)


def test_two_two_with_equal_spreads_in_play_goes_to_the_leaders_concept():
    """Rulebook: 2 to 2 with equal rank differences -> the leader's concept."""
    hands = (("M3", "I1"), ("H4", "I2"), ("M6", "I3"), ("H7", "I4"))
    s = position(4, leader=1, hands=hands, round=1, scores=(0, 0, 0, 0), trick_no=1)
    for seat, card in ((1, "H4"), (2, "M6"), (3, "H7"), (0, "M3")):
        s = tt.apply(s, seat, f"p {card}")
    assert (s.adopted, s.rights) == ("H", ((1, 4), (3, 7)))


# --- Rank 5 (TT3) -------------------------------------------------------------------


def test_tt3_a_five_bought_as_zero_defaults_for_nothing_more():
    """Rulebook, default: with a 5 a player could pay 1 point to reduce the rank to 0,
    therefore only losing the 1 point (TT3: the chosen rank is the default penalty)."""
    hands = (("I5", "M1"), ("I2", "M2"), ("I9", "M3"), ("M7", "M4"))
    s = position(4, leader=0, hands=hands, round=2, scores=(6, 6, 6, 6), trick_no=1)
    for seat, card in ((0, "I5=0"), (1, "I2"), (2, "I9"), (3, "M7")):
        s = tt.apply(s, seat, f"p {card}")
    assert s.rights == ((0, 0), (2, 9))
    assert s.scores[0] == 5
    s = tt.apply(s, 0, "pass")
    assert s.scores[0] == 5


def test_tt3_a_five_bought_as_ten_defaults_for_ten():
    """TT3: the chosen rank is used for the default penalty too."""
    hands = (("I5", "M1"), ("I2", "M2"), ("I9", "M3"), ("M7", "M4"))
    s = position(4, leader=0, hands=hands, round=2, scores=(15, 6, 6, 6), trick_no=1)
    for seat, card in ((0, "I5=10"), (1, "I2"), (2, "I9"), (3, "M7")):
        s = tt.apply(s, seat, f"p {card}")
    assert s.rights == ((1, 2), (0, 10))
    assert s.scores[0] == 13
    s = tt.apply(s, 1, "b a1")
    s = tt.apply(s, 0, "pass")
    assert s.scores[0] == 3


def test_tt3_a_lead_five_bought_as_ten_loses_ten_when_third_or_lower():
    """Lead area declaration with TT3 and TT6: a 5 as 10 absent from its area, -10."""
    stacks = {"a1": (1,)}
    base, _ = round_scoring(round_no=3, board=board(stacks), scores=(30, 0, 0, 0),
                            hands=((), (), (), ()), lead=("", "", "", ""), blocks=(0, 0, 0, 0),
                            npc=(False,) * 4, labels=LABELS)  # fmt: skip
    scores, lines = round_scoring(round_no=3, board=board(stacks), scores=(30, 0, 0, 0),
                                  hands=((), (), (), ()), lead=("I5=10", "", "", ""),
                                  blocks=(0, 0, 0, 0), npc=(False,) * 4, labels=LABELS)  # fmt: skip
    assert scores[0] == base[0] - 10
    assert "Lead area: Black I5=10 third or lower in Intelligent -10" in lines


def test_tt3_no_paid_five_without_the_points():
    """TT3: 0 costs 1 point and 10 costs 2, only with enough points."""
    hands = (("I5", "M1"), ("I2",), ("I9",), ("M7",))
    s = position(4, leader=0, hands=hands, round=3, scores=(0, 0, 0, 0), trick_no=1)
    assert tt.legal_actions(s, 0) == ["p I5", "p M1"]
    with pytest.raises(IllegalAction, match="costs 1 point; you have 0"):
        tt.apply(s, 0, "p I5=0")


# --- Construction -------------------------------------------------------------------


def test_tt1_two_blocks_stacked_on_an_empty_bonus_square_score_the_bonus_once():
    """TT1 / rulebook, Points when Building: the bonus goes to the block landing on the
    empty square; the second block of the stack lands on a block."""
    s = building(((0, 2), (1, 8)), "E", builder=1)
    s = tt.apply(s, 1, "b d4 d4")
    assert s.board[15] == (1, 1)
    assert s.scores[1] == 12


def test_tt2_no_additional_block_without_a_block_left():
    """TT2: the additional block is a block from in front of the player."""
    s = building(((0, 2), (1, 8)), "I", stacks={"a2": (0,)}, blocks=(1, 7, 7, 7))
    s = tt.apply(s, 0, "b a1")
    assert s.blocks[0] == 0
    assert s.phase == "build" and tt.to_move(s) == (1,)


def test_tt2_the_additional_block_needs_an_own_top_next_to_the_square_built_on():
    """TT2: an own top next to some other square does not count."""
    s = building(((0, 2), (1, 8)), "M", stacks={"a2": (0,)})  # a2 is not next to d3
    s = tt.apply(s, 0, "b d3")
    assert s.phase == "build" and tt.to_move(s) == (1,)


def test_tt2_the_additional_block_may_land_on_a_rivals_building_in_another_area():
    """TT2: any area, empty or built; the block goes on top of the building."""
    s = building(((0, 2), (1, 8)), "M", stacks={"d2": (0,), "c3": (2, 2)})
    s = tt.apply(s, 0, "b d3")
    assert tt.legal_actions(s, 0) == ["x d2", "x c3", "x d4", "pass"]
    s = tt.apply(s, 0, "x c3")
    assert s.board[10] == (2, 2, 0) and s.blocks[0] == 5


def test_rulebook_scores_never_go_below_zero_when_an_npc_defaults():
    """Rulebook: players' scores cannot go below 0 (also for computer seats)."""
    s = building(((0, 3), (1, 9)), "E", num_players=1, blocks=(7, 0, 7, 7), scores=(5, 4, 0, 0))
    s = tt.apply(s, 0, "b c3")
    assert s.scores[1] == 0


# --- End-of-round scoring (TT9) ----------------------------------------------------


def test_tt9_the_declaration_of_intent_is_scored_after_the_areas():
    """TT9: areas come first, so the area points can pay for a 5 counted as 10 (TT3)."""
    stacks = {"a1": (0,)}  # Intelligent alone: +10, tallest +10
    scores, lines = round_scoring(round_no=2, board=board(stacks), scores=(0, 0, 0, 0),
                                  hands=(("I5",), (), (), ()), lead=("", "", "", ""),
                                  blocks=(0, 0, 0, 0), npc=(False,) * 4, labels=LABELS)  # fmt: skip
    assert scores[0] == 10 + 10 - 2 + 10
    kinds = [line.split(":")[0] for line in lines]
    assert kinds.index("Intelligent") < kinds.index("Declaration of intent")


def test_round_2_an_npc_declares_its_last_card():
    """1-3 player rules: in round 2 the NPC's remaining card is its declaration."""
    s = random_game(1, 31, stop=lambda s: s.round == 3)
    dealt = deal(s.seed, 2, is_npc_table(1))
    lines = s.scoring[1]
    for seat, label in (
        (1, "White (computer)"),
        (2, "Orange (computer)"),
        (3, "Purple (computer)"),
    ):
        card = dealt[seat][-1]
        assert any(line.startswith(f"Declaration of intent: {label} {card}") for line in lines)


# --- Who decides for a computer seat (TT8) ----------------------------------------


@pytest.mark.parametrize("people", [1, 2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_tt8_who_decides_for_a_computer_seat_through_whole_games(people, seed):
    """TT8 with the 1-, 2- and 3-player rules: the solo player decides everything; the
    partner in the team game; with 3 people the first holder for an NPC second right,
    the previous trick's winner (this trick's leader) for an NPC first right."""
    npcs = set(tt.computer_seats(people, {}))
    checked = []

    def visit(s, seat, action):
        actor = acting_seat(s)
        if actor not in npcs:
            return
        if people == 1:
            assert seat == 0
        elif people == 2:
            assert seat == partner(actor)
        elif s.phase in ("build", "extra"):
            if s.builder == 1:
                assert seat == s.rights[0][0]
            else:
                assert seat == (s.leader if s.leader != actor else 0)
        if s.phase == "build":
            assert "pass" not in tt.legal_actions(s, seat)
        checked.append(s.phase)

    play_random(people, seed, visit)
    assert "build" in checked


@pytest.mark.parametrize("people", [1, 2, 3])
def test_tt8_npcs_play_their_top_card_and_never_pay_for_a_five(people):
    """TT8: an NPC plays (and declares) the top card of its hand, a 5 always as 5."""
    npcs = tt.computer_seats(people, {})
    for seed in range(6):
        rng = random.Random(seed)
        s = tt.new_game(people, seed)
        while tt.outcome(s) is None:
            before = s
            seat = rng.choice(tt.to_move(s))
            s = tt.apply(s, seat, rng.choice(tt.legal_actions(s, seat)))
            if s.round != before.round or s.trick_no != before.trick_no:
                continue
            for npc in npcs:
                new = [e for e in s.trick if e[0] == npc and e not in before.trick]
                if new:
                    ((_seat, card, rank),) = new
                    assert card == before.hands[npc][0]
                    assert rank == int(card[1:])
        assert all("=" not in s.lead[npc] for npc in npcs)


# --- Outcome -------------------------------------------------------------------------


def over(people: int, scores: tuple[int, ...]) -> tt.State:
    return position(people, phase="over", round=3, scores=scores)


@pytest.mark.parametrize(
    ("lowest", "title"),
    [(49, "Expert Developer."), (40, "Expert Developer."), (39, "Average Developer…"),
     (0, "Beginner Developer")],
)  # fmt: skip
def test_solo_title_boundaries(lowest, title):
    """1-player rules, title table: 50+, 40-49, 30-39, 0-29 by the lowest NPC score."""
    out = tt.outcome(over(1, (60, 55, lowest, 58)))
    assert out.winners == (0,) and f": {title} " in out.reason


def test_three_people_shared_victory_ignores_the_npc():
    """3-player rules: the players (excluding the NPC) with the most points win; a tie
    shares the victory."""
    out = tt.outcome(over(3, (30, 12, 30, 80)))
    assert out.winners == (0, 2) and "share the victory" in out.reason and not out.draw


def test_four_people_all_tied_share_the_victory():
    """Victory determination: a tie shares the victory."""
    out = tt.outcome(over(4, (25, 25, 25, 25)))
    assert out.winners == (0, 1, 2, 3) and out.draw


# --- Secrets (TT10, TT11) ------------------------------------------------------------


def _round_log(view: dict) -> list[str]:
    """The log lines of the current round (earlier rounds dealt the same card names)."""
    log = view["log"]
    start = max(
        i for i, line in enumerate(log) if line.startswith("Round ") and " is start" in line
    )
    return log[start:]


def _public(view: dict) -> str:
    data = {k: v for k, v in view.items() if k not in ("log", "scoring")}
    data["round_log"] = _round_log(view)
    return json.dumps(data)


@pytest.mark.parametrize("people", [1, 2, 3, 4])
def test_tt11_no_view_or_description_names_a_card_held_by_another_seat(people):
    """TT11: hands only to their holder, NPC hands to nobody until played, the round-2
    declaration card until scoring; TT10: lead choices until all have chosen."""
    npcs = set(tt.computer_seats(people, {}))

    def visit(s, seat, action):
        if s.trick_no % 3 and s.phase not in ("lead", "sell") and s.trick_no != 8:
            return  # a sample of positions keeps the test fast
        hidden_leads = {} if s.lead_revealed else dict(enumerate(s.lead))
        for viewer in (None, 0, 1, 2, 3):
            text = _public(tt.view(s, viewer))
            for other in range(4):
                if other == viewer and other not in npcs:
                    continue
                secret = list(s.hands[other])
                if hidden_leads.get(other):
                    secret.append(hidden_leads[other].partition("=")[0])
                for card in secret:
                    assert f"{card}" not in text, (viewer, other, card)
        said = tt.describe(s, seat, action)
        held = {c for other in range(4) for c in s.hands[other]}
        if action.startswith("p "):
            held.discard(action[2:].partition("=")[0])
        held |= {w.partition("=")[0] for w in hidden_leads.values() if w}
        assert not any(card in said for card in held), said

    play_random(people, 40 + people, visit)


def test_tt11_the_declaration_of_intent_card_is_shown_at_round_2_scoring():
    """TT11: the round-2 declaration card stays hidden until scoring, then is public."""
    s = random_game(4, 17, stop=lambda s: s.round == 2 and s.trick_no == 8 and s.phase == "play")
    while s.round == 2:
        seat = tt.to_move(s)[0]
        if s.phase == "play" and len(s.trick) == 3:
            held = {other: s.hands[other] for other in range(4)}
            for viewer in range(4):
                text = _public(tt.view(s, viewer))
                for other in range(4):
                    if other != viewer and other != seat:
                        assert all(card not in text for card in held[other])
        s = tt.apply(s, seat, tt.legal_actions(s, seat)[0])
    assert sum(line.startswith("Declaration of intent") for line in s.scoring[1]) == 4


def test_tt10_the_score_track_and_log_keep_a_paid_lead_five_secret():
    """TT10 / TT3: a lead 5 bought as 0 or 10 is paid only when all are revealed."""
    s = random_game(1, 6, stop=lambda s: s.phase == "lead")
    five = next(f"{suit}5" for suit in "IMEH" if f"{suit}5" not in s.lead)
    hands = [tuple(c for c in h if c != five) for h in s.hands]
    hands[0] = (five, *hands[0][: len(s.hands[0]) - 1])
    s = replace(s, hands=tuple(hands), scores=(9, *s.scores[1:]))
    npc_leads = s.lead[1:]
    v = tt.view(s, 0)
    assert [row["lead"] for row in v["seats"][1:]] == [None, None, None]
    assert [row["lead_declared"] for row in v["seats"]] == [False, True, True, True]
    assert not any(lead in line for line in _round_log(v) for lead in npc_leads)
    s = tt.apply(s, 0, f"lead {five}=10")
    assert s.scores[0] == 7 and s.lead_revealed
    assert f"Black declares lead area {five}=10 (pays 2)" in s.log


# --- Round 3 with computer seats ------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_three_people_the_npc_sells_in_its_counter_clockwise_turn(seed):
    """Block sale: counter-clockwise from the player to the right of the start player;
    the 3-player NPC sells its 4 blocks for 12 points when its turn comes."""
    s = random_game(3, seed, stop=lambda s: s.phase == "sell")
    order = [(s.start_player - k) % 4 for k in (1, 2, 3, 4)]
    sold = []
    while s.phase == "sell":
        seller = s.sell_order[0]
        if seller != 3:
            sold.append(seller)
            s = tt.apply(s, seller, "sell 1")
    sales = [line for line in s.log if " sells " in line]
    assert [tt.seat_labels(3, {}).index(line.split(" sells ")[0]) for line in sales] == order
    assert sales[order.index(3)] == "Purple (computer) sells 4 blocks: +12"


@pytest.mark.parametrize("first", [0, 2])
def test_tt10_the_people_choose_in_any_order_and_the_last_choice_reveals_all(first):
    """TT10: simultaneous secret choice; all are revealed when the last has chosen."""
    s = random_game(2, 9, stop=lambda s: s.phase == "lead")
    assert tt.to_move(s) == (0, 2)
    s = tt.apply(s, first, f"lead {s.hands[first][0]}")
    last = 2 - first
    assert tt.to_move(s) == (last,) and not s.lead_revealed
    s = tt.apply(s, last, f"lead {s.hands[last][0]}")
    assert s.lead_revealed and s.phase == "sell"
    assert all(row["lead"] for row in tt.view(s, None)["seats"])
