"""Computer seats play in their own Celery task, after commit, exactly once
(games.computer.turns); a person's request never waits for the computer's thinking."""

import contextlib
import re
import threading
from datetime import timedelta
from unittest import mock

import pytest
import time_machine
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.computer import choice
from games.computer import turns as computer_turns
from games.computer.levels import LEVELS
from games.models import Controller, GameStatus, Move, Seat
from games.replay import load_state
from games.tasks import play_computer_turns
from games.timeouts import clock_sweep

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def versus_computer(creator, engine="triad", levels=("beginner",), first=None):
    """A started game of ``creator`` against computers; ``first``: "person" or
    "computer" to take the first seed (1, 2, ...) where that side moves first."""
    for seed in range(1, 100):
        with mock.patch.object(services.secrets, "randbits", return_value=seed):
            game = services.game_create(
                creator=creator,
                engine=engine,
                num_players=len(levels) + 1,
                options={},
                days_per_move=3,
                invitees=[],
                is_public=False,
                computers=list(levels),
            )
        due = game.seats.get(index=game.to_move[0])
        if first is None or (due.controller == Controller.BOT) == (first == "computer"):
            return game
        game.delete()
    raise AssertionError(f"no seed where the {first} moves first")


def test_a_game_against_the_computer_alone_starts_at_once(
    alice, computer_queue, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(
            creator=alice,
            engine="trias",
            num_players=3,
            options={},
            days_per_move=3,
            invitees=[],
            is_public=False,
            computers=["beginner", "expert"],
        )
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    seats = list(game.seats.order_by("index"))
    assert sorted(s.bot_level for s in seats) == ["", "beginner", "expert"]
    assert {s.name for s in seats} == {"Alice", "Computer (Beginner)", "Computer (Expert)"}
    assert all(s.controller == Controller.BOT for s in seats if s.user is None)
    first = seats[game.to_move[0]]
    # A computer that plays first does so in its task, never in the creating request.
    assert computer_queue == ([game.pk] if first.user is None else [])
    assert not game.moves.exists()
    computer_queue.run()
    game.refresh_from_db()
    assert game.seats.get(index=game.to_move[0]).user == alice


def test_the_move_view_answers_before_any_computer_thinking(
    alice, computer_queue, django_capture_on_commit_callbacks, monkeypatch
):
    game = versus_computer(alice, first="person")
    thought = []
    real_choose = choice.choose_action
    monkeypatch.setattr(
        choice, "choose_action", lambda *a, **k: thought.append(a) or real_choose(*a, **k)
    )
    action = game.engine_module.legal_actions(load_state(game), game.to_move[0])[0]
    client = Client()
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("game_move", args=[game.pk]), {"action": action, "version": 0}, **HTMX
        )
    assert response.status_code == 200
    assert thought == []  # the answer left before the computer started thinking
    assert computer_queue == [game.pk]
    html = response.content.decode()
    assert "Waiting for Computer (Beginner)." in html
    assert 'hx-trigger="every 2s"' in html  # the page asks often while it thinks
    stamp = re.search(r"\?stamp=(\w+)", html).group(1)

    computer_queue.run()
    assert len(thought) == 1
    game.refresh_from_db()
    assert game.version == 2 and game.moves.get(ply=2).by_computer
    # The page's poll brings the computer's move: the new board, and the person's turn.
    poll = client.get(reverse("game_poll", args=[game.pk]), {"stamp": stamp}, **HTMX)
    assert poll.status_code == 200
    html = poll.content.decode()
    assert "Your turn." in html
    assert game.moves.get(ply=2).action in html  # in the list of moves
    assert 'hx-trigger="every 2s"' not in html  # the person's turn: the calm pace again


def test_the_task_is_queued_only_when_the_move_commits(
    alice, computer_queue, django_capture_on_commit_callbacks
):
    game = versus_computer(alice, first="person")
    action = game.engine_module.legal_actions(load_state(game), game.to_move[0])[0]

    class Refused(Exception):
        pass

    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(Refused),
        transaction.atomic(),
    ):
        services.move_play(game_id=game.pk, user=alice, action=action, expected_version=0)
        raise Refused  # the move's transaction rolls back
    assert computer_queue == [] and not game.moves.exists()

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.move_play(game_id=game.pk, user=alice, action=action, expected_version=0)
        assert computer_queue == []  # not before the commit
    for callback in callbacks:
        callback()
    assert computer_queue == [game.pk]


