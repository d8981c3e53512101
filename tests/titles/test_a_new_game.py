"""A fourth game added through the registry alone: tic-tac-toe (``tictactoe/``, a
folder like ``titles/<name>/``) is registered by a fixture, and the site plays it
as it plays the three real games: the new-game form, the game page, a move posted
with htmx, the turn email, the replay, the rules page and the data export. Nothing
outside the game's folder names it."""

import json
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games import registry, services
from games.engines import ENGINES
from games.models import GameStatus, Move
from mail import tasks
from tests.boards import test_contract as contract
from tests.engines import test_conformance as conformance
from tests.factories import due_seat, start_game

from .tictactoe import SPEC

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def tictactoe(settings):
    """The game in the registry, and its folder an app (its templates), for one test."""
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.titles.tictactoe"]
    registry.register(SPEC)
    yield SPEC
    registry.unregister(SPEC.name)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_registry_knows_the_game_only_while_it_is_registered(tictactoe):
    assert registry.get("tictactoe") is SPEC
    assert ENGINES["tictactoe"] is SPEC.engine
    assert registry.names()[:3] == ["triad", "trias", "tritarea"]
    registry.unregister("tictactoe")
    assert "tictactoe" not in ENGINES
    with pytest.raises(KeyError, match="unknown game 'tictactoe'"):
        registry.get("tictactoe")
    registry.register(SPEC)
    with pytest.raises(ValueError, match="already registered"):
        registry.register(SPEC)


def test_its_engine_passes_the_conformance_suite(tictactoe):
    conformance.test_the_module_exposes_the_protocol("tictactoe")
    conformance.test_options_have_valid_defaults_and_refuse_bad_values("tictactoe", 2)
    conformance.test_player_counts_outside_the_range_are_refused("tictactoe")
    conformance.test_random_games_follow_the_protocol("tictactoe", 2)


def test_its_board_keeps_the_boards_contract(tictactoe):
    contract.test_the_board_and_its_guide_offer_exactly_the_legal_actions("tictactoe", 2)
    contract.test_a_board_as_a_picture_keeps_its_drawing_but_nothing_to_click("tictactoe")


def test_the_new_game_form_offers_it(tictactoe, alice):
    html = client_for(alice).get(reverse("game_new")).content.decode()
    assert 'value="tictactoe"' in html and "Tic-tac-toe" in html


def test_it_is_played_through_the_site(tictactoe, alice, bob, mailoutbox):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob, engine="tictactoe")
        assert game.status == GameStatus.ACTIVE
        assert [s.color for s in game.seats.order_by("index")] == ["X", "O"]
        x = due_seat(game)

        # The game page: the board, the prompt, the squares to play.
        page = client_for(x.user).get(reverse("game_detail", args=[game.pk]))
        html = page.content.decode()
        assert page.status_code == 200
        assert "Place your mark on an empty square." in html
        assert 'data-action="b2"' in html

        # A move posted with htmx answers with what it changed (the board, the turn...).
        response = client_for(x.user).post(
            reverse("game_move", args=[game.pk]), {"action": "b2", "version": game.version}, **HTMX
        )
        assert response.status_code == 200
        answer = response.content.decode()
        assert 'hx-swap-oob="innerHTML:#board"' in answer and 'data-action="b2"' not in answer
        assert Move.objects.get(game=game).action == "b2"
        game.refresh_from_db()
        o = due_seat(game)
        assert o.user != x.user

    # The turn email to O: the game's title, the move in words, the position in words.
    with time_machine.travel(T0 + timedelta(seconds=301), tick=False):
        assert tasks.deliver_now(o.user.pk) == 1
    [mail] = [m for m in mailoutbox if o.user.email in m.to[0]]
    assert mail.subject == f"Your turn in Tic-tac-toe #{game.pk}"
    assert "X on b2" in mail.body
    assert "Marks: X on b2." in mail.alternatives[0][0]

    # O and X play on to X's row a1-b2-c3.
    with time_machine.travel(T0 + timedelta(minutes=10), tick=False):
        for seat, square in ((o, "a3"), (x, "a1"), (o, "c1"), (x, "c3")):
            game.refresh_from_db()
            services.move_play(
                game_id=game.pk, user=seat.user, action=square, expected_version=game.version
            )
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.seats.get(index=x.index).is_winner

    # The replay, at the start and at the end.
    replay = client_for(o.user).get(reverse("game_replay", args=[game.pk]), {"ply": 1})
    assert replay.status_code == 200 and "X on b2" in replay.content.decode()
    assert client_for(o.user).get(reverse("game_replay", args=[game.pk])).status_code == 200

    # The data export holds the game and its moves.
    export = json.loads(client_for(x.user).get(reverse("data_download")).content)
    [played] = [g for g in export["games"] if g["id"] == game.pk]
    assert played["game"] == "tictactoe" and played["title"] == "Tic-tac-toe"
    assert [m["action"] for m in played["moves"]] == ["b2", "a3", "a1", "c1", "c3"]
    assert played["your_seat"]["winner"] is True


def test_its_rules_page_is_its_own_template_with_its_diagram(tictactoe, client):
    response = client.get(reverse("game_help", args=["tictactoe"]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "How to play Tic-tac-toe" in html and "Three in a row wins." in html
    assert 'id="fig-centre"' in html and "<svg" in html
    for anchor in SPEC.rules_anchors:
        assert f'id="{anchor}"' in html
