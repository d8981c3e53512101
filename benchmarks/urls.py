"""The site's URLs plus the benchmark's reference views (``benchmarks/web.py`` only):
``/bench/bare``, the floor a page is compared with, and ``/bench/bare-write``, the
floor of any request that changes something durably."""

import random

from django.db import connection, transaction
from django.http import HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_POST


def bare(request):
    """A constant answer through the full middleware stack: no template, no query."""
    return HttpResponse(b"ok", content_type="text/plain")


@require_POST
def bare_write(request):
    """What any move must do at least, and nothing else: one transaction that locks a
    row, inserts a row and updates the locked one (plain SQL on the benchmark's own
    tables, made by ``benchmarks/web.py``), committed; then a constant answer."""
    key = random.randrange(1000)  # spread over rows, as moves are over games
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT n FROM bench_counter WHERE id = %s FOR UPDATE", [key])
        cursor.execute("INSERT INTO bench_log (counter_id) VALUES (%s)", [key])
        cursor.execute("UPDATE bench_counter SET n = n + 1 WHERE id = %s", [key])
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [
    path("bench/bare", bare, name="bench_bare"),
    path("bench/bare-write", bare_write, name="bench_bare_write"),
    path("", include("config.urls")),
]
