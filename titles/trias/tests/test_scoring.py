"""Interim scoring (TS7), final scoring (TS13, Example 3) and the winner (TS14)."""

from __future__ import annotations

import pytest

from titles.trias import engine as trias
from titles.trias.engine.scoring import final_points, interim_points, rank_winners
from titles.trias.engine.state import OVER

from .positions import BLACK, BLUE, PURPLE, RED, build

P1, P2, P3, P4 = RED, BLUE, PURPLE, BLACK

# Example 3: per land mass, its tile count and each player's herds on it, chosen to
# give the rulebook's table (the table shows only the points).
EXAMPLE_3 = {
    "A": (3, {P1: 3, P3: 2}),  # 3 | - | 2 | -
    "B": (3, {P2: 2, P3: 2, P4: 2}),  # - | 2 | 2 | 2
    "C": (7, {P1: 4, P3: 4}),  # 6 | - | 6 | -
    "D": (6, {P2: 3, P3: 3}),  # - | 5 | 5 | -
    "E": (1, {P2: 1, P4: 1}),  # - | 1 | - | 1
    "F": (5, {P4: 3, P1: 2}),  # 3 | - | - | 5
    "G": (3, {P1: 2, P2: 2}),  # 3 | 3 | - | -
    "H": (5, {P1: 2, P2: 2}),  # 4 | 4 | - | -
}
TABLE = {
    "A": {P1: 3, P3: 2},
    "B": {P2: 2, P3: 2, P4: 2},
    "C": {P1: 6, P3: 6},
    "D": {P2: 5, P3: 5},
    "E": {P2: 1, P4: 1},
    "F": {P1: 3, P4: 5},
    "G": {P1: 3, P2: 3},
    "H": {P1: 4, P2: 4},
}


@pytest.mark.parametrize("mass", sorted(EXAMPLE_3))
def test_example_3_each_land_mass(mass):
    tiles, counts = EXAMPLE_3[mass]
    assert final_points(tiles, counts) == TABLE[mass]


def example_3_position():
    """The eight land masses of Example 3 as islands in rows far from the pole."""
    tiles = {}
    herds = []
    for k, name in enumerate(sorted(EXAMPLE_3)):
        size, counts = EXAMPLE_3[name]
        row = [(10 + i, 3 * k - 12) for i in range(size)]
        tiles.update({p: "W" for p in row})
        slots = [p for p in row for _ in range(4)]
        for seat, n in sorted(counts.items()):
            for _ in range(n):
                herds.append((seat, slots.pop(0), 1))
    return build(tiles, herds, last_round=True, actions_left=2)


def test_example_3_final_scoring_gives_19_15_15_8():
    """TS13: all land masses but the main one, rounded up per player."""
    state = example_3_position()
    assert len(state.board.masses) == 9  # eight islands and the pole
    assert sum(len(m) for m in state.board.masses) <= 35  # fits the real game's tiles
    over = trias.apply(state, RED, "end")
    assert over.phase == OVER
    assert over.scores == (19, 15, 15, 8)
    view = trias.view(over, None)
    assert len(view["final"]) == 8
    assert sum(sum(m["points"]) for m in view["final"]) == 57
    assert all(len(m["tiles"]) and len(m["herds"]) == 4 for m in view["final"])
    assert sum("Final scoring" in line for line in over.log) == 8


def test_final_scoring_rules():
    """TS13 case by case."""
    assert final_points(5, {RED: 3}) == {RED: 5}  # alone: only first place
    assert final_points(5, {RED: 3, BLUE: 1}) == {RED: 5, BLUE: 3}  # 2.5 rounds up
    assert final_points(4, {RED: 2, BLUE: 2, PURPLE: 1}) == {RED: 3, BLUE: 3}
    assert final_points(4, {RED: 3, BLUE: 1, PURPLE: 1}) == {RED: 4, BLUE: 1, PURPLE: 1}
    assert final_points(3, {RED: 0}) == {}


def test_the_main_land_mass_is_not_scored_at_the_end():
    state = build({(1, 0): "W", (2, 0): "W"}, [(RED, (1, 0), 3)], last_round=True)
    over = trias.apply(state, RED, "end")
    assert over.scores == (0, 0, 0, 0)


