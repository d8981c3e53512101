"""The position in words beside an email's picture (and its alt text): what the board
shows, from the reader's own view, never an opponent's secret."""

import re

import pytest

from games import boards
from games.replay import load_state
from mail.sending import compose, positions
from tests.factories import play_first_legal, start_game

pytestmark = pytest.mark.django_db


def test_a_triad_position_names_every_die_where_it_stands(alice, bob):
    game = start_game(alice, bob)
    play_first_legal(game)
    view = game.engine_module.view(load_state(game), 0)
    svg = boards.render_svg("triad", view, seat=0, actions=())
    words = " ".join(positions.describe("triad", view, svg))
    assert words.startswith("Triad board, ")  # the board's own title first
    for cell, die in view["board"].items():
        numeral = {1: "I", 2: "II", 3: "III"}[die["value"]]
        owner = view["players"][die["owner"]]
        listed = re.search(rf"{owner}'s dice \(\d+\): ([^.]*)\.", words).group(1)
        assert f"{cell} {numeral}" in listed.split(", ")
    last = view["last_move"]
    assert f"Last move: from {last['from']} to {last['to']}." in words


def test_a_tritarea_email_names_the_readers_hand_and_never_anothers(alice, bob):
    game = start_game(alice, bob, engine="tritarea")  # two people, two computer seats
    state = load_state(game)
    seats = {s.user_id: s.index for s in game.seats.exclude(user=None)}
    mine, theirs = state.hands[seats[alice.pk]], state.hands[seats[bob.pk]]
    section = compose.game_section(game, alice)
    words = " ".join(section.position)
    assert f"Your hand: {', '.join(mine)}." in words
    only_bobs = set(theirs) - set(mine)
    assert only_bobs and not any(re.search(rf"\b{card}\b", words) for card in only_bobs)
    assert section.picture_alt.startswith(f"The board of Tri*T*Area #{game.pk}. ")
