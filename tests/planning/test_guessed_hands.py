"""The analysis board of a game with hidden information draws the view of the seat to
move (its hand, a guess drawn from what the viewer knows, so that its actions can be
clicked), but it is the viewer who looks: the hand is titled as that seat's guessed
hand, never "Your hand", and only the viewer's own seat is "you". When the viewer is to
move, and on the game page, the board says "Your hand" as before."""

import re

import pytest
from django.urls import reverse

from games import boards
from games.replay import load_state
from tests.planning.helpers import signed_in, url
from tests.web.helpers import play_random, seat_user
from titles.trias.board import guide as trias_guide
from titles.trias.board import render_svg as trias_svg
from titles.trias.guide import colour as trias_colour
from titles.tritarea.board import guide as tritarea_guide
from titles.tritarea.board import render_svg as tritarea_svg

from .test_chosen_hands import trias_in_card_phase, tritarea_game

pytestmark = pytest.mark.django_db

TRITAREA_COLOURS = ("Black", "White", "Orange", "Purple")


def board_of(html: str) -> str:
    """The board's ``<svg>`` on a page."""
    return re.search(r'<svg[^>]*class="board[ "].*?</svg>', html, re.S).group(0)


def seat_boxes(svg: str) -> list[str]:
    """Tri*T*Area's seat boxes on the board, in seat order."""
    return svg.split('<g class="seat')[1:]


def says_you(box: str) -> bool:
    return ">you<" in box or ">you decide<" in box


def guide_for(game, mover: int, viewer: int | None):
    """The guide the analysis board gives ``viewer`` for the mover's real view."""
    state = load_state(game)
    view = game.engine_module.view(state, mover)
    actions = game.engine_module.legal_actions(state, mover)
    return boards.guide(game.engine, view, seat=mover, actions=actions, viewer=viewer)


# --- Tri*T*Area ------------------------------------------------------------------------


def test_tritarea_an_opponents_guessed_hand_is_theirs_and_a_guess_and_they_are_not_you():
    game = tritarea_game(2)  # people at seats 0 and 2
    mover = game.to_move[0]
    viewer = 2 - mover
    html = signed_in(seat_user(game, viewer)).get(url(game)).content.decode()
    svg = board_of(html)
    mover_name = TRITAREA_COLOURS[mover]
    assert "Your hand" not in svg
    assert f"{mover_name}'s hand (a guess)" in svg
    boxes = seat_boxes(svg)
    assert len(boxes) == 4
    assert f">{mover_name}<" in boxes[mover] and not says_you(boxes[mover])
    assert ">you<" in boxes[viewer]  # the viewer's own seat is still "you"
    assert [k for k, box in enumerate(boxes) if says_you(box)] == [viewer]
    # the guide's legend (the game page's): the viewer's blocks are theirs, the mover's named
    legend = [item.label for item in guide_for(game, mover, viewer).legend]
    assert f"Your blocks ({TRITAREA_COLOURS[viewer].lower()})" in legend
    assert not any(f"({mover_name.lower()})" in text and "Your" in text for text in legend)


def test_tritarea_the_viewers_own_turn_shows_your_hand():
    game = tritarea_game(2)
    mover = game.to_move[0]
    html = signed_in(seat_user(game, mover)).get(url(game)).content.decode()
    svg = board_of(html)
    assert "Your hand" in svg and "(a guess)" not in svg
    assert ">you<" in seat_boxes(svg)[mover]


def test_tritarea_the_guessed_hand_is_german_for_a_german_player():
    game = tritarea_game(2)
    mover = game.to_move[0]
    user = seat_user(game, 2 - mover)
    user.language = "de"
    user.save()
    html = signed_in(user).get(url(game)).content.decode()
    svg = board_of(html)
    assert "(a guess)" not in svg and "Vermutung" in svg


def test_tritarea_the_opponents_build_is_theirs_in_the_strip_and_the_guide():
    """In the construction phase the strip and the guide's facts name the builder, not
    "you", when the viewer is someone else (the prompt still speaks to whoever moves)."""

    def own_build(g):
        state = load_state(g)
        return state.phase == "build" and state.rights[state.builder][0] == g.to_move[0]

    game = play_random(tritarea_game(2), stop=own_build)
    assert own_build(game)
    state = load_state(game)
    mover = game.to_move[0]
    view = game.engine_module.view(state, mover)
    actions = game.engine_module.legal_actions(state, mover)
    viewer = 2 - mover
    svg = tritarea_svg(view, seat=mover, actions=actions, viewer=viewer)
    assert ": you build" not in svg and f": {TRITAREA_COLOURS[mover]} builds" in svg
    detail = tritarea_guide(view, seat=mover, actions=actions, viewer=viewer).detail
    assert "You have" not in detail and f"{view['seats'][mover]['label']} has" in detail


