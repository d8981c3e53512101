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
