"""Issue 19: weekends off (a game option) and night hours (per player).

Weekends off: no clock runs from Saturday 00:00 to Monday 00:00 in the seat's player's
own zone. Night hours: a deadline that would fall inside them moves to their end.
"""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games import clocks, services
from games.models import Game
from mail.sending.compose import game_section
from tests.factories import due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db

BERLIN = ZoneInfo("Europe/Berlin")
TOKYO = ZoneInfo("Asia/Tokyo")
NEW_YORK = ZoneInfo("America/New_York")


def local(tz, *args) -> datetime:
    return datetime(*args, tzinfo=tz)


def player(username, zone="UTC", night=None):
    user = User.objects.create(username=username, email=f"{username}@example.com", time_zone=zone)
    if night:
        user.night_start_hour, user.night_end_hour = night
        user.save()
    return user


def weekend_game(*, weekends_off=True):
    return Game(weekends_off=weekends_off)


# --- the arithmetic ---------------------------------------------------------------------


def test_three_days_from_thursday_noon_skip_the_weekend_to_tuesday_noon():
    start = local(BERLIN, 2026, 3, 5, 12)  # a Thursday
    deadline = clocks.add_running(start, 3 * 86400, BERLIN, True)
    assert deadline == local(BERLIN, 2026, 3, 10, 12)  # Fri 12h + Mon 24h + Tue 12h
    assert clocks.add_running(start, 3 * 86400, BERLIN, False) == local(BERLIN, 2026, 3, 8, 12)


def test_the_same_moment_is_a_weekend_in_one_zone_and_a_weekday_in_another():
    # Friday 20:00 in New York is Saturday 10:00 in Tokyo.
    moment = local(NEW_YORK, 2026, 3, 6, 20)
    assert clocks.in_weekend(moment, TOKYO) and not clocks.in_weekend(moment, NEW_YORK)
    # A day from then: Tokyo's clock waits for Monday 00:00 Tokyo time and runs a day from
    # there; New York's runs four hours to its Saturday and twenty from its Monday.
    assert clocks.add_running(moment, 86400, TOKYO, True) == local(TOKYO, 2026, 3, 10, 0)
    assert clocks.add_running(moment, 86400, NEW_YORK, True) == local(NEW_YORK, 2026, 3, 9, 20)


def test_a_weekend_with_the_change_to_summer_time_is_47_hours():
    # Europe changes to summer time on Sunday 29 March 2026 (02:00 -> 03:00).
    friday = local(BERLIN, 2026, 3, 27, 12)
    deadline = clocks.add_running(friday, 86400, BERLIN, True)
    assert deadline == local(BERLIN, 2026, 3, 30, 12)  # Monday noon, the wall clock's
    assert deadline - friday == timedelta(hours=24 + 47)
    assert clocks.running_between(friday, deadline, BERLIN, True) == timedelta(days=1)


def test_a_weekend_with_the_change_back_from_summer_time_is_49_hours():
    friday = local(BERLIN, 2026, 10, 23, 12)  # clocks go back on Sunday 25 October
    deadline = clocks.add_running(friday, 86400, BERLIN, True)
    assert deadline == local(BERLIN, 2026, 10, 26, 12)
    assert deadline - friday == timedelta(hours=24 + 49)


def test_a_deadline_in_the_night_moves_to_its_end_across_midnight():
    owl = player("owl", "Europe/Berlin", night=(23, 7))
    game = weekend_game(weekends_off=False)
    for at, moved in [
        (local(BERLIN, 2026, 3, 3, 23, 30), local(BERLIN, 2026, 3, 4, 7)),  # before midnight
        (local(BERLIN, 2026, 3, 4, 2, 0), local(BERLIN, 2026, 3, 4, 7)),  # after midnight
        (local(BERLIN, 2026, 3, 4, 7, 0), local(BERLIN, 2026, 3, 4, 7)),  # the night is over
        (local(BERLIN, 2026, 3, 4, 22, 59), local(BERLIN, 2026, 3, 4, 22, 59)),  # not yet
    ]:
        assert clocks.place_deadline(at, game, owl) == moved, at


def test_a_night_that_does_not_cross_midnight():
    early = player("early", "Asia/Tokyo", night=(1, 9))
    game = weekend_game(weekends_off=False)
    assert clocks.place_deadline(local(TOKYO, 2026, 3, 3, 0, 30), game, early) == local(
        TOKYO, 2026, 3, 3, 0, 30
    )
    assert clocks.place_deadline(local(TOKYO, 2026, 3, 3, 8, 59), game, early) == local(
        TOKYO, 2026, 3, 3, 9
    )


def test_the_night_of_the_change_to_summer_time_ends_at_seven_local():
    owl = player("owl", "Europe/Berlin", night=(23, 7))
    moved = clocks.place_deadline(
        local(BERLIN, 2026, 3, 29, 1, 30), weekend_game(weekends_off=False), owl
    )
    assert moved == local(BERLIN, 2026, 3, 29, 7)
    assert moved.astimezone(UTC) == datetime(2026, 3, 29, 5, 0, tzinfo=UTC)  # CEST now


