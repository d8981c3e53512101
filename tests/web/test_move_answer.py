"""Issue 44: a move played with htmx answers with what it changed (the board, the turn,
the choices, the players, the news, the move list's new lines) as out-of-band swaps,
each piece as the whole page shows it after a reload, for every game and seat count;
without JavaScript the form post still leads back to the game page."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games.awaiting import games_awaiting
from games.models import GameStatus, Move
from games.page_cache import MOVE_BOXES
from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import play_random, seat_user, start_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
# engine, players, moves played first (a game under way: news, a move list, scores)
TABLES = [
    ("triad", 2, 9),
    ("trias", 2, 12),
    ("trias", 3, 12),
    ("trias", 4, 12),
    ("trias", 5, 12),
    ("tritarea", 1, 12),
    ("tritarea", 2, 12),
    ("tritarea", 3, 12),
    ("tritarea", 4, 12),
]
OOB = re.compile(
    r'<div hx-swap-oob="(innerHTML|beforeend):#([\w-]+)">(.*?)</div>\n?(?=<div hx-swap-oob=|$)',
    re.S,
)


def token_free(html: str) -> str:
    """CSRF tokens differ from one answer to the next: left out of the comparison."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def game_under_way(engine: str, players: int, plies: int):
    with mock.patch("games.services.secrets.randbits", return_value=20261206):
        game = start_game(engine, [UserFactory() for _ in range(players)])
    return play_random(game, stop=lambda g: g.version >= plies, seed=3)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def pieces_of(answer: str) -> dict[str, tuple[str, str]]:
    """The answer's out-of-band pieces: box id -> (how, content)."""
    return {box: (how, content) for how, box, content in OOB.findall(answer)}


def box_content(page: str, box: str) -> str:
    """What the whole page holds in the box ``box`` (from its opening tag on)."""
    match = re.search(rf'<(div|section) id="{box}"[^>]*>', page)
    assert match, box
    return page[match.end() :]


def htmx_move(client, game, action):
    return client.post(
        reverse("game_move", args=[game.pk]),
        {"action": action, "version": game.version},
        **HTMX,
    )


@pytest.mark.parametrize(("engine", "players", "plies"), TABLES)
def test_the_answer_holds_each_changed_piece_as_a_reload_shows_it(
    engine, players, plies, django_capture_on_commit_callbacks
):
    game = game_under_way(engine, players, plies)
    assert game.status == GameStatus.ACTIVE
    seat = game.to_move[0]
    user = seat_user(game, seat)
    client = signed_in(user)
    before = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    seen = game.version
    action = game.engine_module.legal_actions(load_state(game), seat)[-1]
    # (what the move's commit does, e.g. forget the cached count of games awaiting them)
    with django_capture_on_commit_callbacks(execute=True):
        response = htmx_move(client, game, action)
    assert response.status_code == 200
    game.refresh_from_db()
    if game.status != GameStatus.ACTIVE:
        pytest.skip("this move ended the game (answered whole; see the test below)")
    assert response["HX-Reswap"] == "none"
    answer = token_free(response.content.decode())
    page = token_free(client.get(reverse("game_detail", args=[game.pk])).content.decode())

    # Small: only the pieces; not the heading, the help, the report form, the chat.
    assert '<div id="live"' not in answer and "<h1" not in answer
    assert reverse("game_help", args=[engine]) + '"' not in answer
    assert 'id="report"' not in answer and "chat" not in answer
    live = client.get(reverse("game_live", args=[game.pk]), **HTMX).content
    assert len(response.content) < len(live)

    # Each piece is what the reloaded page shows in that box.
    pieces = pieces_of(answer)
    assert set(pieces) == set(MOVE_BOXES.values()) | {"moves-list"}
    for box, (how, content) in pieces.items():
        if box == "moves-list":
            continue
        assert how == "innerHTML"
        assert box_content(page, box).startswith(content + "</"), box
    meta = re.match(r'<span id="live-meta" hx-swap-oob="true"(.*?)</span>', answer, re.S)
    assert meta and f'<span id="live-meta"{meta.group(1)}</span>' in page

    # The move list: the new lines only, added to the lines the page had.
    how, lines = pieces["moves-list"]
    assert how == "beforeend"
    new = [int(p) for p in re.findall(r'<li value="(\d+)"', lines)]
    assert new == list(range(seen + 1, game.version + 1))
    assert Move.objects.filter(game=game, ply__gt=seen).count() == len(new)
    old_list = re.search(r'<ol class="moves" id="moves-list"[^>]*>\s*(.*?)\s*</ol>', before, re.S)
    new_list = re.search(r'<ol class="moves" id="moves-list"[^>]*>\s*(.*?)\s*</ol>', page, re.S)
    assert old_list.group(1) + lines == new_list.group(1)


