"""A Trias turn on a phone, by taps only (issue 11).

Two people sign up and start a two-player game; then, each on a 390 x 844 touch
screen, they place their herds, and the first player plays a whole turn: the card
(the page's button), the mandatory drift (a tile, then the water it goes to), a
wrong tap on a tile that could drift for all 3 actions (it spends nothing), a move
and a reproduction (the herds, then a lit tile or "+1 herd"), and a last move that
ends the turn. After every tap the test checks what a player would see change, and
that the board stays legible and tappable on the phone (text 12 px, targets 24 px,
the page never wider than the screen, the board one size whatever is picked). Herds
are tapped where they stand: the tap picks their tile (issue 34). Screenshots of each
step go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import GameStatus
from titles.trias import engine as trias

from .helpers import (
    TIMEOUT_MS,
    Player,
    accept_invitation,
    create_game,
    game_of,
    sign_up,
    step_away,
    tap_board,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

SIZES = """() => {
  const svg = document.querySelector('#board svg');
  const scale = svg.getScreenCTM().a;
  const small = (sel, min) => [...svg.querySelectorAll(sel)].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width < min || r.height < min;
  }).length;
  const fonts = [...svg.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')));
  const box = svg.getBoundingClientRect();
  return {
    text: Math.min(...fonts) * scale,
    smallTargets: small('[data-select],[data-action]', 24),
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    size: [Math.round(box.width), Math.round(box.height)],
  };
}"""
HERD_PLACE = re.compile(r"^(.*) (?:on|swimming at) (-?\d+,-?\d+)(?::|$)")


def on_phone(new_context, live_server, player: Player) -> Player:
    """The player's own session (signed in), now on a phone-sized touch screen."""
    context = new_context(
        base_url=live_server.url,
        viewport=PHONE,
        has_touch=True,
        storage_state=player.page.context.storage_state(),
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return Player(player.username, page)


def legible(page: Page) -> list[int]:
    """Check the board as the phone shows it now; returns its size on screen."""
    sizes = page.evaluate(SIZES)
    assert sizes["text"] >= 12, sizes
    assert sizes["smallTargets"] == 0, sizes
    assert sizes["overflow"] <= 0, sizes
    return sizes["size"]


def moves(page: Page):
    return page.locator("ol.moves li[value]")


def status(page: Page):
    return page.locator("#board text.status").first


def herds_of(page: Page, colour: str, pos: str) -> int:
    """How many of ``colour``'s herds the board says are at ``pos``."""
    for label in page.eval_on_selector_all(
        "#board .herd", "els => els.map(e => e.getAttribute('aria-label'))"
    ):
        found = HERD_PLACE.match(label)
        if found and found.group(2) == pos:
            count = re.search(rf"(\d+) {colour} herds?\b", found.group(1))
            return int(count.group(1)) if count else 0
    return 0


def tap_herds(page: Page, pos: str) -> None:
    """Tap the middle of the herd chips standing at ``pos``."""
    herd = page.locator(f'#board .herd[aria-label$=" {pos}"]')
    herd.scroll_into_view_if_needed()  # (the news above the board may push it down)
    box = herd.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def tile_at(page: Page, pos: str):
    return page.locator("#board g.tile > title").filter(
        has_text=re.compile(rf" at {re.escape(pos)}\b")
    )


def test_a_trias_turn_is_played_on_a_phone_by_taps_only(
    new_context, live_server, mailoutbox, screenshots
):
    people = {n: sign_up(new_context, live_server, mailoutbox, n) for n in ("ann", "ben")}
    game_id = create_game(people["ann"], "trias", players=2, invite=["ben"])
    accept_invitation(people["ben"], game_id)
    step_away(*people.values())
    game, engine, state = game_of(game_id)
    assert game.status == GameStatus.ACTIVE
    seats = game.seats.select_related("user")
    phones = {s.index: on_phone(new_context, live_server, people[s.user.username]) for s in seats}

    # Setup: each taps a free tile, then "Place here" (TS11: 2 herds, twice each).
    for ply in range(1, 5):
        game, engine, state = game_of(game_id)
        seat = game.to_move[0]
        page = phones[seat].page
        page.goto(f"/games/{game_id}/")
        expect(status(page)).to_contain_text(f"{trias.COLOURS[seat]} places 2 herds")
        size = legible(page)
        free = page.locator("#board .tile.can-place")
        assert free.count() == len(engine.legal_actions(state, seat))
        tile = free.nth(ply * 3 % free.count())
        where = tile.get_attribute("data-select").split(":")[1]
        tap_board(tile)
        place = page.locator(f'#board [data-action="p {where}"]')
        expect(place).to_contain_text("Place here")  # a second, deliberate tap
        expect(page.locator("#board .tile.selected")).to_have_count(1)
        assert legible(page) == size, "the board keeps its size while a tile is picked"
        assert moves(page).count() == ply - 1, "picking a tile placed nothing"
        if ply == 1:
            page.screenshot(path=screenshots / "trias-phone-1-place.png")
        tap_board(place)
        expect(moves(page)).to_have_count(ply)
        assert herds_of(page, trias.COLOURS[seat], where) == 2
        step_away(phones[seat])

    game, engine, state = game_of(game_id)
    seat = game.to_move[0]
    colour = trias.COLOURS[seat]
    page = phones[seat].page
    page.goto(f"/games/{game_id}/")
    ply = moves(page).count()

    # Phase 1: the card, on the page's button; a tile of its landscape must drift.
    expect(status(page)).to_contain_text(f"{colour} plays or draws a card")
    page.screenshot(path=screenshots / "trias-phone-2-card.png")
    page.locator('button[name=action][value="play"]').tap()
    ply += 1
    expect(moves(page)).to_have_count(ply)
    expect(status(page)).to_contain_text(f"{colour} drifts a")
    drifting = page.locator("#board .tile.can-drift")
    expect(drifting.first).to_be_visible()
    size = legible(page)

    tap_board(drifting.first)
    targets = page.locator("#board .drift-target")
    expect(targets.first).to_be_visible()
    assert legible(page) == size
    page.screenshot(path=screenshots / "trias-phone-3-drift.png")
    assert moves(page).count() == ply, "picking the tile drifted nothing"
    picked = page.locator("#board .tile.selected").get_attribute("data-select").split(":")[1]
    destination = targets.first.get_attribute("data-action").split(">")[1]
    tap_board(targets.first)
    ply += 1
    expect(moves(page)).to_have_count(ply)
    expect(status(page)).to_contain_text(f"{colour} has 3 actions left")
    expect(tile_at(page, destination)).to_have_count(1)  # the tile is where it went
    expect(tile_at(page, picked)).to_have_count(0)

    # A wrong tap on a tile that could drift now (all 3 actions) spends nothing: each
    # place it could go says the cost, and a second tap on the tile lets it go.
    optional = page.locator('#board .tile.can-drift[data-select^="d:"]')
    if optional.count():
        token = optional.first.get_attribute("data-select")
        tap_board(optional.first)
        expect(page.locator("#board .drift-target").first).to_contain_text("3")
        page.screenshot(path=screenshots / "trias-phone-4-optional-drift.png")
        tap_board(page.locator(f'#board .tile[data-select="{token}"]'))
        expect(page.locator("#board .drift-target")).to_have_count(0)
        assert moves(page).count() == ply
        expect(status(page)).to_contain_text(f"{colour} has 3 actions left")

    # Action 1: a herd (tapped on its chip, which lets the tap through to its tile),
    # then a lit tile next to it.
    mine = page.locator('#board .tile[data-select^="m:"]')
    expect(mine.first).to_be_visible()
    origin = mine.first.get_attribute("data-select").split(":")[1]
    before = herds_of(page, colour, origin)
    tap_herds(page, origin)
    expect(page.locator("#live")).to_have_attribute("data-selected", f"m:{origin}")
    steps = page.locator(f'#board .move-target[data-action^="m {origin}>"]')
    expect(steps.first).to_be_visible()
    assert legible(page) == size
    page.screenshot(path=screenshots / "trias-phone-5-move.png")
    to = steps.first.get_attribute("data-action").split(">")[1]
    arrived = herds_of(page, colour, to)
    tap_board(steps.first)
    ply += 1
    expect(moves(page)).to_have_count(ply)
    expect(status(page)).to_contain_text(f"{colour} has 2 actions left")
    assert herds_of(page, colour, origin) == before - 1
    assert herds_of(page, colour, to) == arrived + 1

    # Action 2: a herd reproduces ("+1 herd" on the picked herds' tile).
    game, engine, state = game_of(game_id)
    legal = engine.legal_actions(state, seat)
    boxes = page.eval_on_selector_all(
        '#board .tile[data-select^="m:"]', "els => els.map(e => e.dataset.select)"
    )
    where = next(t.split(":")[1] for t in boxes if f"+ {t.split(':')[1]}" in legal)
    before = herds_of(page, colour, where)
    tap_herds(page, where)
    grow = page.locator(f'#board [data-action="+ {where}"]')
    expect(grow).to_contain_text("+1 herd")
    tap_board(grow)
    ply += 1
    expect(moves(page)).to_have_count(ply)
    expect(status(page)).to_contain_text(f"{colour} has 1 action left")
    assert herds_of(page, colour, where) == before + 1

    # Action 3, the last of a two-player turn (TS15): it ends the turn.
    tap_board(page.locator('#board .tile[data-select^="m:"]').first)
    tap_board(page.locator("#board .move-target").first)
    ply += 1
    expect(moves(page)).to_have_count(ply)
    other = trias.COLOURS[1 - seat]
    expect(status(page)).to_contain_text(f"{other} plays or draws a card")
    expect(page.locator("#board [data-select], #board [data-action]")).to_have_count(0)
    legible(page)
    page.screenshot(path=screenshots / "trias-phone-6-turn-over.png")
    step_away(*phones.values())
    game, engine, state = game_of(game_id)
    assert game.to_move == [1 - seat] and state.phase == "card"
