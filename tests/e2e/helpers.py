"""What a person does in the browser: sign up, start a game, accept, click the board."""

from __future__ import annotations

import re
from dataclasses import dataclass

from playwright.sync_api import Browser, Page, expect

from games.models import Game
from games.replay import load_state

PASSWORD = "a long enough passphrase 42"
TIMEOUT_MS = 15_000


@dataclass
class Player:
    username: str
    page: Page


def sign_up(browser: Browser, live_server, mailoutbox, username: str) -> Player:
    """Sign up on the real pages and confirm the address from the emailed link."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
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


def clickable_on_board(page: Page) -> tuple[list[str], list[str]]:
    """The board's ``data-action`` values and ``data-select`` tokens right now."""
    actions = page.eval_on_selector_all(
        "#board [data-action]", "els => els.map(e => e.dataset.action)"
    )
    selects = page.eval_on_selector_all(
        "#board [data-select]", "els => els.map(e => e.dataset.select)"
    )
    return actions, selects


def _token_fits(token: str, action: str) -> bool:
    """Whether a select token (``c1``, ``card:I5``, ``sq:c2``) names part of ``action``."""
    word = token.split(":")[-1]
    return (
        bool(word) and re.search(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![0-9])", action) is not None
    )


def play(page: Page, action: str, *, expect_ply: int) -> str:
    """Play ``action`` the way a person would: on the board where it can be clicked,
    else with its button in the action list. Returns how it was played."""
    expect(page.locator("#board-form")).to_have_count(1)  # the page says it is our turn
    how = ""
    if _board_action(page, action).count():
        _board_action(page, action).first.click()
        how = "board"
    else:
        _, selects = clickable_on_board(page)
        for token in [t for t in selects if _token_fits(t, action)]:
            page.locator(f"#board [data-select={_css_string(token)}]").first.click()
            expect(page.locator("#live")).to_have_attribute("data-selected", token)
            if _board_action(page, action).count():
                _board_action(page, action).first.click()
                how = "select+board"
                break
        if not how:
            page.locator(f".action-list button[name=action][value={_css_string(action)}]").click()
            how = "button"
    expect(page.locator(f'ol.moves li[value="{expect_ply}"]')).to_have_count(1)
    expect(page.locator("#live .message.error")).to_have_count(0)
    return how
