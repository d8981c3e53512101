"""Setup (TS1, TS11, TS15), secrets (TS16), notation, JSON and random playouts."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.engines.base import IllegalAction
from titles.trias import engine as trias
from titles.trias.engine.board import POLE, distance
from titles.trias.engine.cards import METEORITE
from titles.trias.engine.state import ACTIONS, CARD, PLACE

from .positions import BLUE, RED, build


@pytest.mark.parametrize("n", [3, 4, 5])
def test_setup_builds_37_positions_with_two_interior_seas_and_two_tiles_out(n):
    """Rulebook setup, TS1, TS2: the water tiles become interior seas."""
    state = trias.new_game(n, 42)
    board = state.board
    assert len(board.land) == 35
    assert all(distance(p) <= 3 for p in board.land)
    assert board.land[POLE] == "P"
    assert len(board.interior_sea_positions()) == 2
    assert all(1 <= distance(p) <= 2 for p in board.interior_sea_positions())
    assert len(state.removed) == 2
    kinds = Counter(board.land.values()) + Counter(state.removed)
    assert kinds == {"M": 9, "S": 15, "W": 12, "P": 1}
    assert len(board.masses) == 1
    assert state.stock == (15,) * n


def test_two_player_setup_uses_19_tiles_10_herds_and_smaller_decks():
    """TS15."""
    state = trias.new_game(2, 7)
    assert len(state.board.land) == 19 and not state.board.interior_sea_positions()
    assert Counter(state.board.land.values()) == {"M": 5, "S": 7, "W": 6, "P": 1}
    assert state.stock == (10, 10)
    assert len(state.deck) + 2 == 16 + 5
    assert state.deck[-5:].count(METEORITE) == 1


@pytest.mark.parametrize("shorter, size", [(False, 27), (True, 24)])
def test_the_three_player_variant_removes_cards_from_deck_1(shorter, size):
    """TS15: one card of each landscape, or two with the shorter-game option."""
    state = trias.new_game(3, 5, {"shorter": shorter})
    cards = Counter(state.deck) + Counter(state.hands)
    assert sum(cards.values()) == size + 9
    assert METEORITE in state.deck[-9:]


def test_the_shorter_option_is_only_for_three_players():
    with pytest.raises(ValueError, match="only for 3 players"):
        trias.validate_options(4, {"shorter": True})
    with pytest.raises(ValueError, match="unknown option"):
        trias.validate_options(4, {"colour": "red"})
    assert trias.validate_options(3, None) == {"shorter": False}


def test_setup_is_seeded():
    assert trias.new_game(4, 9) == trias.new_game(4, 9)
    assert trias.new_game(4, 9).tiles != trias.new_game(4, 10).tiles


def test_placement_runs_anti_clockwise_twice_and_the_last_to_place_starts():
    """TS11: each seat places 2 herds on a tile without herds, the pole allowed."""
    state = trias.new_game(4, 3)
    order = state.order
    placed = []
    while state.phase == PLACE:
        seat = trias.to_move(state)[0]
        placed.append(seat)
        legal = trias.legal_actions(state, seat)
        assert "p 0,0" in legal or any(h.pos == POLE for h in state.herds)
        state = trias.apply(state, seat, legal[0])
    assert placed == list(reversed(order)) * 2
    assert state.phase == CARD and state.current == order[0] == placed[-1]
    assert Counter(h.pos for h in state.herds).most_common(1)[0][1] == 2
    assert all(s == 11 for s in state.stock)


def test_a_tile_with_herds_cannot_be_chosen_for_placement():
    state = trias.new_game(3, 3)
    seat = trias.to_move(state)[0]
    state = trias.apply(state, seat, "p 0,0")
    with pytest.raises(IllegalAction, match="already has herds"):
        trias.apply(state, trias.to_move(state)[0], "p 0,0")


def test_play_continues_clockwise():
    state = build({(1, 0): "W"}, [(s, (1, 0), 1) for s in range(4)])
    assert trias.apply(state, RED, "end").current == BLUE


# ----------------------------------------------------------------- secrets, TS16


def test_view_shows_a_seat_only_its_own_hand_card_and_never_the_deck_order():
    state = trias.new_game(4, 11)
    for seat in range(4):
        view = trias.view(state, seat)
        assert view["hand"] == state.hands[seat]
        text = json.dumps(view)
        assert "deck_order" not in text and "seed" not in text
        assert all("hand" not in s or s["has_hand_card"] for s in view["seats"])
    assert trias.view(state, None)["hand"] is None
    assert trias.view(state, 0)["deck"]["deck2_composition"] == {
        "mountain": 2,
        "steppe": 3,
        "wood": 3,
        "Meteorite Impact": 1,
    }
    assert trias.view(state, 0)["deck"]["left"] == 35


def test_determinize_redraws_other_hands_and_the_deck_but_keeps_public_facts():
    state = trias.new_game(4, 12)
    rng = random.Random(1)
    seen = set()
    for _ in range(20):
        other = trias.determinize(state, RED, rng)
        assert other.hands[RED] == state.hands[RED]
        assert Counter(other.deck) + Counter(other.hands) == Counter(state.deck) + Counter(
            state.hands
        )
        assert other.deck[-9:].count(METEORITE) == 1
        assert Counter(other.deck[-9:]) == Counter(state.deck[-9:])
        assert trias.view(other, RED) == trias.view(state, RED)
        seen.add((other.deck, other.hands))
    assert len(seen) > 1


def test_reveals_information_for_cards_but_not_for_moves():
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1)], phase=CARD)
    assert trias.reveals_information(state, RED, "play")
    assert trias.reveals_information(state, RED, "draw")
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1)], hand_played=True)
    assert not trias.reveals_information(state, RED, "m 1,0>2,0")
    assert trias.reveals_information(state, RED, "end")  # Phase 4 draws a card
    last = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1)], actions_left=1, hand_played=True)
    assert trias.reveals_information(last, RED, "m 1,0>2,0")  # ends the turn


def test_seat_labels_are_herd_colours():
    assert trias.seat_labels(5, {}) == ["Red", "Blue", "Purple", "Black", "White"]


# ----------------------------------------------------------------- notation


def test_notation_is_forgiving_about_spaces_and_rescue_order():
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1), (RED, (3, 0), 2)])
    assert trias.apply(state, RED, " m  1,0 > 2,0 ") == trias.apply(state, RED, "m 1,0>2,0")
    with pytest.raises(IllegalAction, match="not a position"):
        trias.apply(state, RED, "m a,b>2,0")
    with pytest.raises(IllegalAction, match="not an action"):
        trias.apply(state, RED, "fly 1,0")


def test_describe_is_one_plain_sentence():
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1)])
    assert trias.describe(state, RED, "m 1,0>2,0") == "Red moves a herd from 1,0 to 2,0."
    assert trias.describe(state, RED, "+ 1,0") == "A herd of Red on 1,0 reproduces."
    assert trias.describe(state, RED, "end") == "Red ends the turn."


def test_a_seat_not_to_move_is_refused():
    state = build({(1, 0): "W"}, [(RED, (1, 0), 1)])
    assert trias.legal_actions(state, BLUE) == []
    with pytest.raises(IllegalAction, match="not your turn"):
        trias.apply(state, BLUE, "end")


# ----------------------------------------------------------------- random playouts


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_end_and_round_trip(n):
    for seed in range(3):
        rng = random.Random(seed)
        state = trias.new_game(n, 1000 + seed)
        steps = 0
        while trias.to_move(state):
            seat = trias.to_move(state)[0]
            action = rng.choice(trias.legal_actions(state, seat))
            before = trias.to_json(state)
            new = trias.apply(state, seat, action)
            assert trias.to_json(state) == before
            assert trias.from_json(json.loads(json.dumps(trias.to_json(new)))) == new
            state = new
            steps += 1
            assert steps < 3000
        result = trias.outcome(state)
        assert result is not None and result.winners
        assert trias.view(state, 0)["final"] is not None
        assert state.phase != ACTIONS


def test_evaluate_prefers_the_leader_and_stays_in_range():
    state = build({(5, 0): "W", (1, 0): "W"}, [(RED, (5, 0), 2), (BLUE, (1, 0), 2)])
    assert trias.evaluate(state, RED) > 0.5 > trias.evaluate(state, BLUE)
    assert all(0 <= trias.evaluate(state, s) <= 1 for s in range(4))


def test_evaluate_values_a_majority_on_a_detached_land_mass_not_on_the_main_one():
    """TS13: a land mass apart from the South Pole's scores its tiles for the majority;
    the main land mass scores nothing, so the same herds there are worth less."""
    detached = {(4, 0): "W", (5, 0): "W", (6, 0): "W", (1, 0): "W"}
    ahead = build(detached, [(RED, (5, 0), 2), (BLUE, (1, 0), 2)])
    level = build(detached, [(RED, (1, 0), 2), (BLUE, (5, 0), 2)])
    assert trias.evaluate(ahead, RED) > 0.5 > trias.evaluate(level, RED)


def test_evaluate_board_projects_the_final_scoring_of_the_position():
    """The Casual level's estimate is final scoring (TS13) as if the game ended now,
    plus a little per herd on land: checked against ``final_detail`` along random games."""
    from titles.trias.engine import rules

    rng = random.Random(4)
    for players in (2, 3, 5):
        state = trias.new_game(players, 40 + players)
        while movers := trias.to_move(state):
            projected = list(state.scores)
            for item in rules.final_detail(state):
                for seat, points in item["points"].items():
                    projected[seat] += points
            for herd in state.herds:
                if herd.pos in state.board.land:
                    projected[herd.owner] += 0.3
            for seat in range(players):
                if seat in state.eliminated:
                    continue
                rivals = [
                    v for s, v in enumerate(projected) if s != seat and s not in state.eliminated
                ]
                if rivals:
                    lead = projected[seat] - max(rivals)
                    expected = 0.5 + 0.5 * lead / (abs(lead) + 8.0)
                    assert trias.evaluate_board(state, seat) == pytest.approx(expected)
            seat = movers[0]
            state = trias.apply(state, seat, rng.choice(trias.legal_actions(state, seat)))


def test_determinize_keeps_hand_cards_from_deck_2_in_deck_2():
    """TS16: a hand drawn when only deck 2 was left is re-drawn from deck 2's cards."""
    state = build(
        {(1, 0): "W"},
        [(RED, (1, 0), 1)],
        hands=("M", "S", "W", "S"),
        deck="MWSX",
    )
    from dataclasses import replace

    state = replace(state, hand_from=(1, 2, 1, 1))  # Blue's card came from deck 2
    rng = random.Random(4)
    for _ in range(30):
        other = trias.determinize(state, RED, rng)
        assert other.hands[RED] == "M"
        assert other.hands[BLUE] in "MWS"  # one of deck 2's cards, never the Meteorite
        assert other.deck.count(METEORITE) == 1
        assert sorted((*other.deck, other.hands[BLUE])) == sorted("MWSXS")


def test_typed_far_away_positions_are_refused_and_not_memoised():
    """Refusals explain themselves without keeping every typed position in memory."""
    from titles.trias.engine import board

    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 1)])
    for action in ("d 1,0>900001,5", "m 1,0>900002,5", "r 900003,5>2,0"):
        with pytest.raises(IllegalAction):
            trias.apply(state, RED, action)
    memos = (board._DISTANCE, board._NEIGHBOURS, board._TEXT)
    assert not any(p[0] > 900000 for memo in memos for p in memo)
