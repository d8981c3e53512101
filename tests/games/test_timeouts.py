"""Timeouts, reminders and the outage guard, on a controllable clock."""

import threading
from datetime import UTC, datetime, timedelta
from email.utils import parseaddr

import pytest
import time_machine
from django.db import connection
from django.utils import timezone

from accounts.services import player_vacation_set
from games import services
from games.models import ClockHeartbeat, Controller, GameStatus, Seat, SeatStatus
from games.timeouts import (
    HEARTBEAT,
    clock_sweep,
    overdue_seats,
    seat_time_out,
    settle_overdue,
)
from mail import tasks
from mail.models import Kind, Notification
from moderation.models import AuditLog
from tests.factories import UserFactory, due_seat, play_first_legal, start_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def at(delta: timedelta):
    return time_machine.travel(T0 + delta, tick=False)


def sweep_on_time():
    """The clock sweep as beat runs it: the previous run was a minute ago."""
    ClockHeartbeat.objects.update_or_create(
        name=HEARTBEAT, defaults={"last_run_at": timezone.now() - timedelta(minutes=1)}
    )
    return clock_sweep()


def test_in_a_two_player_game_the_late_player_loses_and_both_are_told(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        late = due_seat(game)
    with at(timedelta(days=3) - timedelta(seconds=1)):
        assert settle_overdue() == 0
    with at(timedelta(days=3, seconds=1)):
        assert settle_overdue() == 1
        assert settle_overdue() == 0  # settled once
    game.refresh_from_db()
    late.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert late.status == SeatStatus.TIMED_OUT and not late.is_winner
    assert game.seats.get(is_winner=True).user != late.user
    assert "ran out of time" in game.result_reason
    results = Notification.objects.filter(kind=Kind.RESULT, game=game)
    assert {n.user for n in results} == {alice, bob}


def test_with_three_people_a_computer_plays_the_late_seat_to_the_end(
    alice, bob, carol, computer_queue, django_capture_on_commit_callbacks, settings
):
    with at(timedelta(0)):
        game = start_game(alice, bob, carol, engine="trias")
        late = due_seat(game)
    with at(timedelta(days=3, minutes=1)):
        with django_capture_on_commit_callbacks(execute=True):
            assert settle_overdue() == 1
        assert computer_queue == [game.pk]  # the computer's turn goes to its task
        assert not game.moves.filter(by_computer=True).exists()
        computer_queue.run()
    game.refresh_from_db()
    late.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert late.status == SeatStatus.TIMED_OUT and late.controller == Controller.BOT
    assert late.bot_level == settings.COMPUTER_TAKEOVER_LEVEL
    assert game.moves.filter(seat=late.index, by_computer=True).exists()
    assert due_seat(game).user != late.user  # the computer moved; a person is due
    told = Notification.objects.filter(kind=Kind.TIMEOUT, game=game)
    assert {n.user for n in told} == {alice, bob, carol}
    assert told.get(user=late.user).payload["you"] is True


def test_when_one_person_is_left_the_game_ends(
    alice, bob, carol, computer_queue, django_capture_on_commit_callbacks
):
    with at(timedelta(0)):
        game = start_game(alice, bob, carol, engine="trias")
    with at(timedelta(days=3, minutes=1)):
        with django_capture_on_commit_callbacks(execute=True):
            settle_overdue()
        computer_queue.run()  # the computer plays the late seat's turn
    with at(timedelta(days=6, minutes=2)):
        settle_overdue()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    [winner] = game.seats.filter(is_winner=True)
    assert winner.status == SeatStatus.PLAYING
    assert game.seats.filter(status=SeatStatus.TIMED_OUT).count() == 2


def test_a_move_after_the_deadline_is_settled_as_a_timeout_by_the_same_code(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        late = due_seat(game)
    with at(timedelta(days=3, minutes=5)), pytest.raises(services.TimedOut):
        play_first_legal(game, late)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.version == 0
    assert game.seats.get(pk=late.pk).status == SeatStatus.TIMED_OUT


def test_computer_run_seats_never_time_out(alice):
    with at(timedelta(0)):
        game = start_game(alice, engine="tritarea")  # one person, three NPC seats
    Seat.objects.filter(game=game, controller=Controller.NPC).update(is_due=True, deadline=T0)
    Seat.objects.filter(game=game, user=alice).update(deadline=T0 + timedelta(days=60))
    assert settle_overdue(T0 + timedelta(days=30)) == 0
    assert not game.seats.exclude(status=SeatStatus.PLAYING).exists()


@pytest.mark.django_db(transaction=True)  # the racing threads must see committed rows
def test_each_seat_is_settled_exactly_once_even_with_racing_sweepers(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        late = due_seat(game)
    now = T0 + timedelta(days=4)
    if connection.vendor != "postgresql":
        # SQLite serialises writers; two sweeps one after the other show the rule.
        assert [seat_time_out(seat_id=late.pk, now=now) for _ in range(2)] == [True, False]
        return
    results = []

    def sweep():
        try:
            results.append(seat_time_out(seat_id=late.pk, now=now))
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, False, False, True]


def test_the_sweep_hands_each_overdue_seat_to_its_own_task_once(alice, bob, monkeypatch):
    from games import tasks

    queued_seats = []
    monkeypatch.setattr(tasks.settle_timeout, "delay", queued_seats.append)  # no worker
    with at(timedelta(0)):
        games = [start_game(alice, bob) for _ in range(3)]
    with at(timedelta(days=3, minutes=1)):
        assert sweep_on_time()["timeouts"] == 3
        assert sweep_on_time()["timeouts"] == 0  # claimed: not handed out twice
    assert sorted(queued_seats) == sorted(due_seat(g).pk for g in games)
    # The sweep settled nothing itself: the seats wait for their tasks.
    assert not Seat.objects.filter(status=SeatStatus.TIMED_OUT).exists()
    # A task lost with its worker: once the claim expires, the seat is handed out again.
    with at(timedelta(days=3, minutes=7)):
        assert sweep_on_time()["timeouts"] == 3
    for seat_id in queued_seats:
        tasks.settle_timeout(seat_id)
    assert Seat.objects.filter(status=SeatStatus.TIMED_OUT).count() == 3
    assert all(g.seats.get(is_winner=True) for g in games)


@pytest.mark.django_db(transaction=True)  # the racing threads must see committed rows
def test_a_swept_timeout_is_settled_once_when_two_sweeps_and_two_tasks_race(alice, bob):
    """Issue 17: two sweeps claim, their tasks and two more tasks settle, all at once."""
    from games import signals, tasks
    from games.timeouts import claim_overdue

    with at(timedelta(0)):
        game = start_game(alice, bob)
        late = due_seat(game)
    now = T0 + timedelta(days=3, minutes=1)
    settled = []

    def count(sender, game, seat, **kwargs):
        settled.append(seat.pk)

    signals.seat_timed_out.connect(count, dispatch_uid="test.race")
    try:
        claims, results = [], []

        def sweep():
            try:
                ids = claim_overdue(now)
                claims.append(ids)
                results.extend(tasks.settle_timeout(seat_id) for seat_id in ids)
            finally:
                connection.close()

        def task():
            try:
                results.append(tasks.settle_timeout(late.pk))
            finally:
                connection.close()

        if connection.vendor == "postgresql":
            threads = [threading.Thread(target=f) for f in (sweep, sweep, task, task)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        else:  # SQLite serialises writers: the same four, one after the other
            for f in (sweep, task, sweep, task):
                f()
    finally:
        signals.seat_timed_out.disconnect(dispatch_uid="test.race")
    assert sum(len(ids) for ids in claims) <= 1  # at most one sweep claimed the seat
    assert settled == [late.pk]  # the rule applied exactly once
    assert results.count(True) == 1
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.seats.get(pk=late.pk).status == SeatStatus.TIMED_OUT


def test_the_sweep_skips_players_on_vacation(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        late = due_seat(game)
    with at(timedelta(days=1)):
        player_vacation_set(user=late.user, on=True)
    with at(timedelta(days=5)):
        assert settle_overdue() == 0
    assert game.seats.get(pk=late.pk).status == SeatStatus.PLAYING


def test_the_outage_guard_extends_every_running_deadline_by_the_gap(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        seat = due_seat(game)
        clock_sweep()
    with at(timedelta(days=2, hours=23)):
        sweep_on_time()  # the last run before the site goes down
    # Down for two hours across the deadline (T0 + 3 days):
    with at(timedelta(days=3, hours=1)):
        report = clock_sweep()
    assert report["extended_seconds"] == 2 * 3600
    assert report["timeouts"] == 0
    seat.refresh_from_db()
    assert seat.deadline == T0 + timedelta(days=3, hours=2)
    assert AuditLog.objects.filter(action="outage_extend").count() == 1
    with at(timedelta(days=3, hours=2, minutes=1)):
        assert sweep_on_time()["timeouts"] == 1


def test_a_sweep_every_minute_extends_nothing(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        seat = due_seat(game)
    for minute in range(5):
        with at(timedelta(minutes=minute)):
            assert clock_sweep()["extended_seconds"] == 0
    seat.refresh_from_db()
    assert seat.deadline == T0 + timedelta(days=3)


def test_one_reminder_at_80_percent_of_the_turn_never_two(alice, bob, mailoutbox):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        seat = due_seat(game)
        clock_sweep()
    with at(timedelta(days=2, hours=9)):  # 2.4 days = 80% of 3 days, minus an hour
        assert sweep_on_time()["reminders"] == 0
    with at(timedelta(days=2, hours=10, minutes=1)):
        assert sweep_on_time()["reminders"] == 1
    with at(timedelta(days=2, hours=10, minutes=2)):
        assert sweep_on_time()["reminders"] == 0
        tasks.deliver_now(seat.user.pk)
    reminders = [m for m in mailoutbox if m.subject.startswith("Reminder")]
    assert len(reminders) == 1 and parseaddr(reminders[0].to[0])[1] == seat.user.email
    assert "Thu 5 Mar 2026, 09:00 UTC" in reminders[0].body


def test_no_reminder_when_the_player_has_acted(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        play_first_legal(game)
        clock_sweep()
    seat = due_seat(game)
    # Pretend the second player acted within this turn (a multi-action turn).
    with at(timedelta(days=2, hours=11)):
        from games.models import Move

        Move.objects.create(game=game, ply=99, seat=seat.index, action="x")
        assert sweep_on_time()["reminders"] == 0


def test_the_overdue_query_uses_the_partial_deadline_index(alice, bob):
    start_game(alice, bob)
    query = overdue_seats(T0).values("pk")
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET enable_seqscan = off")
        sql, params = query.query.sql_with_params()
        prefix = "EXPLAIN " if connection.vendor == "postgresql" else "EXPLAIN QUERY PLAN "
        cursor.execute(prefix + sql, params)
        plan = "\n".join(str(row) for row in cursor.fetchall())
        if connection.vendor == "postgresql":
            cursor.execute("SET enable_seqscan = on")
    assert "seat_due_deadline" in plan, plan
    assert "accounts_user" not in sql  # vacation is on the seat: no user row is read


def test_going_on_vacation_stops_the_clocks_of_the_due_seats_only(alice, bob):
    with at(timedelta(0)):
        game = start_game(alice, bob)
        late = due_seat(game)
    with at(timedelta(days=1)):
        player_vacation_set(user=late.user, on=True)
    assert Seat.objects.get(pk=late.pk).clock_stopped
    assert not game.seats.exclude(pk=late.pk).get().clock_stopped
    with at(timedelta(days=2)):
        player_vacation_set(user=late.user, on=False)
    late.refresh_from_db()
    assert not late.clock_stopped and late.deadline == T0 + timedelta(days=4)


def test_the_players_with_ten_games_awaiting_cannot_start_or_join_more(settings):
    settings.MAX_GAMES_AWAITING = 2
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    games = []
    while services.games_awaiting(alice) < 2:
        games.append(start_game(bob, alice))
        while due_seat(games[-1]).user != alice:
            play_first_legal(games[-1])
    with pytest.raises(services.GameError, match="2 games waiting for your move"):
        start_game(alice, carol)
    open_game = services.game_create(
        creator=carol,
        engine="triad",
        num_players=2,
        options={},
        days_per_move=3,
        invitees=[],
        is_public=True,
    )
    with pytest.raises(services.GameError, match="cannot start or join"):
        services.game_join(game_id=open_game.pk, user=alice)
