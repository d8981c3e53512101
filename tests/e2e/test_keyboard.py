"""A move in each game by keyboard alone (issue 11: "Keyboard play works but focus is
lost after every update (9 Tabs to the first die, 19 more to a target)").

The player Tabs to the first piece they can pick (on the board or in the list beside
it) and presses Enter; focus is then on the piece's first target (board) or on the
piece with its targets next (list), so Enter, or Tab and Enter, plays it. After the
move focus is on the turn line, never lost to the page's top.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from games import services
from games.models import Move
from tests.factories import UserFactory

from .helpers import TIMEOUT_MS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PIECE = "#board [data-select], #live .choice-button"
TARGET = "#board [data-action], #live .picked .target, #live .button-list .target"
MOST_TABS = 20  # from the page's top to the first piece; far fewer after an update

IS = """([selector]) => {
  const el = document.activeElement;
  return !!el && el.matches(selector);
}"""


def _signed_in(browser, live_server, user) -> Page:
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


def _tab_to(page: Page, selector: str) -> int:
    """Press Tab until an element matching ``selector`` has focus; the count."""
    for tabs in range(1, MOST_TABS + 1):
        page.keyboard.press("Tab")
        if page.evaluate(IS, [selector]):
            return tabs
    raise AssertionError(f"{MOST_TABS} Tabs without reaching {selector}")


def _game(engine: str):
    alice = UserFactory(username="alice")
    invitees = [] if engine == "tritarea" else [UserFactory(username="bob")]
    game = services.game_create(
        creator=alice, engine=engine, num_players=len(invitees) + 1, options={},
        days_per_move=3, invitees=invitees, is_public=True,
    )  # fmt: skip
    for invitee in invitees:
        services.invitation_accept(game_id=game.pk, user=invitee)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("engine", ["triad", "trias", "tritarea"])
def test_a_move_by_keyboard_alone(live_server, browser, screenshots, engine):
    game = _game(engine)
    mover = next(
        s.user for s in game.seats.select_related("user") if s.index in game.to_move and s.user
    )
    page = _signed_in(browser, live_server, mover)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("#turn")).to_contain_text("Your turn")
    page.wait_for_load_state("load")

    tabs = [_tab_to(page, f"{PIECE}, {TARGET}")]
    if not page.evaluate(IS, [TARGET]):  # a piece first, then its target
        page.keyboard.press("Enter")
        expect(page.locator("#live")).not_to_have_attribute("data-selected", "")
        # Focus goes to the piece's first target on the board, or stays on the piece
        # in the list (its targets right after it).
        expect(page.locator(f"{PIECE}, {TARGET}").and_(page.locator(":focus"))).to_have_count(1)
        tabs.append(0 if page.evaluate(IS, [TARGET]) else _tab_to(page, TARGET))
    action = page.evaluate("document.activeElement.dataset.action || document.activeElement.value")
    page.keyboard.press("Enter")
    expect(page.locator("ol.moves li[value='1']")).to_have_count(1)
    assert Move.objects.get(game=game, ply=1).action == action
    # Focus is on the turn line, which says what now: the next Tab goes on from there.
    expect(page.locator("#turn")).to_be_focused()
    page.screenshot(path=screenshots / f"keyboard-{engine}.png", full_page=True)
    page.context.close()
    assert tabs[0] <= MOST_TABS and all(t <= 1 for t in tabs[1:]), tabs


def test_a_move_played_the_moment_its_targets_appear_plays_in_place(live_server, browser):
    """htmx once took a swapped-in move form on only 20 ms after showing it (its settle
    delay): a target pressed in between sent the form as a plain post, and the whole page
    loaded again. base.html's htmx-config settles at once (``defaultSettleDelay`` 0)."""
    game = _game("triad")
    mover = next(
        s.user for s in game.seats.select_related("user") if s.index in game.to_move and s.user
    )
    page = _signed_in(browser, live_server, mover)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_load_state("load")
    page.evaluate("() => { window.samePage = true; }")  # gone if the page reloads
    # The first target is pressed the first moment anything outside htmx can see it: a
    # mutation observer's callback, run as soon as htmx's swap code returns.
    page.evaluate("""() => {
        const seen = new MutationObserver(() => {
            const target = document.querySelector('#board [data-action]');
            if (!target) return;
            seen.disconnect();
            window.played = target.dataset.action;
            target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        });
        seen.observe(document.body, {childList: true, subtree: true});
    }""")
    page.locator("#board [data-select]").first.click()
    expect(page.locator("ol.moves li[value='1']")).to_have_count(1)
    assert page.evaluate("() => window.samePage === true"), "played by a whole page load"
    assert Move.objects.get(game=game, ply=1).action == page.evaluate("window.played")
    page.context.close()
