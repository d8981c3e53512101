import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("worker_alive")]


def test_healthz_is_ok_when_database_and_broker_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_healthz_names_the_broker_when_it_does_not_answer(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {}
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["broker"]
    assert body["broker"]


def test_healthz_names_the_database_when_it_fails(client, monkeypatch):
    from config import health

    monkeypatch.setattr(health, "check_database", lambda: "OperationalError: gone")
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["failing"] == ["database"]


def test_healthz_does_not_tell_where_a_failing_part_runs(client, settings):
    settings.CELERY_BROKER_URL = "redis://user:hunter2@127.0.0.1:1/0"
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {}
    text = client.get("/healthz").content.decode()
    assert "127.0.0.1" not in text and ":1" not in text and "hunter2" not in text
    assert "ConnectionError" in text or "OperationalError" in text


def _email_due(minutes_ago: int):
    from datetime import timedelta

    from django.utils import timezone

    from mail.models import Kind, Notification
    from tests.factories import UserFactory

    return Notification.objects.create(
        user=UserFactory(),
        kind=Kind.RESULT,
        send_after=timezone.now() - timedelta(minutes=minutes_ago),
    )


def test_healthz_notices_a_silent_worker_by_the_outbox(client, settings):
    """Issue 13 point 12: mail waiting long past its time means no worker sends it."""
    settings.HEALTH_OUTBOX_MINUTES = 10
    _email_due(minutes_ago=3)  # the sweep's next minutes will send it
    assert client.get("/healthz").status_code == 200
    _email_due(minutes_ago=25)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["outbox"]
    assert "25 minutes" in body["outbox"]


def test_healthz_is_ok_again_once_the_late_email_is_sent(client, settings):
    from django.utils import timezone

    row = _email_due(minutes_ago=60)
    assert client.get("/healthz").status_code == 503
    row.sent_at, row.outcome = timezone.now(), "sent"
    row.save()
    assert client.get("/healthz").status_code == 200


def _heartbeat(seconds_ago: int, queues: str = "celery,computer", name: str = "celery@a"):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import WorkerHeartbeat

    WorkerHeartbeat.objects.update_or_create(
        name=name,
        defaults={"queues": queues, "seen_at": timezone.now() - timedelta(seconds=seconds_ago)},
    )


def test_healthz_fails_the_worker_part_two_minutes_after_its_last_heartbeat(client, settings):
    """Issue 35: the worker exited, /healthz said ok. Now a silent worker fails the
    ``worker`` part within two minutes, not after the outbox's ten."""
    from games.models import WorkerHeartbeat

    WorkerHeartbeat.objects.all().delete()
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["failing"] == ["worker"]
    assert response.json()["worker"] == "no worker has reported"

    _heartbeat(seconds_ago=90)
    assert client.get("/healthz").status_code == 200
    _heartbeat(seconds_ago=settings.HEALTH_WORKER_SECONDS + 5)
    body = client.get("/healthz").json()
    assert body["failing"] == ["worker"]
    assert body["worker"].startswith("no worker heard from for 2 minutes ")


def test_healthz_wants_a_worker_for_every_queue(client, settings):
    """Production may split the queues over workers: each needs a live one."""
    from games.models import WorkerHeartbeat

    WorkerHeartbeat.objects.all().delete()
    _heartbeat(seconds_ago=10, queues="celery")
    body = client.get("/healthz").json()
    assert body["failing"] == ["worker"]
    assert body["worker"] == "no worker takes the queue computer"
    _heartbeat(seconds_ago=20, queues="computer", name="celery@computer")
    assert client.get("/healthz").status_code == 200
    settings.CELERY_TASK_ROUTES = {**settings.CELERY_TASK_ROUTES, "mail.*": {"queue": "mail"}}
    assert client.get("/healthz").json()["worker"] == "no worker takes the queue mail"


@pytest.mark.django_db(transaction=True)
def test_healthz_is_503_without_a_worker_and_200_with_a_real_one(client, settings, tmp_path):
    """A real worker process: its own heartbeat turns /healthz to 200; killed, it
    falls silent and /healthz fails its ``worker`` part once the heartbeat is old."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from games.models import WorkerHeartbeat
    from tests.config.test_serve import ROOT, _database_url, _wait

    WorkerHeartbeat.objects.all().delete()
    assert client.get("/healthz").json()["failing"] == ["worker"]
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "TRIPOST_VAR_DIR": str(tmp_path / "var"),
    }
    env.pop("MAIL_QUEUE", None)
    worker = subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
            "-Q", "celery,computer", "--without-mingle", "--without-gossip",
            "--loglevel=WARNING", f"--logfile={tmp_path / 'worker.log'}",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )  # fmt: skip
    try:
        _wait(lambda: client.get("/healthz").status_code == 200, 90, "the worker's heartbeat")
    finally:
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()
    settings.HEALTH_WORKER_SECONDS = 2
    time.sleep(2.5)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["failing"] == ["worker"]
    assert response.json()["worker"].startswith("no worker heard from for 0 minutes")
