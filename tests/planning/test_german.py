"""The planning pages read German for a German player (no English left)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.i18n.english import english_left
from tests.web.helpers import play_random, start_game

pytestmark = pytest.mark.django_db


def german_player(user) -> Client:
    user.language = "de"
    user.save(update_fields=["language"])
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(("engine", "players"), [("triad", 2), ("trias", 3), ("tritarea", 2)])
def test_the_analysis_board_is_german(engine, players):
    users = [UserFactory(username=name) for name in ("anna", "berta", "clara")[:players]]
    game = start_game(engine, users, num_players=players)
    game = play_random(game, stop=lambda g: g.version >= 4)
    waiting = next(s for s in game.seats.all() if s.user and s.index not in game.to_move)
    client = german_player(waiting.user)
    url = reverse("planning_analyse", args=[game.pk])
    html = client.get(url).content.decode()
    assert "Diese Zugfolge" in html
    assert english_left(html) == []
    token = re.search(r'name="line" value="([^"]+)"', html).group(1)
    refused = client.post(url, {"line": token, "action": "nonsense"}).content.decode()
    assert 'role="alert"' in refused and english_left(refused) == []


def test_the_settings_page_is_german():
    user = UserFactory(username="dora")
    html = german_player(user).get(reverse("planning_settings")).content.decode()
    assert "Erzwungene Schritte für mich spielen" in html
    assert english_left(html) == []
