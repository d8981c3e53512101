import pytest

pytestmark = pytest.mark.django_db


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
