"""The analysis board in a real Chromium: on a desktop it is seen whole on the first
screen, its steps and the move to make beside it, as on the game page."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory
from tests.web.helpers import play_random, start_game

from .helpers import TIMEOUT_MS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SEEN = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const board = box('#analysis #board svg'), nav = box('#analysis .replay-nav');
  return {boardBottom: board.bottom, boardRight: board.right, navLeft: nav.left,
          height: innerHeight, width: innerWidth,
          pageWidth: document.documentElement.scrollWidth};
}"""


def test_the_analysis_board_is_seen_whole_beside_its_steps(live_server, browser, screenshots):
    game = play_random(start_game("trias", [UserFactory() for _ in range(3)]), seed=1)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{live_server.url}/games/{game.pk}/analyse/?ply=3")
    page.wait_for_load_state("load")
    seen = page.evaluate(SEEN)
    assert seen["boardBottom"] <= seen["height"], seen
    assert seen["navLeft"] >= seen["boardRight"], seen
    assert seen["pageWidth"] <= seen["width"], seen
    page.screenshot(path=screenshots / "analysis-trias-1280.png")
    page.close()