def test_a_task_delivered_twice_applies_each_action_once(alice):
    game = versus_computer(alice, engine="trias", first="computer")
    assert play_computer_turns(game.pk) >= 1
    moves = list(game.moves.values_list("ply", "seat", "action"))
    assert play_computer_turns(game.pk) == 0  # the second delivery finds nothing to do
    cache.clear()  # even once every claim has lapsed
    assert play_computer_turns(game.pk) == 0
    assert list(game.moves.values_list("ply", "seat", "action")) == moves
    game.refresh_from_db()
    assert game.seats.get(index=game.to_move[0]).user == alice


def test_the_computer_thinks_knowing_how_many_people_share_the_table(alice, monkeypatch):
    """Some levels play differently at larger tables (each game's GameSpec.levels_by_table)."""
    game = versus_computer(alice, engine="trias", levels=("beginner", "casual"), first="computer")
    tables = []
    real_choose = choice.choose_action

    def spy(*args, **kwargs):
        tables.append(kwargs["players"])
        return real_choose(*args, **kwargs)

    monkeypatch.setattr(choice, "choose_action", spy)
    assert play_computer_turns(game.pk) >= 1
    assert tables and set(tables) == {3}


def test_a_worker_that_thought_about_a_position_already_played_applies_nothing(alice, monkeypatch):
    """Two workers race (the claim lapsed while the first thought): the second one
    plays the turn while the first is still thinking; the first then applies nothing."""
    game = versus_computer(alice, engine="trias", first="computer")
    real_choose = choice.choose_action
    inner = []

    def slow_choose(*args, **kwargs):
        if not inner:
            inner.append(None)
            cache.clear()  # the first worker's claim lapses
            inner[0] = play_computer_turns(game.pk)  # the other worker plays meanwhile
        return real_choose(*args, **kwargs)

    monkeypatch.setattr(choice, "choose_action", slow_choose)
    assert play_computer_turns(game.pk) == 0
    assert inner[0] >= 1
    assert game.moves.filter(by_computer=True).count() == inner[0]
    assert list(game.moves.values_list("ply", flat=True)) == list(range(1, inner[0] + 1))


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_the_same_moment_apply_the_computers_action_once(
    alice, monkeypatch, django_db_blocker
):
    game = versus_computer(alice, engine="triad", first="computer")
    # No claims: both workers think about the same position and race for the row lock.
    keys = iter(range(10**6))
    monkeypatch.setattr(computer_turns, "claim_key", lambda *a: f"race-{next(keys)}")
    barrier = threading.Barrier(2)
    real_choose = choice.choose_action

    def choose_together(*args, **kwargs):
        action = real_choose(*args, **kwargs)
        # Both have thought before either applies (a later position: one worker alone).
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait(timeout=10)
        return action

    monkeypatch.setattr(choice, "choose_action", choose_together)
    results = []

    def worker():
        try:
            results.append(play_computer_turns(game.pk))
        except Exception as exc:  # collected and asserted below
            results.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(results) == [0, 1], results
    assert list(Move.objects.filter(game=game).values_list("ply", "by_computer")) == [(1, True)]


def test_a_resignation_hands_the_seat_to_the_computer_through_the_task(
    alice, bob, carol, computer_queue, django_capture_on_commit_callbacks, settings
):
    from tests.factories import start_game

    game = start_game(alice, bob, carol, engine="trias")
    leaver = game.seats.get(index=game.to_move[0]).user
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game_id=game.pk, user=leaver)
    seat = game.seats.get(user=leaver)
    assert seat.controller == Controller.BOT
    assert seat.bot_level == settings.COMPUTER_TAKEOVER_LEVEL
    assert computer_queue == [game.pk] and not game.moves.exists()
    assert computer_queue.run() >= 1
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.seats.get(index=game.to_move[0]).user != leaver


def test_resigning_against_computers_alone_ends_the_game_for_them(alice):
    game = versus_computer(alice, engine="triad")
    services.game_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.seats.get(is_winner=True).name == "Computer (Beginner)"


