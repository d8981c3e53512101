"""The engine protocol: options, notation, JSON, secrets (TT11), descriptions,
reveals, determinization and the outcome of each table size."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from games.engines import ENGINES, IllegalAction, Outcome
from titles.tritarea import engine as tt
from titles.tritarea.engine.notation import normalize

from .helpers import building, position, random_game


def test_registered_with_its_names():
    assert ENGINES["tritarea"] is tt
    assert (tt.name, tt.title, tt.min_players, tt.max_players) == ("tritarea", "Tri*T*Area", 1, 4)


def test_validate_options():
    assert tt.validate_options(2, {}) == {}
    assert tt.validate_options(2, None) == {}
    with pytest.raises(ValueError, match="no options"):
        tt.validate_options(2, {"speed": 1})
    with pytest.raises(ValueError):
        tt.validate_options(5, {})
    with pytest.raises(ValueError):
        tt.new_game(0, 1)


def test_same_seed_same_game():
    assert tt.new_game(3, 42) == tt.new_game(3, 42)
    assert tt.new_game(3, 42).hands != tt.new_game(3, 43).hands


def test_notation_is_forgiving_about_case_and_spaces():
    assert normalize("  P   h7 ") == "p H7"
    assert normalize("B C2 C2") == "b c2 c2"
    assert normalize("Lead i5=10") == "lead I5=10"
    assert normalize("PASS") == "pass"
    s = tt.new_game(4, 3)
    seat = tt.to_move(s)[0]
    card = s.hands[seat][0]
    assert tt.apply(s, seat, f"P {card.lower()}") == tt.apply(s, seat, f"p {card}")


def test_illegal_actions_say_why():
    s = tt.new_game(4, 3)
    seat = tt.to_move(s)[0]
    with pytest.raises(IllegalAction, match="not possible now: play a card"):
        tt.apply(s, seat, "b c2")
    with pytest.raises(IllegalAction, match="not your turn"):
        tt.apply(s, (seat + 1) % 4, "pass")
    with pytest.raises(IllegalAction):
        tt.apply(s, seat, "")
    one = tt.new_game(1, 3)
    with pytest.raises(IllegalAction, match="run by the computer"):
        tt.apply(one, 2, "pass")
    b = building(((0, 3), (1, 8)), "I", stacks={"a2": (0,)})
    b = tt.apply(b, 0, "b a1")
    with pytest.raises(IllegalAction, match="next to a1"):
        tt.apply(b, 0, "x d4")


@pytest.mark.parametrize("people", [1, 2, 3, 4])
def test_json_round_trip_and_json_safe_views_through_a_game(people):
    rng = random.Random(people)
    s = tt.new_game(people, 77)
    while True:
        data = json.loads(json.dumps(tt.to_json(s)))
        assert tt.from_json(data) == s
        for seat in (None, 0, 1, 2, 3):
            json.dumps(tt.view(s, seat))
        if tt.outcome(s) is not None:
            break
        seat = rng.choice(tt.to_move(s))
        s = tt.apply(s, seat, rng.choice(tt.legal_actions(s, seat)))
    assert Outcome.from_json(json.loads(json.dumps(tt.outcome(s).to_json()))) == tt.outcome(s)


def _secret_free(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in ("log", "scoring")}


@pytest.mark.parametrize("people", [1, 2, 3, 4])
def test_tt11_views_show_only_the_viewers_hand(people):
    """TT11: hands only to their holder, NPC hands to nobody, no seed, no deck."""
    rng = random.Random(5)
    s = tt.new_game(people, 5)
    for _ in range(60):
        for viewer in (None, 0, 1, 2, 3):
            v = tt.view(s, viewer)
            assert "seed" not in json.dumps(v)
            visible = json.dumps(_secret_free(v))
            for seat, hand in enumerate(s.hands):
                if seat == viewer and seat not in tt.computer_seats(people, {}):
                    assert v["hand"] == list(hand)
                    continue
                for card in hand:
                    assert f'"{card}"' not in visible
            if viewer is None or viewer in tt.computer_seats(people, {}):
                assert v["hand"] is None
        seat = rng.choice(tt.to_move(s))
        s = tt.apply(s, seat, rng.choice(tt.legal_actions(s, seat)))


def test_view_shows_the_board_scores_trick_and_rights():
    s = building(((0, 3), (1, 8)), "M", stacks={"d1": (2, 0)})
    v = tt.view(s, 0)
    square = v["board"][3]
    assert square == {
        "square": "d1",
        "area": "M",
        "stack": [2, 0],
        "height": 2,
        "bonus": 0,
        "printed_bonus": 1,
    }
    assert v["board"][0]["bonus"] == 2
    assert v["rights"] == [{"seat": 0, "rank": 3, "right": 1}, {"seat": 1, "rank": 8, "right": 2}]
    assert v["building"] == 0 and v["deciding_for"] is None
    assert [row["score"] for row in v["seats"]] == [10, 10, 10, 10]
    assert [row["blocks"] for row in v["seats"]] == [7, 7, 7, 7]


def test_team_game_view_has_teams():
    s = position(2, scores=(3, 4, 5, 6))
    v = tt.view(s, 0)
    assert v["teams"] == {"A": {"seats": [0, 3], "score": 9}, "B": {"seats": [2, 1], "score": 9}}
    assert [row["team"] for row in v["seats"]] == ["A", "B", "B", "A"]


def test_describe_says_what_happens_in_one_sentence():
    s = tt.new_game(4, 3)
    seat = tt.to_move(s)[0]
    label = tt.seat_labels(4, {})[seat]
    assert tt.describe(s, seat, "p H7") == f"{label} plays H7."
    assert tt.describe(s, seat, "p I5=10") == f"{label} plays I5 as 10, paying 2 points."
    b = building(((0, 3), (1, 8)), "M")
    assert tt.describe(b, 0, "b c2") == "Black builds on c2."
    assert tt.describe(b, 0, "pass") == "Black does not build and loses 3 points."
    assert tt.describe(b, 0, "sell 3") == "Black sells 3 blocks for 9 points."
    assert tt.describe(b, 0, "x d2") == "Black places an additional block on d2."


def test_reveals_information_only_for_cards_and_steps_that_end_construction():
    s = tt.new_game(4, 3)
    seat = tt.to_move(s)[0]
    assert tt.reveals_information(s, seat, tt.legal_actions(s, seat)[0]) is True
    b = building(((0, 3), (1, 8)), "M")
    assert tt.reveals_information(b, 0, "b d1") is False  # the second holder builds next
    b2 = tt.apply(b, 0, "b d1")
    assert tt.reveals_information(b2, 1, "b d1") is True  # the next trick starts
    sell = random_game(4, 8, stop=lambda s: s.phase == "sell")
    seller = tt.to_move(sell)[0]
    assert tt.reveals_information(sell, seller, "sell 1") is False
    lead = random_game(4, 8, stop=lambda s: s.phase == "lead")
    assert tt.reveals_information(lead, 0, f"lead {lead.hands[0][0]}") is True


@pytest.mark.parametrize("people", [1, 2, 4])
def test_determinize_redraws_only_what_the_seat_cannot_see(people):
    s = random_game(people, 13, stop=lambda s: s.round == 2 and s.trick_no == 3)
    d = tt.determinize(s, 0, random.Random(1))
    assert d.hands[0] == s.hands[0]
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert (d.board, d.trick, d.seen, d.scores, d.blocks) == (
        s.board,
        s.trick,
        s.seen,
        s.scores,
        s.blocks,
    )
    assert d.seed != s.seed  # future deals are unknown too
    everything = [c for h in d.hands for c in h] + list(d.seen) + [c for _, c, _ in d.trick]
    assert len(everything) == len(set(everything)) == 36
    assert any(tt.determinize(s, 0, random.Random(k)).hands[1:] != s.hands[1:] for k in range(3))
    assert tt.view(d, 0)["hand"] == tt.view(s, 0)["hand"]


def test_determinize_redraws_hidden_lead_declarations():
    s = random_game(1, 6, stop=lambda s: s.phase == "lead")
    d = tt.determinize(s, 0, random.Random(3))
    assert all(d.lead[1:])
    cards = [c for h in d.hands for c in h] + [x.partition("=")[0] for x in d.lead if x]
    assert len(cards) == len(set(cards)) == 36
    assert tt.to_move(d) == (0,)
    after = tt.apply(d, 0, f"lead {d.hands[0][0]}")  # the bot can play on from it
    assert after.lead_revealed


def over(people: int, scores: tuple[int, ...]) -> tt.State:
    return position(people, phase="over", round=3, scores=scores)


def test_outcome_four_people_most_points_and_shared_victory():
    assert tt.outcome(tt.new_game(4, 1)) is None
    out = tt.outcome(over(4, (40, 52, 12, 3)))
    assert out.winners == (1,) and out.scores == (40, 52, 12, 3) and not out.draw
    out = tt.outcome(over(4, (52, 52, 12, 3)))
    assert out.winners == (0, 1) and "share the victory" in out.reason


def test_outcome_three_people_the_npc_cannot_win():
    """3-player rules: the player (excluding the NPC) with the most points wins."""
    out = tt.outcome(over(3, (20, 31, 12, 60)))
    assert out.winners == (1,)


def test_outcome_team_game_sums_partners():
    """2-player rules: each player sums their points and their partner's."""
    out = tt.outcome(over(2, (20, 30, 10, 15)))  # A = 0 + 3 = 35, B = 2 + 1 = 40
    assert out.scores == (35, 40, 40, 35)
    assert out.winners == (1, 2) and out.reason == "Team B wins, 40 to 35."
    tie = tt.outcome(over(2, (20, 15, 20, 15)))
    assert tie.winners == (0, 1, 2, 3) and tie.draw