def test_a_night_ending_on_saturday_in_a_weekends_off_game_moves_to_monday_morning():
    owl = player("owl", "Europe/Berlin", night=(23, 7))
    friday_night = local(BERLIN, 2026, 3, 6, 23, 30)
    assert clocks.place_deadline(friday_night, weekend_game(), owl) == local(BERLIN, 2026, 3, 9, 7)


@pytest.mark.parametrize(
    ("start", "end", "ok"),
    [(23, 7, True), (22, 8, True), (21, 8, False), (0, 10, True), (7, 7, False), (1, 12, False)],
)
def test_night_hours_are_at_most_ten_hours(start, end, ok):
    if ok:
        clocks.validate_night(start, end)
    else:
        with pytest.raises(ValueError):
            clocks.validate_night(start, end)


# --- through the game's flows ----------------------------------------------------------


def test_a_weekends_off_game_gives_each_player_their_own_weekend(db):
    berlin, tokyo = player("berlin", "Europe/Berlin"), player("tokyo", "Asia/Tokyo")
    # Thursday 12:00 UTC; one day per move.
    with time_machine.travel(datetime(2026, 3, 5, 12, tzinfo=UTC), tick=False):
        game = services.game_create(
            creator=berlin,
            engine="triad",
            num_players=2,
            options={},
            days_per_move=1,
            invitees=[tokyo],
            is_public=False,
            weekends_off=True,
        )
        services.invitation_accept(game_id=game.pk, user=tokyo)
    first = due_seat(game)
    assert first.deadline == datetime(2026, 3, 6, 12, tzinfo=UTC)  # Friday: no weekend yet
    # The first player moves a minute before Friday 12:00 UTC (21:00 in Tokyo); a day
    # from there runs the three hours left of Friday in Tokyo, then from Monday 00:00.
    with time_machine.travel(datetime(2026, 3, 6, 11, 59, tzinfo=UTC), tick=False):
        play_first_legal(game, first)
    second = due_seat(game)
    zone = TOKYO if second.user == tokyo else BERLIN
    expected = {
        TOKYO: local(TOKYO, 2026, 3, 9, 20, 59),
        BERLIN: local(BERLIN, 2026, 3, 9, 12, 59),  # Friday 12:59 Berlin + 11:01 + 12:59
    }[zone]
    assert second.deadline == expected
    assert clocks.describe(game) == "1 day per move, weekends off"


def test_a_turn_ending_in_the_night_and_the_reason_on_page_and_email(db):
    owl = player("owl", "Europe/Berlin", night=(23, 7))
    lark = player("lark", "Europe/Berlin")
    # Tuesday 23:30 Berlin: a day from then falls in the owl's night.
    with time_machine.travel(local(BERLIN, 2026, 3, 3, 23, 30), tick=False):
        game = start_game(lark, owl, days_per_move=1)
        if due_seat(game).user != owl:
            play_first_legal(game)
    with time_machine.travel(local(BERLIN, 2026, 3, 3, 23, 30), tick=False):
        seat = due_seat(game)
        assert seat.user == owl
        assert seat.deadline == local(BERLIN, 2026, 3, 5, 7)
        assert seat.night_seconds == 7.5 * 3600
        client = Client()
        client.force_login(lark)
        html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
        section = game_section(game, owl, with_actions=False)
    assert "The deadline was moved to the end of owl&#x27;s night hours." in html
    assert "Thu 5 Mar, 07:00 CET" in html  # in the viewer's zone
    assert section.deadline_note == "The deadline was moved to the end of your night hours."


def test_the_night_extension_is_not_banked(db):
    owl = player("owl", "UTC", night=(0, 8))
    lark = player("lark", "UTC")
    with time_machine.travel(datetime(2026, 3, 3, 3, tzinfo=UTC), tick=False):
        game = start_game(owl, lark, time_bank=(1, 0, 1))
        seat = due_seat(game)
        if seat.user != owl:
            play_first_legal(game)
            seat = due_seat(game)
    assert seat.deadline == datetime(2026, 3, 4, 8, tzinfo=UTC)  # 03:00 + 1 day, in the night
    with time_machine.travel(datetime(2026, 3, 4, 6, tzinfo=UTC), tick=False):
        play_first_legal(game, seat)
    seat.refresh_from_db()
    assert seat.bank_seconds == 0  # the day ran out at 03:00; the night only gave grace


def test_the_weekends_off_option_is_chosen_at_creation_and_shown_in_the_lobby(db):
    creator = player("creator")
    client = Client()
    client.force_login(creator)
    response = client.post(
        reverse("game_new"),
        {
            "engine": "triad",
            "triad__players": "2",
            "days_per_move": "3",
            "time_control": "per_move",
            "weekends_off": "on",
            "is_public": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()
    game = Game.objects.get()
    assert game.weekends_off
    other = Client()
    other.force_login(player("joiner"))  # the lobby lists games of others
    lobby = other.get(reverse("lobby")).content.decode()
    assert "3 days per move, weekends off" in lobby
    page = client.get(game.get_absolute_url()).content.decode()
    assert "3 days per move, weekends off" in page
