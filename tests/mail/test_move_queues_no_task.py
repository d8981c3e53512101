"""Issue 44: a move does its fixed work once. The turn email it causes is held back
(``MAIL_TURN_HOLD_SECONDS``), so the move queues no Celery task for it: the minute's
sweep sends it once due, as it sends every held-back email."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import parseaddr

import time_machine
from celery.app.task import Task
from django.test import Client
from django.urls import reverse

from games.replay import load_state
from mail import tasks
from mail.models import Kind, Notification
from mail.sending import outbox
from tests.factories import due_seat, start_game

REAL_ENQUEUE = outbox.enqueue  # (the mail fixtures record it instead; these tests need it)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_a_held_turn_email_queues_no_task_at_move_time_and_the_sweep_sends_it(
    alice, bob, settings, monkeypatch, mailoutbox, django_capture_on_commit_callbacks
):
    settings.MAIL_TURN_HOLD_SECONDS = 300
    monkeypatch.setattr(outbox, "enqueue", REAL_ENQUEUE)
    sent_to_broker = []

    def apply_async(task, *args, **kwargs):
        sent_to_broker.append(task.name)

    monkeypatch.setattr(Task, "apply_async", apply_async)
    with time_machine.travel(T0, tick=False):
        game = start_game(alice, bob)
        mover = due_seat(game)
        client = Client()
        client.force_login(mover.user)
        action = game.engine_module.legal_actions(load_state(game), mover.index)[0]
        sent_to_broker.clear()  # (the start's invitation emails are not the move's)
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            response = client.post(
                reverse("game_move", args=[game.pk]),
                {"action": action, "version": game.version},
                HTTP_HX_REQUEST="true",
            )
        assert response.status_code == 200
        game.refresh_from_db()
        waiting = due_seat(game)
        assert waiting.user != mover.user
        row = Notification.objects.get(user=waiting.user, kind=Kind.TURN, sent_at=None)
        assert row.send_after == T0 + timedelta(seconds=300)
        assert callbacks  # the move committed its after-commit work...
        assert sent_to_broker == []  # ...and none of it went to the broker
    with time_machine.travel(T0 + timedelta(seconds=299), tick=False):
        assert waiting.user.pk not in outbox.pending_users()
    with time_machine.travel(T0 + timedelta(seconds=300), tick=False):
        assert waiting.user.pk in outbox.pending_users()
        assert tasks.sweep_outbox() >= 1  # the minute's sweep queues the batch...
        assert sent_to_broker == ["mail.tasks.deliver_batch"]
        tasks.deliver_batch()  # ...which the worker runs: the held-back email goes
    assert waiting.user.email in [parseaddr(m.to[0])[1] for m in mailoutbox]
    row.refresh_from_db()
    assert row.sent_at is not None


def test_a_turn_email_sent_at_once_is_queued_after_the_move_commits(
    alice, bob, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """The other side, so the test above can fail: without the hold, the move queues
    the email's delivery."""
    settings.MAIL_TURN_HOLD_SECONDS = 0
    monkeypatch.setattr(outbox, "enqueue", REAL_ENQUEUE)
    sent_to_broker = []
    monkeypatch.setattr(Task, "apply_async", lambda task, *a, **k: sent_to_broker.append(task.name))
    game = start_game(alice, bob)
    mover = due_seat(game)
    client = Client()
    client.force_login(mover.user)
    action = game.engine_module.legal_actions(load_state(game), mover.index)[0]
    sent_to_broker.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("game_move", args=[game.pk]),
            {"action": action, "version": game.version},
            HTTP_HX_REQUEST="true",
        )
    assert sent_to_broker == ["mail.tasks.deliver"]
