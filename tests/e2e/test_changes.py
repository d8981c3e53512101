"""Issue 34 in the browser: after an opponent's move, what changed is marked on the
board and told at the top of the turn box, on a phone (390x844) and a desktop
(1280x900); "Replay since my last turn" steps through those moves."""

from __future__ import annotations

import os
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.web.helpers import play_random, seat_user, start_game

from .helpers import TIMEOUT_MS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Full-page pictures for a person to look at, when asked for (TRIPOST_SHOTS=folder).
SHOTS = Path(os.environ["TRIPOST_SHOTS"]) if os.environ.get("TRIPOST_SHOTS") else None
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
GAMES = {
    # engine, players, moves played first, seed
    "trias": ("trias", 3, 40, 2),
    "triad": ("triad", 2, 9, 1),
    "tritarea": ("tritarea", 2, 40, 5),
}


def signed_in(new_context, live_server, user, size):
    client = Client()
    client.force_login(user)
    width, height = SIZES[size]
    context = new_context(base_url=live_server.url, viewport={"width": width, "height": height})
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
    return page


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(GAMES))
def test_an_opponents_move_is_marked_and_told(new_context, live_server, screenshots, name, size):
    engine, players, plies, seed = GAMES[name]
    # The deal is fixed too, so the position and its last move are the same each run.
    with mock.patch("games.services.secrets.randbits", return_value=20261206):
        game = start_game(engine, [UserFactory() for _ in range(players)])
    game = play_random(game, stop=lambda g: g.version >= plies, seed=seed)
    user = seat_user(game, game.to_move[0])
    page = signed_in(new_context, live_server, user, size)
    page.goto(f"/games/{game.pk}/")
    since = page.locator("section.since")
    expect(since).to_be_visible()
    expect(since.locator("h2")).to_have_text("Since your last turn:")
    assert since.locator(".since-lines li").count() >= 1
    marked = page.locator("#board svg [data-changed]")
    assert marked.count() >= 1
    # The marks are drawn on the board, inside it, and never take a tap.
    box = page.locator("#board svg").bounding_box()
    first = marked.first.bounding_box()
    assert first and box["x"] - 1 <= first["x"] + first["width"] / 2 <= box["x"] + box["width"] + 1
    assert page.locator("#board svg g.changes").get_attribute("pointer-events") == "none"
    # The board comes first under the heading, its changes seen at once; the news is
    # told beneath it on a phone and beside it on a desktop.
    told = since.bounding_box()
    assert box["y"] < SIZES[size][1] / 4, box
    if size == "phone":
        assert told["y"] >= box["y"] + box["height"] - 1, (told, box)
    else:
        assert told["x"] >= box["x"] + box["width"] - 1, (told, box)
    # Nothing in the box scrolls the page sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0] + 1
    page.screenshot(path=screenshots / f"changes-{name}-{size}.png")
    if SHOTS:
        page.screenshot(path=SHOTS / f"changes-{name}-{size}-full.png", full_page=True)

    since.get_by_role("link", name="Replay since my last turn").click()
    page.wait_for_url(f"**/games/{game.pk}/replay/**")
    where = page.locator(".replay-where")
    start = where.inner_text()
    page.get_by_role("navigation", name="Replay").get_by_role("link", name="Next").click()
    expect(where).not_to_have_text(start)
    page.keyboard.press("End")
    expect(where).to_have_text(f"After move {game.version} of {game.version}")
    # The last move's own changes are marked on its position.
    expect(page.locator("#board svg [data-changed]").first).to_be_attached()
    # The whole board with its changes on the first screen, the steps above or beside it
    # (Tri*T*Area's board, hands and all, is taller than a phone's screen, as on the
    # game page).
    board = page.locator("#board svg").bounding_box()
    steps = page.get_by_role("navigation", name="Replay").bounding_box()
    if not (name == "tritarea" and size == "phone"):
        assert board["y"] + board["height"] <= SIZES[size][1] + 1, board
    if size == "phone":
        assert steps["y"] + steps["height"] <= board["y"] + 1, (steps, board)
    else:
        assert steps["x"] >= board["x"] + board["width"] - 1, (steps, board)
    page.screenshot(path=screenshots / f"changes-{name}-{size}-replay.png")
    page.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_round_summary_when_a_round_ends(new_context, live_server, screenshots, size):
    from games.replay import load_state

    game = start_game("tritarea", [UserFactory() for _ in range(2)], num_players=2)
    game = play_random(game, stop=lambda g: len(load_state(g).scoring) >= 1, seed=5)
    last = game.moves.order_by("-ply").first()
    viewer = next(s for s in game.seats.all() if s.user_id and s.index != last.seat)
    page = signed_in(new_context, live_server, viewer.user, size)
    page.goto(f"/games/{game.pk}/")
    table = page.locator("section.since table.round-summary")
    expect(table).to_be_visible()
    expect(table.locator("caption")).to_have_text("Round 1 is over: the scoring")
    assert table.locator("tbody tr").count() == 4
    # The table fits the phone: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0] + 1
    page.screenshot(path=screenshots / f"changes-round-summary-{size}.png")
    if SHOTS:
        page.screenshot(path=SHOTS / f"changes-round-summary-{size}-full.png", full_page=True)
    page.close()


def test_a_spectator_sees_what_changed_since_their_last_visit(new_context, live_server):
    game = play_random(
        start_game("triad", [UserFactory(), UserFactory()]), stop=lambda g: g.version >= 4
    )
    page = signed_in(new_context, live_server, UserFactory(), "phone")
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("section.since h2")).to_have_text("Since your last visit:")
    game = play_random(game, stop=lambda g: g.version >= 6)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("section.since")).to_have_attribute("data-since-first", "5")
    expect(page.locator("section.since")).to_have_attribute("data-since-last", "6")
    assert page.locator("#board svg [data-changed]").count() >= 2
    if SHOTS:
        page.screenshot(path=SHOTS / "changes-spectator-phone-full.png", full_page=True)
    page.close()
