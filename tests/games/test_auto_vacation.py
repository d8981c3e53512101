"""Issue 19: automatic vacation (opt-in, visible) and the digest at the player's hour.

A player who opted in and whose time runs out, in a game that allows it, is put on
vacation instead of timing out: their clocks stop, every day spent is told, opponents
see it. It ends when they have moved in every game whose time ran out, or when the
allowance is used up (then the timeout rule applies).
"""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import EmailPreference, User
from games import services
from games.models import ClockHeartbeat, Game, GameStatus, SeatStatus
from games.timeouts import HEARTBEAT, clock_sweep
from mail import tasks
from mail.models import Kind, Notification
from tests.factories import UserFactory, due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def at(delta: timedelta):
    return time_machine.travel(T0 + delta, tick=False)


def sweep():
    """The clock sweep as beat runs it: the previous run was a minute ago."""
    ClockHeartbeat.objects.update_or_create(
        name=HEARTBEAT, defaults={"last_run_at": timezone.now() - timedelta(minutes=1)}
    )
    return clock_sweep()


def fresh(user) -> User:
    return User.objects.get(pk=user.pk)


@pytest.fixture
def sleeper(db):
    user = UserFactory(username="sleeper", display_name="Sleeper")
    user.auto_vacation = True
    user.save()
    return user


def game_due_for(player, opponent, **kwargs):
    """A casual game (automatic vacation is never spent in a rated one) in which
    ``player`` is to move (the opponent moves first if needed)."""
    kwargs.setdefault("rated", False)
    game = start_game(opponent, player, **kwargs)
    if due_seat(game).user != player:
        play_first_legal(game)
    return game


def test_a_run_out_clock_spends_vacation_days_instead_of_a_timeout(sleeper, bob, carol):
    with at(timedelta(0)):
        ran_out = game_due_for(sleeper, bob)
    with at(timedelta(days=1)):
        other = game_due_for(sleeper, carol)  # three days from day 1
    with at(timedelta(days=3, minutes=1)):
        sweep()
    assert due_seat(ran_out).status == SeatStatus.PLAYING
    ran_out.refresh_from_db()
    assert ran_out.status == GameStatus.ACTIVE
    user = fresh(sleeper)
    assert user.on_vacation and user.vacation_automatic
    assert due_seat(other).clock_stopped  # every clock of theirs stands still
    # Opponents see why the clock stands still.
    client = Client()
    client.force_login(bob)
    with at(timedelta(days=3, minutes=2)):
        page = client.get(reverse("game_detail", args=[ran_out.pk])).content.decode()
    assert "The clock stands still: Sleeper is on vacation (automatic)." in page
    # The first day is told at once (by the sweep that started it or the next one).
    with at(timedelta(days=3, minutes=2)):
        sweep()
    told = Notification.objects.filter(user=sleeper, kind=Kind.VACATION_DAY)
    assert [n.payload["day"] for n in told] == [1]


def test_each_day_spent_is_told_once_by_email_and_on_the_settings_page(sleeper, bob, mailoutbox):
    with at(timedelta(0)):
        game_due_for(sleeper, bob)
    for minutes in (1, 2, 3):
        with at(timedelta(days=3, minutes=minutes)):
            sweep()
    with at(timedelta(days=4, minutes=2)):
        sweep()
        sweep()
    days = Notification.objects.filter(user=sleeper, kind=Kind.VACATION_DAY)
    assert sorted(n.payload["day"] for n in days) == [1, 2]
    with at(timedelta(days=4, minutes=3)):
        tasks.deliver_now(sleeper.pk)
        client = Client()
        client.force_login(sleeper)
        settings_page = client.get(reverse("player_settings")).content.decode()
    subjects = [m.subject for m in mailoutbox if "Automatic vacation" in m.subject]
    assert subjects == [
        "Automatic vacation, day 1: your clocks stand still (30 vacation days left)",
        "Automatic vacation, day 2: your clocks stand still (29 vacation days left)",
    ]
    body = next(m.body for m in mailoutbox if "day 2" in m.subject)
    assert "Move in these games to end the vacation" in body
    assert "today is its day 2" in settings_page
    assert "automatic vacation has been on since" in settings_page


def test_moving_in_the_run_out_game_ends_it_and_the_others_keep_their_time(sleeper, bob, carol):
    with at(timedelta(0)):
        ran_out = game_due_for(sleeper, bob)
    with at(timedelta(days=2)):
        other = game_due_for(sleeper, carol)  # deadline: day 5
    with at(timedelta(days=3, minutes=1)):
        sweep()  # vacation starts: the other game had 2 days left
    with at(timedelta(days=4, minutes=1)):
        play_first_legal(ran_out, due_seat(ran_out))  # a day later, back: allowed
    user = fresh(sleeper)
    assert not user.on_vacation and not user.vacation_automatic
    seat = other.seats.get(user=sleeper)
    assert not seat.clock_stopped
    assert seat.deadline == T0 + timedelta(days=6)  # day 5 + the day it stood still
    assert user.vacation_used_seconds == DAY.total_seconds()


