"""Pages under the strict Content-Security-Policy (issue 13 point 10), in a real
Chromium: the Resign button still asks first (its question moved from an inline
``onsubmit`` to static/js/board.js), and no page logs a violation (the autouse
``no_csp_violations`` fixture of tests/e2e/conftest.py fails any test that does)."""

import pytest
from playwright.sync_api import expect

from tests.factories import PASSWORD, UserFactory, start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_resign_asks_first_and_only_a_yes_resigns(live_server, browser, screenshots, width, height):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.goto("/accounts/login/")
    page.fill("input[name=login]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator("header .player")).to_have_text("alice")
    page.goto(f"/games/{game.pk}/")
    page.screenshot(path=screenshots / f"resign-{width}.png", full_page=True)

    questions = []

    def answer(dialog, yes):
        questions.append(dialog.message)
        dialog.accept() if yes else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, yes=False))
    page.get_by_role("button", name="Resign").click()
    page.wait_for_timeout(300)
    assert questions == ["Resign this game?"]
    game.refresh_from_db()
    assert game.status == "active"  # "Cancel" sends nothing

    page.once("dialog", lambda dialog: answer(dialog, yes=True))
    page.get_by_role("button", name="Resign").click()
    expect(page.locator(".messages")).to_contain_text("You have resigned.")
    game.refresh_from_db()
    assert game.status == "finished"
    context.close()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_a_report_over_the_limit_says_to_wait_and_leads_back(
    live_server, browser, screenshots, settings, width, height
):
    """Issue 13 point 6: the limit, as a player meets it."""
    from moderation.models import Report

    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report": ["1/h"]}
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.goto("/accounts/login/")
    page.fill("input[name=login]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator("header .player")).to_have_text("alice")
    for attempt in range(2):
        page.goto(f"/games/{game.pk}/")
        page.get_by_text("Report a player").click()
        page.fill("#report-why", f"Rude in chat ({attempt}).")
        page.get_by_role("button", name="Send to the moderators").click()
        if attempt == 0:  # taken (before the next page is opened, which would cancel it)
            expect(page.locator("main")).to_contain_text("the moderators will look at your report")
    expect(page.locator("main")).to_contain_text("You have sent many reports in a short time.")
    page.screenshot(path=screenshots / f"limited-{width}.png", full_page=True)
    # Answered in place (issue 34): the game page, its report form open with what was
    # written kept, the board and the site's header there.
    expect(page.locator("#report-why")).to_have_value("Rude in chat (1).")
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("header.site-header")).to_be_visible()
    assert Report.objects.filter(reporter=alice).count() == 1
    context.close()
