"""``/healthz``: 200 when every part answers, else 503 naming the failing parts.

Parts: the database, the Celery broker, the cache, the worker (every queue the site
sends tasks to is taken by a worker whose heartbeat, written by the worker itself to
the database, is at most ``HEALTH_WORKER_SECONDS`` old: config/celery.py), and the
outbox (mail waiting longer than ``HEALTH_OUTBOX_MINUTES`` past its time means no
worker or beat is sending it: a beat that never started, an SMTP server refusing
everything).
Failures are described by kind only (``ConnectionError``), never with the text of the
exception: that names hosts, ports and users, and ``/healthz`` is public.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from datetime import timedelta

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import connection
from django.http import JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from kombu import Connection

from config.env import QUEUE_TRANSPORT


def _failure(exc: Exception) -> str:
    return f"not answering ({type(exc).__name__})"


def check_database() -> str | None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure means "not answering"
        return _failure(exc)
    return None


def check_broker() -> str | None:
    try:
        with Connection(
            settings.CELERY_BROKER_URL,
            transport_options=settings.CELERY_BROKER_TRANSPORT_OPTIONS,
            connect_timeout=2,
        ) as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=2)
        # The filesystem transport "connects" without touching the disk; try a write.
        if settings.CELERY_BROKER_URL.startswith(("filesystem", QUEUE_TRANSPORT)):
            _check_folder(settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"])
    except Exception as exc:
        return _failure(exc)
    return None


def check_cache() -> str | None:
    """A value written is read back. The site works without its cache (a failing
    cache is a miss), only slower, so this names it without hiding the others."""
    backend = caches["default"]
    key = f"healthz:{uuid.uuid4().hex}"
    try:
        if isinstance(backend, RedisCache):
            # The Redis cache forgives errors (config.cache): ask Redis itself.
            backend._cache.get_client(write=True).ping()
            return None
        backend.set(key, "ok", 10)
        ok = backend.get(key) == "ok"
        backend.delete(key)
    except Exception as exc:
        return _failure(exc)
    return None if ok else "not keeping values"


def check_outbox() -> str | None:
    """Due emails left unsent for longer than ``HEALTH_OUTBOX_MINUTES``: the workers
    or beat are not running (the sweep sends every due row within a minute)."""
    from mail.models import Notification

    late = timezone.now() - timedelta(minutes=settings.HEALTH_OUTBOX_MINUTES)
    try:
        oldest = (
            Notification.objects.filter(sent_at__isnull=True, send_after__lt=late)
            .order_by("send_after")
            .values_list("send_after", flat=True)
            .first()
        )
    except Exception as exc:
        return _failure(exc)
    if oldest is None:
        return None
    minutes = int((timezone.now() - oldest).total_seconds() // 60)
    return f"the oldest unsent email is {minutes} minutes past its time"


def required_queues() -> set[str]:
    """Every queue the site sends tasks to: each needs a worker that takes it."""
    routes = getattr(settings, "CELERY_TASK_ROUTES", {}) or {}
    default = getattr(settings, "CELERY_TASK_DEFAULT_QUEUE", "celery")
    return {default} | {route["queue"] for route in routes.values() if route.get("queue")}


def check_worker() -> str | None:
    """No heartbeat within ``HEALTH_WORKER_SECONDS`` from a worker taking each queue.

    The heartbeat is a row the worker writes every half minute from a thread of its
    own (config/celery.py): the database is shared by every process on either stack,
    where a laptop's cache is per process in tests and Redis may evict a key."""
    from games.models import WorkerHeartbeat

    now = timezone.now()
    since = now - timedelta(seconds=settings.HEALTH_WORKER_SECONDS)
    try:
        beats = list(WorkerHeartbeat.objects.values_list("queues", "seen_at"))
    except Exception as exc:
        return _failure(exc)
    taken = {q for queues, seen_at in beats if seen_at >= since for q in queues.split(",")}
    missing = sorted(required_queues() - taken)
    if not missing:
        return None
    if not beats:
        return "no worker has reported"
    if not taken:
        seconds = int((now - max(seen_at for _queues, seen_at in beats)).total_seconds())
        return f"no worker heard from for {seconds // 60} minutes {seconds % 60} seconds"
    return f"no worker takes the queue {', '.join(missing)}"


def _check_folder(path: str) -> None:
    fd, name = tempfile.mkstemp(dir=path, prefix=".healthz-")
    os.close(fd)
    os.unlink(name)


@never_cache
def healthz(request):
    database = check_database()
    checks = (
        ("database", database),
        ("broker", check_broker()),
        ("cache", check_cache()),
        ("worker", None if database else check_worker()),
        ("outbox", None if database else check_outbox()),
    )
    failures = {part: error for part, error in checks if error}
    body = {"status": "fail" if failures else "ok", "failing": sorted(failures), **failures}
    return JsonResponse(body, status=503 if failures else 200)
