"""The public learning pages in a real Chromium at a phone's and a desktop's size: no
horizontal overflow of the page, no serious or critical axe-core finding, every
diagram drawn (issue 12's page checks)."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.factories import UserFactory, play_first_legal, start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PAGES = ["/", "/watch/", "/rules/", "/rules/triad/", "/rules/trias/", "/rules/tritarea/"]
SIZES = [(390, 844), (1280, 900)]


@pytest.fixture
def a_public_game():
    from games.models import Game

    game = start_game(UserFactory(username="alice"), UserFactory(username="bob"))
    Game.objects.filter(pk=game.pk).update(is_public=True)
    play_first_legal(game)
    return game


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])  # German words are longer
def test_learning_pages_fit_the_screen_and_pass_axe(
    live_server, browser, a_public_game, width, height, locale
):
    page = browser.new_page(viewport={"width": width, "height": height}, locale=locale)
    axe = Axe()
    problems = []
    for path in PAGES:
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.lang") == locale[:2], path
        overflow = page.evaluate("document.documentElement.scrollWidth") - width
        if overflow > 0:
            problems.append(f"{path}: {overflow}px wider than the screen")
        violations = axe.run(page).response["violations"]
        for v in violations:
            if v["impact"] in ("serious", "critical"):
                problems.append(f"{path}: {v['id']} on {[n['target'] for n in v['nodes'][:3]]}")
        drawn = page.evaluate(
            "document.querySelectorAll('.diagram-art svg, .board-picture svg').length"
        )
        if path != "/watch/" and not drawn:
            problems.append(f"{path}: no board drawn")
    page.goto(f"{live_server.url}/games/{a_public_game.pk}/")  # a spectator, signed out
    assert page.locator("svg").count() >= 1
    page.close()
    assert not problems, problems
