"""The end-to-end Triad game once more, in a German browser (issue 16).

Two people whose Chromium speaks German (``locale="de-DE"``: Accept-Language de) sign
up on German pages, confirm their address from a German email, start a Triad game by
invitation and play it to its end by clicking the board, as in test_play_in_browser.
Buttons are found by their forms, not their English words; the texts checked are the
site's own German (header, footer, sign-up, settings). The game page's German is the
games area's: ``test_the_game_page_speaks_german`` checks one of its sentences.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from accounts.models import User
from games.models import GameStatus
from tests.factories import PASSWORD as FACTORY_PASSWORD
from tests.factories import UserFactory, start_game

from .helpers import PASSWORD, TIMEOUT_MS, Player, game_of, play, step_away
from .test_play_in_browser import triad_choice

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/shots/i18n-site")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def german_context(new_context, live_server, viewport=DESKTOP):
    return new_context(
        base_url=live_server.url,
        viewport=viewport,
        locale="de-DE",  # Chromium then sends Accept-Language: de-DE,de
        timezone_id="Europe/Berlin",
    )


def sign_up_in_german(new_context, live_server, mailoutbox, username: str) -> Player:
    page = german_context(new_context, live_server).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto("/accounts/signup/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("main h1")).to_have_text("Registrieren")  # allauth's German
    expect(page.locator(".site-footer")).to_contain_text("langsame Brettspiele per E-Mail")
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    sent_before = len(mailoutbox)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/"))
    assert len(mailoutbox) == sent_before + 1
    mail = mailoutbox[-1]
    assert "Bitte bestätige deine E-Mail-Adresse" in mail.subject  # the email is German too
    link = re.search(r"https?://\S+?(/accounts/confirm-email/\S+/)", mail.body)
    page.goto(link.group(1))
    page.get_by_role("button", name="Bestätigen").click()
    expect(page.locator("header .player")).to_have_text(username)
    expect(page.locator("header nav")).to_contain_text("Meine Partien")
    # The account keeps the language it was made in: later emails come in German.
    assert User.objects.get(username=username).language == "de"
    return Player(username, page)


def create_triad(player: Player, invite: str) -> int:
    page = player.page
    page.goto("/games/new/")
    expect(page.locator("header nav")).to_contain_text("Neue Partie")
    page.locator("input[name=engine][value=triad]").check()
    page.select_option("select[name=triad__players]", "2")
    page.fill("input[name=invite]", invite)
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    return int(re.search(r"/games/(\d+)/$", page.url).group(1))


def accept(player: Player, game_id: int) -> None:
    page = player.page
    page.goto("/")
    page.locator(f'form[action="/games/{game_id}/accept"] button[type=submit]').first.click()
    page.wait_for_url(f"**/games/{game_id}/")
    expect(page.locator(".messages")).to_have_count(1)


def test_two_players_in_german_browsers_play_triad_to_the_end(new_context, live_server, mailoutbox):
    SHOTS.mkdir(parents=True, exist_ok=True)
    alice = sign_up_in_german(new_context, live_server, mailoutbox, "alice")
    bob = sign_up_in_german(new_context, live_server, mailoutbox, "bob")
    game_id = create_triad(alice, "bob")
    accept(bob, game_id)
    step_away(alice, bob)
    game, engine, state = game_of(game_id)
    assert game.status == GameStatus.ACTIVE

    by_seat = {s.index: {"alice": alice, "bob": bob}[s.user.username] for s in game.seats.all()}
    rng = random.Random(game.seed)
    for ply in range(1, 121):
        game, engine, state = game_of(game_id)
        if game.status != GameStatus.ACTIVE:
            break
        player = by_seat[game.to_move[0]]
        player.page.goto(f"/games/{game_id}/")
        expect(player.page.locator("html")).to_have_attribute("lang", "de")
        play(player.page, triad_choice(engine, state, game.to_move[0], rng), expect_ply=ply)
        if ply == 3:
            player.page.screenshot(path=SHOTS / "triad-de-mid-game-1280.png", full_page=True)
        step_away(player)
    game, _, _ = game_of(game_id)
    assert game.status == GameStatus.FINISHED, f"still {game.status} after {game.version} moves"

    for player in (alice, bob):
        page = player.page
        page.goto(f"/games/{game_id}/")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator(".site-footer strong[aria-current=true]")).to_have_text("Deutsch")
        page.screenshot(path=SHOTS / f"triad-de-finished-{player.username}.png", full_page=True)

    # The footer's switch: English for Bob from now on (his setting follows), and back.
    # (On the leaderboards: the game page's cache is keyed by language in b/i18n-games.)
    page = bob.page
    page.goto("/ratings/")
    page.locator(".site-footer button[value=en]").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.url.endswith("/ratings/")
    expect(page.locator("header nav")).to_contain_text("My games")
    assert User.objects.get(username="bob").language == "en"
    page.locator(".site-footer button[value=de]").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert User.objects.get(username="bob").language == "de"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
def test_the_site_pages_in_german_fit_phone_and_desktop(new_context, live_server, viewport):
    """The German pages of the site area, photographed; no text runs off the page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    user = UserFactory(username="dora", language="de")
    context = german_context(new_context, live_server, viewport)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    width = viewport["width"]
    visitor_pages = [("/", "home"), ("/accounts/signup/", "signup"), ("/accounts/login/", "login")]
    for path, name in visitor_pages:
        page.goto(path)
        _fits(page, width)
        page.screenshot(path=SHOTS / f"{name}-de-{width}.png", full_page=True)
    page.fill("input[name=login]", user.username)
    page.fill("input[name=password]", FACTORY_PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator("header .player")).to_have_text("dora")
    for path, name in [
        ("/settings/", "settings"),
        ("/settings/chat/", "chat-settings"),
        ("/settings/delete/", "delete"),
        ("/ratings/", "leaderboards"),
        ("/accounts/email/", "email"),
    ]:
        page.goto(path)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        _fits(page, width)
        page.screenshot(path=SHOTS / f"{name}-de-{width}.png", full_page=True)


def _fits(page, width: int) -> None:
    """Nothing is wider than the window (long German words make a page scroll sideways)."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url} is {scroll}px wide in a {width}px window"


def test_the_game_page_speaks_german(new_context, live_server):
    alice = UserFactory(username="alice", language="de")
    bob = UserFactory(username="bob", language="de")
    game = start_game(alice, bob)
    due = game.seats.get(is_due=True).user
    page = german_context(new_context, live_server).new_page()
    page.set_default_timeout(5_000)
    page.goto("/accounts/login/")
    page.fill("input[name=login]", due.username)
    page.fill("input[name=password]", FACTORY_PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".turn")).to_contain_text("Du bist am Zug")
