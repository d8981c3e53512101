"""``/healthz``: 200 when the database and the Celery broker both answer, else 503."""

from __future__ import annotations

import os
import tempfile

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from kombu import Connection


def check_database() -> str | None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure means "not answering"
        return f"{type(exc).__name__}: {exc}"
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
        if settings.CELERY_BROKER_URL.startswith("filesystem"):
            _check_folder(settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"])
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _check_folder(path: str) -> None:
    fd, name = tempfile.mkstemp(dir=path, prefix=".healthz-")
    os.close(fd)
    os.unlink(name)


@never_cache
def healthz(request):
    failures = {
        part: error
        for part, error in (("database", check_database()), ("broker", check_broker()))
        if error
    }
    body = {"status": "fail" if failures else "ok", "failing": sorted(failures), **failures}
    return JsonResponse(body, status=503 if failures else 200)
