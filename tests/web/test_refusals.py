"""Refused actions answered in place (issue 34: "a refused action wipes the page").

Each refusal shows its message where the action was made, keeps the page whole and
changes nothing: with htmx, a fragment under an honest 4xx status whose ``HX-Retarget``
names its place (static/js/refusals.js swaps it there, even under django-htmx's debug
script); without JavaScript, the whole page (header and all) with the message, under
the same status."""

from __future__ import annotations

import re

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from chat import services as chat_services
from chat.models import Message
from games.models import Game, Move
from games.replay import load_state
from moderation.models import Report
from tests.factories import UserFactory
from tests.web.helpers import open_game, seat_user, start_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HEADER = '<header class="site-header">'


@pytest.fixture
def still():
    """A clock that stands still: no window of a rate limit ends mid-test."""
    with time_machine.travel("2026-03-02 10:00:30Z", tick=False):
        yield


@pytest.fixture
def triad():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    return start_game("triad", [alice, bob])


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def mover(game: Game):
    return seat_user(game, game.to_move[0])


def legal(game: Game) -> list[str]:
    return game.engine_module.legal_actions(load_state(game), game.to_move[0])


def typed(game: Game, action: str, **extra):
    url = reverse("game_move", args=[game.pk])
    data = {"action": action, "version": game.version, "typed": "1"}
    return client_for(mover(game)).post(url, data, **extra)


def unchanged(game: Game, version: int = 0) -> bool:
    game.refresh_from_db()
    return game.version == version and not Move.objects.filter(game=game).exists()


def typed_box(html: str) -> str:
    return html[
        html.index('class="type-move-box"') : html.index("</details>", html.index("type-move-box"))
    ]


# --- a typed move -----------------------------------------------------------------------


def test_a_refused_typed_move_with_htmx_is_told_in_its_box_and_keeps_the_move(triad):
    response = typed(triad, "zz 99", **HTMX)
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#live" and response["HX-Reswap"] == "outerHTML"
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="live"')  # the live part: board and all
    assert "<svg" in html and "Your turn." in html
    box = typed_box(html)
    assert box.startswith('class="type-move-box" open')
    assert "zz 99" in box and "is not a Triad action" in box and 'role="alert"' in box
    assert 'value="zz 99"' in box  # to mend, not to type again
    assert html.count('role="alert"') == 1  # said once, in the box
    assert unchanged(triad)


def test_a_refused_typed_move_without_javascript_answers_the_whole_page(triad):
    response = typed(triad, "zz 99")
    assert response.status_code == 400
    html = response.content.decode()
    assert html.lstrip().lower().startswith("<!doctype html")
    assert HEADER in html and "/static/css/site.css" in html
    assert '<div id="board"' in html and "<svg" in html
    assert "is not a Triad action" in typed_box(html) and 'value="zz 99"' in typed_box(html)
    # The form's own address opens the answer at the reason (no element after a move).
    assert re.search(r'action="/games/\d+/move#typed-error"', html)
    assert 'id="typed-error"' in html
    assert unchanged(triad)


def test_an_illegal_typed_move_that_parses_is_refused_in_place_too(triad):
    die = legal(triad)[0].split("-")[0]
    response = typed(triad, f"{die}-{die}=1", **HTMX)  # a die cannot stay put
    assert response.status_code == 400 and 'id="typed-error"' in response.content.decode()
    assert unchanged(triad)


def test_an_empty_typed_move_is_told_in_its_box(triad):
    response = typed(triad, "")
    assert response.status_code == 400
    assert "That move was not understood." in typed_box(response.content.decode())
    assert unchanged(triad)


# --- a stale or forged form -------------------------------------------------------------


def test_a_stale_form_shows_the_fresh_board_with_the_reason(triad):
    first, other = legal(triad)[:2]
    client = client_for(mover(triad))
    url = reverse("game_move", args=[triad.pk])
    client.post(url, {"action": first, "version": 0}, **HTMX)
    for extra in (HTMX, {}):
        response = client.post(url, {"action": other, "version": 0}, **extra)
        assert response.status_code == 409
        html = response.content.decode()
        assert "moved on" in html and "Waiting for" in html and "<svg" in html
        if extra:
            assert response["HX-Retarget"] == "#live"
        else:
            assert HEADER in html
    assert Move.objects.filter(game=triad).count() == 1


def test_a_forged_form_is_refused_in_place(triad):
    client = client_for(mover(triad))
    url = reverse("game_move", args=[triad.pk])
    for extra in (HTMX, {}):
        response = client.post(url, {"action": legal(triad)[0], "version": "x"}, **extra)
        assert response.status_code == 400
        html = response.content.decode()
        assert "That move was not understood." in html and "<svg" in html
        assert (response.get("HX-Retarget") == "#live") if extra else (HEADER in html)
    assert unchanged(triad)


