"""Properties of adoption and scoring over many generated positions (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from titles.tritarea.engine.board import AREA_SQUARES, AREAS
from titles.tritarea.engine.cards import full_deck
from titles.tritarea.engine.scoring import area_points, area_standings, tallest_points
from titles.tritarea.engine.trick import adopt_concept, building_rights

DECK = full_deck(True)

tricks = st.tuples(
    st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True),
    st.integers(0, 3),
)
stacks = st.lists(st.lists(st.integers(0, 3), max_size=5).map(tuple), min_size=16, max_size=16)


@given(tricks)
@settings(max_examples=300, deadline=None)
def test_the_adopted_concept_has_the_most_cards_and_its_holders_get_the_rights(case):
    cards, leader = case
    trick = tuple(((leader + k) % 4, card, int(card[1:])) for k, card in enumerate(cards))
    adopted = adopt_concept(trick, leader)
    counts = {s: sum(c[0] == s for c in cards) for s in "IMEH"}
    assert counts[adopted] == max(counts.values())
    rights = building_rights(trick, adopted)
    supporters = {seat for seat, card, _r in trick if card[0] == adopted}
    assert {seat for seat, _rank in rights} <= supporters
    assert len(rights) == min(2, len(supporters))
    if len(rights) == 2:
        assert rights[0][1] < rights[1][1]
    if max(counts.values()) == 1:
        assert adopted == cards[0][0] and rights == ((leader, int(cards[0][1:])),)


@given(stacks)
@settings(max_examples=300, deadline=None)
def test_area_points_never_exceed_the_places_rounded_up(board):
    board = tuple(board)
    for area, (_name, _colour, first, second) in AREAS.items():
        points = area_points(board, area)
        groups = area_standings(board, area)
        present = {board[i][-1] for i in AREA_SQUARES[area] if board[i]}
        assert set(points) <= present
        assert sum(points.values()) <= first + second + len(points)
        if present:
            assert set(groups[0]) <= set(points)


@given(stacks)
@settings(max_examples=300, deadline=None)
def test_tallest_buildings_pay_10_6_or_4_each(board):
    board = tuple(board)
    paid = tallest_points(board)
    if not any(board):
        assert paid == []
        return
    height = max(len(s) for s in board)
    assert all(len(board[sq]) == height and owner in board[sq] for sq, owner, _p in paid)
    assert {p for _sq, _o, p in paid} == {10 if len(paid) == 1 else 6 if len(paid) == 2 else 4}
