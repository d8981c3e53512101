"""A Triad game played to the end in Chromium by two players who chose German
(issue 16): every move a click, the page German throughout, the notation unchanged.

The players are signed in by session cookie (the sign-up pages are another area's
and have their own tests).
"""

from __future__ import annotations

import random

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import GameStatus
from tests.factories import UserFactory
from tests.i18n.english import english_left
from tests.i18n.test_games_german import own_part
from tests.web.helpers import start_game

from .helpers import game_of, play
from .test_play_in_browser import triad_choice

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def german_page(new_context, live_server, user):
    user.language = "de"
    user.save(update_fields=["language"])
    client = Client()
    client.force_login(user)
    context = new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, locale="de-DE"
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()


def test_two_german_players_play_triad_to_the_end_by_clicking(new_context, live_server):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game("triad", [alice, bob])
    pages = {s.index: german_page(new_context, live_server, s.user) for s in game.seats.all()}
    for page in pages.values():
        page.goto(f"/games/{game.pk}/")
    rng = random.Random(game.seed)
    for ply in range(1, 121):
        game, engine, state = game_of(game.pk)
        if game.status != GameStatus.ACTIVE:
            break
        seat = game.to_move[0]
        page = pages[seat]
        page.reload()
        expect(page.locator("#turn")).to_contain_text("Du bist am Zug.")
        action = triad_choice(engine, state, seat, rng)
        play(page, action, expect_ply=ply)
        # the move list keeps the notation and says it in German
        row = page.locator(f'ol.moves li[value="{ply}"]')
        expect(row.locator("code")).to_have_text(action)
        assert english_left(row.inner_html(), allowed=frozenset({"alice", "bob"})) == []
    game, _, _ = game_of(game.pk)
    assert game.status == GameStatus.FINISHED
    page = pages[0]
    page.reload()
    expect(page.locator("#turn")).to_contain_text("Partie vorbei.")
    live = own_part(page.locator("#live").inner_html())  # (rating badges are ratings')
    assert english_left(live, allowed=frozenset({"alice", "bob"})) == []
