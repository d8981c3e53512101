"""Rules audit: one test per rule clause that the other test modules did not pin down.

Each test names the rulebook section or ruling it checks (``RULINGS.md``: TS1-TS16;
"DE" is the German rulebook, which has details the English lacks).
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.engines.base import IllegalAction
from titles.trias import engine as trias
from titles.trias.engine.board import CAPACITY
from titles.trias.engine.cards import METEORITE
from titles.trias.engine.drift import drift_targets
from titles.trias.engine.notation import parse
from titles.trias.engine.state import ACTIONS, CARD, DRIFT, OVER

from .positions import BLUE, RED, build, herds_on

# ----------------------------------------------------------------- TS4 drift legality


def test_ts4_a_herd_on_the_lifted_tile_itself_counts_as_presence():
    """TS4: presence is counted before the lift; Red's only herd is on 2,-1."""
    state = build({(1, 0): "W", (2, 0): "S", (2, -1): "M"}, [(RED, (2, -1), 1)])
    legal = trias.legal_actions(state, RED)
    assert "d 2,-1>3,-1" in legal
    after = trias.apply(state, RED, "d 2,-1>3,-1")
    assert herds_on(after, (2, -1)) == [RED]  # now a swimmer (TS6)


def test_ts4_a_swimmer_beside_a_land_mass_is_no_presence():
    """TS4 and DE Phase 1 note: only swimmers means no drift on that land mass."""
    state = build({(1, 0): "W", (2, 0): "S"}, [(RED, (3, 0), 1), (BLUE, (1, 0), 1)])
    assert not any(a.startswith("d ") for a in trias.legal_actions(state, RED))


def test_ts4_the_placed_tile_must_touch_the_surrounding_water():
    """TS4: d in an interior sea that the lift does not open is refused; d in a sea
    beside p is surrounding water once p is lifted, so it is allowed."""
    # A closed ring of tiles around the interior sea 3,-1.
    ring_ = [(4, -1), (4, -2), (3, -2), (2, -1), (2, 0), (3, 0)]
    tiles = {p: "W" for p in ring_}
    tiles.update({(1, 0): "S", (1, -1): "S"})
    state = build(tiles, [(RED, (1, 0), 1)])
    board = state.board
    assert (3, -1) in board.interior_sea_positions()
    # 1,-1 touches the surrounding water, but lifting it leaves the sea closed.
    assert board.touches_surrounding((1, -1))
    assert (3, -1) not in drift_targets(board, (1, -1))
    with pytest.raises(IllegalAction, match="would not touch the surrounding water"):
        trias.apply(state, RED, "d 1,-1>3,-1")
    # 2,0 borders the sea and the open water: lifting it opens the sea.
    assert (3, -1) in drift_targets(board, (2, 0))
    after = trias.apply(state, RED, "d 2,0>3,-1")
    assert after.board.interior_sea_positions() == []  # TS2: recomputed


def test_ts4_the_destination_may_touch_another_land_mass_and_merge_it():
    """TS4: d touches L (required) and may also touch another land mass."""
    tiles = {(1, 0): "S", (2, 0): "S", (3, -2): "M", (4, -2): "M"}
    state = build(tiles, [(RED, (1, 0), 1)])
    assert "d 1,0>2,-1" in trias.legal_actions(state, RED)
    after = trias.apply(state, RED, "d 1,0>2,-1")
    board = after.board
    assert board.mass_of[(2, -1)] == board.mass_of[(2, 0)] == board.mass_of[(4, -2)]
    assert after.scores == (0, 0, 0, 0)  # a merge is never scored (TS7)


def test_ts4_drift_in_phase_2_costs_three_actions_and_any_landscape():
    """TS8: a Phase 2 drift costs 3 actions, any landscape; not with fewer left."""
    tiles = {(1, 0): "W", (2, 0): "S", (2, -1): "M"}
    state = build(tiles, [(RED, (1, 0), 1)], actions_left=3)
    legal = trias.legal_actions(state, RED)
    kinds = {state.board.land[parse(a)[1][0]] for a in legal if a.startswith("d ")}
    assert kinds == {"W", "S", "M"}
    two = build(tiles, [(RED, (1, 0), 1)], actions_left=2)
    assert not any(a.startswith("d ") for a in trias.legal_actions(two, RED))
    with pytest.raises(IllegalAction, match="costs 3 actions"):
        trias.apply(two, RED, "d 2,0>3,-1")


# ----------------------------------------------------------------- TS5


