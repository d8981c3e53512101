"""Replay in a real Chromium (issue 11: "the move list does not follow the current move,
⏮/⏭ draw as empty boxes, arrow keys do nothing")."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.web.helpers import play_random, start_game

from .helpers import TIMEOUT_MS, page_at

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

IN_VIEW = """() => {
  const list = document.querySelector('#position .moves');
  const row = list.querySelector('[aria-current="step"]').getBoundingClientRect();
  const box = list.getBoundingClientRect();
  return row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
}"""


def test_arrow_keys_step_and_the_move_list_follows(live_server, browser, screenshots):
    # A game's seed is random, so its length is too: take the first of a few games
    # long enough that the list cannot show every move at once.
    for attempt in range(10):
        game = play_random(start_game("triad", [UserFactory(), UserFactory()]), seed=attempt)
        last = game.moves.count()
        if last > 25:
            break
    assert last > 25  # more moves than the list shows at once
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?ply=0")
    page.wait_for_load_state("load")
    nav = page.get_by_role("navigation", name="Replay")
    for name in ("Start", "Back", "Next", "End"):  # words beside drawn icons, no glyph boxes
        expect(nav.get_by_role("link", name=name)).to_have_count(1)
    assert "⏮" not in page.content() and "⏭" not in page.content()

    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-where")).to_have_text(f"After move 1 of {last}")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-where")).to_have_text(f"After move 2 of {last}")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".replay-where")).to_have_text(f"After move 1 of {last}")
    page.keyboard.press("End")
    expect(page.locator(".replay-where")).to_have_text(f"After move {last} of {last}")
    expect(page.locator(f'.moves li[value="{last}"]')).to_have_attribute("aria-current", "step")
    assert page.evaluate(IN_VIEW), "the current move is scrolled into the list's view"
    assert page.url.endswith(f"?ply={last}")  # a link to this position
    page.keyboard.press("Home")
    expect(page.locator(".replay-where")).to_contain_text("The start")
    page.locator(f'.moves li[value="{last // 2}"] a').click()
    expect(page.locator(".replay-where")).to_have_text(f"After move {last // 2} of {last}")
    assert page.evaluate(IN_VIEW)
    page.screenshot(path=screenshots / "replay-midway.png")
    page.close()


def _triad_replay_from_the_start(live_server, browser):
    """A finished Triad game's replay at its start, on a desktop; the page and the
    number of moves."""
    game = play_random(start_game("triad", [UserFactory(), UserFactory()]), seed=0)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?ply=0")
    page.wait_for_load_state("load")
    return page, game.moves.count()


def test_a_key_pressed_the_moment_a_step_lands_steps_in_place(live_server, browser):
    """htmx once wired the swapped-in buttons 20 ms after showing them (its settle
    delay); a key pressed in between followed the plain link, reloading the page (and
    a key pressed during that reload was lost: CI saw "After move 2" stay after
    ArrowLeft). base.html's htmx-config settles at once (``defaultSettleDelay`` 0)."""
    page, last = _triad_replay_from_the_start(live_server, browser)
    page.evaluate("() => { window.samePage = true; }")  # gone if the page reloads
    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-where")).to_have_text(f"After move 1 of {last}")
    # The next key comes the first moment anything outside htmx can see the new steps:
    # a mutation observer's callback, run as soon as htmx's swap code returns.
    page.evaluate("""() => {
        const seen = new MutationObserver(() => {
            seen.disconnect();
            const key = new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true});
            document.body.dispatchEvent(key);
        });
        seen.observe(document.body, {childList: true, subtree: true});
    }""")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-where")).to_have_text(f"After move 3 of {last}")
    assert page.evaluate("() => window.samePage === true"), "stepped by a whole page load"
    page.close()


FITS = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const board = box('#board svg'), nav = box('#position .replay-nav');
  const steps = [...document.querySelectorAll('#position .replay-nav .step')]
    .map((a) => a.getBoundingClientRect().top);
  return {
    boardBottom: board.bottom, boardRight: board.right, boardTop: board.top,
    boardWidth: board.width,
    navLeft: nav.left, navBottom: nav.bottom, width: innerWidth, height: innerHeight,
    pageWidth: document.documentElement.scrollWidth,
    stepRows: new Set(steps.map(Math.round)).size,
  };
}"""


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
@pytest.mark.parametrize(
    "title,people,locale", [("trias", 3, "en"), ("triad", 2, "en"), ("trias", 2, "de")]
)
def test_a_replay_shows_the_whole_board_with_its_steps_on_the_first_screen(
    live_server, browser, screenshots, width, height, title, people, locale
):
    """The widest board (Trias, three players) or a square one (Triad) and the steps
    through it are seen at once: beside the board on a desktop, one row above it on a
    phone, where the board takes the screen's width; the result and the move list come
    after; in German (longer words) too. Trias's coordinates are hidden until asked
    for, as on the game page, and stay shown while stepping."""
    game = play_random(start_game(title, [UserFactory() for _ in range(people)]), seed=1)
    url = f"{live_server.url}/games/{game.pk}/replay/?ply=3"
    page = page_at(browser, url, width, height, locale)
    seen = page.evaluate(FITS)
    assert seen["boardBottom"] <= seen["height"], seen  # the whole board on the first screen
    assert seen["pageWidth"] <= seen["width"], seen  # nothing wider than the screen
    assert seen["stepRows"] == 1, seen
    if width < 700:
        assert seen["navBottom"] <= seen["boardTop"], seen  # the steps above the board
        assert seen["boardWidth"] >= seen["width"] - 1, seen  # the screen's whole width
    else:
        assert seen["navLeft"] >= seen["boardRight"], seen  # the steps beside the board
    page.screenshot(path=screenshots / f"replay-{title}-{locale}-{width}.png")
    if title == "trias" and locale == "en":
        coords = page.locator("#board .coord").first
        expect(coords).to_be_hidden()
        page.get_by_label("Show coordinates").check()
        expect(coords).to_be_visible()
        page.get_by_role("link", name="Next").click()
        expect(page.locator(".replay-where")).to_contain_text("After move 4")
        expect(page.get_by_label("Show coordinates")).to_be_checked()
        expect(page.locator("#board .coord").first).to_be_visible()
    page.context.close()


def test_keys_pressed_faster_than_the_server_answers_each_take_a_step(live_server, browser):
    """Keys pressed before the first step's answer has come each take their step, in
    order (the later presses once clicked the button still waiting for its answer, and
    were lost): two steps on, to the end, and one back."""
    page, last = _triad_replay_from_the_start(live_server, browser)
    page.evaluate("""() => {
        for (const key of ['ArrowRight', 'ArrowRight', 'End', 'ArrowLeft']) {
            document.body.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
        }
    }""")
    expect(page.locator(".replay-where")).to_have_text(f"After move {last - 1} of {last}")
    expect(page.locator(f'.moves li[value="{last - 1}"]')).to_have_attribute("aria-current", "step")
    assert page.url.endswith(f"?ply={last - 1}")
    page.close()
