"""A draw offer is seen in My games, and its offerer is told when it is declined
(issue 34: "a pending draw offer is not shown in the opponent's My games and the
offerer is not told it was declined")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import seat_user, start_game

pytestmark = pytest.mark.django_db

OFFERED = "A draw is offered to you: answer it on the game page."
WAITING = "Your draw offer awaits an answer."
DECLINED = "Your draw offer was declined."
DECLINED_PAGE = "Your draw offer was declined: the game goes on."


@pytest.fixture
def triad():
    return start_game("triad", [UserFactory(username="alice"), UserFactory(username="bob")])


def html(user, name="home", *args) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse(name, args=args)).content.decode()


def play_first(game, user):
    game.refresh_from_db()
    seat = game.seats.get(user=user).index
    action = game.engine_module.legal_actions(load_state(game), seat)[0]
    services.move_play(game_id=game.pk, user=user, action=action, expected_version=game.version)


def test_a_pending_draw_offer_shows_in_both_players_my_games(triad):
    waiter, mover = seat_user(triad, 1 - triad.to_move[0]), seat_user(triad, triad.to_move[0])
    for user in (waiter, mover):  # each has My games drawn (and cached) before the offer
        assert OFFERED not in html(user) and WAITING not in html(user)
    services.draw_offer(game_id=triad.pk, user=waiter)
    theirs = html(mover)
    assert OFFERED in theirs
    assert f'href="/games/{triad.pk}/#draw-offer"' in theirs
    assert WAITING in html(waiter) and OFFERED not in html(waiter)
    assert 'id="draw-offer"' in html(mover, "game_detail", triad.pk)


def test_the_offerer_is_told_that_the_offer_was_declined_until_they_act(triad):
    offerer = seat_user(triad, triad.to_move[0])
    other = seat_user(triad, 1 - triad.to_move[0])
    # The offer made after one's move; the other declines it, then moves.
    play_first(triad, offerer)
    services.draw_offer(game_id=triad.pk, user=offerer)
    services.draw_answer(game_id=triad.pk, user=other, accept=False)
    play_first(triad, other)
    assert DECLINED in html(offerer) and DECLINED_PAGE in html(offerer, "game_detail", triad.pk)
    assert DECLINED not in html(other) and OFFERED not in html(other)
    assert DECLINED_PAGE not in html(other, "game_detail", triad.pk)
    play_first(triad, offerer)  # their own next action: told enough
    assert DECLINED not in html(offerer)
    assert DECLINED_PAGE not in html(offerer, "game_detail", triad.pk)


def test_offering_again_replaces_the_declined_note(triad):
    offerer = seat_user(triad, 0)
    other = seat_user(triad, 1)
    services.draw_offer(game_id=triad.pk, user=offerer)
    services.draw_answer(game_id=triad.pk, user=other, accept=False)
    services.draw_offer(game_id=triad.pk, user=offerer)
    mine = html(offerer)
    assert WAITING in mine and DECLINED not in mine
    assert OFFERED in html(other)
