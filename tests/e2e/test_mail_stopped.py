"""The notice of stopped emails (issue 13, point 11) in a real Chromium at a phone's and
a desktop's size: it fits the screen, passes axe-core, and its button switches mail on
again."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from mail.models import StopReason, Suppression
from tests.e2e.conftest import SCREENSHOTS
from tests.factories import PASSWORD, UserFactory, start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_a_player_whose_emails_bounced_sees_why_and_switches_them_on(
    live_server, browser, width, height
):
    alice = UserFactory(username="alice", display_name="Alice")
    start_game(alice, UserFactory(username="bob"))
    Suppression.objects.create(
        user=alice,
        email=alice.email,
        reason=StopReason.BOUNCED,
        detail="smtp;550 5.1.1 The email account that you tried to reach does not exist.",
    )
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=login]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("form.login button[type=submit], main form button[type=submit]")
    page.wait_for_load_state()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for path, name in (("/", "home"), ("/settings/", "settings")):
        page.goto(live_server.url + path)
        notice = page.get_by_role("alert")
        assert "Our emails to alice@example.com bounced" in notice.inner_text()
        page.screenshot(path=str(SCREENSHOTS / f"mail-stopped-{name}-{width}.png"), full_page=True)
        if page.evaluate("document.documentElement.scrollWidth") > width:
            problems.append(f"{path}: wider than the screen")
        for v in Axe().run(page).response["violations"]:
            if v["impact"] in ("serious", "critical"):
                problems.append(f"{path}: {v['id']}")
    page.get_by_role("button", name="Send my emails again").click()
    page.wait_for_load_state()
    assert "Emails to your address are switched on again." in page.content()
    assert page.get_by_role("alert").count() == 0
    page.screenshot(path=str(SCREENSHOTS / f"mail-resumed-{width}.png"))
    page.close()
    assert not problems, problems
    assert not Suppression.objects.filter(lifted_at=None).exists()
