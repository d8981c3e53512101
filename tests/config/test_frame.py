"""The site's frame (config/frame.py, templates/base.jinja): one copy around every page,
Django's and Jinja's, so the header and footer a player sees never differ between them."""

import re

import pytest
from django.contrib.messages.storage.cookie import CookieStorage
from django.template import engines
from django.test import Client, RequestFactory
from django.urls import reverse

from mail.models import Suppression
from tests.factories import UserFactory, due_seat, start_game

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def part(html: str, tag: str) -> str:
    return re.search(rf"<{tag}[ >].*?</{tag}>", html, re.S).group(0)


def masked(html: str) -> str:
    """The CSRF tokens differ from request to request (masked); nothing else should."""
    return re.sub(r'(csrfmiddlewaretoken" value=")[^"]+', r"\1…", html)


def test_a_django_page_puts_each_of_its_blocks_in_its_place_in_the_frame():
    page = engines["django"].from_string(
        '{% extends "base.html" %}{% block title %} Lobby {% endblock %}'
        '{% block head %}<meta name="x-head">{% endblock %}'
        "{% block content %}<p>the page</p>{% endblock %}"
        '{% block scripts %}<script src="/x.js"></script>{% endblock %}'
    )
    request = RequestFactory().get("/lobby/")
    request.user = UserFactory(username="alice")
    request.session = {}
    request._messages = CookieStorage(request)
    html = page.render({}, request)
    assert "<title>Lobby · Tripost</title>" in html
    assert '<meta name="x-head">' in part(html, "head")
    assert "<p>the page</p>" in part(html, "main")
    assert html.index("js/time-zone.js") < html.index("/x.js") < html.index("</body>")
    assert ">alice</a>" in part(html, "header")  # the signed-in player's name in the header


def test_the_game_page_and_a_django_page_have_the_same_header_and_footer():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    client = signed_in(due_seat(game).user)
    game_page = client.get(f"/games/{game.pk}/?x=1").content.decode()  # (Jinja)
    lobby = client.get("/lobby/?x=1").content.decode()  # (Django)
    assert masked(part(game_page, "header")) == masked(part(lobby, "header"))
    assert masked(part(game_page, "footer")).replace(f"/games/{game.pk}/", "/lobby/") == masked(
        part(lobby, "footer")
    )  # (the language switch comes back to the page it was on)
    # the game awaiting them, counted in the tab's title and the header of both
    assert part(game_page, "title") == f"<title>(1) Your turn · Triad #{game.pk} · Tripost</title>"
    assert part(lobby, "title").startswith("<title>(1) ")
    assert 'title="Games awaiting your move">1</span>' in part(lobby, "header")


@pytest.mark.parametrize("url", ["/", "/lobby/", "/settings/"])  # Jinja, Django, Django
def test_a_stopped_address_is_shown_at_the_top_of_jinja_and_django_pages(url):
    alice = UserFactory(username="alice")
    Suppression.objects.create(user=alice, email=alice.email, reason="bounced", detail="550 <x>")
    main = part(signed_in(alice).get(url).content.decode(), "main")
    assert main.index("Emails to you are stopped") < main.index("</section>")
    assert "The mail server said: 550 &lt;x&gt;" in main  # escaped, as Django escapes it
    assert f'<form method="post" action="{reverse("mail_resume")}">' in main
    assert 'name="csrfmiddlewaretoken" value="' in main


def test_a_page_drawn_without_a_request_still_gets_its_frame():
    """(as Django's error pages may be: no player, no path to come back to)"""
    page = engines["django"].from_string(
        '{% extends "base.html" %}{% block content %}<p>gone</p>{% endblock %}'
    )
    html = page.render({})
    assert "<p>gone</p>" in part(html, "main")
    assert '<input type="hidden" name="next" value="">' in html
    assert 'href="/accounts/login/"' in part(html, "header")  # as for a visitor