def test_ts5_fallback_when_the_cards_landscape_is_only_where_the_player_is_absent():
    """TS5: the wood tiles lie only on an island without a Red herd, so Red chooses
    another landscape."""
    tiles = {(1, 0): "S", (2, 0): "M", (5, 0): "W", (6, 0): "W"}
    herds = [(RED, (1, 0), 1), (BLUE, (5, 0), 1)]
    state = build(tiles, herds, phase=CARD, hands=("W", "S", "S", "S"))
    after = trias.apply(state, RED, "play")
    assert after.phase == DRIFT
    legal = trias.legal_actions(after, RED)
    assert legal and all(not a.startswith(("d 5,0", "d 6,0")) for a in legal)
    assert "d 1,0>2,-1" in legal  # a steppe tile
    assert "another landscape" in after.log[-1]


def test_ts5_a_drawn_card_whose_drift_lapses_still_counts_as_played():
    """TS5: the drawn card is used up; the hand card stays and Phase 4 draws nothing."""
    state = build({}, [(RED, (0, 0), 1)], phase=CARD, hands=("W", "S", "S", "S"), deck="MSX")
    after = trias.apply(state, RED, "draw")
    assert after.phase == ACTIONS and "lapses" in after.log[-1]
    after = trias.apply(after, RED, "end")
    assert after.hands[RED] == "W"
    assert after.deck == ("S", "X")


# ----------------------------------------------------------------- TS7


def test_ts7_a_split_of_an_island_scores_the_part_the_tile_joins():
    """TS7 (DE: "Teilung einer Landmasse"): L need not be the main land mass."""
    tiles = {(1, 0): "W", (5, 0): "W", (6, 0): "S", (7, 0): "M", (6, -1): "W"}
    herds = [(RED, (5, 0), 1), (RED, (1, 0), 1), (BLUE, (7, 0), 2)]
    state = build(tiles, herds)
    after = trias.apply(state, RED, "d 6,0>8,-1")  # joins only the part {7,0}
    assert after.scores == (0, 2, 0, 0)
    assert sorted(after.scored) == [(7, 0), (8, -1)]


def test_ts7_no_interim_scoring_when_the_lift_does_not_split_the_land_mass():
    """TS7: only when lifting t split L."""
    tiles = {(1, 0): "W", (5, 0): "W", (6, 0): "S"}
    state = build(tiles, [(RED, (6, 0), 1), (BLUE, (5, 0), 2), (BLUE, (6, 0), 2)])
    after = trias.apply(state, RED, "d 5,0>7,-1")
    assert after.scores == (0, 0, 0, 0) and after.scored == ()


def test_ts7_the_part_holding_the_south_pole_is_never_scored():
    """TS7: lifting 2,0 cuts 3,0 off the main land mass; put down against the main
    part only, nothing is scored; against the cut-off part only, that part is."""
    tiles = {(1, 0): "S", (2, 0): "W", (3, 0): "W", (1, 1): "W", (1, 2): "W"}
    state = build(tiles, [(RED, (1, 0), 2), (BLUE, (3, 0), 1)])
    main = trias.apply(state, RED, "d 2,0>1,3")
    assert main.scores == (0, 0, 0, 0) and main.scored == ()
    part = trias.apply(state, RED, "d 2,0>4,-1")
    assert part.scores == (0, 2, 0, 0)
    assert sorted(part.scored) == [(3, 0), (4, -1)]


# ----------------------------------------------------------------- TS6, TS8 capacity


def test_ts6_ts8_a_tile_put_down_over_capacity_blocks_entry_and_reproduction():
    """TS6: the tile carries the swimmers again, over capacity; TS8: over-full tiles
    cannot be entered nor reproduced on."""
    tiles = {(1, 0): "W", (2, 0): "W", (2, -1): "M"}
    herds = [(RED, (1, 0), 1), (RED, (3, -1), 2), (BLUE, (3, -1), 1), (BLUE, (2, 0), 1)]
    state = build(tiles, herds, actions_left=4)
    after = trias.apply(state, RED, "d 2,-1>3,-1")  # a mountain onto 3 swimmers
    assert after.count_at((3, -1)) == 3 > CAPACITY["M"]
    legal = trias.legal_actions(after, RED)
    assert "+ 3,-1" not in legal
    assert "m 2,0>3,-1" not in legal and not any(a.endswith(">3,-1") for a in legal)
    with pytest.raises(IllegalAction, match="holds 3 of 2 herds"):
        trias.apply(after, RED, "+ 3,-1")


