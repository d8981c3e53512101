"""Worker tasks keep their database connection from one task to the next (a new
PostgreSQL connection per task costs more than a whole email without its picture),
and still drop a broken one, as Django does between requests."""

import pytest
from celery.fixups.django import DjangoWorkerFixup
from celery.signals import task_postrun, task_prerun
from django.db import connection

from config.celery import app
from games.tasks import ping

pytestmark = pytest.mark.django_db(transaction=True)


def _open() -> bool:
    return connection.connection is not None


def test_celerys_django_fixup_leaves_the_connection_open_between_tasks():
    fixup = DjangoWorkerFixup(app)
    connection.ensure_connection()
    for _ in range(10):  # before and after five tasks
        fixup.close_database()
    assert _open()


def test_a_healthy_connection_is_kept_around_a_task(monkeypatch):
    connection.close()
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)  # as with PostgreSQL
    connection.ensure_connection()
    task_prerun.send(sender=ping, task_id="t", task=ping, args=(), kwargs={})
    task_postrun.send(sender=ping, task_id="t", task=ping, args=(), kwargs={}, retval=None)
    assert _open()


def test_a_broken_connection_is_closed_after_a_task(monkeypatch):
    connection.ensure_connection()
    connection.errors_occurred = True
    monkeypatch.setattr(connection, "is_usable", lambda: False)
    task_postrun.send(sender=ping, task_id="t", task=ping, args=(), kwargs={}, retval=None)
    assert not _open()
