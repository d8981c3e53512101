"""Bot accounts: made through the API only, shown as bots, casual, and only where
their games' creators allowed them; examples/bot.py plays a whole game."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from games.models import Game
from tests.factories import UserFactory

from .helpers import ApiClient, as_user, open_game, start_game, token_for

pytestmark = pytest.mark.django_db

RUN = ("--games", "1", "--timeout", "5")  # stop after one game; short polls
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot.py"


def bot(name="robo"):
    user = UserFactory(username=name)
    client = as_user(user)
    assert client.post("/bot/upgrade").status_code == 200
    user.refresh_from_db()
    return user, client


def test_a_new_account_becomes_a_bot_through_the_api_and_is_shown_as_one():
    user, client = bot()
    assert user.is_bot and client.get("/me").json()["is_bot"] is True
    again = client.post("/bot/upgrade")
    assert again.status_code == 400 and "already" in again.json()["detail"]
    game = start_game("triad", [UserFactory(), user], bots_allowed=True)
    page = Client().get(game.get_absolute_url()).content.decode()
    assert "robo (bot)" in page
    names = [p["name"] for p in client.get(f"/games/{game.pk}").json()["players"]]
    assert "robo (bot)" in names


def test_an_account_that_has_played_cannot_become_a_bot():
    alice, bob = UserFactory(), UserFactory()
    start_game("triad", [alice, bob])
    response = as_user(alice).post("/bot/upgrade")
    assert response.status_code == 400 and "new account" in response.json()["detail"]
    alice.refresh_from_db()
    assert not alice.is_bot


def test_a_bot_joins_only_games_whose_creator_allowed_bots_and_those_are_casual():
    robo, client = bot()
    closed = open_game(UserFactory())
    welcoming = open_game(UserFactory(), bots_allowed=True)
    assert welcoming.rated is False  # bots are not rated
    assert [g["id"] for g in client.get("/lobby").json()] == [welcoming.pk]
    refused = client.post(f"/games/{closed.pk}/join")
    assert refused.status_code == 400 and "not allowed bots" in refused.json()["detail"]
    assert not closed.seats.filter(user=robo).exists()
    assert client.post(f"/games/{welcoming.pk}/join").status_code == 200
    assert Game.objects.get(pk=welcoming.pk).status == "active"


def test_the_new_game_form_offers_allowing_bots():
    alice = UserFactory()
    client = Client()
    client.force_login(alice)
    assert 'name="bots_allowed"' in client.get("/games/new/").content.decode()


def test_a_bot_invited_by_name_may_accept_and_the_game_is_casual():
    robo, client = bot()
    game = open_game(UserFactory(), invitees=[robo])
    game.refresh_from_db()
    assert game.bots_allowed and not game.rated
    assert client.post(f"/games/{game.pk}/accept").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_the_example_bot_plays_a_whole_triad_game_against_another(live_server, settings):
    settings.API_EVENTS_STEP_SECONDS = 0.05
    settings.API_RATE_LIMITS = ["100000/m"]
    settings.API_EVENTS_WAITING = 10  # both bots may wait at once
    first, second = UserFactory(username="botone"), UserFactory(username="bottwo")
    tokens = [token_for(first), token_for(second)]
    for token in tokens:
        assert ApiClient(token).post("/bot/upgrade").status_code == 200
    made = ApiClient(tokens[0]).post(
        "/games", {"game": "triad", "players": 2, "invite": ["bottwo"], "public": False}
    )
    assert made.status_code == 201, made.content
    game_id = made.json()["id"]
    bots = [
        subprocess.Popen(
            [sys.executable, str(EXAMPLE), live_server.url, *RUN, "--seed", str(n)],
            env={**os.environ, "TRIPOST_TOKEN": token},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n, token in enumerate(tokens)
    ]
    try:
        outputs = [b.communicate(timeout=240) for b in bots]
    finally:
        for b in bots:
            b.kill()
    game = Game.objects.get(pk=game_id)
    assert game.status == "finished", outputs
    assert game.moves.count() >= 2
    assert all(b.returncode == 0 for b in bots), outputs
    for out, _err in outputs:
        assert f"game {game_id} over" in out


def test_my_games_show_a_bot_opponent_as_a_bot():
    robo, _client = bot()
    alice = UserFactory()
    start_game("triad", [alice, robo], bots_allowed=True)
    client = Client()
    client.force_login(alice)
    assert "robo (bot)" in client.get("/").content.decode()
    assert as_user(alice).get("/games").json()[0]["players"] == ["robo (bot)"]


def test_a_person_cannot_take_a_name_that_reads_as_a_bots():
    from django.core.exceptions import ValidationError

    from accounts import names

    with pytest.raises(ValidationError) as refused:
        names.check("Anna (Bot)")
    assert refused.value.code == "bot_mark"
    names.check("Abbot")  # a name ending in "bot" is fine


def test_a_seat_kept_for_an_address_does_not_tell_that_it_is_a_bots():
    robo, _client = bot()
    alice = UserFactory()
    game = open_game(alice, addresses=[robo.email], is_public=False)
    seat = game.seats.get(index=1)
    assert seat.user == robo and seat.invited_as  # the address is the bot's
    shown = as_user(alice).get(f"/games/{game.pk}").json()["players"][1]
    assert (shown["name"], shown["username"], shown["is_bot"]) == ("Invited by email", None, False)
