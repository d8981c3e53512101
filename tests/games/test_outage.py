"""Issue 19: nobody loses on time because the site was down.

The time the clock sweep did not run (a heartbeat gap longer than
``CLOCK_OUTAGE_SECONDS``) stops every clock. A move, a page, an email and the sweep all
read deadlines through ``games.clocks.effective_deadline``, so before the first sweep
after an outage they already agree with what that sweep will store.
"""

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import clocks, services
from games.models import ClockHeartbeat, GameStatus, SeatStatus
from games.timeouts import HEARTBEAT, clock_sweep, settle_overdue
from mail.sending.compose import game_section
from tests.factories import due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DEADLINE = T0 + timedelta(days=3)
LAST_BEAT = DEADLINE - timedelta(hours=2)  # the site goes down two hours before it


def at(when: datetime):
    return time_machine.travel(when, tick=False)


def beat(when: datetime) -> None:
    ClockHeartbeat.objects.update_or_create(name=HEARTBEAT, defaults={"last_run_at": when})


@pytest.fixture
def game(alice, bob):
    with at(T0):
        game = start_game(alice, bob)  # three days per move
    beat(LAST_BEAT)
    return game


def test_a_move_after_an_outage_but_before_the_first_sweep_is_played(game):
    late = due_seat(game)
    # Six hours down, back four hours past the stored deadline; no sweep has run yet.
    with at(LAST_BEAT + timedelta(hours=6)):
        play_first_legal(game, late)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE and game.version == 1
    assert game.seats.get(pk=late.pk).status == SeatStatus.PLAYING


def test_a_move_past_the_deadline_plus_the_outage_still_times_out(game):
    late = due_seat(game)
    beat(DEADLINE + timedelta(hours=1))  # the sweep ran after the deadline: no outage then
    with at(DEADLINE + timedelta(hours=1, minutes=1)), pytest.raises(services.TimedOut):
        play_first_legal(game, late)
    assert game.seats.get(pk=late.pk).status == SeatStatus.TIMED_OUT


def test_a_sweep_task_before_the_guard_finds_nothing_overdue(game):
    with at(LAST_BEAT + timedelta(hours=6)):
        assert settle_overdue() == 0  # seat_time_out rechecks with the pending outage
    assert due_seat(game).status == SeatStatus.PLAYING


def test_page_email_and_sweep_agree_on_the_deadline_after_an_outage(game, alice, bob):
    seat = due_seat(game)
    back = LAST_BEAT + timedelta(hours=6)
    expected = DEADLINE + timedelta(hours=6)  # the stored deadline plus the time down
    with at(back):
        client = Client()
        client.force_login(seat.user)
        html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
        section = game_section(game, seat.user, with_actions=False)
    # (the deadline is a <time> element: the text a reader sees, without its tags)
    assert f"You have until {expected:%a %-d %b, %H:%M} UTC" in re.sub(r"<[^>]+>", "", html)
    assert "The clocks stand still until the site has caught up after an outage." in html
    assert section.deadline == expected
    with at(back):
        report = clock_sweep()
    assert report["extended_seconds"] == 6 * 3600 and report["timeouts"] == 0
    seat.refresh_from_db()
    assert seat.deadline == expected
    game.refresh_from_db()
    assert game.deadline == expected
    with at(back + timedelta(minutes=1)):
        html = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert f"You have until {expected:%a %-d %b, %H:%M} UTC" in re.sub(r"<[^>]+>", "", html)
    assert "outage" not in html


def test_a_turn_that_starts_during_the_outage_stands_still_from_its_start(game):
    with at(LAST_BEAT + timedelta(hours=1)):
        play_first_legal(game)  # the web is up again, the sweep is not yet
    second = due_seat(game)
    assert second.due_since == LAST_BEAT + timedelta(hours=1)
    back = LAST_BEAT + timedelta(hours=6)
    with at(back):
        shown = clocks.effective_deadline(second, second.user, timezone.now())
        clock_sweep()
    second.refresh_from_db()
    # Its clock stood still for the five hours from its turn's start to the sweep.
    assert second.deadline == second.due_since + timedelta(days=3, hours=5) == shown


def test_a_time_bank_does_not_lose_the_outage(alice, bob):
    with at(T0):
        game = start_game(alice, bob, time_bank=(7, 0, 7))
        first = due_seat(game)
    beat(T0 + timedelta(days=1))  # then down for two days
    with at(T0 + timedelta(days=3)):
        play_first_legal(game, first)
    first.refresh_from_db()
    # One day of the bank was used before the outage; the two days down are not charged.
    assert first.bank_seconds == 6 * 86400


def set_vacation(user, on: bool) -> None:
    from accounts.models import User
    from accounts.services import player_update_settings

    player_update_settings(user=User.objects.get(pk=user.pk), cleaned_data={"on_vacation": on})


def test_an_outage_during_a_vacation_is_not_counted_twice(game):
    seat = due_seat(game)
    with at(LAST_BEAT - timedelta(hours=10)):
        set_vacation(seat.user, True)
    with at(LAST_BEAT + timedelta(hours=6)):
        assert clock_sweep()["extended_seconds"] == 6 * 3600
    seat.refresh_from_db()
    assert seat.deadline == DEADLINE  # stood still for the vacation anyway
    with at(LAST_BEAT + timedelta(hours=14)):
        set_vacation(seat.user, False)
    seat.refresh_from_db()
    assert seat.deadline == DEADLINE + timedelta(hours=24)  # the vacation's 24 hours


def test_a_vacation_started_during_an_outage_keeps_the_outage_time_so_far(game):
    seat = due_seat(game)
    with at(LAST_BEAT + timedelta(hours=2)):
        set_vacation(seat.user, True)  # the sweep is still away
    with at(LAST_BEAT + timedelta(hours=6)):
        clock_sweep()
    with at(LAST_BEAT + timedelta(hours=12)):
        set_vacation(seat.user, False)
    seat.refresh_from_db()
    # Two hours of outage before the vacation, then ten hours of vacation.
    assert seat.deadline == DEADLINE + timedelta(hours=12)