# --- Trias ----------------------------------------------------------------------------


def test_trias_an_opponents_guessed_hand_card_is_theirs_and_a_guess():
    game = trias_in_card_phase()
    mover = game.to_move[0]
    viewer = (mover + 1) % 3
    html = signed_in(seat_user(game, viewer)).get(url(game)).content.decode()
    svg = board_of(html)
    assert "Your hand card" not in svg
    assert f"{trias_colour(mover)}'s hand card (a guess): " in svg
    # the guide names the card to play as the mover's guessed card, not "your hand card"
    assert f"Play {trias_colour(mover)}&#x27;s hand card (a guess): " in html
    assert "your hand card" not in html.lower()
    # the guide's legend marks the viewer's herds as theirs, not the mover's
    legend = " ".join(item.label for item in guide_for(game, mover, viewer).legend)
    assert f"{trias_colour(viewer)} herds (yours)" in legend
    assert f"{trias_colour(mover)} herds (yours)" not in legend


def test_trias_the_viewers_own_turn_shows_your_hand_card():
    game = trias_in_card_phase()
    mover = game.to_move[0]
    html = signed_in(seat_user(game, mover)).get(url(game)).content.decode()
    svg = board_of(html)
    assert "Your hand card: " in svg and "(a guess)" not in svg
    assert "Play your hand card: " in html


# --- the game page is unchanged ---------------------------------------------------------


@pytest.mark.parametrize("which", ["tritarea", "trias"])
def test_the_game_page_draws_the_viewers_own_hand_as_before(which):
    game = tritarea_game(2) if which == "tritarea" else trias_in_card_phase()
    mover = game.to_move[0]
    html = (
        signed_in(seat_user(game, mover))
        .get(reverse("game_detail", args=[game.pk]))
        .content.decode()
    )
    svg = board_of(html)
    assert ("Your hand" in svg) and "(a guess)" not in svg
    # the board the page draws is the one drawn without a viewer, and naming the viewer
    # as the seat whose view it is changes no byte of the board or its guide
    state = load_state(game)
    view = game.engine_module.view(state, mover)
    actions = game.engine_module.legal_actions(state, mover)
    svg_of, guide_of = (
        (tritarea_svg, tritarea_guide)
        if which == "tritarea"
        else (
            trias_svg,
            trias_guide,
        )
    )
    plain = boards.render_svg(game.engine, view, seat=mover, actions=actions)
    assert svg_of(view, seat=mover, actions=actions, viewer=mover) == plain
    assert guide_of(view, seat=mover, actions=actions, viewer=mover) == boards.guide(
        game.engine, view, seat=mover, actions=actions
    )


def test_tritarea_an_opponent_deciding_for_a_computer_seat_decides_not_you():
    def partners_build(g):
        state = load_state(g)
        return state.phase == "build" and state.rights[state.builder][0] != g.to_move[0]

    game = play_random(tritarea_game(2), stop=partners_build)
    assert partners_build(game)
    state = load_state(game)
    mover = game.to_move[0]
    npc = state.rights[state.builder][0]
    view = game.engine_module.view(state, mover)
    actions = game.engine_module.legal_actions(state, mover)
    boxes = seat_boxes(tritarea_svg(view, seat=mover, actions=actions, viewer=2 - mover))
    assert f">{TRITAREA_COLOURS[mover]} decides<" in boxes[npc]
    assert not any(says_you(box) for k, box in enumerate(boxes) if k != 2 - mover)
    own = seat_boxes(tritarea_svg(view, seat=mover, actions=actions))
    assert ">you decide<" in own[npc]  # the game page, as before


def test_trias_the_guessed_hand_card_is_german_for_a_german_player():
    game = trias_in_card_phase()
    mover = game.to_move[0]
    user = seat_user(game, (mover + 1) % 3)
    user.language = "de"
    user.save()
    svg = board_of(signed_in(user).get(url(game)).content.decode())
    assert "(a guess)" not in svg and "Handkarte von " in svg and "(eine Vermutung): " in svg
