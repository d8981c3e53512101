"""A fair lobby: a few unstarted public games per creator; unstarted games expire after
LOBBY_OPEN_DAYS with a notice to the creator (and those who had joined)."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import settings

from games import services, tasks
from games.lobby import open_games_expire
from games.models import GameStatus
from mail import tasks as mail_tasks
from mail.models import Kind, Notification
from tests.web.helpers import open_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_a_creator_has_at_most_a_few_unstarted_public_games(alice, bob):
    for _ in range(settings.LOBBY_MAX_OPEN_GAMES):
        open_game(alice, "trias", 3)
    with pytest.raises(services.GameError, match="public games waiting for players"):
        open_game(alice, "trias", 3)
    open_game(alice, "triad", 2, invitees=[bob], is_public=False)  # private ones don't count
    open_game(bob, "trias", 3)  # nor do other creators' games


def test_a_started_or_withdrawn_game_frees_a_place(alice, bob):
    games = [open_game(alice, "triad", 2) for _ in range(settings.LOBBY_MAX_OPEN_GAMES)]
    services.game_join(game_id=games[0].pk, user=bob)  # starts it
    open_game(alice, "triad", 2)
    services.invitation_decline(game_id=games[1].pk, user=alice)  # withdrawn
    open_game(alice, "triad", 2)


def test_an_unjoined_game_expires_with_a_notice(alice, bob, carol, mailoutbox):
    with time_machine.travel(T0, tick=False):
        waiting = open_game(alice, "trias", 3)
        services.game_join(game_id=waiting.pk, user=bob)
        started = open_game(carol, "triad", 2)
        services.game_join(game_id=started.pk, user=bob)
    days = settings.LOBBY_OPEN_DAYS
    with time_machine.travel(T0 + timedelta(days=days) - timedelta(minutes=1), tick=False):
        assert open_games_expire() == 0  # not yet
    with time_machine.travel(T0 + timedelta(days=days, minutes=1), tick=False):
        assert tasks.expire_open_games() == 1
        assert tasks.expire_open_games() == 0  # idempotent
        for user in (alice, bob):
            mail_tasks.deliver_now(user.pk)
    waiting.refresh_from_db()
    started.refresh_from_db()
    assert waiting.status == GameStatus.ABORTED and f"within {days} days" in waiting.result_reason
    assert started.status == GameStatus.ACTIVE
    rows = Notification.objects.filter(kind=Kind.EXPIRED)
    assert {r.user for r in rows} == {alice, bob}
    to_alice = next(m for m in mailoutbox if m.to == ["Alice <alice@example.com>"])
    assert to_alice.subject == f"Trias #{waiting.pk} did not start"
    assert "Your game of Trias" in to_alice.body and "/games/new/" in to_alice.body


def test_the_expiry_task_is_on_the_beat_schedule():
    tasks_scheduled = {e["task"] for e in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "games.tasks.expire_open_games" in tasks_scheduled


def test_the_lobby_says_until_when_a_game_is_open(client, alice, bob):
    from tests.factories import PASSWORD

    with time_machine.travel(T0, tick=False):
        open_game(alice, "trias", 3)
        client.login(username="bob", password=PASSWORD)
        page = client.get("/lobby/").content.decode()
    assert f"within {settings.LOBBY_OPEN_DAYS} days expires" in page
    assert "Mon 16 Mar" in page  # 14 days after Mon 2 Mar
