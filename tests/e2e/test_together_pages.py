"""The pages of issue 15 on a phone and a desk: each fits its width (no sideways
scrolling), axe-core finds no serious or critical violation, and each is saved as a
screenshot: the game page with its chat panel loaded, the chat page, lobby, settings,
chat settings, report a message, delete the account, a draw offer's confirm page."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from chat import services as chat
from games import services
from tests.factories import UserFactory

from .helpers import PASSWORD, TIMEOUT_MS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 390, "height": 844}, "desk": {"width": 1280, "height": 900}}


def test_the_pages_fit_a_phone_and_a_desk(new_context, live_server, screenshots):
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
    services.game_create(
        creator=alice,
        engine="trias",
        num_players=3,
        options={},
        days_per_move=3,
        invitees=[],
        is_public=True,
    )
    message = chat.message_post(game=game, user=alice, text="A message Bob may report.")
    services.draw_offer(game_id=game.pk, user=alice)
    pages = {
        "game-with-chat": (f"/games/{game.pk}/", "My notes"),
        "chat-page": (f"/games/{game.pk}/chat/", "My notes"),
        "lobby": ("/lobby/", "Open until"),
        "settings": ("/settings/", "Delete my account"),
        "chat-settings": ("/settings/chat/", "Save chat settings"),
        "report": (f"/games/{game.pk}/chat/{message.pk}/report", "Send to the moderators"),
        "delete": ("/settings/delete/", "Delete my account"),
        "draw-confirm": (f"/games/{game.pk}/draw/?answer=accept", "Accept the draw"),
    }
    axe = Axe()
    problems = []
    for size, viewport in SIZES.items():
        context = new_context(base_url=live_server.url, viewport=viewport)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto("/accounts/login/")
        page.fill("input[name=login]", "bob")
        page.fill("input[name=password]", PASSWORD)
        page.locator("main form button[type=submit]").click()
        page.wait_for_url(re.compile(r"/$"))
        for name, (url, text) in pages.items():
            page.goto(url)
            expect(page.locator("main")).to_contain_text(text)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{name} scrolls sideways at {size} size"
            page.screenshot(path=str(screenshots / f"together-{name}-{size}.png"), full_page=True)
            for v in axe.run(page).response["violations"]:
                if v["impact"] in ("serious", "critical"):
                    where = [n["target"] for n in v["nodes"][:3]]
                    problems.append(f"{name} at {size}: axe {v['id']} ({v['impact']}) on {where}")
        page.goto("about:blank")
    assert not problems, "\n".join(problems)
