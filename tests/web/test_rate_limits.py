"""Issue 13 point 6: per-player limits on what players create (games, joins, reports),
and a ``?select=`` that is no choice of the position never becomes a cache entry."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games import page_cache
from games.models import Game
from moderation.models import Report
from tests.factories import UserFactory
from tests.web.helpers import open_game, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _limits(settings):
    """The limits of the settings, as the tests count them; and a clock that stands
    still, so no window of a limit ends in the middle of a burst."""
    settings.RATE_LIMITS = {
        "game_create": ["6/m", "40/d"],
        "game_join": ["10/m", "60/d"],
        "report": ["5/h", "20/d"],
    }
    with time_machine.travel("2026-03-02 10:00:30Z", tick=False):
        yield


def _new_public_triad(client):
    return client.post(
        reverse("game_new"),
        {"engine": "triad", "triad__players": "2", "days_per_move": "3", "is_public": "on"},
    )


def test_a_player_starting_games_in_a_burst_is_stopped_at_the_limit(client, settings):
    settings.LOBBY_MAX_OPEN_GAMES = 100  # the rate limit, not the lobby's fairness cap
    mallory = UserFactory(username="mallory")
    client.force_login(mallory)
    answers = [_new_public_triad(client).status_code for _ in range(25)]
    assert answers == [302] * 6 + [429] * 19
    assert Game.objects.filter(seats__user=mallory).count() == 6
    refused = _new_public_triad(client)
    assert b"You have started many games in a short time." in refused.content
    assert b'href="/games/new/"' in refused.content

    client.force_login(UserFactory(username="alice"))  # limits are per player
    assert _new_public_triad(client).status_code == 302


def test_a_429_says_when_to_come_back_and_that_is_true(client, settings):
    settings.LOBBY_MAX_OPEN_GAMES = 100
    client.force_login(UserFactory(username="mallory"))
    for _ in range(6):
        assert _new_public_triad(client).status_code == 302
    refused = _new_public_triad(client)
    assert refused.status_code == 429
    wait = int(refused["Retry-After"])
    assert 1 <= wait <= 60  # the minute's window, not the day's: that one is not full
    with time_machine.travel(
        datetime(2026, 3, 2, 10, 0, 30, tzinfo=UTC) + timedelta(seconds=wait - 1), tick=False
    ):
        assert _new_public_triad(client).status_code == 429  # not yet
    with time_machine.travel(
        datetime(2026, 3, 2, 10, 0, 30, tzinfo=UTC) + timedelta(seconds=wait), tick=False
    ):
        assert _new_public_triad(client).status_code == 302


def test_allauths_429_is_the_sites_page_with_a_retry_after(client, settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "signup": "3/m/ip"}

    def sign_up(name):
        data = {
            "email": f"{name}@example.com",
            "username": name,
            "password1": "a long enough passphrase 42",
            "password2": "a long enough passphrase 42",
        }
        response = client.post(reverse("account_signup"), data)
        client.logout()
        return response

    assert [sign_up(f"new{i}").status_code for i in range(3)] == [302] * 3
    refused = sign_up("one-more")
    assert refused.status_code == 429
    html = refused.content.decode()
    assert 'class="site-header"' in html and "Please wait a little" in html
    assert "You have tried this many times in a short time." in html
    assert refused["Retry-After"] == "60"  # the three came at one moment, a minute ago
    with time_machine.travel("2026-03-02 10:01:29Z", tick=False):
        refused = sign_up("one-more")
        assert refused.status_code == 429 and refused["Retry-After"] == "1"
    with time_machine.travel("2026-03-02 10:01:31Z", tick=False):
        assert sign_up("one-more").status_code == 302


def test_joining_is_limited_per_player(client):
    hosts = [UserFactory(username=f"host{i}") for i in range(12)]
    games = [open_game(host, "triad", 2) for host in hosts]
    joiner = UserFactory(username="joiner")
    client.force_login(joiner)
    answers = [client.post(reverse("game_join", args=[g.pk])).status_code for g in games]
    assert answers == [302] * 10 + [429] * 2
    assert joiner.seats.count() == 10
    refused = client.post(reverse("game_join", args=[games[-1].pk]))
    html = refused.content.decode()
    # On the game's own page, where the Join button was (issue 34), seat still free.
    assert "You have joined many games in a short time." in html
    assert f"Triad #{games[-1].pk}" in html and "Join this game" in html


def test_reports_are_limited_per_player(client):
    alice, mallory = UserFactory(username="alice"), UserFactory(username="mallory")
    game = start_game("triad", [alice, mallory])
    client.force_login(mallory)
    url = reverse("game_report", args=[game.pk])
    answers = [
        client.post(url, {"reported": alice.pk, "reason": f"spam {i}"}).status_code
        for i in range(7)
    ]
    assert answers == [302] * 5 + [429] * 2
    assert Report.objects.filter(reporter=mallory).count() == 5


@pytest.fixture
def cache_writes(monkeypatch):
    keys = []
    real_set = page_cache.cache.set

    def recording(key, *args, **kwargs):
        keys.append(key)
        return real_set(key, *args, **kwargs)

    monkeypatch.setattr(page_cache.cache, "set", recording)
    return keys


def _page_keys(keys):
    return [k for k in keys if k.startswith("page:")]


@pytest.mark.parametrize("path", ["/games/{pk}/live", "/games/{pk}/"])
def test_a_made_up_selection_is_ignored_and_never_cached(client, cache_writes, path):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game("trias", [alice, bob])
    due = game.seats.get(index=game.to_move[0]).user
    client.force_login(due)
    url = path.format(pk=game.pk)
    plain = client.get(url)
    assert plain.status_code == 200
    cached = len(_page_keys(cache_writes))
    for junk in ("zz", "x" * 500, "1,2", "../../etc", "🙂"):
        response = client.get(url, {"select": junk})
        assert response.status_code == 200
        assert b'data-selected=""' in response.content  # the board as if nothing picked
    assert len(_page_keys(cache_writes)) == cached  # not one entry more


def test_a_real_selection_is_shown_and_cached(client, cache_writes):
    from games.boards import selectable
    from games.replay import load_state

    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game("trias", [alice, bob])
    seat = game.to_move[0]
    engine = game.engine_module
    state = load_state(game)
    tokens = selectable(
        "trias", engine.view(state, seat), seat=seat, actions=engine.legal_actions(state, seat)
    )
    token = sorted(tokens)[0]
    client.force_login(game.seats.get(index=seat).user)
    response = client.get(f"/games/{game.pk}/live", {"select": token})
    assert f'data-selected="{token}"'.encode() in response.content
    assert len(_page_keys(cache_writes)) == 1