def test_the_clock_sweep_queues_a_computer_turn_whose_task_was_lost(alice, computer_queue):
    """Issue 35: a turn waits its level's think time and a minute, not forever."""
    game = versus_computer(alice, engine="triad", first="computer")
    assert computer_queue == []  # created outside a commit here: the task was "lost"
    seats = Seat.objects.filter(game=game, controller=Controller.BOT)
    think = LEVELS["beginner"].think_seconds
    seats.update(due_since=timezone.now() - timedelta(seconds=think + 55))
    assert clock_sweep()["computer_turns_requeued"] == 0  # still thinking, or about to
    assert not computer_turns.is_delayed(seats.get())
    seats.update(due_since=timezone.now() - timedelta(seconds=think + 61))
    assert computer_turns.is_delayed(seats.get())
    assert clock_sweep()["computer_turns_requeued"] == 1
    assert computer_queue == [game.pk]
    computer_queue.run()
    game.refresh_from_db()
    assert game.version == 1 and game.moves.get().by_computer


def test_a_task_redelivered_after_its_worker_was_killed_plays_at_once(alice):
    """The killed delivery left its claim on the position; the broker delivers the
    same task (the same id) again, and it takes its own claim over and plays rather
    than waiting the claim out (issue 42, item 10)."""
    game = versus_computer(alice, engine="trias", first="computer")
    key = computer_turns.claim_key(game.pk, game.version, game.taken_back)
    assert computer_turns.claim(key, "delivery-1")  # claimed, then the worker died
    assert play_computer_turns.apply(args=[game.pk], task_id="delivery-1").get() >= 1
    game.refresh_from_db()
    assert game.moves.filter(by_computer=True).exists()


def test_a_task_finding_anothers_claim_looks_again_when_it_lapses(alice, computer_queue):
    game = versus_computer(alice, engine="trias", first="computer")
    key = computer_turns.claim_key(game.pk, game.version, game.taken_back)
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        assert computer_turns.claim(key, "task-1")
    with time_machine.travel(start + timedelta(seconds=20), tick=False):
        assert play_computer_turns.apply(args=[game.pk], task_id="task-2").get() == 0
    left = computer_turns.claim_seconds() - 20
    assert computer_queue.later == [(game.pk, left)]  # once the claim lapses
    # Its holder died: when the look comes, the claim has lapsed and it plays.
    with time_machine.travel(start + timedelta(seconds=20 + left), tick=False):
        assert play_computer_turns.apply(args=[game.pk], task_id="task-3").get() >= 1


def test_the_game_page_says_when_the_computer_is_delayed(alice, computer_queue):
    """Issue 35: "Waiting for Computer (Casual)" for minutes, without a word. Past its
    level's think time and a minute the page says the computer is delayed, and a page
    left open learns it through its poll; the move, once played, clears it."""
    game = versus_computer(alice, engine="triad", first="computer")
    client = Client()
    client.force_login(alice)
    url = reverse("game_live", args=[game.pk])
    html = client.get(url).content.decode()
    assert "Waiting for Computer (Beginner)." in html
    assert "The computer is delayed" not in html
    stamp = re.search(r"\?stamp=(\w+)", html).group(1)
    poll = reverse("game_poll", args=[game.pk])
    assert client.get(poll, {"stamp": stamp}, **HTMX).status_code == 204

    seats = Seat.objects.filter(game=game, controller=Controller.BOT)
    seats.update(due_since=timezone.now() - timedelta(seconds=90))
    answer = client.get(poll, {"stamp": stamp}, **HTMX)
    assert answer.status_code == 200
    assert "The computer is delayed: its move will come as soon as the site can play it." in (
        answer.content.decode()
    )
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Der Computer verspätet sich" in german

    assert clock_sweep()["computer_turns_requeued"] == 1
    computer_queue.run()
    html = client.get(url).content.decode()
    assert "Your turn." in html and "The computer is delayed" not in html


def test_no_draw_is_offered_to_a_computer(alice):
    game = versus_computer(alice, engine="triad")
    with pytest.raises(services.GameError, match="cannot be offered"):
        services.draw_offer(game_id=game.pk, user=alice)
