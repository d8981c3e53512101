"""An invited player accepts from the link in their invitation email: the link opens
a page that asks once more (signing in first), the button starts the game."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game, GameStatus
from mail import tasks
from tests.factories import UserFactory

from .helpers import PASSWORD, TIMEOUT_MS, create_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_invitation_is_accepted_from_its_email_link(
    new_context, live_server, mailoutbox, screenshots, settings
):
    settings.SITE_URL = live_server.url
    UserFactory(username="alice", display_name="Alice", password=PASSWORD)
    bob = UserFactory(username="bob", display_name="Bob", password=PASSWORD)

    context = new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    alice_page = context.new_page()
    alice_page.set_default_timeout(TIMEOUT_MS)
    alice_page.goto("/accounts/login/")
    alice_page.fill("input[name=login]", "alice")
    alice_page.fill("input[name=password]", PASSWORD)
    alice_page.locator("main form button[type=submit]").click()
    alice_page.wait_for_url(re.compile(r"/$"))

    class Alice:
        page = alice_page

    game_id = create_game(Alice, "triad", players=2, invite=["bob"])
    alice_page.goto("about:blank")

    with time_machine.travel(timezone.now() + timedelta(minutes=6)):
        assert tasks.deliver_now(bob.pk) == 1  # after the hold-back
    [mail] = [m for m in mailoutbox if m.to == ["Bob <bob@example.com>"]]
    assert mail.subject == f"Alice invites you to Triad #{game_id}"
    link = re.search(r"Accept the invitation: (\S+)", mail.body).group(1)

    phone = new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(link)  # signed out: sign in first, then back to the question
    page.fill("input[name=login]", "bob")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/games/{game_id}/invitation/"))
    expect(page.get_by_text("Alice invites you to play Triad.")).to_be_visible()
    page.screenshot(path=str(screenshots / "invitation-confirm-390.png"), full_page=True)
    assert Game.objects.get(pk=game_id).status == GameStatus.OPEN  # the link alone did nothing

    page.get_by_role("button", name="Accept the invitation").click()
    page.wait_for_url(re.compile(rf"/games/{game_id}/$"))
    expect(page.locator(".messages")).to_contain_text("Invitation accepted.")
    assert Game.objects.get(pk=game_id).status == GameStatus.ACTIVE
    page.goto("about:blank")


def test_a_friend_without_an_account_signs_up_from_the_email_into_the_seat(
    new_context, live_server, mailoutbox, screenshots, settings
):
    """Issue 36: invited by address, a person with no account gets one email; its link
    leads through sign-up (and the address's confirmation) back to the invitation, and
    one click takes the seat."""
    from mail.sending import guests

    settings.SITE_URL = live_server.url
    UserFactory(username="alice", display_name="Alice", password=PASSWORD)
    context = new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    alice_page = context.new_page()
    alice_page.set_default_timeout(TIMEOUT_MS)
    alice_page.goto("/accounts/login/")
    alice_page.fill("input[name=login]", "alice")
    alice_page.fill("input[name=password]", PASSWORD)
    alice_page.locator("main form button[type=submit]").click()
    alice_page.wait_for_url(re.compile(r"/$"))

    class Alice:
        page = alice_page

    game_id = create_game(Alice, "triad", players=2, invite=["friend@example.net"])
    expect(alice_page.get_by_text("friend@example.net")).to_be_visible()
    alice_page.goto("about:blank")

    assert [guests.deliver(pk) for pk in guests.unsent()] == [True]
    [mail] = [m for m in mailoutbox if m.to == ["friend@example.net"]]
    assert mail.subject == "Alice invites you to a game of Triad"
    link = re.search(r"See the invitation: (\S+)", mail.body).group(1)

    phone = new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(link)
    expect(page.get_by_text("Alice invites you to play Triad.")).to_be_visible()
    page.screenshot(path=str(screenshots / "invitation-by-email-390.png"), full_page=True)
    page.get_by_role("link", name="Create an account").click()
    page.fill("input[name=email]", "friend@example.net")
    page.fill("input[name=username]", "friend")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/"))
    confirm = re.search(r"https?://\S+?(/accounts/confirm-email/\S+/)", mailoutbox[-1].body)
    page.goto(confirm.group(1))
    page.get_by_role("button", name=re.compile("confirm", re.I)).click()
    page.wait_for_url(re.compile(r"/invitations/"))  # back to the invitation, signed in
    assert Game.objects.get(pk=game_id).status == GameStatus.OPEN
    page.get_by_role("button", name="Take my seat").click()
    page.wait_for_url(re.compile(rf"/games/{game_id}/$"))
    expect(page.locator(".messages")).to_contain_text("welcome to the game")
    game = Game.objects.get(pk=game_id)
    assert game.status == GameStatus.ACTIVE
    assert {s.user.username for s in game.seats.all()} == {"alice", "friend"}
    page.goto("about:blank")
