"""The analysis board in a real Chromium: on a desktop it is seen whole on the first
screen, its steps and the move to make beside it, as on the game page; on a phone its
four step buttons are one row of icons above it."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory
from tests.web.helpers import play_random, start_game

from .helpers import page_at

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SEEN = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const board = box('#analysis #board svg'), nav = box('#analysis .replay-nav');
  const steps = [...document.querySelectorAll('#analysis .replay-nav .step')]
    .map((b) => Math.round(b.getBoundingClientRect().top));
  return {boardBottom: board.bottom, boardRight: board.right, boardTop: board.top,
          navLeft: nav.left, navBottom: nav.bottom, height: innerHeight, width: innerWidth,
          pageWidth: document.documentElement.scrollWidth, stepRows: new Set(steps).size};
}"""


@pytest.mark.parametrize("width,height,locale", [(390, 844, "de"), (1280, 900, "en")])
def test_the_analysis_board_is_seen_whole_with_its_steps(
    live_server, browser, screenshots, width, height, locale
):
    """On a phone in German, whose words are longest, too."""
    game = play_random(start_game("trias", [UserFactory() for _ in range(3)]), seed=1)
    url = f"{live_server.url}/games/{game.pk}/analyse/?ply=3"
    page = page_at(browser, url, width, height, locale)
    seen = page.evaluate(SEEN)
    assert seen["pageWidth"] <= seen["width"], seen  # nothing wider than the screen
    assert seen["stepRows"] == 1, seen
    if width < 700:
        assert seen["navBottom"] <= seen["boardTop"], seen  # the steps above the board
    else:
        assert seen["boardBottom"] <= seen["height"], seen  # the whole board at once
        assert seen["navLeft"] >= seen["boardRight"], seen  # the steps beside it
    page.screenshot(path=screenshots / f"analysis-trias-{locale}-{width}.png")
    page.context.close()