def test_the_first_move_brings_the_whole_move_list(django_user_model):
    game = game_under_way("triad", 2, 0)
    client = signed_in(seat_user(game, game.to_move[0]))
    action = game.engine_module.legal_actions(load_state(game), game.to_move[0])[0]
    answer = htmx_move(client, game, action).content.decode()
    how, content = pieces_of(answer)["moves-part"]
    assert how == "innerHTML" and '<ol class="moves" id="moves-list"' in content
    assert '<li value="1"' in content and "No moves yet." not in content


def test_a_move_that_ends_the_game_answers_with_the_whole_live_part():
    game = game_under_way("triad", 2, 0)
    engine = game.engine_module
    for _ in range(400):
        game.refresh_from_db()
        state, seat = load_state(game), game.to_move[0]
        ending = [
            a
            for a in engine.legal_actions(state, seat)
            if engine.outcome(engine.apply(state, seat, a))
        ]
        if ending:
            break
        game = play_random(game, stop=lambda g, v=game.version: g.version > v, seed=game.version)
    else:
        pytest.fail("no game end found")
    client = signed_in(seat_user(game, seat))
    response = htmx_move(client, game, ending[0])
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="live"') and "HX-Reswap" not in response
    assert "Game over." in html


def test_a_move_without_javascript_leads_back_to_the_game_page():
    game = game_under_way("tritarea", 2, 4)
    client = signed_in(seat_user(game, game.to_move[0]))
    action = game.engine_module.legal_actions(load_state(game), game.to_move[0])[0]
    response = client.post(
        reverse("game_move", args=[game.pk]), {"action": action, "version": game.version}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("game_detail", args=[game.pk])
    page = client.get(response["Location"]).content.decode()
    assert '<div id="live"' in page and f'<li value="{game.version + 1}"' in page


def test_a_stale_move_answers_with_the_whole_live_part_and_its_reason():
    game = game_under_way("triad", 2, 4)
    client = signed_in(seat_user(game, game.to_move[0]))
    action = game.engine_module.legal_actions(load_state(game), game.to_move[0])[0]
    response = client.post(
        reverse("game_move", args=[game.pk]),
        {"action": action, "version": game.version - 1},
        **HTMX,
    )
    assert response.status_code == 409
    assert response["HX-Retarget"] == "#live" and response["HX-Reswap"] == "outerHTML"
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="live"') and 'role="alert"' in html
    assert 'id="board"' in html and 'id="moves-list"' in html


def test_the_headers_count_of_games_awaiting_the_player_follows_their_move(
    django_capture_on_commit_callbacks,
):
    """After a move the header's "My games" count is what a reload shows: one game
    fewer awaits them (issue 44's answer swaps it out of band)."""
    game = game_under_way("triad", 2, 4)
    mover = seat_user(game, game.to_move[0])
    for _ in range(20):  # a second game awaiting them
        other = start_game("triad", [mover, UserFactory()])
        if seat_user(other, other.to_move[0]) == mover:
            break
    assert games_awaiting(mover) == 2
    client = signed_in(mover)
    before = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert re.search(r'<span class="badge"[^>]*>2</span>', before)
    action = game.engine_module.legal_actions(load_state(game), game.to_move[0])[0]
    with django_capture_on_commit_callbacks(execute=True):
        answer = htmx_move(client, game, action).content.decode()
    badge = re.search(r'<span id="awaiting-badge" hx-swap-oob="true">.*?</span>', answer, re.S)
    assert badge and re.search(r'<span class="badge"[^>]*>1</span>', answer[badge.start() :])
    reload = client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert re.search(r'<span class="badge"[^>]*>1</span>', reload)
