"""A person starts a game against the computer on the New game page and plays it in
Chromium; the computer's moves come from its task (run here by the test, as the
"computer" worker would), and the page shows them. Screenshots at phone and desktop
sizes in ``test-artifacts/screenshots/``."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import game_of, play, sign_up, step_away

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


def test_a_person_plays_triad_against_the_computer(
    new_context, live_server, mailoutbox, screenshots, computer_queue
):
    player = sign_up(new_context, live_server, mailoutbox, "ada")
    page = player.page
    page.goto("/games/new/")
    page.locator("input[name=engine][value=triad]").check()
    page.select_option("select[name=computers]", "1")
    page.select_option("select[name=computer_level]", "beginner")
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=screenshots / f"new-game-computers-{size}.png", full_page=True)
    page.get_by_role("button", name="Create game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game_id = int(re.search(r"/games/(\d+)/$", page.url).group(1))
    expect(page.locator(".players")).to_contain_text("Computer (Beginner)")

    ply = 0
    for _ in range(3):  # three moves of the person, each answered by the computer
        game, engine, state = game_of(game_id)
        if game.seats.get(index=game.to_move[0]).user is None:
            expect(page.locator(".turn")).to_contain_text("Waiting for Computer (Beginner).")
            step_away(player)  # the worker's writes must not meet the page's poll here
            # One computer action or more (a Triad move may be followed by a removal);
            # "Your turn." below shows it has finished.
            assert computer_queue.run() >= 1
            page.goto(f"/games/{game_id}/")
            game, engine, state = game_of(game_id)
            ply = game.version
        expect(page.locator(".turn")).to_contain_text("Your turn.")
        seat = game.to_move[0]
        play(page, engine.legal_actions(state, seat)[0], expect_ply=ply + 1)
        ply += 1
        # The answer came at once: the computer has not moved yet, its turn is queued.
        expect(page.locator(".turn")).to_contain_text("Waiting for Computer (Beginner).")
        assert computer_queue == [game_id]
        if not list(screenshots.glob("triad-vs-computer-waiting-*.png")) or ply <= 2:
            for size, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                page.screenshot(
                    path=screenshots / f"triad-vs-computer-waiting-{size}.png", full_page=True
                )
    step_away(player)
    computer_queue.run()
    page.goto(f"/games/{game_id}/")
    expect(page.locator(".turn")).to_contain_text("Your turn.")
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=screenshots / f"triad-vs-computer-{size}.png", full_page=True)
