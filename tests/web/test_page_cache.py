"""Cached pages (games.page_cache): a cached page is never stale, never someone else's,
and never carries someone else's CSRF token."""

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from accounts.services import player_vacation_set
from games import page_cache, services
from games.replay import load_state
from moderation import services as moderation
from tests.factories import UserFactory, due_seat, play_first_legal
from tests.web.helpers import open_game, play_until_quiet_actions, seat_user, start_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
T0 = datetime(2026, 3, 2, 9, 0, 30, tzinfo=UTC)  # mid-minute: the tests stay in one minute


@pytest.fixture
def frozen():
    with time_machine.travel(T0, tick=False):
        yield


@pytest.fixture
def triad(frozen):
    return start_game("triad", [UserFactory(username="alice"), UserFactory(username="bob")])


def client_for(user, **kwargs):
    client = Client(**kwargs)
    client.force_login(user)
    return client


def seats(game):
    due = game.seats.select_related("user").get(index=game.to_move[0])
    other = game.seats.select_related("user").exclude(pk=due.pk).get()
    return due, other


def page(client, game) -> str:
    return client.get(reverse("game_detail", args=[game.pk])).content.decode()


def play_first(game, seat):
    action = game.engine_module.legal_actions(load_state(game), seat.index)[0]
    services.move_play(
        game_id=game.pk, user=seat.user, action=action, expected_version=game.version
    )
    game.refresh_from_db()
    return action


def test_a_repeated_view_is_served_from_the_cache_with_few_queries(
    triad, django_assert_max_num_queries
):
    due, _ = seats(triad)
    client = client_for(due.user)
    first = page(client, triad)
    # Session, user, the game with its seats: nothing else is read for a cached page.
    with django_assert_max_num_queries(3):
        again = page(client, triad)
    assert again == first.replace(token_of(first), token_of(again))