def test_interim_points_go_to_the_first_and_second_counts():
    """TS7: 2 to every player with the most, 1 to every player with the next count."""
    assert interim_points({RED: 1, BLUE: 3, PURPLE: 2, BLACK: 3}) == {BLUE: 2, BLACK: 2, PURPLE: 1}
    assert interim_points({RED: 2, BLUE: 0}) == {RED: 2}
    assert interim_points({RED: 0, BLUE: 0}) == {}


def test_interim_scoring_counts_herds_carried_again_and_not_swimmers():
    """TS7 with TS6: the placed tile carries the swimmers at its new place."""
    tiles = {(1, 0): "S", (2, 0): "W", (3, 0): "W", (3, -1): "W"}
    # Lifting 2,0 splits {3,0 3,-1} from the main part; placing it at 4,-1 scores them.
    herds = [(RED, (3, 0), 1), (BLUE, (4, -1), 2), (PURPLE, (2, 0), 3)]
    state = build(tiles, herds)
    after = trias.apply(state, RED, "d 2,0>4,-1")
    assert after.scores == (1, 2, 0, 0)  # Blue's swimmers count, Purple swims now


# ----------------------------------------------------------------- TS14


def over_state(scores, stock, herds, tiles=None):
    tiles = tiles or {(5, 0): "W", (5, 2): "W", (1, 0): "W"}
    state = build(tiles, herds, stock=stock, scores=scores)
    from dataclasses import replace

    return replace(state, phase=OVER)


def test_the_winner_has_most_points():
    state = over_state((9, 7, 3, 1), (5, 5, 5, 5), [(RED, (1, 0), 1)])
    result = trias.outcome(state)
    assert result.winners == (RED,) and "most points" in result.reason


def test_a_tie_on_points_is_broken_by_herds_in_stock():
    state = over_state((9, 9, 3, 1), (2, 5, 5, 5), [(RED, (1, 0), 1)])
    result = trias.outcome(state)
    assert result.winners == (BLUE,) and "stock" in result.reason


@pytest.mark.parametrize(
    "evaluate", [trias.evaluate, trias.evaluate_board, trias.evaluate_to_the_end]
)
def test_the_computer_players_estimates_know_the_tie_break(evaluate):
    """TS14: tied on points, Blue wins on herds in stock, so the estimates the computer
    players judge a finished game by rank Blue ahead and Red behind; a shared win
    stays even."""
    state = over_state((9, 9, 3, 1), (2, 5, 5, 5), [(RED, (1, 0), 1)])
    assert evaluate(state, BLUE) > 0.5 > evaluate(state, RED)
    assert evaluate(state, RED) > evaluate(state, PURPLE)  # last of all is worse still
    shared = over_state((9, 9, 3, 1), (5, 5, 5, 5), [(RED, (1, 0), 1), (BLUE, (5, 2), 1)])
    assert evaluate(shared, RED) == evaluate(shared, BLUE) == 0.5


def test_then_by_presence_on_more_land_masses_the_main_one_included():
    herds = [(RED, (1, 0), 1), (RED, (5, 0), 1), (BLUE, (5, 2), 1)]
    state = over_state((9, 9, 3, 1), (5, 5, 5, 5), herds)
    result = trias.outcome(state)
    assert result.winners == (RED,) and "land masses" in result.reason


def test_then_a_shared_win():
    herds = [(RED, (1, 0), 1), (BLUE, (5, 2), 1)]
    state = over_state((9, 9, 3, 1), (5, 5, 5, 5), herds)
    result = trias.outcome(state)
    assert result.winners == (RED, BLUE) and "shared win" in result.reason


def test_rank_winners_directly():
    winners, how = rank_winners([0, 1], {0: 3, 1: 3}, {0: 1, 1: 1}, {0: 2, 1: 2})
    assert winners == [0, 1] and "shared" in how


def test_an_eliminated_player_cannot_win():
    """TS10 (site decision): out of the game, their score stays shown."""
    state = over_state((20, 9, 3, 1), (15, 5, 5, 5), [(BLUE, (1, 0), 1)])
    from dataclasses import replace

    result = trias.outcome(replace(state, eliminated=(RED,)))
    assert result.winners == (BLUE,)
    assert result.scores[RED] == 20
