"""The New game page."""

import pytest
from django.urls import reverse

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_new_game_page_offers_a_time_bank(client, alice, bob):
    client.login(username="alice", password=PASSWORD)
    assert b"Time bank" in client.get(reverse("game_new")).content
    response = client.post(
        reverse("game_new"),
        {
            "engine": "triad",
            "triad__players": "2",
            "days_per_move": "3",
            "time_control": "bank",
            "bank_start_days": "7",
            "bank_increment_days": "1",
            "bank_cap_days": "14",
            "invite": "bob",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    from games.models import Game

    game = Game.objects.get()
    assert (game.time_control, game.bank_start_days, game.bank_increment_days) == ("bank", 7, 1)
    assert game.bank_cap_days == 14


def test_a_game_for_one_with_rated_ticked_is_created_casual_and_says_so(client, alice):
    """A rating compares players (ratings.system): Tri*T*Area alone against the rules'
    computer seats has one, so the game is casual and the game page tells why."""
    from games.models import Game

    client.login(username="alice", password=PASSWORD)
    response = client.post(
        reverse("game_new"),
        {"engine": "tritarea", "tritarea__players": "1", "days_per_move": "3",
         "time_control": "per_move", "rated": "on"},
        follow=True,
    )  # fmt: skip
    game = Game.objects.get()
    assert not game.rated and game.auto_vacation_allowed
    assert "This game is casual: a rating compares players" in response.content.decode()


def test_a_rated_game_for_two_is_rated_without_a_notice(client, alice, bob):
    from games.models import Game

    client.login(username="alice", password=PASSWORD)
    response = client.post(
        reverse("game_new"),
        {"engine": "triad", "triad__players": "2", "days_per_move": "3",
         "time_control": "per_move", "rated": "on", "invite": "bob"},
        follow=True,
    )  # fmt: skip
    game = Game.objects.get()
    assert game.rated and not game.auto_vacation_allowed
    assert "This game is casual" not in response.content.decode()
