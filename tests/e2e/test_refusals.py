"""A refused typed move leaves the page whole on a phone (issue 34: "the reply replaces
the whole page: no styles, no header, a 734 px board on a 390 px phone").

Run with ``DEBUG`` on, as ``bin/serve`` runs: that is when django-htmx's debug script
is on the page, the one that put every 400 answer in place of the whole document."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from chat import services as chat_services
from chat.models import Message
from games.models import Move
from tests.factories import UserFactory
from tests.web.helpers import seat_user, start_game

from .helpers import TIMEOUT_MS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _signed_in(context, live_server, user):
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "plain-post"])
def test_a_refused_typed_move_leaves_the_page_whole_on_a_phone(
    live_server, browser, settings, screenshots, javascript
):
    settings.DEBUG = True  # django-htmx's debug script on the page, as under bin/serve
    game = start_game("triad", [UserFactory(username="alice"), UserFactory(username="bob")])
    player = seat_user(game, game.to_move[0])
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        java_script_enabled=javascript,
    )
    page = _signed_in(context, live_server, player)
    page.goto(f"/games/{game.pk}/")
    if javascript:
        expect(page.locator("script[data-debug='True']")).to_have_count(1)
    page.locator(".type-move-box summary").click()
    page.fill("#typed-action", "zz 99")
    page.locator(".type-move button[type=submit]").click()

    error = page.locator("#typed-error")
    expect(error).to_contain_text("is not a Triad action")
    expect(error).to_be_visible()
    expect(page.locator("header.site-header")).to_be_visible()  # the site's frame
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#typed-action")).to_have_value("zz 99")
    # Styled as ever: the board fits the phone and nothing scrolls sideways.
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    if javascript:  # back in the box, to mend the move
        expect(page.locator("#typed-action")).to_be_focused()
    else:  # the plain post's answer opens at the reason
        assert page.url.endswith("#typed-error")
    page.screenshot(
        path=screenshots / f"refused-typed-move-390-{'htmx' if javascript else 'plain'}.png"
    )
    assert not Move.objects.filter(game=game).exists()
    context.close()


def test_a_chat_message_over_the_limit_is_refused_in_the_chat_on_a_phone(
    live_server, browser, settings, screenshots
):
    settings.DEBUG = True  # as under bin/serve (see the module's docstring)
    game = start_game("triad", [UserFactory(username="alice"), UserFactory(username="bob")])
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = _signed_in(context, live_server, seat_user(game, 0))
    page.goto(f"/games/{game.pk}/")
    box = page.locator("#chat-text")
    expect(box).to_be_visible()
    # The box stops at the limit; a pasted or scripted text can still be longer.
    page.evaluate("document.getElementById('chat-text').removeAttribute('maxlength')")
    text = "x" * (chat_services.MAX_LENGTH + 1)
    box.fill(text)
    page.locator("#chat-form button[type=submit]").click()
    expect(page.locator("#chat-log .message.error")).to_contain_text(
        f"at most {chat_services.MAX_LENGTH} characters"
    )
    expect(page.locator("header.site-header")).to_be_visible()
    expect(page.locator("#board svg")).to_be_visible()
    expect(box).to_have_value(text)  # left to shorten
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#chat").screenshot(path=screenshots / "refused-chat-message-390.png")
    assert not Message.objects.exists()
    context.close()


def test_an_error_page_answering_htmx_is_shown_as_the_page_not_inside_the_board(
    live_server, browser, screenshots
):
    """An answer no view designed for its place (here Django's 403 for a form whose
    token went stale, as after signing in again elsewhere) is a whole page: it is
    shown as the page, not nested inside the part it was meant to refresh."""
    game = start_game("triad", [UserFactory(username="alice"), UserFactory(username="bob")])
    player = seat_user(game, game.to_move[0])
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = _signed_in(context, live_server, player)
    page.goto(f"/games/{game.pk}/")
    page.evaluate(
        """() => {
          document.body.setAttribute('hx-headers', JSON.stringify({'X-CSRFToken': 'stale'}));
          document.querySelectorAll('input[name=csrfmiddlewaretoken]').forEach(
            (input) => { input.value = 'stale'; });
        }"""
    )
    page.locator(".type-move-box summary").click()
    page.fill("#typed-action", "zz 99")
    page.locator(".type-move button[type=submit]").click()
    expect(page.locator("main")).to_contain_text(
        "Go back, reload the page and send the form again."
    )
    expect(page.locator("header.site-header")).to_be_visible()
    assert page.locator("#live").count() == 0  # the error page, not a part of the game's
    assert page.locator("html").count() == 1 and page.locator("body").count() == 1
    page.screenshot(path=screenshots / "htmx-error-page-390.png")
    assert not Move.objects.filter(game=game).exists()
    context.close()
