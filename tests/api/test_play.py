"""Playing through the API: the web's services answer, exactly once."""

import pytest

from games.models import Game, Move
from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import start_game

from .helpers import ApiClient, as_user

pytestmark = pytest.mark.django_db


def due_client(game):
    seat = game.seats.select_related("user").get(index=game.to_move[0])
    return seat, as_user(seat.user)


def test_me_names_the_tokens_owner_and_scopes():
    alice = UserFactory(username="alice")
    response = as_user(alice, ["read"]).get("/me")
    assert response.status_code == 200
    assert response.json() == {
        "username": "alice",
        "name": "alice",
        "is_bot": False,
        "scopes": ["read"],
    }


def test_no_token_or_a_wrong_one_is_401_with_a_clear_message():
    for client in (ApiClient(), ApiClient("tp_not-a-token"), ApiClient("garbage")):
        response = client.get("/me")
        assert response.status_code == 401
        assert "Bearer" in response.json()["detail"]


def test_a_game_shows_my_actions_in_notation_and_the_pages_words():
    game = start_game("triad", [UserFactory(), UserFactory()])
    seat, client = due_client(game)
    data = client.get(f"/games/{game.pk}").json()
    legal = game.engine_module.legal_actions(load_state(game), seat.index)
    assert [a["action"] for a in data["actions"]] == legal
    assert all(a["label"] for a in data["actions"])
    assert any(a["label"] != a["action"] for a in data["actions"])  # the page's words
    assert data["your_seat"] == seat.index and data["version"] == game.version
    mover = next(p for p in data["players"] if p["seat"] == seat.index)
    assert mover["is_due"] and mover["deadline"]


def test_a_move_is_applied_once_and_a_repeat_changes_nothing():
    game = start_game("triad", [UserFactory(), UserFactory()])
    _seat, client = due_client(game)
    action = client.get(f"/games/{game.pk}").json()["actions"][0]["action"]
    first = client.post(f"/games/{game.pk}/move", {"action": action, "version": 0})
    assert first.status_code == 200 and first.json()["applied"] is True
    assert first.json()["game"]["version"] == 1
    again = client.post(f"/games/{game.pk}/move", {"action": action, "version": 0})
    assert again.status_code == 200 and again.json()["applied"] is False
    assert Move.objects.filter(game=game).count() == 1


def test_a_stale_move_is_409_with_the_version_now_and_changes_nothing():
    game = start_game("triad", [UserFactory(), UserFactory()])
    _seat, client = due_client(game)
    legal = client.get(f"/games/{game.pk}").json()["actions"]
    client.post(f"/games/{game.pk}/move", {"action": legal[0]["action"], "version": 0})
    game.refresh_from_db()
    before = (game.version, game.state)
    response = client.post(f"/games/{game.pk}/move", {"action": legal[-1]["action"], "version": 0})
    assert response.status_code == 409
    assert response.json()["code"] == "stale" and response.json()["version"] == game.version
    game.refresh_from_db()
    assert (game.version, game.state) == before


def test_an_illegal_or_unknown_action_is_400_and_says_why():
    game = start_game("triad", [UserFactory(), UserFactory()])
    _seat, client = due_client(game)
    response = client.post(f"/games/{game.pk}/move", {"action": "hello world", "version": 0})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] in ("unknown_action", "illegal_now") and body["detail"]
    assert Game.objects.get(pk=game.pk).version == 0


def test_not_my_turn_is_refused():
    game = start_game("triad", [UserFactory(), UserFactory()])
    other = game.seats.select_related("user").exclude(index=game.to_move[0]).get()
    client = as_user(other.user)
    response = client.post(f"/games/{game.pk}/move", {"action": "x", "version": 0})
    assert response.status_code == 400
    assert "not your turn" in response.json()["detail"]


def test_a_read_only_token_may_not_play():
    game = start_game("triad", [UserFactory(), UserFactory()])
    seat = game.seats.select_related("user").get(index=game.to_move[0])
    client = as_user(seat.user, ["read"])
    response = client.post(f"/games/{game.pk}/move", {"action": "x", "version": 0})
    assert response.status_code == 403 and "play" in response.json()["detail"]
    assert client.get(f"/games/{game.pk}/chat").status_code == 403


def test_my_games_list_the_ones_awaiting_me_first():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    games = [start_game("triad", [alice, bob]), start_game("triad", [alice, carol])]
    data = as_user(alice).get("/games").json()
    assert {g["id"] for g in data} == {g.pk for g in games}
    turns = [g["your_turn"] for g in data]
    assert turns == sorted(turns, reverse=True)
    assert all(g["deadline"] for g in data if g["your_turn"])


def test_a_private_game_is_404_to_others():
    game = start_game("triad", [UserFactory(), UserFactory()], is_public=False)
    response = as_user(UserFactory()).get(f"/games/{game.pk}")
    assert response.status_code == 404
    assert as_user(UserFactory()).get("/games/999999").status_code == 404


def test_a_game_number_past_the_databases_integers_is_422_not_an_error():
    client = as_user(UserFactory())
    response = client.get(f"/games/{2**70}")
    assert response.status_code == 422 and response.json()["code"] == "invalid"
    assert client.post(f"/games/{2**70}/move", {"action": "x", "version": 0}).status_code == 422
