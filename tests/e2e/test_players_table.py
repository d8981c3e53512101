"""The players table fits a phone in German too (issue 34: "the German players table is
395 px on a 390 px phone; the page moves 5 px sideways").

Every game of the demo data (Triad, Trias, Tri*T*Area, in play and finished, rated:
with ratings and the winner's star), seen by a German player at 390x844, with players
whose names are long: the table stays inside its column and the page does not scroll
sideways."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import User
from games.models import Game

from .helpers import TIMEOUT_MS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MEASURE = """() => {
  const table = document.querySelector('table.players');
  const box = table.getBoundingClientRect();
  const column = table.parentElement.getBoundingClientRect();
  return {right: box.right, columnRight: column.right,
          page: document.documentElement.scrollWidth, width: window.innerWidth};
}"""


def test_the_players_table_fits_a_phone_in_german(live_server, browser, screenshots, demo_site):
    User.objects.filter(username="alice").update(language="de")
    User.objects.filter(username="bob").update(display_name="Bartholomäus-Friedrich")
    User.objects.filter(username="carol").update(display_name="Carolinekatharina")
    alice = User.objects.get(username="alice")
    client = Client()
    client.force_login(alice)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    problems = []
    games = [g for g in Game.objects.order_by("pk") if g.status != "open"]
    assert {g.engine for g in games} == {"triad", "trias", "tritarea"}
    for game in games:
        page.goto(f"{live_server.url}/games/{game.pk}/")
        assert page.locator("html").get_attribute("lang") == "de"
        sizes = page.evaluate(MEASURE)
        if sizes["right"] > sizes["columnRight"] + 0.5 or sizes["page"] > sizes["width"]:
            problems.append(f"{game.engine} #{game.pk}: {sizes}")
        page.locator("table.players").screenshot(
            path=screenshots / f"players-de-390-{game.engine}-{game.pk}.png"
        )
        page.goto("about:blank")
    context.close()
    assert not problems, problems