def test_when_the_days_run_out_the_game_is_lost_on_time(sleeper, bob, settings):
    settings.VACATION_DAYS_PER_YEAR = 2
    with at(timedelta(0)):
        game = game_due_for(sleeper, bob)
    with at(timedelta(days=3, minutes=1)):
        sweep()
    assert fresh(sleeper).on_vacation
    with at(timedelta(days=5, minutes=2)):
        report = sweep()  # two days spent: the vacation ends, the timeout applies
    assert report["vacations_ended"] == 1
    user = fresh(sleeper)
    assert not user.on_vacation
    with at(timedelta(days=5, minutes=3)):
        sweep()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.seats.get(user=sleeper).status == SeatStatus.TIMED_OUT
    assert Notification.objects.filter(user=sleeper, kind=Kind.VACATION_OVER).exists()


def test_a_game_that_forbids_it_times_out_as_always(sleeper, bob):
    with at(timedelta(0)):
        game = services.game_create(
            creator=bob,
            engine="triad",
            num_players=2,
            options={},
            days_per_move=3,
            invitees=[sleeper],
            is_public=False,
            rated=False,
            auto_vacation_allowed=False,  # e.g. a tournament game
        )
        services.invitation_accept(game_id=game.pk, user=sleeper)
        if due_seat(game).user != sleeper:
            play_first_legal(game)
    with at(timedelta(days=3, minutes=1)):
        sweep()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert not fresh(sleeper).on_vacation


def test_a_rated_game_times_out_as_the_settings_promise(sleeper, bob):
    """Settings: "Rated games do not allow it" (automatic vacation); the clock keeps it
    even for a rated game whose row says otherwise."""
    with at(timedelta(0)):
        game = game_due_for(sleeper, bob, rated=True)
        assert game.rated and not game.auto_vacation_allowed
        Game.objects.filter(pk=game.pk).update(auto_vacation_allowed=True)
    with at(timedelta(days=3, minutes=1)):
        sweep()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.seats.get(user=sleeper).status == SeatStatus.TIMED_OUT
    assert not fresh(sleeper).on_vacation
    assert "Rated games do not allow it" in settings_page(sleeper)


def settings_page(user) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("player_settings")).content.decode()


def test_a_casual_game_allows_it_and_the_new_game_page_says_rated_ones_do_not(sleeper, bob):
    with at(timedelta(0)):
        game = game_due_for(sleeper, bob, rated=False)
        assert game.auto_vacation_allowed
    with at(timedelta(days=3, minutes=1)):
        sweep()
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE and fresh(sleeper).on_vacation
    client = Client()
    client.force_login(bob)
    html = client.get(reverse("game_new")).content.decode()
    assert "Rated games do not allow automatic vacation" in html


def test_without_opting_in_the_timeout_rule_applies(alice, bob):
    with at(timedelta(0)):
        game = game_due_for(alice, bob)
    with at(timedelta(days=3, minutes=1)):
        sweep()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and not fresh(alice).on_vacation


# --- settings and the digest -----------------------------------------------------------


def test_settings_save_night_hours_digest_hour_and_automatic_vacation(alice):
    client = Client()
    client.force_login(alice)
    form = {
        "display_name": "Alice",
        "time_zone": "Asia/Tokyo",
        "email_preference": EmailPreference.DAILY_DIGEST,
        "digest_hour": "21",
        "night_start_hour": "23",
        "night_end_hour": "7",
        "auto_vacation": "on",
    }
    assert client.post(reverse("player_settings"), form).status_code == 302
    user = fresh(alice)
    assert (user.digest_hour, user.night_start_hour, user.night_end_hour) == (21, 23, 7)
    assert user.auto_vacation
    too_long = client.post(reverse("player_settings"), {**form, "night_start_hour": "20"})
    assert too_long.status_code == 200
    assert "Night hours can be at most 10 hours a day." in too_long.content.decode()
    assert fresh(alice).night_start_hour == 23


def test_the_digest_comes_at_the_players_own_hour_and_not_when_nothing_waits(alice, bob):
    alice.email_preference = EmailPreference.DAILY_DIGEST
    alice.time_zone = "Asia/Tokyo"
    alice.digest_hour = 21
    alice.save()
    with at(timedelta(0)):
        game = game_due_for(alice, bob)
    # 07:00 Tokyo (the default hour) is not hers; 21:00 Tokyo is 12:00 UTC.
    assert tasks.queue_digests(datetime(2026, 3, 2, 22, 0, tzinfo=UTC).isoformat()) == 0
    assert tasks.queue_digests(datetime(2026, 3, 2, 12, 0, tzinfo=UTC).isoformat()) == 1
    assert tasks.queue_digests(datetime(2026, 3, 2, 12, 15, tzinfo=UTC).isoformat()) == 0
    with at(timedelta(hours=4)):
        play_first_legal(game, due_seat(game))  # nothing waits for her any more
    assert tasks.queue_digests(datetime(2026, 3, 3, 12, 0, tzinfo=UTC).isoformat()) == 0
