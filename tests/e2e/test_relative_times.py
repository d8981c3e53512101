"""Times in the browser: a page prints each deadline as an absolute time in the viewer's
zone (``<time datetime>``), and static/js/times.js words it relative to now in the
page's language ("2 days, 3 hours"), keeping it current; without JavaScript the
absolute time stands."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from tests.factories import UserFactory, due_seat
from tests.web.helpers import start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ABSOLUTE = re.compile(r"^\w{2,3}\.? \d+\.? \w{3}\.?, \d\d:\d\d \w+$")


def signed_in(new_context, live_server, user, **options):
    client = Client()
    client.force_login(user)
    context = new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, **options
    )
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return context.new_page()


@pytest.fixture
def game(db):
    return start_game("triad", [UserFactory(username="ann"), UserFactory(username="ben")])


def test_deadlines_read_as_time_left_and_count_down(game, new_context, live_server):
    mover = due_seat(game).user
    page = signed_in(new_context, live_server, mover)
    page.clock.install()
    page.goto(f"/games/{game.pk}/")
    deadline = page.locator(".turn .deadline time")
    # "Thu 5 Mar, 09:00 UTC (2 days, 23 hours)": the absolute time and the time left,
    # each number held to its unit by a no-break space (``\s``), as Django's timeuntil
    expect(deadline).to_have_text(
        re.compile(r"^\w{3} \d+ \w{3}, \d\d:\d\d UTC \(2\sdays, 23\shours\)$")
    )
    page.clock.fast_forward((25 * 60 + 1) * 60_000)  # a day and an hour on (in ms)
    expect(deadline).to_have_text(re.compile(r"\(1\sday, 22\shours\)$"))

    page.goto("/")
    expect(page.locator(".game-row.due .deadline time")).to_have_text(
        re.compile(r"^1\sday, 22\shours left$")
    )


def test_a_german_page_says_the_time_left_in_german(game, new_context, live_server):
    mover = due_seat(game).user
    mover.language = "de"
    mover.save(update_fields=["language"])
    page = signed_in(new_context, live_server, mover, locale="de-DE")
    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".turn .deadline")).to_contain_text(
        re.compile(r"Du hast Zeit bis .+ \(2\sTage, 23\sStunden\)\.")
    )
    page.goto("/")
    expect(page.locator(".game-row.due .deadline time")).to_have_text(
        re.compile(r"^noch 2\sTage, 23\sStunden$")
    )


def test_without_javascript_the_absolute_time_stands(game, new_context, live_server):
    mover = due_seat(game).user
    page = signed_in(new_context, live_server, mover, java_script_enabled=False)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".turn .deadline time")).to_have_text(ABSOLUTE)
    page.goto("/")
    expect(page.locator(".game-row.due .deadline time")).to_have_text(ABSOLUTE)
