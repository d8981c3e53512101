"""Issue 13 point 4: a Redis outage slows the site down but never breaks it.

The test starts a redis-server of its own, points the cache and the Celery broker at
it, and kills it (as a crash would: what was queued is lost with it). Players keep
opening pages, signing in and playing: no answer is a 500, every move is applied and
shown, ``/healthz`` names what is down (and not where it runs). Once Redis is back,
the outbox's sweep sends every email the outage held up: none is lost.
"""

from __future__ import annotations

import logging

import pytest

from config.cache import ForgivingRedisCacheClient
from config.celery import app
from config.env import broker_config, cache_config
from games.models import Game
from games.replay import load_state
from mail.models import Notification
from mail.sending import outbox
from mail.tasks import sweep_outbox
from tests.config.redis_server import RedisServer
from tests.factories import PASSWORD, UserFactory, due_seat, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def _use_broker(url: str, options: dict) -> None:
    app.conf.broker_url = url
    app.conf.broker_transport_options = options
    app._pool = None  # the next task opens connections to this broker
    app.amqp._producer_pool = None


@pytest.fixture
def own_redis(settings, monkeypatch, tmp_path):
    before = (app.conf.broker_url, app.conf.broker_transport_options)
    server = RedisServer()
    server.start()
    url = server.url(0)
    settings.CACHES = {"default": cache_config(url, tmp_path)}
    broker_url, options = broker_config(url, tmp_path)
    settings.CELERY_BROKER_URL, settings.CELERY_BROKER_TRANSPORT_OPTIONS = broker_url, options
    _use_broker(broker_url, options)
    settings.MAIL_TURN_HOLD_SECONDS = 0  # turn emails are queued at once, through Redis
    settings.MAIL_BOARD_PNG = False
    monkeypatch.setattr(outbox, "_broker_failed_at", None)
    monkeypatch.setattr(ForgivingRedisCacheClient, "_down_until", 0.0)
    try:
        yield server
    finally:
        server.kill()
        _use_broker(*before)


def _play(client, game: Game, *, htmx: bool):
    game.refresh_from_db()
    seat = due_seat(game)
    action = game.engine_module.legal_actions(load_state(game), seat.index)[0]
    client.force_login(seat.user)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(
        f"/games/{game.pk}/move", {"action": action, "version": game.version}, headers=headers
    )
    return response, game.version


def _play_and_see(client, game: Game, *, htmx: bool) -> None:
    """The due player moves; the answer (or the page it sends them to) shows the move."""
    response, version = _play(client, game, htmx=htmx)
    assert response.status_code in (200, 302), response.content[:300]
    game.refresh_from_db()
    assert game.version == version + 1  # committed, and answered as done
    if response.status_code == 302:
        response = client.get(response["Location"])
        assert response.status_code == 200
    assert f'value="{game.version}"'.encode() in response.content  # the new position


def test_a_redis_outage_keeps_pages_and_moves_working_and_loses_no_email(
    client, own_redis, mailoutbox, caplog, worker_alive
):
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    UserFactory(username="carol")
    game = start_game(alice, bob)
    client.force_login(alice)
    assert client.get(f"/games/{game.pk}/").status_code == 200  # cached in Redis
    assert own_redis.client().dbsize() > 0

    own_redis.kill()
    caplog.set_level(logging.WARNING)

    for turn in range(3):
        _play_and_see(client, game, htmx=turn % 2 == 1)

    client.force_login(alice)
    for path in ("/", f"/games/{game.pk}/", f"/games/{game.pk}/live", "/lobby/", "/rules/triad/"):
        assert client.get(path).status_code == 200, path
    client.logout()
    signed_in = client.post("/accounts/login/", {"login": "carol", "password": PASSWORD})
    assert signed_in.status_code == 302  # allauth's rate limits count in the cache

    mover = due_seat(game).user
    while due_seat(game).user == mover:  # until the turn passes (nobody has looked since)
        _play_and_see(client, game, htmx=True)
    waiting_for = due_seat(game).user

    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]

    health = client.get("/healthz")
    assert health.status_code == 503
    body = health.json()
    assert {"broker", "cache"} <= set(body["failing"])
    assert "database" not in body["failing"]
    assert str(own_redis.port) not in health.content.decode()
    assert "127.0.0.1" not in health.content.decode()

    unsent = Notification.objects.filter(sent_at__isnull=True)
    assert unsent.exists()  # held up by the outage
    assert mailoutbox == []

    own_redis.start()  # back, empty: whatever it had queued is gone
    outbox._broker_failed_at = None  # the pauses after a failure have passed
    ForgivingRedisCacheClient._down_until = 0.0
    assert client.get("/healthz").status_code == 200
    app.conf.task_always_eager = True  # the worker's part, in this process
    try:
        sweep_outbox()  # beat runs it every minute
    finally:
        app.conf.task_always_eager = False

    assert not Notification.objects.filter(sent_at__isnull=True).exists()
    outcomes = set(Notification.objects.values_list("outcome", flat=True))
    assert outcomes <= {"sent", "skipped: moved on", "skipped: seen"}, outcomes
    assert Notification.objects.filter(user=waiting_for, outcome="sent").exists()
    # their turn email (addressed with their name: "bob <bob@example.com>")
    assert any(waiting_for.email in " ".join(m.to) for m in mailoutbox)
