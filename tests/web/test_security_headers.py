"""Issue 13 point 10: every page carries a strict Content-Security-Policy and a
Permissions-Policy, and holds nothing that policy would block (no inline scripts,
event-handler attributes or style attributes): the browser tests then see no
violation (tests/e2e/conftest.py listens for them)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from allauth.account.models import EmailAddress

from tests.factories import UserFactory
from tests.web.helpers import play_random, start_game

pytestmark = pytest.mark.django_db


class InlineCode(HTMLParser):
    """What a strict CSP refuses: <script> without src, <style>, on*= and style=."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.found.append("<script> without src")
        if tag == "style":
            self.found.append("<style>")
        self.found += [f"{tag} {name}=" for name in names if name.startswith("on")]
        if "style" in names:
            self.found.append(f"{tag} style=")


def _inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    return parser.found


def _check(response, status=200):
    assert response.status_code == status, response.status_code
    policy = response["Content-Security-Policy"]
    parts = [part.strip().split(" ", 1) for part in policy.split(";") if part.strip()]
    directives = {part[0]: part[1] if len(part) > 1 else "" for part in parts}
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe" not in policy
    permissions = response["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()"):
        assert feature in permissions
    if response["Content-Type"].startswith("text/html"):
        assert _inline_code(response.content.decode()) == []


ANONYMOUS = [
    "/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
    "/rules/",
    "/rules/triad/",
    "/rules/trias/",
    "/rules/tritarea/",
    "/watch/",
    "/ratings/",
]


@pytest.mark.parametrize("path", ANONYMOUS)
def test_public_pages_carry_the_policies_and_no_inline_code(client, path):
    _check(client.get(path))


def test_players_pages_carry_the_policies_and_no_inline_code(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    running = start_game("triad", [alice, bob])
    finished = play_random(start_game("triad", [alice, bob]))
    trias = start_game("trias", [alice, bob])
    tritarea = start_game("tritarea", [alice], num_players=1)
    # An email change waiting for its confirmation (allauth's page holds a hidden form).
    EmailAddress.objects.create(user=alice, email="alice.new@example.com", verified=False)
    client.force_login(alice)
    paths = [
        "/",
        "/lobby/",
        "/games/new/",
        "/games/active/",
        "/settings/",
        "/players/alice/",
        f"/games/{running.pk}/",
        f"/games/{running.pk}/live",
        f"/games/{trias.pk}/",
        f"/games/{tritarea.pk}/",
        f"/games/{finished.pk}/",
        f"/games/{finished.pk}/replay/",
        "/players/bob/",  # with the rating chart of a finished rated game
        "/ratings/triad/two/",
        "/accounts/email/",
        "/accounts/password/change/",
    ]
    for path in paths:
        _check(client.get(path))


def test_resigning_asks_first_without_inline_code(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game("triad", [alice, bob])
    client.force_login(alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-confirm="Resign this game?"' in html
    assert "js/board.js" in html  # which asks (static, as the CSP wants)


def test_htmx_adds_no_inline_style(client):
    html = client.get("/").content.decode()
    assert '"includeIndicatorStyles":false' in html


def test_a_refused_form_gets_the_sites_page_without_inline_code():
    """A form whose CSRF check fails (a page open since before signing in, cookies
    off) leads to the site's own page in its frame, not Django's inline-styled one."""
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(UserFactory(username="alice"))
    client.get("/")  # the CSRF cookie is set; the form's token is not sent
    response = client.post("/games/new/", {"engine": "triad"})
    _check(response, status=403)
    html = response.content.decode()
    assert 'class="site-header"' in html and "The form could not be sent" in html
    assert "Nothing was changed." in html and "cookie" not in html.lower().split("<main")[1]
    no_cookie = Client(enforce_csrf_checks=True).post("/accounts/login/", {"login": "x"})
    _check(no_cookie, status=403)
    assert "Your browser did not send the site" in no_cookie.content.decode()


def test_a_429_page_has_no_inline_code(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_create": ["1/m"]}
    client.force_login(UserFactory(username="alice"))
    form = {"engine": "triad", "triad__players": "2", "days_per_move": "3", "is_public": "on"}
    client.post("/games/new/", form)
    _check(client.post("/games/new/", form), status=429)
