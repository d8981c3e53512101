"""The Celery app: broker and schedule come from Django settings (``CELERY_*``)."""

import logging
import os
import threading

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_ready, worker_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tripost")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def close_old_connections(sender=None, **kwargs) -> None:
    """Around each task run by a worker, as Django does around each request: keep the
    database connection (``CELERY_DB_REUSE_MAX``) unless it is broken or older than
    ``CONN_MAX_AGE``. Eager tasks run inside their caller's connection: left alone."""
    from django.db import close_old_connections

    if not getattr(getattr(sender, "request", None), "is_eager", False):
        close_old_connections()


# --- The worker's heartbeat (/healthz's ``worker`` part, config/health.py) --------------

log = logging.getLogger(__name__)
# A worker writes its row this often; /healthz fails after HEALTH_WORKER_SECONDS without.
HEARTBEAT_SECONDS = 30
_stop_beating = threading.Event()


def beat_once(name: str, queues: list[str]) -> None:
    """Record that the worker ``name``, taking ``queues``, is alive now."""
    from django.utils import timezone

    from games.models import WorkerHeartbeat

    WorkerHeartbeat.objects.update_or_create(
        name=name, defaults={"queues": ",".join(sorted(queues)), "seen_at": timezone.now()}
    )


def _beat(name: str, queues: list[str]) -> None:
    from django.db import close_old_connections, connection

    while True:
        try:
            close_old_connections()
            beat_once(name, queues)
        except Exception as exc:  # the database is away: /healthz says so by itself
            log.warning("could not record the worker's heartbeat (%s)", type(exc).__name__)
            connection.close()
        if _stop_beating.wait(HEARTBEAT_SECONDS):
            connection.close()
            return


@worker_ready.connect
def start_heartbeat(sender=None, **kwargs) -> None:
    """In a worker process once it consumes: a thread of its own records its heartbeat
    in the database, also while a task keeps the worker busy (a long computer search),
    and stops with the process, so a worker that exited falls silent."""
    queues = [q.name for q in sender.task_consumer.queues]
    _stop_beating.clear()
    thread = threading.Thread(
        target=_beat, args=(sender.hostname, queues), name="heartbeat", daemon=True
    )
    thread.start()


@worker_shutdown.connect
def stop_heartbeat(sender=None, **kwargs) -> None:
    _stop_beating.set()
