"""The site frame's links (config.context_processors.frame_links): reversed once per
process, yet always the paths ``{% url %}`` would give, under any script prefix."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse, set_script_prefix

from config.context_processors import FRAME_LINKS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SIGNED_IN = ("home", "game_new", "lobby", "watch", "rules_index", "player_settings",
             "account_logout", "leaderboards", "set_language")  # fmt: skip
SIGNED_OUT = ("watch", "rules_index", "account_login", "account_signup", "leaderboards",
              "set_language")  # fmt: skip


def frame(html: str) -> set[str]:
    """Every link and form target in the page's header and footer."""
    parts = re.findall(r"<header.*?</header>|<footer.*?</footer>", html, re.S)
    return set(re.findall(r'(?:href|action)="([^"]*)"', "".join(parts)))


def test_a_signed_in_page_links_every_place_the_frame_names():
    client = Client()
    client.force_login(UserFactory())
    links = frame(client.get(reverse("lobby")).content.decode())
    assert {reverse(name) for name in SIGNED_IN} <= links
    assert "" not in links


def test_a_visitors_page_links_sign_in_and_sign_up():
    links = frame(Client().get(reverse("rules_index")).content.decode())
    assert {reverse(name) for name in SIGNED_OUT} <= links
    assert reverse("game_new") not in links
    assert "" not in links


def test_under_a_script_prefix_the_links_carry_it():
    """A site served under a path: its links are reversed for it, not taken from a
    page drawn for the root."""
    client = Client()
    client.force_login(UserFactory())
    client.get(reverse("lobby"))  # the root's links are kept now
    # (as the WSGI handler does for each request; the test client does not)
    set_script_prefix("/tripost/")
    try:
        links = frame(client.get(reverse("lobby")).content.decode())
    finally:
        set_script_prefix("/")
    assert {"/tripost" + reverse(name) for name in SIGNED_IN} <= links


def test_the_frame_names_no_link_left_empty():
    """``{{ frame_links.x }}`` of a name not in ``FRAME_LINKS`` would come out empty."""
    template = (settings.BASE_DIR / "templates" / "base.html").read_text()
    used = set(re.findall(r"frame_links\.(\w+)", template))
    assert used and used <= set(FRAME_LINKS)
    assert "{% url" not in template  # (a link added with the tag would be fine, but
    # then it belongs in FRAME_LINKS with the others)
