"""The calendar of deadlines: a secret feed of the games awaiting a player, each at its
deadline with an alarm, that follows the moves and tells nothing hidden."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse
from icalendar import Calendar

from calendars import services, tokens, views
from tests.factories import due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _address(feed) -> str:
    return reverse("calendar_feed", args=[feed.pk, tokens.token_for(feed.pk, feed.nonce)])


def _events(client, feed):
    response = client.get(_address(feed))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = Calendar.from_ical(response.content)
    return {str(e["UID"]): e for e in calendar.walk("VEVENT")}, response


def _game_of(event) -> int:
    return int(str(event["URL"]).rstrip("/").rsplit("/", 1)[1])


def test_the_feed_lists_exactly_the_games_awaiting_the_player(client, alice, bob, carol):
    with time_machine.travel(T0, tick=False):
        games = [start_game(alice, bob), start_game(bob, alice), start_game(alice, carol)]
        start_game(bob, carol)  # not alice's
        feed = services.feed_turn_on(user=alice)
        events, _ = _events(client, feed)
    awaiting = {g.pk for g in games if due_seat(g).user == alice}
    assert {_game_of(e) for e in events.values()} == awaiting
    for event in events.values():
        game_id = _game_of(event)
        seat = next(s for g in games if g.pk == game_id for s in [due_seat(g)])
        assert event["DTSTART"].dt == seat.deadline == T0 + timedelta(days=3)
        assert str(event["URL"]) == f"https://tripost.test/games/{game_id}/"
        [alarm] = event.walk("VALARM")
        assert alarm["TRIGGER"].dt == -timedelta(hours=6)
        assert str(alarm["ACTION"]) == "DISPLAY"


def test_the_feed_follows_the_moves_and_keeps_a_turns_uid(client, alice, bob):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        first = due_seat(game).user
        second = bob if first == alice else alice
        first_feed = services.feed_turn_on(user=first)
        second_feed = services.feed_turn_on(user=second)
        before, _ = _events(client, first_feed)
        again, _ = _events(client, first_feed)
        assert list(before) == list(again)  # polled again: the same event, not a second
        assert _events(client, second_feed)[0] == {}
    with time_machine.travel(T0 + timedelta(hours=1), tick=False):
        for _ in range(10):  # (Triad may give a player two actions in a row)
            play_first_legal(game)
            if due_seat(game).user != first:
                break
        assert _events(client, first_feed)[0] == {}
        [event] = _events(client, second_feed)[0].values()
    assert _game_of(event) == game.pk
    assert event["DTSTART"].dt == T0 + timedelta(hours=1, days=3)


def test_an_unchanged_feed_answers_304_and_a_move_changes_its_etag(client, alice, bob):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        feed = services.feed_turn_on(user=due_seat(game).user)
        _, first = _events(client, feed)
        assert "max-age=300" in first["Cache-Control"] and "private" in first["Cache-Control"]
        text = first.content.decode()
        assert "\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n" in text
        assert "\r\nX-PUBLISHED-TTL:PT15M\r\n" in text
        unchanged = client.get(_address(feed), HTTP_IF_NONE_MATCH=first["ETag"])
        assert unchanged.status_code == 304 and unchanged["ETag"] == first["ETag"]
        play_first_legal(game)
        changed = client.get(_address(feed), HTTP_IF_NONE_MATCH=first["ETag"])
        assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_opponents_are_named_as_the_site_names_them(client, alice, bob, carol):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob, carol, engine="trias")
        seat = due_seat(game)
        feed = services.feed_turn_on(user=seat.user)
        [event] = _events(client, feed)[0].values()
    others = [s.user.name for s in game.seats.select_related("user").order_by("index") if s != seat]
    description = str(event["DESCRIPTION"])
    assert description.splitlines() == [
        f"Against {others[0]} and {others[1]}.",
        "Your time for this move runs out now.",
        f"https://tripost.test/games/{game.pk}/",
    ]
    assert str(event["SUMMARY"]) == f"Your move: Trias #{game.pk}"


def test_the_feed_shows_no_hidden_information(client, alice, bob, carol):
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob, carol, engine="trias")
        feed = services.feed_turn_on(user=due_seat(game).user)
        text = client.get(_address(feed)).content.decode()
        # Other hands and another seed: the feed does not change by a byte (it never
        # reads the snapshot; it shows titles, names, deadlines and links only).
        assert any(game.state["hands"])
        game.state["hands"] = ["X" for _card in game.state["hands"]]
        game.seed += 1
        game.save(update_fields=["state", "seed"])
        assert client.get(_address(feed)).content.decode() == text
    unfolded = text.replace("\r\n ", "")  # lines folded at 75 octets
    assert str(game.seed - 1) not in unfolded
    # Every line is one the feed writes on purpose.
    keys = {line.split(":", 1)[0].split(";", 1)[0] for line in unfolded.splitlines()}
    assert keys <= {
        "BEGIN", "END", "PRODID", "VERSION", "CALSCALE", "METHOD", "X-WR-CALNAME",
        "REFRESH-INTERVAL", "X-PUBLISHED-TTL", "SUMMARY", "DTSTART", "DTSTAMP", "UID",
        "DESCRIPTION", "URL", "TRANSP", "ACTION", "TRIGGER",
    }  # fmt: skip


def test_a_new_address_stops_the_old_one_and_turning_off_stops_both(client, alice, bob):
    start_game(alice, bob)
    feed = services.feed_turn_on(user=alice)
    old = _address(feed)
    assert client.get(old).status_code == 200
    renewed = services.feed_renew(user=alice)
    assert renewed.pk == feed.pk and client.get(old).status_code == 404
    new = _address(renewed)
    assert client.get(new).status_code == 200
    services.feed_turn_off(user=alice)
    assert client.get(new).status_code == 404


def test_a_wrong_token_or_another_players_feed_is_404(client, alice, bob):
    alice_feed = services.feed_turn_on(user=alice)
    bob_feed = services.feed_turn_on(user=bob)
    bob_token = tokens.token_for(bob_feed.pk, bob_feed.nonce)
    # Bob's token on Alice's feed, a token one character off, a shortened one.
    assert client.get(reverse("calendar_feed", args=[alice_feed.pk, bob_token])).status_code == 404
    good = tokens.token_for(alice_feed.pk, alice_feed.nonce)
    wrong = good[:-1] + ("0" if good[-1] != "0" else "1")
    for token in (wrong, good[:20]):
        assert client.get(reverse("calendar_feed", args=[alice_feed.pk, token])).status_code == 404


def test_the_token_is_not_stored(alice):
    feed = services.feed_turn_on(user=alice)
    token = tokens.token_for(feed.pk, feed.nonce)
    stored = [str(getattr(feed, f.attname)) for f in feed._meta.concrete_fields]
    assert all(token not in value for value in stored)


def test_a_closed_account_has_no_feed(client, alice):
    feed = services.feed_turn_on(user=alice)
    alice.is_active = False
    alice.save()
    assert client.get(_address(feed)).status_code == 404


def test_a_feed_polled_too_often_is_told_to_wait(client, alice, settings):
    feed = services.feed_turn_on(user=alice)
    limit = int(views.FEED_RATES["feed"][0].split("/")[0])
    for _ in range(limit):
        assert client.get(_address(feed)).status_code == 200
    response = client.get(_address(feed))
    assert response.status_code == 429 and int(response["Retry-After"]) >= 1


def test_the_feed_speaks_the_players_language(client, alice, bob):
    alice.language = "de"
    alice.save()
    game = start_game(alice, bob)
    for _ in range(10):
        if due_seat(game).user == alice:
            break
        play_first_legal(game)
    feed = services.feed_turn_on(user=alice)
    events, _ = _events(client, feed)
    assert events and all(str(e["SUMMARY"]).startswith("Dein Zug") for e in events.values())


def test_the_settings_page_makes_renews_and_turns_off_the_address(client, alice):
    client.force_login(alice)
    page = client.get(reverse("calendar_settings"))
    assert page.status_code == 200 and b"webcal://" not in page.content
    # Not "no-referrer": with it a browser sends "Origin: null" with the page's forms,
    # and the CSRF check refuses them.
    assert page["Referrer-Policy"] == "same-origin"
    client.post(reverse("calendar_settings"), {"action": "on"})
    feed = alice.calendar_feed
    page = client.get(reverse("calendar_settings"))
    assert f"https://tripost.test{_address(feed)}".encode() in page.content
    assert f"webcal://tripost.test{_address(feed)}".encode() in page.content
    client.post(reverse("calendar_settings"), {"action": "remind", "remind_hours": "24"})
    feed.refresh_from_db()
    assert feed.remind_hours == 24
    client.post(reverse("calendar_settings"), {"action": "renew"})
    renewed = type(feed).objects.get(pk=feed.pk)
    assert renewed.nonce != feed.nonce
    client.post(reverse("calendar_settings"), {"action": "off"})
    assert not type(feed).objects.filter(user=alice).exists()
    refused = client.post(reverse("calendar_settings"), {"action": "remind", "remind_hours": "5"})
    assert refused.status_code == 400
    assert not type(feed).objects.filter(user=alice).exists()


def test_the_settings_page_links_to_it(client, alice):
    client.force_login(alice)
    page = client.get(reverse("player_settings"))
    assert reverse("calendar_settings").encode() in page.content
