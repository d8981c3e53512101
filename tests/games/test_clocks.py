"""Clocks: days per move, time banks, vacations that stop the clock, the allowance."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from accounts.models import User
from accounts.services import player_update_settings
from games import clocks, services
from games.models import GameStatus, SeatStatus
from games.timeouts import settle_overdue
from mail import tasks
from mail.models import Kind, Notification
from tests.factories import PASSWORD, due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def at(delta: timedelta):
    return time_machine.travel(T0 + delta, tick=False)


def set_vacation(user: User, on: bool) -> None:
    user = User.objects.get(pk=user.pk)
    player_update_settings(user=user, cleaned_data={"on_vacation": on})


@pytest.mark.parametrize("days", [1, 2, 3, 5, 7, 10, 14])
def test_days_per_move_set_each_turns_deadline(alice, bob, days):
    with at(timedelta(0)):
        game = start_game(alice, bob, days_per_move=days)
    seat = due_seat(game)
    assert seat.deadline == T0 + days * DAY
    assert seat.remind_at == T0 + days * DAY * 0.8
    assert game.deadline == seat.deadline


def test_a_time_bank_carries_what_is_left_plus_the_increment_up_to_the_cap(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob, time_bank=(7, 1, 7))
        first = due_seat(game)
        assert first.deadline == T0 + 7 * DAY
    with at(DAY):
        play_first_legal(game)  # used 1 day: 6 left + 1 = 7
    first.refresh_from_db()
    assert first.bank_seconds == 7 * 86400 and not first.is_due
    second = due_seat(game)
    assert second.deadline == T0 + DAY + 7 * DAY
    with at(DAY + timedelta(hours=1)):
        play_first_legal(game)  # 7d - 1h + 1d is capped at 7 days
    second.refresh_from_db()
    assert second.bank_seconds == 7 * 86400
    first.refresh_from_db()
    assert first.deadline == T0 + DAY + timedelta(hours=1) + 7 * DAY  # the bank, 7 days
    assert clocks.describe(game) == "time bank: 7 days, plus 1 day per move, at most 7 days"


def test_a_time_bank_is_checked_when_the_game_is_created(alice, bob):
    with pytest.raises(services.GameError, match="cap"):
        start_game(alice, bob, time_bank=(7, 1, 3))


def test_vacation_stops_the_clock_and_pushes_deadlines_when_it_ends(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        seat = due_seat(game)
    with at(DAY):
        set_vacation(seat.user, True)
    with at(5 * DAY):  # past the deadline, but the clock stood still
        assert settle_overdue() == 0
        set_vacation(seat.user, False)
    seat.refresh_from_db()
    assert seat.deadline == T0 + 3 * DAY + 4 * DAY
    assert seat.remind_at == T0 + 2.4 * DAY + 4 * DAY
    game.refresh_from_db()
    assert game.deadline == seat.deadline
    user = User.objects.get(pk=seat.user.pk)
    assert user.vacation_used_seconds == 4 * 86400 and user.vacation_year == 2026
    assert clocks.vacation_left(user, T0 + 5 * DAY) == timedelta(days=26)
    with at(7 * DAY - timedelta(minutes=1)):
        assert settle_overdue() == 0
    with at(7 * DAY + timedelta(minutes=1)):
        assert settle_overdue() == 1


def test_a_turn_that_starts_during_a_vacation_starts_its_clock_when_it_ends(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        first = due_seat(game)
    other = bob if first.user == alice else alice
    with at(timedelta(hours=1)):
        set_vacation(other, True)
    with at(timedelta(hours=2)):
        play_first_legal(game)  # now it is the vacationer's turn
    with at(timedelta(hours=10)):
        set_vacation(other, False)
    seat = due_seat(game)
    assert seat.user == other
    assert seat.deadline == T0 + timedelta(hours=10) + 3 * DAY


def test_a_player_on_vacation_can_still_move_after_the_nominal_deadline(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        seat = due_seat(game)
    with at(DAY):
        set_vacation(seat.user, True)
    with at(4 * DAY):
        play_first_legal(game, seat)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE and game.version == 1


def test_when_the_allowance_runs_out_the_vacation_ends_with_an_email(
    alice, bob, settings, mailoutbox
):
    settings.VACATION_DAYS_PER_YEAR = 3
    with at(timedelta(0)):
        game = start_game(alice, bob)
        seat = due_seat(game)
        set_vacation(seat.user, True)
    with at(2 * DAY):
        assert clocks.end_exhausted_vacations() == []
    with at(3 * DAY + timedelta(minutes=1)):
        assert clocks.end_exhausted_vacations() == [seat.user.pk]
        tasks.deliver_now(seat.user.pk)
    user = User.objects.get(pk=seat.user.pk)
    assert not user.on_vacation and user.vacation_started_at is None
    assert clocks.vacation_left(user, T0 + 3 * DAY) == timedelta(0)
    seat.refresh_from_db()
    assert seat.deadline == T0 + 6 * DAY + timedelta(minutes=1)  # paused while away
    assert Notification.objects.filter(user=user, kind=Kind.VACATION_OVER).count() == 1
    assert any("vacation allowance is used up" in m.subject for m in mailoutbox)
    assert seat.status == SeatStatus.PLAYING


def test_the_allowance_starts_afresh_each_year(alice):
    alice.vacation_year, alice.vacation_used_seconds = 2025, 30 * 86400
    assert clocks.vacation_left(alice, T0) == timedelta(days=30)


def test_the_settings_page_shows_the_allowance_and_refuses_vacation_without_days(
    client, alice, settings
):
    settings.VACATION_DAYS_PER_YEAR = 10
    alice.vacation_year, alice.vacation_used_seconds = 2026, 4 * 86400
    alice.save()
    client.login(username="alice", password=PASSWORD)
    with at(timedelta(0)):
        page = client.get(reverse("player_settings")).content.decode()
    assert "6 of 10 vacation days left" in page
    User.objects.filter(pk=alice.pk).update(vacation_used_seconds=10 * 86400)
    with at(timedelta(0)):
        response = client.post(
            reverse("player_settings"),
            {
                "display_name": "",
                "time_zone": "UTC",
                "email_preference": "each_turn",
                "on_vacation": "on",
            },
        )
    assert response.status_code == 200
    assert "no vacation days left" in response.content.decode()
    assert not User.objects.get(pk=alice.pk).on_vacation


def test_switching_vacation_in_the_admin_moves_the_clocks(alice, bob, client):
    """The admin saves a player through the settings' service (accounts.services), so
    a vacation switched there stops and restarts the clocks as the settings page does."""
    root = User.objects.create_superuser("root", "root@example.com", PASSWORD)
    client.force_login(root)
    with at(timedelta(0)):
        game = start_game(alice, bob)
    seat = due_seat(game)
    player = seat.user
    url = reverse("admin:accounts_user_change", args=[player.pk])
    fields = {
        "username": player.username,
        "email": player.email,
        "is_active": "on",
        "date_joined_0": "2026-03-01",
        "date_joined_1": "09:00:00",
        "display_name": player.display_name,
        "language": player.language,
        "time_zone": player.time_zone,
        "email_preference": player.email_preference,
        "digest_hour": player.digest_hour,
    }
    with at(DAY):
        response = client.post(url, {**fields, "on_vacation": "on"})
    assert response.status_code == 302, response.content.decode()[:2000]
    seat.refresh_from_db()
    assert seat.clock_stopped and User.objects.get(pk=player.pk).vacation_started_at == T0 + DAY
    with at(3 * DAY):
        assert client.post(url, fields).status_code == 302
    seat.refresh_from_db()
    assert not seat.clock_stopped and seat.deadline == T0 + 3 * DAY + 2 * DAY
    with at(3 * DAY):
        response = client.post(url, {**fields, "night_start_hour": 18, "night_end_hour": 9})
    assert "at most 10 hours" in response.content.decode()
