"""Personal tokens: made in settings, shown once, kept as a hash, revoked; CSRF for
the session and not for tokens; per-token rate limits; never in logs or error pages."""

import hashlib
import logging
import re
import sys

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse
from django.views.debug import ExceptionReporter

from api.models import ApiToken
from tests.factories import UserFactory
from tests.web.helpers import start_game

from .helpers import ApiClient, token_for

pytestmark = pytest.mark.django_db


def signed_in(user, **kwargs):
    client = Client(**kwargs)
    client.force_login(user)
    return client


def test_a_token_is_made_in_settings_shown_once_and_kept_only_as_a_hash():
    alice = UserFactory()
    client = signed_in(alice)
    assert reverse("api_tokens") in client.get(reverse("player_settings")).content.decode()
    response = client.post(reverse("api_tokens"), {"name": "my bot", "scopes": ["read", "play"]})
    assert response.status_code == 200
    token = re.search(r'id="new-token">([^<]+)<', response.content.decode()).group(1)
    row = ApiToken.objects.get(user=alice)
    assert row.scopes == ["read", "play"]
    assert row.digest == hashlib.sha256(token.encode()).hexdigest()
    assert token not in str(list(ApiToken.objects.values()))
    assert "no-store" in response["Cache-Control"]
    page = client.get(reverse("api_tokens")).content.decode()
    assert "my bot" in page and token not in page and row.prefix in page
    assert ApiClient(token).get("/me").json()["scopes"] == ["read", "play"]


def test_a_token_needs_a_name_and_a_scope():
    client = signed_in(UserFactory())
    response = client.post(reverse("api_tokens"), {"name": " ", "scopes": []})
    assert response.status_code == 400
    assert not ApiToken.objects.exists()


def test_last_use_is_shown_and_a_revoked_token_stops_working():
    alice = UserFactory()
    token = token_for(alice)
    row = ApiToken.objects.get(user=alice)
    assert row.last_used_at is None
    assert ApiClient(token).get("/me").status_code == 200
    row.refresh_from_db()
    assert row.last_used_at is not None
    client = signed_in(alice)
    assert "never" not in client.get(reverse("api_tokens")).content.decode()
    # Someone else cannot revoke it.
    signed_in(UserFactory()).post(reverse("api_token_revoke", args=[row.pk]))
    assert ApiClient(token).get("/me").status_code == 200
    client.post(reverse("api_token_revoke", args=[row.pk]))
    assert ApiClient(token).get("/me").status_code == 401
    assert row.prefix not in client.get(reverse("api_tokens")).content.decode()


def test_a_session_post_needs_the_csrf_token_and_a_token_post_does_not():
    game = start_game("triad", [UserFactory(), UserFactory()])
    seat = game.seats.select_related("user").get(index=game.to_move[0])
    session = signed_in(seat.user, enforce_csrf_checks=True)
    assert session.get("/api/v1/me").status_code == 200  # reading needs no CSRF token
    body = '{"action": "nothing", "version": 0}'
    refused = session.post(
        f"/api/v1/games/{game.pk}/chat", '{"text": "hi"}', content_type="application/json"
    )
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    session.get(reverse("player_settings"))  # sets the CSRF cookie
    csrf = session.cookies["csrftoken"].value
    allowed = session.post(
        f"/api/v1/games/{game.pk}/chat",
        '{"text": "hi"}',
        content_type="application/json",
        headers={"X-CSRFToken": csrf},
    )
    assert allowed.status_code == 201
    token_client = ApiClient(token_for(seat.user), Client(enforce_csrf_checks=True))
    response = token_client.post(f"/api/v1/games/{game.pk}/move".removeprefix("/api/v1"))
    assert response.status_code == 422  # the request reached the endpoint: no CSRF refusal
    assert (
        token_client.client.post(
            f"/api/v1/games/{game.pk}/move",
            body,
            content_type="application/json",
            headers=token_client.headers,
        ).status_code
        == 400
    )


def test_each_token_has_its_own_rate_limit_answered_with_429_and_retry_after(settings):
    settings.API_RATE_LIMITS = ["3/m"]
    alice = UserFactory()
    first, second = ApiClient(token_for(alice)), ApiClient(token_for(alice))
    assert [first.get("/me").status_code for _ in range(3)] == [200, 200, 200]
    limited = first.get("/me")
    assert limited.status_code == 429
    assert 1 <= int(limited["Retry-After"]) <= 60
    assert "wait" in limited.json()["detail"]
    assert second.get("/me").status_code == 200


def error_report(request) -> tuple[str, str]:
    """Django's report of an error raised while serving ``request`` (HTML and text)."""
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        report = ExceptionReporter(request, *sys.exc_info())
        return report.get_traceback_html(), report.get_traceback_text()


def test_a_token_never_reaches_the_logs_or_the_error_page(settings, caplog, monkeypatch):
    from api import api as endpoints

    alice = UserFactory()
    token = token_for(alice)

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(endpoints.reading, "my_games", broken)
    caplog.set_level(logging.DEBUG)
    settings.DEBUG = True  # the most an error answer ever tells
    client = Client(raise_request_exception=False)
    response = client.get("/api/v1/games", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 500
    assert token not in response.content.decode()
    # Django's error report (the admins' email, the DEBUG page) lists the headers.
    request = RequestFactory().get("/api/v1/games", headers={"Authorization": f"Bearer {token}"})
    html, text = error_report(request)
    assert "HTTP_AUTHORIZATION" in html and "HTTP_AUTHORIZATION" in text
    assert token not in html and token not in text
    # A malformed header is not logged either (ninja's bearer logs it under DEBUG).
    Client().get("/api/v1/me", headers={"Authorization": f"Token {token}"})
    assert token not in caplog.text
    for record in caplog.records:
        assert token not in str(record.__dict__)


def test_the_tokens_page_is_german_for_a_german_player():
    from tests.i18n.test_site_german import assert_german, german_player

    client = german_player(UserFactory(username="alice", display_name="Alice"))
    html = assert_german(client.post(reverse("api_tokens"), {"name": "Anna", "scopes": ["read"]}))
    assert "API-Schlüssel" in html and "lesen" in html and "nie" in html


def test_a_deleted_accounts_tokens_stop_working():
    from leaving.services import account_delete

    alice = UserFactory()
    token = token_for(alice)
    assert ApiClient(token).get("/me").status_code == 200
    account_delete(user=alice, actor=alice, reason="asked by the player")
    assert ApiClient(token).get("/me").status_code == 401
