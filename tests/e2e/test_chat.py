"""Two players chat beside their game in two browsers: a message sent by one arrives
live on the other's page (the chat's poll), a phone shows the panel in one column."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games import services
from tests.factories import UserFactory

from .helpers import PASSWORD, TIMEOUT_MS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}


def signed_in(new_context, live_server, username: str, viewport: dict):
    context = new_context(base_url=live_server.url, viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto("/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/$"))
    return page


def test_two_players_chat_beside_their_game(new_context, live_server, screenshots):
    alice = UserFactory(username="alice", display_name="Alice", password=PASSWORD)
    bob = UserFactory(username="bob", display_name="Bob", password=PASSWORD)
    game = services.game_create(
        creator=alice,
        engine="triad",
        num_players=2,
        options={},
        days_per_move=3,
        invitees=[bob],
        is_public=True,
    )
    services.invitation_accept(game_id=game.pk, user=bob)

    desk = signed_in(new_context, live_server, "alice", DESK)
    phone = signed_in(new_context, live_server, "bob", PHONE)
    for page in (desk, phone):
        page.goto(f"/games/{game.pk}/")
        expect(page.locator("#chat-form")).to_be_visible()  # the panel loaded itself

    desk.fill("#chat-text", "Good luck, <b>Bob</b>!")
    desk.get_by_role("button", name="Send").click()
    expect(desk.locator("#chat-log .chat-line")).to_contain_text("Good luck, <b>Bob</b>!")
    expect(desk.locator("#chat-text")).to_have_value("")  # emptied for the next one
    # Bob's page hears of it by its poll, without a reload.
    expect(phone.locator("#chat-log .chat-line")).to_contain_text(
        "Good luck, <b>Bob</b>!", timeout=TIMEOUT_MS
    )
    phone.fill("#chat-text", "Thanks, Alice. May the dice be kind.")
    phone.get_by_role("button", name="Send").click()
    expect(desk.locator("#chat-log")).to_contain_text("May the dice be kind", timeout=TIMEOUT_MS)
    assert desk.locator("#chat-log b").count() == 0  # text, never markup

    # Her own message can be taken back; Bob's can be reported, not deleted.
    mine = desk.locator(".chat-line.mine")
    expect(mine.get_by_role("button", name="Delete")).to_be_visible()
    theirs = desk.locator(".chat-line:not(.mine)")
    expect(theirs.get_by_role("link", name="Report")).to_be_visible()

    desk.fill("#note-text", "Bob likes the corners.")
    desk.get_by_role("button", name="Save notes").click()
    expect(desk.locator("#note-status")).to_have_text("Saved.")

    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, "the chat must fit a phone's width"
    phone.locator("#chat").scroll_into_view_if_needed()
    phone.screenshot(path=str(screenshots / "chat-phone-390.png"), full_page=True)
    desk.locator("#chat").scroll_into_view_if_needed()
    desk.screenshot(path=str(screenshots / "chat-desk-1280.png"), full_page=True)
    for page in (desk, phone):  # stop their polls before the database is flushed
        page.goto("about:blank")
