"""Every page of the site in a real Chromium, at a phone's and a desktop's size (issue 11,
"Checks that must pass"): signed out and signed in, each game mid-turn and in each
phase of a turn the demo data reaches (with a piece picked too), finished games,
replay, settings, lobby, new game, history, rules pages, games to watch; admin
excluded. On each:

- no horizontal overflow (``scrollWidth`` <= the viewport's width);
- no text on a board smaller than 12 CSS px, no clickable board part smaller than
  24 x 24 CSS px (WCAG 2.2, 2.5.8), hand cards at least 40 px on a phone;
- axe-core (axe-playwright-python, offline) reports no serious or critical violation.

Then every board seen whole (issue 34, ``test_every_board_is_seen_whole``) over
positions from long games of every game and player count (``long_games``).

Every page is saved as a screenshot under ``test-artifacts/screenshots/pages/``. One
browser, one context per viewer and size; the demo data (``manage.py demo``, seeded once
a worker: the ``demo_site`` fixture) is the site's content, and the walk through a
turn's phases plays through the services. Both checks run in parts (``PARTS``; a
position each), so that pytest-xdist's workers share them out.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.test import Client

from accounts.models import User
from games import boards, services
from games.models import Game, GameStatus
from games.replay import load_state

from .long_games import LONG_GAMES, build, label

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1280, 900)]
PHONE_WIDTH = 390
STEPS_PER_GAME = 10  # moves played while walking a game through a turn's phases

MEASURE = """() => {
  const out = {overflow: document.documentElement.scrollWidth - window.innerWidth,
               text: [], targets: [], pieces: []};
  const svg = document.querySelector('#board svg');
  if (!svg) return out;
  const scale = el => { const m = el.getScreenCTM(); return m ? Math.hypot(m.a, m.b) : 1; };
  const name = el => (el.getAttribute('aria-label') || el.textContent || el.tagName)
    .trim().slice(0, 40);
  for (const t of svg.querySelectorAll('text')) {
    if (!t.getClientRects().length || !t.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * scale(t);
    if (px < 12) out.text.push([name(t), Math.round(px * 10) / 10]);
  }
  const side = el => { const r = el.getBoundingClientRect(); return Math.min(r.width, r.height); };
  for (const el of svg.querySelectorAll('[data-select], [data-action]')) {
    if (el.getClientRects().length && side(el) < 24) {
      out.targets.push([name(el), Math.round(side(el))]);
    }
  }
  // Pieces a player taps (a word in a line of text, such as Trias's "hand card: wood",
  // is held to the text size instead). Trias's herds are not among them: a tap on them
  // is a tap on their hex (a target of its own), and their counts are held to the text.
  for (const el of svg.querySelectorAll('.hand-card:not(tspan)')) {
    if (el.getClientRects().length) out.pieces.push([name(el), Math.round(side(el))]);
  }
  return out;
}"""


@dataclass
class Visit:
    name: str
    path: str
    viewer: str | None  # a username, or None when signed out


def _due_user(game: Game) -> User | None:
    seats = {s.index: s for s in game.seats.select_related("user")}
    return next((seats[i].user for i in game.to_move if seats[i].user), None)


def _choice_token(game: Game, user: User) -> str | None:
    """The first piece the user could pick now (the guide's first choice)."""
    seat = game.seats.get(user=user)
    engine, state = game.engine_module, load_state(game)
    actions = engine.legal_actions(state, seat.index)
    view = engine.view(state, seat.index)
    guide = boards.guide(game.engine, view, seat=seat.index, actions=actions)
    return guide.choices[0].token if guide.choices else None


def _phase(game: Game, user: User) -> tuple:
    """What distinguishes one step of a turn from another on the page."""
    seat = game.seats.get(user=user)
    engine, state = game.engine_module, load_state(game)
    view = engine.view(state, seat.index)
    actions = engine.legal_actions(state, seat.index) if seat.index in game.to_move else []
    guide = boards.guide(game.engine, view, seat=seat.index, actions=actions)
    return (view.get("phase"), bool(guide.choices), bool(guide.buttons), guide.acting_for != "")


def _walk(game: Game, label: str, player: User, run) -> None:
    """Play ``game`` on for a few moves (everyone's first legal action, ``end`` and
    ``pass`` last), calling ``run(name, path, viewer)`` for each new step of
    ``player``'s turns: the page as it comes, and with a piece picked."""
    seen = set()
    for step in range(STEPS_PER_GAME + 1):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            return
        due = _due_user(game)
        if due == player:
            phase = _phase(game, player)
            if phase not in seen:
                seen.add(phase)
                name = f"{label}-step{step}"
                run(name, f"/games/{game.pk}/", player.username)
                token = _choice_token(game, player)
                if token:
                    run(f"{name}-picked", f"/games/{game.pk}/?select={token}", player.username)
        if step == STEPS_PER_GAME or due is None:
            return
        seat = game.seats.get(user=due)
        legal = game.engine_module.legal_actions(load_state(game), seat.index)
        legal.sort(key=lambda a: a in ("end", "pass"))
        services.move_play(
            game_id=game.pk, user=due, action=legal[0], expected_version=game.version
        )


# The walk split into parts that run as tests of their own (pytest-xdist spreads them
# over its workers), each on the demo data as ``manage.py demo`` makes it, and how many
# pages each part checks at least: together more than 40, and a turn of each game
# walked (a solo Tri*T*Area may start with a computer's turn: its walk may show none).
PARTS = {
    "signed-out": 11,
    "signed-in": 9,
    "games-triad": 3,  # in play, finished, an invitation
    "games-trias": 3,  # in play, finished, open in the lobby
    "games-tritarea": 2,  # in play, finished
    "replays": 6,  # three finished games, at the end and at the start
    "walk-triad": 2,  # Alice's turn as it comes and with a piece picked
    "walk-trias": 2,
    "walk-tritarea": 2,
    "walk-new-trias": 1,
    "walk-new-tritarea": 0,
}
WALKED = {"walk-triad", "walk-trias", "walk-tritarea"}  # the demo's games: Alice is due


def test_the_parts_of_the_page_walk_cover_more_than_forty_pages_and_every_game():
    assert sum(PARTS.values()) > 40  # each part checks its own count
    engines = {part.rsplit("-", 1)[1] for part in WALKED}
    assert engines == {"triad", "trias", "tritarea"}


@pytest.mark.parametrize("part", list(PARTS))
@pytest.mark.parametrize("width,height", SIZES, ids=["phone", "desktop"])
def test_every_page_fits_the_screen_reads_at_size_and_passes_axe(
    live_server, browser, screenshots, demo_site, width, height, part
):
    alice = User.objects.get(username="alice")
    bob = User.objects.get(username="bob")
    # A Trias in its first round (placing herds) and a solo Tri*T*Area from its start:
    # the phases the demo's games are past.
    fresh = [
        services.game_create(
            creator=alice, engine=engine, num_players=n, options={}, days_per_move=3,
            invitees=invitees, is_public=True,
        )
        for engine, n, invitees in (("trias", 2, [bob]), ("tritarea", 1, []))
    ]  # fmt: skip
    services.invitation_accept(game_id=fresh[0].pk, user=bob)

    folder = screenshots / "pages"
    folder.mkdir(parents=True, exist_ok=True)
    contexts = {}
    axe = Axe()
    problems: list[str] = []
    checked: list[str] = []

    def page_for(viewer: str | None):
        if viewer not in contexts:
            context = browser.new_context(viewport={"width": width, "height": height})
            if viewer:
                client = Client()
                client.force_login(User.objects.get(username=viewer))
                cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
                session = {"name": settings.SESSION_COOKIE_NAME, "value": cookie}
                context.add_cookies([{**session, "url": live_server.url}])
            contexts[viewer] = context.new_page()
        return contexts[viewer]

    def run(name: str, path: str, viewer: str | None) -> None:
        page = page_for(viewer)
        response = page.goto(live_server.url + path)
        label = f"{name} ({viewer or 'signed out'}, {path})"
        checked.append(label)
        if response is None or response.status >= 400:
            problems.append(f"{label}: HTTP {response and response.status}")
        shot = folder / f"{name}-{viewer or 'anon'}-{width}x{height}.png"
        page.screenshot(path=shot, full_page=True)
        sizes = page.evaluate(MEASURE)
        if sizes["overflow"] > 0:
            problems.append(f"{label}: {sizes['overflow']} px wider than the screen")
        if sizes["text"]:
            problems.append(f"{label}: board text under 12 px: {sizes['text'][:3]}")
        if sizes["targets"]:
            problems.append(f"{label}: board targets under 24 px: {sizes['targets'][:3]}")
        small = [p for p in sizes["pieces"] if p[1] < 40]
        if width <= PHONE_WIDTH and small:
            problems.append(f"{label}: cards under 40 px on a phone: {small[:3]}")
        for v in axe.run(page).response["violations"]:
            if v["impact"] in ("serious", "critical"):
                where = [n["target"] for n in v["nodes"][:3]]
                problems.append(f"{label}: axe {v['id']} ({v['impact']}) on {where}")
        page.goto("about:blank")  # no poll of this page runs beside the next reads

    games = list(Game.objects.order_by("pk"))
    finished = [g for g in games if g.status == GameStatus.FINISHED]
    public = next(g for g in games if g.status == GameStatus.ACTIVE)

    if part == "signed-out":
        for name, path in [
            ("front", "/"), ("watch", "/watch/"), ("rules", "/rules/"),
            ("rules-triad", "/rules/triad/"), ("rules-trias", "/rules/trias/"),
            ("rules-tritarea", "/rules/tritarea/"), ("sign-in", "/accounts/login/"),
            ("sign-up", "/accounts/signup/"), ("reset-password", "/accounts/password/reset/"),
            ("spectator", f"/games/{public.pk}/"), ("history-public", "/players/bob/"),
        ]:  # fmt: skip
            run(name, path, None)
    if part == "signed-in":  # lists and forms
        for name, path in [
            ("my-games", "/"), ("games-in-play", "/games/active/"), ("lobby", "/lobby/"),
            ("new-game", "/games/new/"), ("settings", "/settings/"),
            ("history", "/players/alice/"), ("watch-signed-in", "/watch/"),
            ("email-addresses", "/accounts/email/"),
            ("change-password", "/accounts/password/change/"),
        ]:  # fmt: skip
            run(name, path, "alice")
    # Every game as it stands, then finished games and their replays. Names that are
    # the same at both sizes (ids are not): the engine, its status and a number.
    labels, counts = {}, {}
    for game in [*games, *fresh]:
        key = (game.engine, game.status)
        counts[key] = counts.get(key, 0) + 1
        labels[game.pk] = f"{game.engine}-{game.status}{counts[key]}"
    for game in games:
        if part == f"games-{game.engine}":
            viewer = "alice" if game.seats.filter(user=alice).exists() else "dave"
            run(labels[game.pk], f"/games/{game.pk}/", viewer)
    if part == "replays":
        for game in finished:
            run(f"replay-{labels[game.pk]}", f"/games/{game.pk}/replay/", "alice")
            run(f"replay-{labels[game.pk]}-start", f"/games/{game.pk}/replay/?ply=0", None)
    # Each game on through the steps of Alice's turns: the demo's games in play, and
    # the two new ones.
    walks = {f"walk-{g.engine}": g for g in games if g.status == GameStatus.ACTIVE}
    walks |= {f"walk-new-{g.engine}": g for g in fresh}
    if part in walks and walks[part].seats.filter(user=alice).exists():
        _walk(walks[part], labels[walks[part].pk], alice, run)

    for page in contexts.values():
        page.context.close()
    assert len(checked) >= PARTS[part], checked
    if part in WALKED:
        engine = part.rsplit("-", 1)[1]
        assert any(re.match(rf"{engine}-\w+-step", c) for c in checked), checked
    assert not problems, "\n".join(problems)


# --- every board seen whole (issue 34) ------------------------------------------------


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


@pytest.mark.parametrize("game", LONG_GAMES, ids=[label(*spec) for spec in LONG_GAMES])
@pytest.mark.parametrize("width,height", SIZES, ids=["phone", "desktop"])
def test_every_board_is_seen_whole(live_server, browser, width, height, game):
    """Every game's board seen whole (issue 34), over positions from long games of every
    game and player count (``long_games``: for Trias the widest board of each game; a
    position to each test, built by it), at a phone's and a desktop's size, as the game
    page comes and with a piece picked:

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
    positions = [build(*game)]  # one position a test: the workers share them out
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


# --- the Trias rules page on a phone ----------------------------------------------------

RULES_FIT = """() => {
  const sideways = [...document.querySelectorAll('body *')]
    .filter(e => e.scrollWidth > e.clientWidth + 1
            && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
    .map(e => (e.closest('figure') || e).id || e.className);
  const outside = [...document.querySelectorAll('main *')].filter(e => {
    if (e.closest('.visually-hidden')) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.left < -0.5 || r.right > window.innerWidth + 0.5);
  }).map(e => `${(e.closest('figure') || {}).id}: ${e.tagName} ${e.textContent.slice(0, 30)}`);
  const small = [];
  document.querySelectorAll('.diagram-art svg').forEach(svg => {
    svg.querySelectorAll('text, tspan').forEach(t => {
      if (!t.textContent.trim() || !t.getClientRects().length) return;
      const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
      if (px < 11.95) small.push(`${svg.closest('figure').id}: ${px.toFixed(1)} px`);
    });
  });
  return {width: document.scrollingElement.scrollWidth, sideways, outside, small,
          diagrams: document.querySelectorAll('.diagram-art svg').length};
}"""


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_trias_rules_page_fits_a_phone_without_scrolling_sideways(live_server, browser, locale):
    """At 390 x 844 every diagram of the Trias rules is drawn within the screen's width
    (no box of its own to scroll sideways, nothing drawn past the edge, a button row in
    German too), its text still at 12 px."""
    page = browser.new_page(viewport={"width": PHONE_WIDTH, "height": 844}, locale=locale)
    page.goto(f"{live_server.url}/rules/trias/")
    fit = page.evaluate(RULES_FIT)
    page.close()
    assert fit["diagrams"] >= 15
    assert fit["width"] <= PHONE_WIDTH
    assert fit["sideways"] == [] and fit["outside"] == [] and fit["small"] == [], fit