@pytest.mark.parametrize(
    ("lowest", "title"),
    [(50, "Super Developer!"), (45, "Expert Developer."), (30, "Average Developer"),
     (29, "Beginner Developer")],
)  # fmt: skip
def test_outcome_solo_title_from_the_lowest_npc_score(lowest, title):
    """1-player rules: success grade by the lowest-ranked NPC's score."""
    out = tt.outcome(over(1, (70, lowest, 60, 65)))
    assert out.winners == (0,)
    assert title in out.reason


def test_outcome_solo_ranked_second_is_disqualified():
    out = tt.outcome(over(1, (40, 30, 45, 20)))
    assert out.winners == (2,) and out.reason.startswith("Disqualified")
    tied = tt.outcome(over(1, (45, 30, 45, 20)))
    assert tied.winners == (0,)


def test_states_are_never_mutated():
    s = tt.new_game(4, 3)
    copy = tt.from_json(tt.to_json(s))
    seat = tt.to_move(s)[0]
    tt.apply(s, seat, tt.legal_actions(s, seat)[0])
    assert s == copy
    with pytest.raises(AttributeError):
        s.round = 2  # type: ignore[misc]
    assert replace(s) == s


def test_view_shows_area_standings():
    s = building(((0, 3), (1, 8)), "M", stacks={"a1": (1, 0), "b1": (2,), "c1": (2,)})
    assert tt.view(s, None)["standings"] == {"I": [[2], [0]], "M": [], "E": [], "H": []}


def test_site_rules_are_listed_for_the_help_page():
    assert len(tt.SITE_RULES) >= 5 and all(isinstance(rule, str) for rule in tt.SITE_RULES)


def test_evaluate_is_in_range_and_favours_the_leader():
    s = building(((0, 3), (1, 8)), "M", scores=(30, 10, 10, 10))
    assert tt.evaluate(s, 0) > 0.5 > tt.evaluate(s, 1)
    for people in (1, 2, 3, 4):
        final = random_game(people, 2)
        assert all(0.0 <= tt.evaluate(final, seat) <= 1.0 for seat in range(4))


def test_the_search_bot_plays_a_whole_game_from_determinized_states():
    from games.computer.players import MonteCarloBot, play_game

    bot = MonteCarloBot(seed=1, playouts=4, depth=4, width=3)
    final, played = play_game(tt, lambda seat: bot, 2, seed=5)
    assert tt.outcome(final) is not None and played


def test_the_fast_evolve_equals_dataclasses_replace():
    from titles.tritarea.engine.state import evolve

    s = tt.new_game(3, 8)
    assert evolve(s, round=2, log=("x",)) == replace(s, round=2, log=("x",))
    assert evolve(s) == s and evolve(s) is not s