def token_of(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def test_each_visitor_gets_their_own_working_csrf_token_from_a_cached_page(triad):
    due, _ = seats(triad)
    # The same player on two devices: one cached page, two sessions, two CSRF cookies.
    laptop = client_for(due.user, enforce_csrf_checks=True)
    phone = client_for(due.user, enforce_csrf_checks=True)
    laptop_page, phone_page = page(laptop, triad), page(phone, triad)
    assert page_cache.CSRF_PLACEHOLDER not in laptop_page + phone_page
    assert laptop.cookies["csrftoken"].value != phone.cookies["csrftoken"].value
    action = triad.engine_module.legal_actions(load_state(triad), due.index)[0]
    url = reverse("game_move", args=[triad.pk])
    data = {"action": action, "version": triad.version}
    # The laptop's token does not work on the phone's session: tokens are per visitor.
    refused = phone.post(url, {**data, "csrfmiddlewaretoken": token_of(laptop_page)}, **HTMX)
    assert refused.status_code == 403
    played = phone.post(url, {**data, "csrfmiddlewaretoken": token_of(phone_page)}, **HTMX)
    assert played.status_code == 200
    triad.refresh_from_db()
    assert triad.version == 1


def test_the_waiting_player_sees_a_move_at_once(triad):
    due, other = seats(triad)
    watcher = client_for(other.user)
    assert "No moves yet." in page(watcher, triad)
    action = play_first(triad, due)
    after = page(watcher, triad)
    assert "No moves yet." not in after and f"<code>{action}</code>" in after
    assert "Your turn." in after


def test_a_deadline_moved_without_a_move_shows_at_once(triad):
    _, other = seats(triad)
    watcher = client_for(other.user)
    assert "Thu 5 Mar, 09:00 UTC" in page(watcher, triad)  # 3 days per move
    moderator = UserFactory(is_staff=True)
    moderation.deadline_extend(game_id=triad.pk, actor=moderator, reason="storm", days=2)
    assert "Sat 7 Mar, 09:00 UTC" in page(watcher, triad)


def test_the_header_badge_counts_a_new_turn_once_the_move_commits(
    triad, django_capture_on_commit_callbacks
):
    due, other = seats(triad)
    watcher = client_for(other.user)
    assert 'class="badge"' not in page(watcher, triad)
    with django_capture_on_commit_callbacks(execute=True):
        play_first(triad, due)
    assert re.search(r'<span class="badge"[^>]*>1</span>', page(watcher, triad))


def test_my_games_moves_a_game_to_my_turn_at_once(triad):
    due, other = seats(triad)
    home = client_for(other.user)

    def my_turn_section():
        html = home.get(reverse("home")).content.decode()
        return html.split('id="my-turn"')[1].split('id="waiting"')[0]

    assert "No game is waiting for you." in my_turn_section()
    play_first(triad, due)
    assert f"#{triad.pk}" in my_turn_section()


def test_a_one_time_message_is_shown_once_and_never_cached(frozen):
    alice, bob = UserFactory(), UserFactory()
    game = open_game(alice, "triad", 2, invitees=[bob])
    client = client_for(bob)
    before = page(client, game)
    assert "Invitation accepted." not in before
    response = client.post(reverse("invitation_accept", args=[game.pk]), follow=True)
    assert "Invitation accepted." in response.content.decode()
    assert "Invitation accepted." not in page(client, game)


def test_a_spectator_never_gets_a_players_cached_page(triad):
    due, _ = seats(triad)
    player_page = page(client_for(due.user), triad)
    assert "Your move" in player_page
    for spectator in (client_for(UserFactory()), Client()):
        html = page(spectator, triad)
        assert "Your move" not in html and "Your turn." not in html


def test_an_action_taken_back_and_replaced_shows_the_new_one(frozen):
    # Undo brings the version back, so the version alone cannot tell the two apart.
    game = start_game("trias", [UserFactory(), UserFactory()])
    seat, (first, second, *_) = play_until_quiet_actions(game, at_least=2)
    client = client_for(seat_user(game, seat))
    watcher = client_for(seat_user(game, 1 - seat))
    move, undo = reverse("game_move", args=[game.pk]), reverse("game_undo", args=[game.pk])
    version = game.version
    assert client.post(move, {"action": first, "version": version}).status_code == 302
    assert f"<code>{first}</code>" in page(client, game)
    watched = page(watcher, game)
    poll = re.search(r'hx-get="([^"]+/poll[^"]+)"', watched).group(1).replace("&amp;", "&")
    assert watcher.get(poll, **HTMX).status_code == 204  # nothing new yet
    assert client.post(undo, {"version": version + 1}).status_code == 302
    assert client.post(move, {"action": second, "version": version}).status_code == 302
    for html in (page(client, game), page(watcher, game), watcher.get(poll, **HTMX).content):
        html = html if isinstance(html, str) else html.decode()
        assert f"<code>{second}</code>" in html and f"<code>{first}</code>" not in html


@pytest.mark.django_db(transaction=True)  # commits, as in production (the badge's count)
def test_the_page_after_ones_own_move_reuses_the_body_the_move_drew(triad, monkeypatch):
    """The move's answer draws the new position whole; the game page the mover opens
    next (after My games) is served with that body, not drawn again, and is the page a
    cold render gives."""
    due, _ = seats(triad)
    client = client_for(due.user)
    token = token_of(page(client, triad))
    action = triad.engine_module.legal_actions(load_state(triad), due.index)[0]
    url = reverse("game_move", args=[triad.pk])
    data = {"action": action, "version": triad.version, "csrfmiddlewaretoken": token}
    assert client.post(url, data, **HTMX).status_code == 200
    client.get("/")
    drawn = []
    real = page_cache.build_game_page
    monkeypatch.setattr(
        page_cache, "build_game_page", lambda *a, **k: drawn.append(1) or real(*a, **k)
    )
    after = page(client, triad)
    assert drawn == []
    assert f"<code>{action}</code>" in after
    from django.core.cache import cache

    cache.clear()
    cold = page(client, triad)
    assert drawn == [1]
    assert after == cold.replace(token_of(cold), token_of(after))


# --- a page is kept until what it shows changes, not for a minute --------------------


@pytest.fixture
def drawn(monkeypatch):
    """The templates page_cache draws, in order (a cached page draws none)."""
    names = []
    real = page_cache.render_to_string

    def counting(template, *args, **kwargs):
        names.append(template)
        return real(template, *args, **kwargs)

    monkeypatch.setattr(page_cache, "render_to_string", counting)
    return names


def test_a_second_visit_an_hour_later_is_served_from_the_cache(triad, drawn):
    due, other = seats(triad)
    for viewer in (due.user, other.user):
        client = client_for(viewer)
        first = page(client, triad)
        assert drawn
        drawn.clear()
        with time_machine.travel(T0 + timedelta(hours=1, minutes=7), tick=False):
            again = page(client, triad)
        assert drawn == []
        assert again == first.replace(token_of(first), token_of(again))
        # the deadline is an absolute time the browser words: nothing on it went stale
        assert '<time datetime="2026-03-05T09:00:30+00:00"' in again


def test_my_games_a_second_visit_later_is_served_from_the_cache(triad, drawn):
    client = client_for(seats(triad)[0].user)
    first = client.get(reverse("home")).content.decode()
    assert drawn == ["games/my_games.html"]
    with time_machine.travel(T0 + timedelta(minutes=4), tick=False):
        again = client.get(reverse("home")).content.decode()
    assert drawn == ["games/my_games.html"]
    assert again == first.replace(token_of(first), token_of(again))


def _move(game, viewer):
    play_first(game, seats(game)[0])


def _language(game, viewer):
    viewer.language = "de"
    viewer.save()


def _zone(game, viewer):
    viewer.time_zone = "Europe/Berlin"
    viewer.save()


def _header_count(game, viewer):
    # A new game where it is the viewer's turn: the badge in the site header counts it.
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=True):
        game = start_game("triad", [viewer, UserFactory()])
        if due_seat(game).user != viewer:  # (who moves first is drawn)
            play_first_legal(game)


@pytest.mark.parametrize(
    "change, shows",
    [
        (_move, "Your turn."),
        (_language, '<html lang="de">'),
        (_zone, "CET</time>"),
        (_header_count, '<span class="badge"'),
    ],
)
def test_what_the_page_shows_changing_draws_it_again(triad, drawn, change, shows):
    viewer = seats(triad)[1].user  # waiting for the other player
    client = client_for(viewer)
    first = page(client, triad)
    assert shows not in first
    drawn.clear()
    change(triad, viewer)
    again = page(client, triad)
    assert drawn, "the page was served from the cache"
    assert shows in again


def test_a_clock_standing_still_shows_the_time_left_it_keeps(triad, drawn):
    """On vacation a player's deadline moves with the time while the time left stays:
    the page says the time left as drawn (no count down) and is drawn again once the
    deadline it shows has moved."""
    due, other = seats(triad)
    player_vacation_set(user=due.user, on=True)
    client = client_for(other.user)
    first = page(client, triad)
    left = int(re.search(r'data-still-left="(\d+)"', first).group(1))
    assert 3 * 86400 - 60 <= left <= 3 * 86400
    drawn.clear()
    with time_machine.travel(T0 + timedelta(hours=2), tick=False):
        later = page(client, triad)
    assert drawn
    assert int(re.search(r'data-still-left="(\d+)"', later).group(1)) == left
    assert "Thu 5 Mar, 11:00 UTC" in later
