"""The search bot's fitted estimate of a Trias position (``trias.evaluation``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from titles.trias import engine as trias
from titles.trias.engine import evaluation, rules
from titles.trias.engine.board import POLE, components, distance
from titles.trias.engine.scoring import final_points

from .positions import BLUE, RED, build

F = {name: i for i, name in enumerate(evaluation.FEATURES)}


def random_positions(players: int, seed: int):
    rng = random.Random(seed)
    state = trias.new_game(players, seed)
    while movers := trias.to_move(state):
        yield state
        seat = movers[0]
        state = trias.apply(state, seat, rng.choice(trias.legal_actions(state, seat)))
    yield state


def pieces_beyond(state, core: int) -> list[float]:
    """TS13 on the pieces of the main land mass beyond ``core``, the slow way."""
    board = state.board
    main = board.masses[board.main]
    points = [0.0] * state.num_players
    for part in components({p for p in main if distance(p) > core}):
        counts = dict.fromkeys(range(state.num_players), 0)
        for p in part:
            for herd in state.herds_at().get(p, ()):
                counts[herd.owner] += 1
        for seat, value in final_points(len(part), counts).items():
            points[seat] += value
    return points


@pytest.mark.parametrize("players", [2, 3, 5])
def test_features_count_every_herd_once_and_score_the_land_masses_by_ts13(players):
    """TS13 on today's land masses but the main one (``final_detail``), and on the
    pieces the main land mass breaks into without its centre; every herd is on the
    main land mass, on another one, in the water or in stock."""
    for state in random_positions(players, 60 + players):
        rows = evaluation.features(state)
        islands = [0.0] * players
        for item in rules.final_detail(state):
            for seat, points in item["points"].items():
                islands[seat] += points
        outer1, outer2 = pieces_beyond(state, 1), pieces_beyond(state, 2)
        herds = [0] * players
        for herd in state.herds:
            herds[herd.owner] += 1
        for seat, row in enumerate(rows):
            assert row[F["score"]] == state.scores[seat]
            assert row[F["islands"]] == islands[seat]
            assert row[F["outer1"]] == outer1[seat]
            assert row[F["outer2"]] == outer2[seat]
            placed = sum(
                row[F[name]]
                for name in ("main_inner", "main_ring2", "main_outer", "island_herds", "swimmers")
            )
            assert placed == herds[seat]
            assert row[F["stock"]] == state.stock[seat]


def test_a_herd_counts_on_the_ring_it_stands_on_and_on_the_coast():
    state = build(
        {(1, 0): "W", (2, 0): "W", (3, 0): "W", (-1, 0): "S"},
        [(RED, POLE, 1), (RED, (2, 0), 1), (BLUE, (3, 0), 2)],
    )
    red, blue = evaluation.features(state)[:2]
    assert (red[F["main_inner"]], red[F["main_ring2"]], red[F["main_outer"]]) == (1, 1, 0)
    assert blue[F["main_outer"]] == 2
    assert red[F["main_coast"]] == 2 and blue[F["main_coast"]] == 2
    # Without the centre, (2,0)-(3,0) is a piece of two tiles: Blue's majority.
    assert blue[F["outer1"]] == 2 and red[F["outer1"]] == 1


def test_progress_runs_from_the_full_deck_to_the_empty_one():
    start = trias.new_game(2, 3)
    assert evaluation.progress(start) == 1.0
    assert evaluation.progress(build({}, deck="")) == 0.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_estimate_stays_in_range_and_sees_the_final_result(players):
    """Once the game is over the estimate reads the true scores: a winner is ahead."""
    for state in random_positions(players, 80 + players):
        for seat in range(players):
            assert 0.0 <= trias.evaluate(state, seat) <= 1.0
    outcome = trias.outcome(state)
    for seat in range(players):
        if seat in state.eliminated:
            assert trias.evaluate(state, seat) == 0.0
        elif seat in outcome.winners and len(outcome.winners) == 1:
            assert trias.evaluate(state, seat) > 0.5
        elif seat not in outcome.winners and state.scores[seat] < max(state.scores):
            assert trias.evaluate(state, seat) < 0.5


def test_a_majority_on_a_piece_about_to_split_off_is_worth_more_than_the_centre():
    """The point of the fitted estimate: herds far out on the main land mass will end
    on a land mass of their own (tiles only drift outward), herds on the South Pole
    never score (TS13). Same herds, same stock, only where they stand differs."""
    tiles = {(1, 0): "W", (2, 0): "W", (3, 0): "W", (-1, 0): "W", (0, -1): "W"}
    far_out = build(tiles, [(RED, (3, 0), 2), (RED, (2, 0), 1), (BLUE, POLE, 3)], num_players=2)
    centre = build(tiles, [(RED, POLE, 3), (BLUE, (3, 0), 2), (BLUE, (2, 0), 1)], num_players=2)
    assert trias.evaluate(far_out, RED) > 0.5 > trias.evaluate(centre, RED)


@pytest.mark.parametrize("players", [2, 3])
def test_the_prediction_is_the_fitted_weights_times_the_features_as_fitted(players):
    """The estimate reads the features exactly as ``benchmarks/trias_eval.py`` fits
    them (``expanded``): the pasted weights mean what they meant when fitted."""
    weights = evaluation.WEIGHTS[players]
    for state in random_positions(players, 90 + players):
        if state.phase == "over":
            continue
        share = evaluation.progress(state)
        expected = [
            sum(w * x for w, x in zip(weights, evaluation.expanded(row, share), strict=True))
            for row in evaluation.features(state)
        ]
        predicted = evaluation.predicted_scores(state, evaluation.WEIGHTS)
        assert predicted == pytest.approx(expected)


def test_the_end_nears_with_the_meteorite_under_deck_1():
    """TS12: deck 2 (five cards with two players, the Meteorite among them) lies under
    deck 1, so the game cannot end while two draws stay in deck 1, may end with the
    next draws once they reach deck 2, and ends this round in the last round."""
    state = build({(1, 0): "W"}, num_players=2, deck="SSWMSMSX")
    chance = {
        size: evaluation.ending_soon(replace(state, deck=state.deck[-size:]))
        for size in (8, 7, 6, 5, 2, 1)
    }
    assert chance == {8: 0.0, 7: 0.0, 6: 1 / 5, 5: 2 / 5, 2: 1.0, 1: 1.0}
    assert evaluation.ending_soon(replace(state, last_round=True)) == 1.0


def test_in_the_last_round_only_the_land_as_it_lies_scores():
    """TS12, TS13: nothing drifts in the last round, so the main land mass will not
    break up: Red's herds far out on it (which the fitted estimate prizes, see above)
    score nothing, and Blue's lone herd on a land mass of its own wins it. Expert's
    estimate (``evaluate_to_the_end``) knows; far from the end it is the fitted one."""
    tiles = {(1, 0): "W", (2, 0): "W", (3, 0): "W", (-1, 0): "W", (0, -1): "W", (5, 0): "W"}
    herds = [(RED, (3, 0), 2), (RED, (2, 0), 1), (BLUE, POLE, 2), (BLUE, (5, 0), 1)]
    early = build(tiles, herds, num_players=2, deck="SSWMSMSSWMSX", scores=(2, 2))
    last = replace(early, last_round=True)
    assert trias.evaluate(last, RED) > 0.5  # the fitted estimate foresees the split
    assert trias.evaluate_to_the_end(last, BLUE) > 0.5 > trias.evaluate_to_the_end(last, RED)
    assert evaluation.predicted_scores(last, evaluation.WEIGHTS, to_the_end=True) == [2, 3]
    for seat in (RED, BLUE):
        assert trias.evaluate_to_the_end(early, seat) == trias.evaluate(early, seat)
