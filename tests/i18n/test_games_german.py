"""Every games page, partial and engine message in German (issue 16, games area).

Players choose German in their settings (``User.language``), visitors by their
browser (``Accept-Language: de``). A page's own part (``<main>``, without other
apps' pieces such as the chat) must hold no English sentence; the move notation
(``c1-c4=3``, ``p 0,1``, ``lead M4``) stays as it is in every language.
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import services
from games.engines import IllegalAction, get_engine
from games.i18n import error_message, localize
from games.models import GameStatus
from games.replay import load_state
from tests.factories import UserFactory
from tests.i18n.english import english_left
from tests.web.helpers import open_game, play_random, seat_user, start_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
GAMES = ("triad", "trias", "tritarea")
# Names on these pages that are no English sentence: players, games, Tri*T*Area's
# areas as the site names them.
NAMES = frozenset({"alice", "bob", "carol", "dora"})


def german(user) -> Client:
    user.language = "de"
    user.save(update_fields=["language"])
    client = Client()
    client.force_login(user)
    return client


def visitor() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="de")


def own_part(html: str) -> str:
    """The whole page: header, the game's part, its chat and rating badges, footer."""
    return html


def assert_german(html: str, *, allowed: frozenset[str] = frozenset()) -> None:
    left = english_left(own_part(html), allowed=NAMES | allowed)
    assert left == []


def users(n: int):
    return [UserFactory(username=name) for name in ("alice", "bob", "carol", "dora")[:n]]


def game_of(engine: str):
    count = {"triad": 2, "trias": 3, "tritarea": 2}[engine]
    return start_game(engine, users(count))


def mover(game):
    return seat_user(game, game.to_move[0])


def a_waiter(game):
    return next(s.user for s in game.seats.all() if s.user and s.index not in game.to_move)


