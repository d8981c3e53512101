"""The real middleware chooses German across the site's main screens (issue 16): the
start page, the lobby (the watch page for a visitor), a game page and the settings
page, for a visitor whose browser asks for German and for a player whose setting is
German. The other areas' full German checks are theirs (tests/i18n/test_<area>_german.py);
this reads the frame."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, start_game
from tests.i18n.english import english_left

pytestmark = pytest.mark.django_db

FRAME = ("Zum Inhalt springen", "Spielregeln", "langsame Brettspiele per E-Mail", "Bestenlisten")


def screens(game) -> dict[str, str]:
    return {
        "home": reverse("home"),
        "lobby": reverse("lobby"),  # players only
        "watch": reverse("watch"),
        "game": reverse("game_detail", args=[game.pk]),
    }


@pytest.fixture
def game():
    game = start_game(UserFactory(username="alice"), UserFactory(username="bob"))
    game.is_public = True
    game.save(update_fields=["is_public"])
    return game


def assert_german_frame(response):
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="de">' in html
    assert response["Content-Language"] == "de"
    for text in FRAME:
        assert text in html
    assert re.search(r'aria-current="true">Deutsch</strong>', html)
    return html


@pytest.mark.parametrize("screen", ["home", "watch", "game"])
def test_a_visitor_with_a_german_browser(screen, game):
    response = Client(HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.8,en;q=0.5").get(screens(game)[screen])
    html = assert_german_frame(response)
    assert "Accept-Language" in response["Vary"]  # a shared cache keeps each language apart
    assert "Anmelden" in html and "Registrieren" in html


@pytest.mark.parametrize("screen", ["home", "lobby", "game", "settings"])
def test_a_player_whose_setting_is_german(screen, game):
    bob = game.seats.get(user__username="bob").user
    bob.language = "de"
    bob.save(update_fields=["language"])
    client = Client(HTTP_ACCEPT_LANGUAGE="en")  # the browser says English: the setting wins
    client.force_login(bob)
    url = screens(game).get(screen) or reverse("player_settings")
    html = assert_german_frame(client.get(url))
    assert "Meine Partien" in html and "Abmelden" in html
    if screen == "settings":
        assert english_left(html, allowed=frozenset({"new", "of"})) == []  # place names


def test_the_game_page_itself_is_german(game):
    due = game.seats.get(is_due=True).user
    due.language = "de"
    due.save(update_fields=["language"])
    client = Client()
    client.force_login(due)
    html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Du bist am Zug" in html
