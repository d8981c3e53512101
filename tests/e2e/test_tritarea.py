"""Tri*T*Area in a real Chromium on a 390 x 844 phone: one person against three computer
seats plays by taps until they decide where a computer seat builds with the second
right (rulebook, 1-player rules: "If an NPC earns the right to build, the player
chooses everything on their behalf"), and decides it by taps too: the square, then
"2 blocks" (any earlier build for a computer seat is tapped on the way).

Each action is tapped on the board where it has a spot (a card, a square, a strip
button); otherwise its ``button[name=action][value=...]`` is pressed, which the game
page offers with or without the turn guide beside the board. Screenshots go to
``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from titles.tritarea.board.svg import SEAT_FILL
from titles.tritarea.engine.board import SQUARE_INDEX

from .helpers import PASSWORD, TIMEOUT_MS, create_game, game_of, sign_up, tap_board

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SIZES = """() => {
  const svg = document.querySelector('#board svg');
  const scale = svg.getScreenCTM().a;
  const fonts = [...svg.querySelectorAll('text')]
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
  const side = el => { const r = el.getBoundingClientRect(); return Math.min(r.width, r.height); };
  const r = svg.getBoundingClientRect();
  return {
    font: Math.min(...fonts),
    target: Math.min(...[...svg.querySelectorAll('[data-select],[data-action]')].map(side)),
    card: Math.min(...[...svg.querySelectorAll('.hand-card')].map(side)),
    board: [Math.round(r.width), Math.round(r.height)],
    overflow: document.documentElement.scrollWidth - window.innerWidth,
  };
}"""


def on_phone(new_context, live_server, username: str) -> Page:
    """The player signs in again on a touch phone."""
    context = new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto("/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/$"))
    return page


def _css(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _select_token(action: str) -> str:
    """The board piece to pick first: the square of a build, the card of a play."""
    verb, _, rest = action.partition(" ")
    if verb == "b":
        return f"sq:{rest.split()[0]}"
    return f"card:{rest.partition('=')[0]}"


def decide(page: Page, action: str, *, ply: int) -> str:
    """Play ``action`` by taps: on the board, or by picking its piece first and then
    tapping the choice the board offers; else with its button. Waits for the move."""
    on_board = page.locator(f"#board [data-action={_css(action)}]")
    piece = page.locator(f"#board [data-select={_css(_select_token(action))}]")
    if on_board.count():
        tap_board(on_board.first)
        how = "board"
    elif piece.count():
        before = page.evaluate(SIZES)["board"]
        tap_board(piece.first)
        expect(on_board).to_have_count(1)  # the choices of the selection appear
        assert page.evaluate(SIZES)["board"] == before, "the board keeps its size"
        tap_board(on_board.first)
        how = "select+board"
    else:
        page.locator(f"button[name=action][value={_css(action)}]").click()
        how = "button"
    expect(page.locator(f'ol.moves li[value="{ply}"]')).to_have_count(1)
    return how


def assert_readable(page: Page) -> None:
    """Issue 11 on a phone: no board text under 12 CSS px, no clickable part under
    24 x 24 px, hand cards at least 40 x 40 px, no horizontal overflow."""
    sizes = page.evaluate(SIZES)
    assert sizes["font"] >= 12, sizes
    assert sizes["target"] >= 24, sizes
    assert sizes["card"] >= 40, sizes
    assert sizes["overflow"] <= 0, sizes


def test_one_person_decides_a_build_for_a_computer_seat_by_taps(
    new_context, live_server, mailoutbox, screenshots
):
    sol = sign_up(new_context, live_server, mailoutbox, "sol")
    game_id = create_game(sol, "tritarea", players=1)
    page = on_phone(new_context, live_server, "sol")
    page.goto(f"/games/{game_id}/")
    assert_readable(page)
    page.screenshot(path=screenshots / "tritarea-phone-first-lead.png", full_page=True)

    game, engine, state = game_of(game_id)
    rng = random.Random(game.seed)
    ways: dict[str, set[str]] = {}
    ply = 0
    while not two_blocks_for_a_computer_seat(engine, state):
        legal = engine.legal_actions(state, 0)
        # never default on one's own build (no spot on the board, and it costs points)
        action = rng.choice([a for a in legal if a != "pass" or state.phase == "extra"])
        ply += 1
        ways.setdefault(action.split()[0], set()).add(decide(page, action, ply=ply))
        game, engine, state = game_of(game_id)
        assert ply < 60, "a computer seat should have won a second building right by now"
    assert ways["p"] <= {"board", "select+board"}  # cards are tapped in the hand
    assert ways["b"] <= {"board", "select+board"}  # and squares on the board

    # The person decides for a computer seat: the board says so at that seat, in its
    # strip and on every square it offers.
    view = engine.view(state, 0)
    npc = view["deciding_for"]
    name = view["seats"][npc]["label"]  # e.g. "Orange (computer)"
    colour = view["seats"][npc]["colour"]
    page.goto(f"/games/{game_id}/")
    board = page.locator("#board")
    expect(board.locator("g.seat.to-act")).to_contain_text("you decide")
    expect(board.locator("g.seat.to-act")).to_contain_text(colour)
    expect(board.locator(".caption")).to_have_text(
        f"{view['areas'][state.adopted]['name']} adopted: {colour} builds"
    )
    labels = board.locator("[data-action], [data-select]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert labels and all(
        label.startswith(f"Build for {name}: ") or label.startswith("Square ") for label in labels
    ), labels
    assert_readable(page)
    page.screenshot(path=screenshots / "tritarea-phone-build-for-computer.png", full_page=True)

    legal = engine.legal_actions(state, 0)
    assert "pass" not in legal  # a computer seat must build (TT8)
    action = next(a for a in legal if len(a.split()) == 3)  # two blocks on one square
    square = action.split()[1]
    count = 2
    before = len(state.board[SQUARE_INDEX[square]])
    ply += 1
    # pick the square, then "2 blocks on ..." in the strip under the grid
    assert decide(page, action, ply=ply) == "select+board"

    # What the person sees afterwards: the seat's blocks on top of that square, and
    # the move list saying who built for whom.
    game, engine, after = game_of(game_id)
    stack = after.board[SQUARE_INDEX[square]]
    assert len(stack) == before + count and stack[-count:] == (npc,) * count
    page.goto(f"/games/{game_id}/")
    shown = page.evaluate(SQUARE, square)
    colours = ", ".join(view["seats"][s]["colour"] for s in stack)
    area = view["areas"][state.adopted]["name"]
    blocks = f"{len(stack)} block{'s' if len(stack) > 1 else ''}"
    assert shown["title"] == f"{square}, {area}: {blocks} ({colours}, bottom to top)"
    assert shown["fills"] == [SEAT_FILL[s] for s in stack]
    expect(page.locator("ol.moves")).to_contain_text(
        f"deciding for {name}, builds two blocks on {square}"
    )
    assert_readable(page)
    page.screenshot(path=screenshots / "tritarea-phone-after-computer-build.png", full_page=True)


def two_blocks_for_a_computer_seat(engine, state) -> bool:
    """The person decides where a computer seat with the second right builds, and it
    may stack two blocks (rulebook: the second rights holder "may place two blocks on
    top of each other in the same location")."""
    return engine.view(state, 0)["deciding_for"] is not None and any(
        len(a.split()) == 3 for a in engine.legal_actions(state, 0)
    )


SQUARE = """square => {
  const g = [...document.querySelectorAll('#board g.square')]
    .find(g => g.querySelector('title').textContent.startsWith(square + ','));
  return {title: g.querySelector('title').textContent,
          fills: [...g.querySelectorAll('rect.block')].map(r => r.getAttribute('fill'))};
}"""
