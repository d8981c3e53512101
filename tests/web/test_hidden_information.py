"""No page, partial, poll or export shows a player's secrets to anyone else (TS16, TT11).

Each endpoint is fetched as the owner (the secret is there: the check can fail), as
the opponent and as a signed-out visitor (it is not).
"""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import play_random, start_game

pytestmark = pytest.mark.django_db


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def pages(client, game):
    """Every endpoint that shows a running game."""
    return {
        "page": client.get(reverse("game_detail", args=[game.pk])),
        "live": client.get(reverse("game_live", args=[game.pk]), HTTP_HX_REQUEST="true"),
        "poll": client.get(
            reverse("game_poll", args=[game.pk]) + "?stamp=none", HTTP_HX_REQUEST="true"
        ),
        "my games": client.get(reverse("home")),
    }


def human_seats(game):
    return [s for s in game.seats.select_related("user").order_by("index") if s.user]


def test_tritarea_hands_reach_only_their_owner():
    game = start_game("tritarea", [UserFactory(), UserFactory()], num_players=2)
    # The owner is the player to move: their cards are drawn as playable ("p I1").
    owner = next(s for s in human_seats(game) if s.index in game.to_move)
    opponent = next(s for s in human_seats(game) if s != owner)
    hand = game.engine_module.view(load_state(game), owner.index)["hand"]
    assert len(hand) == 8

    def shows_hand(html):
        return [card for card in hand if re.search(rf"\b{card}\b", html)]

    owner_page = pages(signed_in(owner.user), game)["page"].content.decode()
    assert shows_hand(owner_page) == hand
    for who, client in (("opponent", signed_in(opponent.user)), ("visitor", Client())):
        for name, response in pages(client, game).items():
            assert response.status_code in (200, 302), (who, name)
            assert shows_hand(response.content.decode()) == [], (who, name)
    visitor_page = Client().get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Your hand" not in visitor_page


def test_a_secret_lead_declaration_shows_as_a_question_mark_to_others():
    game = start_game("tritarea", [UserFactory(), UserFactory()], num_players=2)
    game = play_random(game, stop=lambda g: g.moves.filter(action__startswith="lead ").exists())
    move = game.moves.get(action__startswith="lead ")
    declarer = game.seats.get(index=move.seat)
    other = next(s for s in human_seats(game) if s.index != move.seat)
    assert game.status == "active"

    own = signed_in(declarer.user).get(reverse("game_detail", args=[game.pk])).content.decode()
    assert move.action in own
    for client in (signed_in(other.user), Client()):
        for response in pages(client, game).values():
            # (the card's name may show from earlier rounds: cards are dealt anew)
            assert move.action not in response.content.decode()
        assert "lead ?" in client.get(reverse("game_detail", args=[game.pk])).content.decode()


def test_trias_hand_card_is_shown_only_to_its_holder():
    users = [UserFactory(), UserFactory(), UserFactory()]
    game = start_game("trias", users)
    state = load_state(game)
    for seat in human_seats(game):
        hand = game.engine_module.view(state, seat.index)["hand"]
        html = signed_in(seat.user).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert re.findall(r'data-hand="([^"]*)"', html) == [hand]
    for response in pages(Client(), game).values():
        html = response.content.decode()
        assert "data-hand" not in html and "Your hand card" not in html


def test_a_running_games_replay_shows_each_viewer_only_their_own_view_and_no_record():
    """A game in play can be replayed ("Replay since my last turn"): every position is
    drawn from the viewer's own view, so no hand shows but their own (TT11); the
    record (with the seed) waits for the end."""
    from games import boards
    from games.replay import game_states

    alice, bob = UserFactory(), UserFactory()
    game = play_random(
        start_game("tritarea", [alice, bob], num_players=2), stop=lambda g: g.version >= 6
    )
    states = game_states(game)
    engine = game.engine_module
    seat_of = {s.user_id: s.index for s in human_seats(game)}
    for user, client in ((alice, signed_in(alice)), (bob, signed_in(bob)), (None, Client())):
        seat = seat_of[user.pk] if user else None
        for ply in (0, 3):
            html = client.get(f"{reverse('game_replay', args=[game.pk])}?ply={ply}")
            assert html.status_code == 200
            board = re.search(r'<div id="board"[^>]*>(.*?</svg>)', html.content.decode(), re.S)
            own = boards.render_svg("tritarea", engine.view(states[ply], seat), seat=seat)
            drawn = board.group(1)
            if ply == 0:
                assert drawn == own
            else:  # the move's marks are drawn over the viewer's own board
                assert drawn.startswith(own.rpartition("</svg>")[0])
        assert client.get(reverse("game_record", args=[game.pk])).status_code == 403
