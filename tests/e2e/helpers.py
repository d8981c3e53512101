"""What a person does in the browser: sign up, start a game, accept, click the board."""

from __future__ import annotations

import re
from dataclasses import dataclass

from playwright.sync_api import Page, expect

from games import boards
from games.models import Game
from games.replay import load_state

PASSWORD = "a long enough passphrase 42"
TIMEOUT_MS = 15_000


@dataclass
class Player:
    username: str
    page: Page


def sign_up(new_context, live_server, mailoutbox, username: str) -> Player:
    """Sign up on the real pages and confirm the address from the emailed link.

    ``new_context`` is pytest-playwright's fixture: each player gets a browser
    context of their own, closed when the test ends."""
    context = new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto("/accounts/signup/")
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    sent_before = len(mailoutbox)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/"))
    assert len(mailoutbox) == sent_before + 1, "no verification email was sent"
    mail = mailoutbox[-1]
    assert mail.to == [f"{username}@example.com"]
    link = re.search(r"https?://\S+?(/accounts/confirm-email/\S+/)", mail.body)
    assert link, mail.body
    page.goto(link.group(1))
    page.get_by_role("button", name=re.compile("confirm", re.I)).click()
    # Confirming signs the player in: the header names them.
    expect(page.locator("header .player")).to_have_text(username)
    return Player(username, page)


def create_game(
    player: Player, engine: str, *, players: int, invite: list[str] = (), options: dict = ()
) -> int:
    """Start a game on the New game page; returns its id."""
    page = player.page
    page.goto("/games/new/")
    page.locator(f"input[name=engine][value={engine}]").check()
    page.select_option(f"select[name={engine}__players]", str(players))
    for name, value in dict(options).items():
        page.select_option(f"select[name={engine}__{name}]", str(value))
    page.fill("input[name=invite]", ", ".join(invite))
    page.get_by_role("button", name="Create game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    return int(re.search(r"/games/(\d+)/$", page.url).group(1))


def step_away(*players: Player) -> None:
    """The players leave the game page (its poll would run beside the test's reads:
    with SQLite in memory the live server and the test share one connection)."""
    for player in players:
        player.page.goto("about:blank")


def accept_invitation(player: Player, game_id: int) -> None:
    """Accept from My games."""
    page = player.page
    page.goto("/")
    row = page.locator(".game-row", has=page.locator(f'a[href="/games/{game_id}/"]'))
    row.get_by_role("button", name="Accept").click()
    page.wait_for_url(f"**/games/{game_id}/")
    expect(page.locator(".messages")).to_contain_text("Invitation accepted")


def game_of(game_id: int):
    """The stored game, its engine and current state (read from the DB snapshot)."""
    game = Game.objects.get(pk=game_id)
    engine = game.engine_module
    state = load_state(game) if game.state is not None else None
    return game, engine, state


def _board_action(page: Page, action: str):
    return page.locator(f"#board [data-action={_css_string(action)}]")


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


_VISIBLE_POINT = """el => {
  // A point of the element that is not covered by another clickable part (e.g. a
  // button drawn on top of a square): where a person would click it.
  const r = el.getBoundingClientRect();
  for (const fy of [0.5, 0.2, 0.8, 0.1, 0.9]) {
    for (const fx of [0.5, 0.2, 0.8, 0.1, 0.9]) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest("[data-action],[data-select]") === el) return {x, y};
    }
  }
  return null;
}"""


def click_board(locator) -> None:
    """Click a board element where it can be seen, as a person would."""
    locator.scroll_into_view_if_needed()
    point = locator.evaluate(_VISIBLE_POINT)
    assert point, f"no visible part of {locator} to click"
    locator.page.mouse.click(point["x"], point["y"])


def tap_board(locator) -> None:
    """Tap a board element where it can be seen, as a person on a phone would (the
    page needs a context with ``has_touch``)."""
    locator.scroll_into_view_if_needed()
    point = locator.evaluate(_VISIBLE_POINT)
    assert point, f"no visible part of {locator} to tap"
    locator.page.touchscreen.tap(point["x"], point["y"])


def clickable_on_board(page: Page) -> tuple[list[str], list[str]]:
    """The board's ``data-action`` values and ``data-select`` tokens right now."""
    actions = page.eval_on_selector_all(
        "#board [data-action]", "els => els.map(e => e.dataset.action)"
    )
    selects = page.eval_on_selector_all(
        "#board [data-select]", "els => els.map(e => e.dataset.select)"
    )
    return actions, selects


def _select_tokens_for(action: str, tokens: list[str]) -> list[str]:
    """Select tokens (``c1``, ``card:I5``, ``m:0,1``) naming a part of ``action``; those
    whose prefix is the action's verb and that name its first part come first."""
    verb = action.split(" ", 1)[0]
    fitting = []
    for token in tokens:
        prefix, _, word = token.rpartition(":")
        found = (
            re.search(rf"(?<![A-Za-z0-9,]){re.escape(word)}(?![0-9,])", action) if word else None
        )
        if found:
            fitting.append((prefix not in ("", verb), found.start(), token))
    return [token for *_, token in sorted(fitting)]


def guide_token(page: Page, action: str) -> str | None:
    """The turn guide's choice (``games.boards``) that offers ``action``, if any."""
    game, engine, state = game_of(int(re.search(r"/games/(\d+)/", page.url).group(1)))
    for seat in game.to_move:
        legal = engine.legal_actions(state, seat)
        if action in legal:
            guide = boards.guide(game.engine, engine.view(state, seat), seat=seat, actions=legal)
            for choice in guide.choices:
                if any(t.action == action for t in choice.targets):
                    return choice.token
    return None


def play(page: Page, action: str, *, expect_ply: int) -> str:
    """Play ``action`` the way a person would: on the board where it can be clicked,
    else with its button in the action list. Returns how it was played."""
    expect(page.locator("#board-form")).to_have_count(1)  # the page says it is our turn
    how = ""
    if _board_action(page, action).count():
        click_board(_board_action(page, action).first)
        how = "board"
    else:
        _, selects = clickable_on_board(page)
        for token in _select_tokens_for(action, selects):
            click_board(page.locator(f"#board [data-select={_css_string(token)}]").first)
            expect(page.locator("#live")).to_have_attribute("data-selected", token)
            if _board_action(page, action).count():
                click_board(_board_action(page, action).first)
                how = "select+board"
                break
        if not how:
            # The list beside the board: a button of its own, or a choice and then
            # one of its targets (the same two steps as the board).
            button = page.locator(f"#live button[name=action][value={_css_string(action)}]")
            if not button.count():
                token = guide_token(page, action)
                assert token is not None, f"{action} is neither on the board nor in the list"
                page.locator(f"#live .choice-button[data-token={_css_string(token)}]").click()
                expect(page.locator("#live")).to_have_attribute("data-selected", token)
            button.click()
            how = "button"
    expect(page.locator(f'ol.moves li[value="{expect_ply}"]')).to_have_count(1)
    expect(page.locator("#live .message.error")).to_have_count(0)
    return how


def page_at(browser, url: str, width: int, height: int, locale: str = "en") -> Page:
    """``url`` loaded in a fresh context of the given window size and language, signed
    out; close it with ``page.context.close()``."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    page.wait_for_load_state("load")
    return page
