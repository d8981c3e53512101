"""Issue 44 in the browser: a move played with htmx answers with only what changed,
swapped out of band into the page, and the page then shows what a reload shows (the
board with its marks, the turn, the choices, the players, the news, the move list),
in each game, on a phone (390x844) and a desktop (1280x900)."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from playwright.sync_api import expect

from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import play_random, seat_user, start_game

from .helpers import play
from .test_changes import SHOTS, signed_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

GAMES = {
    # engine, players, moves played first, seed
    "triad": ("triad", 2, 9, 1),
    "trias": ("trias", 3, 12, 2),
    "tritarea": ("tritarea", 2, 14, 5),
    "tritarea-solo": ("tritarea", 1, 6, 5),
}
# What a player sees of the live part, box by box (CSRF tokens left out: each answer
# has its own), with the board's marks and the tab's title.
SEEN = """() => {
  const box = (sel) => {
    const el = document.querySelector(sel);
    return el ? el.innerHTML.replace(/name="csrfmiddlewaretoken" value="[^"]*"/g, "") : null;
  };
  const meta = document.getElementById("live-meta");
  return {
    board: box("#board"),
    marks: document.querySelectorAll("#board svg [data-changed]").length,
    turn: box("#turn-box"),
    news: box("#news"),
    actions: box("#actions-part"),
    players: box("#players-part"),
    legend: box("#legend-part"),
    log: box("#log-part"),
    moves: box("#moves-part"),
    controls: box("#controls-part"),
    error: box("#live-error"),
    title: document.title,
    selected: document.getElementById("live").dataset.selected,
    poll: meta && meta.getAttribute("hx-get"),
  };
}"""
MARK_ON_POST = """() => document.addEventListener("htmx:beforeRequest", (e) => {
  if (e.detail.requestConfig.verb === "post") document.getElementById("live").dataset.kept = "yes";
})"""
SETTLED = (
    "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
)


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("name", list(GAMES))
def test_after_a_move_the_page_shows_what_a_reload_shows(
    new_context, live_server, screenshots, name, size
):
    engine, players, plies, seed = GAMES[name]
    with mock.patch("games.services.secrets.randbits", return_value=20261206):
        game = start_game(engine, [UserFactory() for _ in range(players)])
    game = play_random(game, stop=lambda g: g.version >= plies, seed=seed)
    seat = game.to_move[0]
    page = signed_in(new_context, live_server, seat_user(game, seat), size)
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"/games/{game.pk}/")
    # A mark on the live part itself as the move is sent (a pick before it swaps the
    # whole live part): it stays through the move's answer, which swaps only pieces.
    page.evaluate(MARK_ON_POST)
    help_link = page.locator("a[href$='/help/']").first
    before_help = help_link.get_attribute("href") if help_link.count() else None

    legal = game.engine_module.legal_actions(load_state(game), seat)
    on_board = page.eval_on_selector_all(
        "#board [data-action]", "els => els.map(e => e.dataset.action)"
    )
    action = next((a for a in legal if a in on_board), legal[0])
    with page.expect_response(re.compile(r"/move$")) as answered:
        play(page, action, expect_ply=game.version + 1)
    answer = answered.value
    assert answer.status == 200 and answer.headers.get("hx-reswap") == "none"
    assert len(answer.body()) < 0.9 * len(page.content())
    page.wait_for_function(SETTLED)
    expect(page.locator("#live")).to_have_attribute("data-kept", "yes")
    after_move = page.evaluate(SEEN)
    page.screenshot(path=screenshots / f"move-answer-{name}-{size}.png")
    if SHOTS:
        page.screenshot(path=SHOTS / f"move-answer-{name}-{size}-full.png", full_page=True)

    page.reload()
    page.wait_for_function(SETTLED)
    expect(page.locator("#live")).not_to_have_attribute("data-kept", "yes")
    after_reload = page.evaluate(SEEN)
    for part, shown in after_reload.items():
        assert after_move[part] == shown, part
    if before_help:
        assert help_link.get_attribute("href") == before_help
    assert errors == []
    page.close()
