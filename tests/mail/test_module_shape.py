"""The outbox queues the delivery task by its name (so it imports no tasks:
tests/config/test_import_graph.py), and still reaches the real task."""

import pytest
from celery import current_app

from mail import tasks
from mail.sending import outbox


@pytest.mark.django_db
def test_enqueue_queues_the_real_delivery_task(monkeypatch, alice):
    monkeypatch.undo()  # the real enqueue (the mail tests record it instead)
    registered = current_app.tasks[outbox.DELIVER_TASK]
    assert registered.name == tasks.deliver.name and registered.run is tasks.deliver.run
    queued = []
    monkeypatch.setattr(
        registered, "apply_async", lambda args, countdown=None: queued.append((args, countdown))
    )
    outbox.enqueue(alice.pk)
    outbox.enqueue(alice.pk, countdown=30)
    assert queued == [([alice.pk], None), ([alice.pk], 30)]