def test_a_refused_game_form_answers_its_page_not_a_redirect(triad):
    """Answering a draw nobody offered: the game page says why, under 400."""
    response = client_for(mover(triad)).post(
        reverse("draw_answer", args=[triad.pk]), {"answer": "accept"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert HEADER in html and "<svg" in html and 'class="message error"' in html
    triad.refresh_from_db()
    assert triad.status == "active"


# --- the chat ---------------------------------------------------------------------------


def chat_post(game, user, text, **extra):
    url = reverse("chat_post", args=[game.pk])
    return client_for(user).post(url, {"text": text}, **extra)


def test_a_chat_message_over_the_limit_is_refused_in_the_log_with_htmx(triad):
    alice = seat_user(triad, 0)
    response = chat_post(triad, alice, "x" * (chat_services.MAX_LENGTH + 1), **HTMX)
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#chat-log"
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="chat-log"')
    assert f"at most {chat_services.MAX_LENGTH} characters" in html
    assert not Message.objects.exists()


def test_a_chat_message_over_the_limit_without_javascript_keeps_the_text(triad):
    alice = seat_user(triad, 0)
    text = "y" * (chat_services.MAX_LENGTH + 1)
    response = chat_post(triad, alice, text)
    assert response.status_code == 400  # not a redirect: the status says it was refused
    html = response.content.decode()
    assert HEADER in html and 'id="chat-log"' in html
    assert f"at most {chat_services.MAX_LENGTH} characters" in html
    assert f">{text}</textarea>" in html  # back in the box, to shorten
    assert not Message.objects.exists()


def test_the_chat_rate_limit_answers_429_in_place(triad):
    alice = seat_user(triad, 0)
    with time_machine.travel("2026-03-02 12:00Z", tick=False):
        for i in range(chat_services.MESSAGES_PER_MINUTE):
            assert chat_post(triad, alice, f"line {i}", **HTMX).status_code == 200
        refused = chat_post(triad, alice, "one too many", **HTMX)
        assert refused.status_code == 429 and refused["HX-Retarget"] == "#chat-log"
        assert "messages a minute" in refused.content.decode()
        plain = chat_post(triad, alice, "one too many")
        assert plain.status_code == 429 and HEADER in plain.content.decode()
        assert ">one too many</textarea>" in plain.content.decode()
    assert Message.objects.count() == chat_services.MESSAGES_PER_MINUTE


def test_refused_notes_are_told_beside_them(triad):
    alice = seat_user(triad, 0)
    url = reverse("chat_note_save", args=[triad.pk])
    response = client_for(alice).post(url, {"text": "n" * 5001}, **HTMX)
    assert response.status_code == 400 and response["HX-Retarget"] == "#note-status"
    plain = client_for(alice).post(url, {"text": "n" * 5001})
    assert plain.status_code == 400 and HEADER in plain.content.decode()
    assert "at most 5000 characters" in plain.content.decode()


# --- the site's rate limits (config.throttle) ---------------------------------------------


def test_too_many_new_games_answer_the_form_as_sent_with_the_reason(settings, still):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_create": ["1/m"]}
    client = client_for(UserFactory())
    data = {"engine": "triad", "triad__players": "2", "days_per_move": "5", "is_public": "on"}
    assert client.post(reverse("game_new"), data).status_code == 302
    refused = client.post(reverse("game_new"), data)
    assert refused.status_code == 429
    html = refused.content.decode()
    assert HEADER in html and "You have started many games in a short time." in html
    assert 'name="days_per_move"' in html and 'value="5"' in html  # the form, as sent
    assert Game.objects.count() == 1


def test_too_many_joins_from_the_lobby_answer_the_lobby(settings, still):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_join": ["1/m"]}
    hosts = [UserFactory() for _ in range(2)]
    games = [open_game(host, "trias", 3) for host in hosts]
    joiner = UserFactory()
    client = client_for(joiner)
    url = reverse("game_join", args=[games[0].pk])
    assert client.post(url, {"from": "lobby"}).status_code == 302
    refused = client.post(reverse("game_join", args=[games[1].pk]), {"from": "lobby"})
    assert refused.status_code == 429
    html = refused.content.decode()
    assert HEADER in html and "<h1>Lobby</h1>" in html
    assert "You have joined many games in a short time." in html
    assert f"#{games[1].pk}" in html  # the game is still there to join later
    assert joiner.seats.count() == 1


def test_too_many_reports_keep_the_report_form_open_with_what_was_written(settings, still, triad):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report": ["1/h"]}
    alice, bob = seat_user(triad, 0), seat_user(triad, 1)
    client = client_for(alice)
    url = reverse("game_report", args=[triad.pk])
    assert client.post(url, {"reported": bob.pk, "reason": "rude"}).status_code == 302
    refused = client.post(url, {"reported": bob.pk, "reason": "rude again"})
    assert refused.status_code == 429
    html = refused.content.decode()
    assert HEADER in html and "<svg" in html
    assert '<details class="report" id="report" open>' in html
    assert "You have sent many reports in a short time." in html
    assert ">rude again</textarea>" in html
    assert Report.objects.count() == 1


def test_a_refused_report_says_why_in_its_form(triad):
    alice = seat_user(triad, 0)
    response = client_for(alice).post(
        reverse("game_report", args=[triad.pk]), {"reported": alice.pk, "reason": "me"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="report-error"' in html and "Choose another player of this game." in html
    assert not Report.objects.exists()


def test_a_refusal_is_never_cached_for_the_next_view(triad):
    typed(triad, "zz 99")
    html = client_for(mover(triad)).get(reverse("game_detail", args=[triad.pk])).content.decode()
    assert "is not a Triad action" not in html and 'value="zz 99"' not in html


def test_a_stale_form_token_answers_the_sites_own_page(triad):
    client = Client(enforce_csrf_checks=True)
    client.force_login(mover(triad))
    response = client.post(reverse("game_move", args=[triad.pk]), {"action": "x", "version": 0})
    assert response.status_code == 403
    html = response.content.decode()
    assert HEADER in html and "Go back, reload the page and send the form again." in html
    assert unchanged(triad)