def test_ts8_a_rescue_cannot_enter_a_full_tile():
    """TS8: capacity holds for rescues too."""
    tiles = {(1, 0): "W", (2, 0): "M"}
    state = build(tiles, [(RED, (3, 0), 1), (BLUE, (2, 0), 2)])
    assert not any(a.startswith("r ") for a in trias.legal_actions(state, RED))
    with pytest.raises(IllegalAction, match="holds 2 of 2 herds"):
        trias.apply(state, RED, "r 3,0>2,0")


def test_ts8_swimmers_neither_move_nor_reproduce():
    """TS8 and DE Option 4 ("Jede Herde an Land"): swimmers are only rescued."""
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (3, 0), 1)])
    legal = trias.legal_actions(state, RED)
    assert "r 3,0>2,0" in legal
    assert not any(a.startswith(("m ", "m+", "+ ")) for a in legal)
    with pytest.raises(IllegalAction, match="swimming"):
        trias.apply(state, RED, "m 3,0>2,0")


def test_ts8_a_herd_may_move_several_times_and_still_reproduce_once():
    """Rulebook Phase 2: "A herd may be moved more than once per turn";
    reproduction is independent of moving."""
    state = build({(1, 0): "W", (2, 0): "W", (3, 0): "W"}, [(RED, (1, 0), 1)])
    state = trias.apply(state, RED, "m 1,0>2,0")
    state = trias.apply(state, RED, "m 2,0>3,0")
    assert state.actions_left == 2
    state = trias.apply(state, RED, "+ 3,0")
    assert herds_on(state, (3, 0)) == [RED, RED]
    assert "+ 3,0" not in trias.legal_actions(state, RED)


def test_ts8_each_herd_reproduces_once_so_two_herds_reproduce_twice():
    """TS8: reproduce-once is per herd, not per tile."""
    state = build({(1, 0): "W"}, [(RED, (1, 0), 2)])
    state = trias.apply(state, RED, "+ 1,0")
    assert "+ 1,0" in trias.legal_actions(state, RED)  # the other original herd
    state = trias.apply(state, RED, "+ 1,0")
    assert herds_on(state, (1, 0)) == [RED] * 4
    assert "+ 1,0" not in trias.legal_actions(state, RED)


def test_ts3_the_south_pole_is_a_steppe_of_capacity_3():
    """TS3 and DE "Anmerkung: Der Südpol ist ein Steppenfeld"."""
    state = build({(1, 0): "W"}, [(RED, (1, 0), 1), (BLUE, (0, 0), 2)])
    assert "m 1,0>0,0" in trias.legal_actions(state, RED)
    full = build({(1, 0): "W"}, [(RED, (1, 0), 1), (BLUE, (0, 0), 3)])
    assert "m 1,0>0,0" not in trias.legal_actions(full, RED)


# ----------------------------------------------------------------- TS9, TS10, TS12, TS13


def test_ts9_phase_3_runs_in_the_last_round_before_final_scoring():
    """TS12 and DE "Letzte Runde": each last-round turn ends with Phase 3."""
    tiles = {(1, 0): "W", (5, 0): "W", (6, 0): "W"}
    herds = [(RED, (5, 0), 1), (RED, (4, 0), 3), (BLUE, (6, 0), 2), (RED, (1, 0), 1)]
    state = build(tiles, herds, last_round=True, actions_left=2)
    over = trias.apply(state, RED, "end")
    assert over.phase == OVER
    assert herds_on(over, (4, 0)) == []
    # Island 5,0 6,0: Blue 2, Red 1 (Red's swimmers did not count).
    assert over.scores == (1, 2, 0, 0)


def test_ts13_other_players_swimmers_do_not_count_at_the_end():
    """TS13: herds on the land mass count; Blue's swimmers at 7,0 are not on it."""
    tiles = {(1, 0): "W", (5, 0): "W", (6, 0): "W"}
    herds = [(RED, (5, 0), 2), (BLUE, (7, 0), 3), (BLUE, (1, 0), 1)]
    state = build(tiles, herds, last_round=True, actions_left=2)
    over = trias.apply(state, RED, "end")
    assert over.scores == (2, 0, 0, 0)


def test_ts10_a_player_with_herds_only_in_stock_is_out():
    """TS10: herds in stock do not keep a player in the game."""
    state = build({(1, 0): "W"}, [(RED, (3, 0), 1), (BLUE, (1, 0), 1)])
    assert state.stock[RED] == 14
    after = trias.apply(state, RED, "end")
    assert RED in after.eliminated and after.stock[RED] == 15


