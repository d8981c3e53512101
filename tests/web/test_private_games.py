"""A private game, running or finished, and its result appear only to its players
(issue 42, "Privacy of private games"): every place a game or its result can show
is fetched by a stranger and by a signed-out visitor, and none names it. A public
game between the same players, in the same places, shows that the check can fail.

``PLACES`` lists every page that shows games or results; a new one goes there.
"""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.engines import ENGINES
from mail.models import Notification
from ratings.models import Bracket
from tests.factories import UserFactory
from tests.web.helpers import open_game, play_random, start_game

pytestmark = pytest.mark.django_db


def places(players) -> list[str]:
    """Every page that lists games or results, for anyone (the signed-in ones for the
    viewer's own account)."""
    urls = [
        reverse("home"),
        reverse("lobby"),
        reverse("active_games"),
        reverse("watch"),
        reverse("leaderboards"),
        reverse("data_download"),
    ]
    urls += [reverse("player_history", args=[p.username]) for p in players]
    for engine in ENGINES:
        for bracket in Bracket:
            urls.append(reverse("leaderboard", args=[engine, bracket.value]))
    return urls


def game_urls(game) -> list[str]:
    """Every endpoint of one game (the game page's own table is in
    tests/web/test_hidden_information.py ``endpoints``)."""
    pk = game.pk
    return [
        reverse("game_detail", args=[pk]),
        reverse("game_live", args=[pk]),
        reverse("game_poll", args=[pk]) + "?stamp=none",
        reverse("game_replay", args=[pk]),
        reverse("game_record", args=[pk]),
        reverse("chat_page", args=[pk]),
        reverse("chat_panel", args=[pk]),
        reverse("chat_log", args=[pk]),
        reverse("invitation_confirm", args=[pk]),
        reverse("draw_confirm", args=[pk]),
    ]


def names(html: str, game) -> bool:
    """Whether ``html`` names ``game``: its link, or "Triad #12"."""
    return f"/games/{game.pk}/" in html or re.search(rf"{game.title} #{game.pk}\b", html)


@pytest.fixture
def cast():
    # (names no random token spells)
    alice, bob, carol = (UserFactory(username=n) for n in ("anneliese", "bartholomew", "cordula"))
    public = start_game("triad", [alice, bob])
    services.game_resign(game_id=public.pk, user=bob)  # rated: alice won
    finished = start_game("triad", [alice, bob], is_public=False)
    services.game_resign(game_id=finished.pk, user=alice)  # rated: bob won
    running = start_game("trias", [alice, bob, carol], is_public=False)
    running = play_random(running, stop=lambda g: g.version >= 3)
    inviting = open_game(alice, "tritarea", 2, invitees=[carol], is_public=False)
    return {
        "players": [alice, bob, carol],
        "public": public,
        "private": [finished, running, inviting],
    }


def fetch(client, url) -> tuple[int, str]:
    response = client.get(url, HTTP_HX_REQUEST="true" if "/live" in url else "")
    return response.status_code, response.content.decode(errors="replace")


def test_a_private_game_appears_nowhere_to_a_stranger_or_a_visitor(cast):
    stranger = Client()
    stranger.force_login(UserFactory(username="mallory"))
    for who, client in (("a stranger", stranger), ("signed out", Client())):
        for url in places(cast["players"]):
            status, html = fetch(client, url)
            for game in cast["private"]:
                assert not names(html, game), (who, url, game.pk)
        for game in cast["private"]:
            for url in game_urls(game):
                status, html = fetch(client, url)
                assert status in (302, 403, 404), (who, url)
                assert not any(p.username in html for p in cast["players"]), (who, url)
    # The check can fail: the public game shows in the same places.
    for player in cast["players"][:2]:
        page = reverse("player_history", args=[player.username])
        assert names(fetch(Client(), page)[1], cast["public"])


def test_the_rating_chart_of_a_stranger_leaves_private_games_out(cast):
    page = reverse("player_history", args=["bartholomew"])
    # the start, and one point a rated game: the public one alone for a visitor
    assert fetch(Client(), page)[1].count("<circle") == 2
    bob = Client()
    bob.force_login(cast["players"][1])
    assert fetch(bob, page)[1].count("<circle") == 3


def test_its_players_find_it_on_their_own_pages(cast):
    finished = cast["private"][0]
    for player in cast["players"][:2]:
        client = Client()
        client.force_login(player)
        page = fetch(client, reverse("player_history", args=[player.username]))[1]
        assert names(page, finished), player
        # ... and on each other's: they played in it.
        other = next(p for p in cast["players"][:2] if p != player)
        page = fetch(client, reverse("player_history", args=[other.username]))[1]
        assert names(page, finished)


def test_emails_about_a_private_game_go_to_its_players_only(cast):
    players = {p.pk for p in cast["players"]}
    for game in cast["private"]:
        told = set(Notification.objects.filter(game=game).values_list("user_id", flat=True))
        assert told <= players, game.pk
