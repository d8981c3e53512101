"""Every game's board seen whole (issue 34), over positions from long games of every
game and player count (``long_games``: for Trias the widest board of each game), at a
phone's and a desktop's size, as the game page comes and with a piece picked:

- the board's box lies within the window, nothing in it scrolls sideways, and the page
  is no wider than the window;
- on the desktop the board and the turn panel stand side by side, the board no taller
  than the window;
- at the fitted size every clickable part of the board is at least 24 x 24 px and
  every text on it at least 12 px (``test_page_checks.MEASURE``);
- taps land: a tap at the middle of any clickable part (for a Trias tile, where its
  herds stand) reaches that part, not a marker standing on it.

Screenshots (the window, not the whole page) go to ``test-artifacts/screenshots/fit/``
or to ``$BOARD_SHOTS`` when set.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from games import boards
from games.replay import load_state

from .long_games import build_all
from .test_page_checks import MEASURE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1280, 900)]

BOX = """() => {
  const board = document.querySelector('#board');
  const svg = board.querySelector('svg');
  const b = svg.getBoundingClientRect();
  const side = document.querySelector('#live aside.side');
  const s = side ? side.getBoundingClientRect() : null;
  return {
    board: [b.left, b.top, b.right, b.bottom, b.width, b.height],
    sideways: board.scrollWidth - board.clientWidth,
    window: [window.innerWidth, window.innerHeight],
    side: s ? [s.left, s.top] : null,
    page: document.documentElement.scrollWidth - window.innerWidth,
  };
}"""


# Each clickable part's middle, and for each herd box the middle of it: what a tap there
# reaches (the clickable part under it, or nothing).
HITS = """() => {
  const out = [];
  const svg = document.querySelector('#board svg');
  const clickable = el => el && el.closest && el.closest('[data-select],[data-action]');
  const hit = r => clickable(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  const name = el => el.dataset.select || el.dataset.action;
  for (const el of svg.querySelectorAll('[data-select],[data-action]')) {
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    const got = hit(r);
    if (got !== el) out.push([name(el), got ? name(got) : null]);
  }
  for (const herd of svg.querySelectorAll('.herd')) {
    herd.scrollIntoView({block: 'center', inline: 'center'});
    const r = herd.getBoundingClientRect();
    const under = [...svg.querySelectorAll('.tile[data-select], [data-select].can-rescue')]
      .find(t => t.contains(document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        .find(e => t.contains(e))));
    const got = hit(r);
    if (under && got !== under) out.push([herd.getAttribute('aria-label'), got ? name(got) : null]);
  }
  window.scrollTo(0, 0);
  return out;
}"""


def _first_choice(game, user) -> str | None:
    seat = game.seats.get(user=user)
    engine, state = game.engine_module, load_state(game)
    if seat.index not in engine.to_move(state):
        return None
    actions = engine.legal_actions(state, seat.index)
    guide = boards.guide(
        game.engine, engine.view(state, seat.index), seat=seat.index, actions=actions
    )
    return guide.choices[0].token if guide.choices else None


@pytest.mark.parametrize("width,height", SIZES, ids=["phone", "desktop"])
def test_every_board_is_seen_whole(live_server, browser, width, height):
    positions = build_all()
    folder = Path(
        os.environ.get("BOARD_SHOTS")
        or Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots" / "fit"
    )
    folder.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for pos in positions:
        context = browser.new_context(viewport={"width": width, "height": height})
        client = Client()
        client.force_login(pos.viewer)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
        page = context.new_page()
        token = _first_choice(pos.game, pos.viewer)
        visits = [("", f"/games/{pos.game.pk}/")]
        if token:
            visits.append(("-picked", f"/games/{pos.game.pk}/?select={token}"))
        for suffix, path in visits:
            label = f"{pos.label}{suffix} ({pos.width_units:.0f} units wide) at {width}"
            page.goto(live_server.url + path)
            page.screenshot(path=folder / f"{pos.label}{suffix}-{width}.png")
            box = page.evaluate(BOX)
            left, _top, right, bottom, _w, h = box["board"]
            if left < 0 or right > width + 0.5:
                problems.append(f"{label}: board spans x {left:.0f}..{right:.0f}")
            if box["sideways"] > 0:
                problems.append(f"{label}: the board scrolls sideways by {box['sideways']}")
            if box["page"] > 0:
                problems.append(f"{label}: the page is {box['page']} px wider than the window")
            if width > 390:
                if h > height:
                    problems.append(f"{label}: board {h:.0f} px tall in a {height} px window")
                if box["side"] and (box["side"][0] < right - 1 or box["side"][1] > bottom):
                    problems.append(f"{label}: the turn panel is not beside the board")
            missed = page.evaluate(HITS)
            if missed and width == 390:
                problems.append(f"{label}: taps that miss (meant, reached): {missed[:4]}")
            sizes = page.evaluate(MEASURE)
            if sizes["text"]:
                problems.append(f"{label}: board text under 12 px: {sizes['text'][:3]}")
            if sizes["targets"]:
                problems.append(f"{label}: targets under 24 px: {sizes['targets'][:3]}")
            page.goto("about:blank")
        context.close()
    assert not problems, "\n".join(problems)