def test_ts12_the_meteorite_drawn_in_phase_4_leaves_the_drawer_without_a_hand():
    """TS12: revealed, not a hand card; the last round has no Phase 1 and 2 actions."""
    tiles = {(1, 0): "W", (2, 0): "W"}
    herds = [(s, (1, 0), 1) for s in range(4)]
    state = build(tiles, herds, hand_played=True, hands=("", "S", "M", "W"), deck="X")
    after = trias.apply(state, RED, "end")
    assert after.hands[RED] == "" and after.last_round
    assert METEORITE not in after.hands
    assert after.current == BLUE and after.phase == ACTIONS and after.actions_left == 2
    assert "play" not in trias.legal_actions(after, BLUE)
    assert trias.view(after, RED)["seats"][RED]["has_hand_card"] is False


def test_ts12_two_players_also_have_two_actions_in_the_last_round():
    """TS12 with TS15."""
    tiles = {(1, 0): "W", (2, 0): "W"}
    state = build(
        tiles, [(RED, (1, 0), 1), (BLUE, (2, 0), 1)], num_players=2, phase=CARD,
        deck="X", stock=(9, 9),
    )  # fmt: skip
    after = trias.apply(state, RED, "draw")
    assert after.last_round and after.actions_left == 2 and after.last_queue == (BLUE,)


# ----------------------------------------------------------------- TS15


def test_ts15_two_player_decks_are_16_and_5_cards():
    """TS15: deck 1 5 mountain, 6 steppe, 5 wood; deck 2 1, 2, 1 and the Meteorite."""
    state = trias.new_game(2, 3)
    cards = list(state.hands) + list(state.deck)
    assert Counter(cards[:16]) == {"M": 5, "S": 6, "W": 5}
    assert Counter(cards[16:]) == {"M": 1, "S": 2, "W": 1, METEORITE: 1}
    assert trias.new_game(2, 3).stock == (10, 10)


@pytest.mark.parametrize("shorter, removed", [(False, 1), (True, 2)])
def test_ts15_three_players_remove_cards_of_each_landscape_from_deck_1(shorter, removed):
    state = trias.new_game(3, 8, {"shorter": shorter})
    cards = list(state.hands) + list(state.deck)
    size1 = 30 - 3 * removed
    assert Counter(cards[:size1]) == {"M": 7 - removed, "S": 13 - removed, "W": 10 - removed}
    assert Counter(cards[size1:]) == {"M": 2, "S": 3, "W": 3, METEORITE: 1}


def test_ts15_four_and_five_players_play_the_standard_game():
    for n in (4, 5):
        state = trias.new_game(n, 4)
        cards = list(state.hands) + list(state.deck)
        assert Counter(cards[:30]) == {"M": 7, "S": 13, "W": 10}
        assert state.stock == (15,) * n


# ----------------------------------------------------------------- TS16


def test_ts16_each_view_differs_only_in_its_own_hand():
    state = trias.new_game(4, 17)
    views = [trias.view(state, s) for s in range(4)]
    public = trias.view(state, None)
    for seat, view in enumerate(views):
        stripped = {k: v for k, v in view.items() if k not in ("hand", "hand_name")}
        assert stripped == {k: v for k, v in public.items() if k != "hand"}
        assert view["hand"] == state.hands[seat]


def test_ts16_describe_never_names_a_card_that_the_action_does_not_play():
    """TS16: describe names the hand card only when that seat plays it now, and the
    top of the deck only when it is drawn and played now."""
    state = build({(1, 0): "W"}, [(RED, (1, 0), 1)], phase=CARD,
                  hands=("M", "W", "S", "S"), deck="MSX")  # fmt: skip
    assert trias.describe(state, RED, "play") == "Red plays the hand card: mountain."
    assert trias.describe(state, RED, "draw") == "Red draws and plays a card: mountain."
    assert "wood" not in trias.describe(state, BLUE, "play")
    in_phase_2 = build({(1, 0): "W"}, [(RED, (1, 0), 1)], hands=("S", "W", "S", "S"),
                       deck="MSX")  # fmt: skip
    assert "mountain" not in trias.describe(in_phase_2, RED, "draw")
    assert "steppe" not in trias.describe(in_phase_2, RED, "play")
    assert "wood" not in trias.describe(in_phase_2, BLUE, "play")


def test_ts11_the_pole_may_take_the_first_placement():
    """TS11: 2 herds together on a tile with no herds; the pole allowed."""
    state = trias.new_game(4, 5)
    seat = trias.to_move(state)[0]
    after = trias.apply(state, seat, "p 0,0")
    assert herds_on(after, (0, 0)) == [seat, seat]
    assert after.stock[seat] == 13
    assert after.current == state.placing[0]
