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
