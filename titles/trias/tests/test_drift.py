"""Drift rules (TS2, TS4-TS7) and the rulebook's Example 2."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from titles.trias import engine as trias
from titles.trias.engine.board import analyse
from titles.trias.engine.drift import drift_targets
from titles.trias.engine.state import ACTIONS, CARD, DRIFT

from .positions import BLACK, BLUE, PURPLE, RED, build, herds_on


def targets(state, p):
    return set(drift_targets(state.board, p))


def test_a_tile_touching_only_an_interior_sea_cannot_be_lifted():
    """TS2, TS4: the tile must touch the surrounding water, not an interior sea."""
    # A ring of tiles around (2,0) makes it an interior sea; (1,0) touches only it.
    ring_ = {(3, 0), (3, -1), (2, -1), (1, 1), (2, 1), (1, 0)}
    tiles = {p: "W" for p in ring_}
    tiles.update({(0, 1): "S", (-1, 1): "S", (0, -1): "S", (-1, 0): "S", (1, -1): "S"})
    # Close the pole's surroundings so (1,0) has no other water neighbour.
    state = build(tiles, [(RED, (1, 0), 1)], phase=ACTIONS)
    board = state.board
    assert (2, 0) in board.interior_sea_positions()
    assert not board.touches_surrounding((1, 0))
    assert drift_targets(board, (1, 0)) == ()
    with pytest.raises(IllegalAction, match="does not touch the surrounding water"):
        trias.apply(state, RED, "d 1,0>3,1")


def test_an_interior_sea_that_opens_becomes_surrounding_water():
    """TS2: recompute after every tile move."""
    ring_ = {(3, 0), (3, -1), (2, -1), (1, 1), (2, 1), (1, 0)}
    state = build({p: "W" for p in ring_}, [(RED, (1, 0), 1)])
    assert (2, 0) in state.board.interior_sea_positions()
    after = trias.apply(state, RED, "d 3,0>4,-1")
    assert after.board.interior_sea_positions() == []
    assert after.board.touches_surrounding((1, 0))


def test_a_drift_to_a_position_at_the_same_distance_is_refused():
    """TS4: the destination is strictly farther from the South Pole."""
    state = build(
        {(1, 0): "W", (2, 0): "W", (2, -1): "S"},
        [(RED, (1, 0), 1)],
    )
    with pytest.raises(IllegalAction, match="not farther from the South Pole"):
        trias.apply(state, RED, "d 2,-1>1,1")  # both at distance 2
    assert targets(state, (2, -1)) == {(3, -1), (3, 0), (2, 1)}
    legal = trias.legal_actions(state, RED)
    assert "d 2,-1>3,-1" in legal


def test_the_destination_must_touch_the_same_land_mass():
    """TS4: d touches L without the lifted tile."""
    state = build({(1, 0): "W", (2, 0): "W", (2, -1): "S"}, [(RED, (1, 0), 1)])
    # 4,-2 touches nothing of the land mass once 2,-1 is lifted.
    with pytest.raises(IllegalAction, match="does not touch its land mass"):
        trias.apply(state, RED, "d 2,-1>4,-2")


def test_the_south_pole_and_a_lone_tile_never_drift():
    """TS3, TS4: the South Pole never moves; a land mass of one tile cannot drift."""
    state = build({(1, 0): "W", (5, 0): "S"}, [(RED, (1, 0), 1), (RED, (5, 0), 1)])
    assert drift_targets(state.board, (0, 0)) == ()
    assert drift_targets(state.board, (5, 0)) == ()
    with pytest.raises(IllegalAction, match="only one tile"):
        trias.apply(state, RED, "d 5,0>6,0")
    with pytest.raises(IllegalAction, match="South Pole never drifts"):
        trias.apply(state, RED, "d 0,0>0,3")


def test_a_player_drifts_only_on_land_masses_where_a_herd_of_theirs_is_on_land():
    """TS4: presence counts herds on land (a herd on the lifted tile counts), not swimmers."""
    tiles = {(1, 0): "W", (2, 0): "W", (5, 0): "S", (6, 0): "S"}
    state = build(tiles, [(RED, (6, 0), 1), (BLUE, (1, 0), 1), (RED, (1, 1), 1)])
    legal = trias.legal_actions(state, RED)
    assert any(a.startswith("d 6,0>") or a.startswith("d 5,0>") for a in legal)
    assert not any(a.startswith("d 2,0>") for a in legal)
    with pytest.raises(IllegalAction, match="no herd on land on its land mass"):
        trias.apply(state, RED, "d 2,0>3,0")


def test_a_drift_leaves_herds_as_swimmers_and_a_tile_put_on_swimmers_carries_them():
    """TS6."""
    tiles = {(1, 0): "W", (2, 0): "S", (2, -1): "W"}
    state = build(tiles, [(RED, (2, 0), 2), (BLUE, (3, -1), 1)], actions_left=4)
    after = trias.apply(state, RED, "d 2,0>3,-1")
    assert (2, 0) not in after.board.land
    assert herds_on(after, (2, 0)) == [RED, RED]  # swimmers now
    assert after.board.land[(3, -1)] == "S"
    assert herds_on(after, (3, -1)) == [BLUE]  # on land again
    assert after.actions_left == 1  # a drift costs 3 actions (TS8)


# --------------------------------------------------------------------- splits, TS7

SPLIT = {
    # main part: the pole, 1,0 and 2,0; 3,0 joins it to two outer parts
    (1, 0): "S",
    (2, 0): "S",
    (3, 0): "W",  # the tile X of Example 2
    (4, -1): "W",  # part B
    (5, -2): "W",
    (4, -2): "W",
    (3, 1): "S",  # part C
    (3, 2): "M",
    (1, 1): "S",  # more main land mass, for an A position
    (1, 2): "S",
    (6, -4): "S",  # a separate island, for an E position
    (7, -5): "S",
}

EXAMPLE_2_HERDS = [
    (BLUE, (3, 0), 1),  # the herd on X becomes a swimmer
    (BLUE, (4, -1), 3),
    (RED, (4, -1), 1),
    (BLACK, (5, -2), 3),
    (PURPLE, (4, -2), 2),
    (RED, (3, 1), 2),
    (PURPLE, (3, 2), 1),
]


def example_2(**kw):
    return build(SPLIT, EXAMPLE_2_HERDS, phase=DRIFT, card="W", actions_left=0, **kw)


def test_example_2_lifting_x_splits_its_land_mass_into_three_parts():
    board = analyse(example_2().tiles)
    assert len(board.masses) == 2  # the big land mass and the island
    assert board.touches_surrounding((3, 0))


@pytest.mark.parametrize(
    "position, case, points",
    [
        ((1, 3), "A", {}),  # connects to the main land mass: no scoring
        ((5, -1), "B", {BLUE: 2, BLACK: 2, PURPLE: 1}),  # 4 tiles: Blue, Black 3; Purple 2
        ((6, -2), "B", {BLUE: 2, BLACK: 2, PURPLE: 1}),
        ((4, 1), "C", {RED: 2, PURPLE: 1}),  # 3 tiles: Red 2, Purple 1
        ((4, 0), "D", {}),  # touches B and C: a re-connection, no scoring
        ((2, 2), "D", {}),  # touches C and the main part
        ((5, -3), "E", {}),  # touches B and the island: merges, no scoring
    ],
)
def test_example_2_each_way_the_tile_can_be_connected(position, case, points):
    """Rulebook Example 2, cases a-e (TS7)."""
    state = example_2()
    action = f"d 3,0>{position[0]},{position[1]}"
    assert action in trias.legal_actions(state, RED), case
    after = trias.apply(state, RED, action)
    assert herds_on(after, (3, 0)) == [BLUE]  # swimmer
    gained = {s: after.scores[s] - state.scores[s] for s in range(4) if after.scores[s]}
    assert gained == points, case
    if points:
        assert position in after.scored
        assert "Interim scoring" in after.log[-1]
        size = {"B": 4, "C": 3}[case]
        assert len(after.scored) == size
    else:
        assert after.scored == ()
    assert after.phase == ACTIONS


def test_example_2_all_other_water_positions_are_not_allowed():
    """Rulebook Example 2, case e: not farther, or not touching the original land mass."""
    state = example_2()
    allowed = targets(state, (3, 0))
    assert (2, 1) not in allowed  # distance 3, not farther than 3,0
    assert (3, -1) not in allowed  # distance 3
    assert (8, -5) not in allowed  # touches only the island
    for d in allowed:
        assert max(abs(d[0]), abs(d[1]), abs(d[0] + d[1])) > 3


def test_a_drift_that_splits_a_land_mass_may_be_placed_against_either_part():
    """TS4: when lifting t splits L, d may touch any of L's parts, even where the
    player has no herd (Black has none on part C)."""
    state = build(SPLIT, [(BLACK, (5, -2), 1)], current=BLACK, phase=DRIFT, card="W")
    legal = trias.legal_actions(state, BLACK)
    assert "d 3,0>4,1" in legal  # against part C
    assert "d 3,0>5,-1" in legal  # against part B
    assert "d 3,0>1,3" in legal  # against the main part


def test_a_placement_that_merges_two_land_masses_gives_no_interim_score():
    """TS7: touching another land mass means no scoring."""
    state = example_2()
    after = trias.apply(state, RED, "d 3,0>5,-3")
    assert after.scores == state.scores
    assert len(after.board.masses) == 3  # main part, C, and B merged with the island


def test_no_interim_scoring_in_the_two_player_game():
    """TS15."""
    herds = [(s % 2, p, n) for s, p, n in EXAMPLE_2_HERDS if s in (RED, BLUE)]
    state = build(SPLIT, herds, num_players=2, phase=DRIFT, card="W", stock=(5, 5))
    after = trias.apply(state, RED, "d 3,0>4,1")
    assert after.scores == (0, 0)


def test_the_mandatory_drift_must_use_the_cards_landscape():
    """TS5: a wood card drifts a wood tile when one can."""
    state = example_2()
    legal = trias.legal_actions(state, RED)
    assert legal and all(state.board.land[(int(a[2]), 0)] == "W" for a in legal if a[2:4] == "3,")
    with pytest.raises(IllegalAction, match="your card is wood"):
        trias.apply(state, RED, "d 3,1>4,1")


def test_colour_fallback_when_no_tile_of_the_cards_landscape_can_drift():
    """TS5: any other landscape may drift; the log says so."""
    tiles = {(1, 0): "S", (2, 0): "S", (2, -1): "M"}
    state = build(tiles, [(RED, (1, 0), 1)], phase=CARD, hands=("W", "S", "S", "S"))
    after = trias.apply(state, RED, "play")
    assert after.phase == DRIFT
    assert "another landscape" in after.log[-1]
    legal = trias.legal_actions(after, RED)
    assert "d 2,-1>3,-1" in legal
    assert "d 2,0>3,-1" in legal


def test_the_mandatory_drift_lapses_when_no_tile_can_drift():
    """TS5: the drift lapses by itself, the card counts as played, Phase 2 follows."""
    # Only the South Pole: nothing can drift.
    state = build({}, [(RED, (0, 0), 1)], phase=CARD, hands=("W", "S", "S", "S"))
    after = trias.apply(state, RED, "play")
    assert after.phase == ACTIONS
    assert after.actions_left == 4
    assert "lapses" in after.log[-1]
    assert after.hands[RED] == "" and after.hand_played


def test_a_player_with_only_swimmers_cannot_drift():
    """German rulebook: only swimmers means no presence on any land mass."""
    state = build({(1, 0): "S", (2, 0): "S"}, [(RED, (3, 0), 1)], phase=CARD, hands=("S",) * 4)
    after = trias.apply(state, RED, "play")
    assert after.phase == ACTIONS
    assert "lapses" in after.log[-1]