def page(client, game, **params):
    response = client.get(reverse("game_detail", args=[game.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def first_choice(html: str) -> str | None:
    match = re.search(r'name="select" value="([^"]+)"', html)
    return match.group(1) if match else None


# Notation players type, shown in the page's placeholder and Trias's card buttons.
NOTATION = frozenset({"play", "draw", "end", "pass"})


@pytest.mark.parametrize("engine", GAMES)
def test_a_game_page_in_play_is_german_for_the_mover_the_waiter_and_a_visitor(engine):
    game = game_of(engine)
    client = german(mover(game))
    html = page(client, game)
    assert "Du bist am Zug." in html
    assert_german(html, allowed=NOTATION)
    token = first_choice(html)
    if token:  # a piece picked: its targets in words
        picked = page(client, game, select=token)
        assert 'class="picked"' in picked
        assert_german(picked, allowed=NOTATION)
    live = client.get(reverse("game_live", args=[game.pk]), **HTMX).content.decode()
    assert_german(live, allowed=NOTATION)
    waiting = page(german(a_waiter(game)), game)
    assert "Warte auf" in waiting
    assert_german(waiting)
    assert_german(page(visitor(), game))


def play_on_without_ending(game, moves: int) -> None:
    """Play ``moves`` seeded random actions that do not end the game (a game's seed is
    its own, so a plain random game may end early)."""
    rng = random.Random(7)
    engine = game.engine_module
    for _ in range(moves):
        game.refresh_from_db()
        state, seat = load_state(game), game.to_move[0]
        legal = engine.legal_actions(state, seat)
        going_on = [a for a in legal if engine.outcome(engine.apply(state, seat, a)) is None]
        if not going_on:
            break
        services.move_play(
            game_id=game.pk,
            user=seat_user(game, seat),
            action=rng.choice(going_on),
            expected_version=game.version,
        )


@pytest.mark.parametrize("engine", GAMES)
def test_a_game_page_deep_into_play_is_german(engine):
    """Later phases: Trias's actions and drifts, Tri*T*Area's building, Triad's
    removals, with their event logs and move descriptions."""
    game = game_of(engine)
    play_on_without_ending(game, {"triad": 16, "trias": 40, "tritarea": 25}[engine])
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    client = german(mover(game))
    html = page(client, game)
    assert_german(html, allowed=NOTATION)
    token = first_choice(html)
    if token:
        assert_german(page(client, game, select=token), allowed=NOTATION)


@pytest.mark.parametrize("engine", GAMES)
def test_a_finished_game_and_its_replay_are_german(engine):
    game = play_random(game_of(engine))
    assert game.status == GameStatus.FINISHED
    player = game.seats.filter(user__isnull=False).first().user
    client = german(player)
    html = page(client, game)
    assert "Partie vorbei." in html
    assert_german(html)
    replay = client.get(reverse("game_replay", args=[game.pk])).content.decode()
    assert "Nachspielen" in replay
    assert_german(replay)
    step = client.get(reverse("game_replay", args=[game.pk]), {"ply": 3}, **HTMX)
    assert_german(step.content.decode())
    history = client.get(reverse("player_history", args=[player.username])).content.decode()
    assert_german(history)


@pytest.mark.parametrize("engine", GAMES)
def test_an_illegal_move_is_refused_in_german_and_changes_nothing(engine):
    game = game_of(engine)
    client = german(mover(game))
    response = client.post(
        reverse("game_move", args=[game.pk]),
        {"action": "zz 99", "version": game.version},
        **HTMX,
    )
    assert response.status_code == 400
    html = response.content.decode()
    error = re.search(r'class="message error" role="alert">([^<]+)<', html).group(1)
    assert "zz 99" in error  # the player's own notation, quoted back as typed
    assert english_left(error, allowed=NOTATION | {"d", "m", "r", "p", "b", "x", "lead"}) == []
    assert_german(html, allowed=NOTATION)
    game.refresh_from_db()
    assert game.version == 0


def test_engine_errors_and_descriptions_are_german_but_the_notation_is_not():
    engine = get_engine("triad")
    state = engine.new_game(2, seed=7)
    seat = engine.to_move(state)[0]
    action = engine.legal_actions(state, seat)[0]
    description = engine.describe(state, seat, action)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, 1 - seat, action)
    english = (str(description), str(refused.value))
    with translation.override("de"):
        german_description = localize(description)
        german_error = error_message(refused.value)
    assert (german_description, german_error) != english
    cells = re.findall(r"\b[a-f][1-6]\b", str(description))
    assert cells and all(cell in german_description for cell in cells)
    assert german_error.startswith("du bist nicht am Zug")
    assert english_left(german_description) == [] and english_left(german_error) == []
    with translation.override("en"):
        assert localize(description) == str(description)  # English is unchanged


def test_stored_moves_and_results_are_shown_in_each_viewers_language():
    game = play_random(game_of("triad"))
    move = game.moves.order_by("ply").first()
    assert move.description_text  # its message id is kept beside the English
    with translation.override("de"):
        assert move.description_shown != move.description
        assert game.result_shown != game.result_reason or not game.result_text
    with translation.override("en"):
        assert move.description_shown == move.description


def test_new_game_page_and_its_errors_are_german():
    alice = UserFactory(username="alice")
    client = german(alice)
    html = client.get(reverse("game_new")).content.decode()
    assert "Eine Partie beginnen" in html
    assert_german(html)
    refused = client.post(
        reverse("game_new"),
        {"engine": "triad", "triad__players": "2", "days_per_move": "3", "invite": "nobody"},
    )
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "Kein Spieler namens nobody." in text
    assert_german(text, allowed=frozenset({"nobody"}))


def test_lobby_my_games_and_games_in_play_are_german():
    alice, bob, carol = users(3)
    open_game(carol, "trias", 3)  # in bob's lobby
    open_game(alice, "triad", 2, invitees=[bob], is_public=False)  # an invitation
    open_game(bob, "tritarea", 3)  # bob's own open game
    due = start_game("triad", [bob, carol])
    if seat_user(due, due.to_move[0]) != bob:  # one waiting for bob, one for others
        due = start_game("triad", [carol, bob])
    start_game("trias", [bob, alice, carol])
    play_random(start_game("triad", [alice, bob]))  # recently finished
    client = german(bob)
    lobby = client.get(reverse("lobby")).content.decode()
    assert "Beitreten" in lobby
    assert_german(lobby)
    home = client.get(reverse("home")).content.decode()
    assert "Meine Partien" in home and "Kürzlich beendet" in home
    assert_german(home)
    active = client.get(reverse("active_games")).content.decode()
    assert_german(active)
    assert_german(german(UserFactory(username="dora")).get(reverse("home")).content.decode())


def test_invitation_and_draw_confirm_pages_are_german():
    alice, bob = users(2)
    invited = open_game(alice, "triad", 2, invitees=[bob], is_public=False)
    client = german(bob)
    for answer in ("accept", "decline"):
        url = reverse("invitation_confirm", args=[invited.pk])
        html = client.get(url, {"answer": answer}).content.decode()
        assert "Einladung" in html
        assert_german(html)
    game = start_game("triad", [alice, bob])
    services.draw_offer(game_id=game.pk, user=alice)
    for answer in ("accept", "decline"):
        url = reverse("draw_confirm", args=[game.pk])
        html = client.get(url, {"answer": answer}).content.decode()
        assert "Remis" in html
        assert_german(html)
    offered = page(client, game)
    assert "Dein Gegner bietet Remis an." in offered
    assert_german(offered)


def test_a_game_waiting_for_players_is_german():
    alice, bob = users(2)
    game = open_game(alice, "trias", 3, invitees=[bob])
    for viewer in (german(alice), german(bob), german(UserFactory(username="carol"))):
        assert_german(page(viewer, game))


def test_english_stays_for_english_players():
    game = game_of("triad")
    client = Client()
    client.force_login(mover(game))
    html = page(client, game)
    assert "Your turn." in html and "Move one of your dice" in html
    assert "Du bist am Zug" not in html


def test_the_engines_own_strings_reach_the_catalogue():
    """Texts made in the engines are found by makemessages: each has German."""
    state = get_engine("trias").new_game(3, seed=1)
    with translation.override("de"):
        texts = [localize(line) for line in state.log]
        texts.append(localize(get_engine("trias").options["shorter"].label))
    assert all(english_left(text) == [] for text in texts), texts
    assert "Plätze im Uhrzeigersinn" in texts[0]


def test_refusals_of_game_pages_are_german():
    game = game_of("triad")
    unstarted = open_game(mover(game), "triad", 2)
    client = german(mover(game))
    record = client.get(reverse("game_record", args=[unstarted.pk]))
    assert record.status_code == 403
    assert "Diese Partie hat noch nicht begonnen" in record.content.decode()
    with pytest.raises(services.GameError) as refused:
        services.game_resign(game_id=0, user=mover(game))
    with translation.override("de"):
        assert error_message(refused.value) == "Diese Partie gibt es nicht."
    assert str(refused.value) == "There is no such game."  # English where no one chose
