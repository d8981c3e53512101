"""No API answer shows a player's secrets to anyone else (TS16, TT11), for every game:
each endpoint is read as every player (the owner), as a signed-in spectator and
without a token; the secrets a viewer cannot see (other hands, the deck's order, the
seed) are then changed in the database, and nothing that viewer gets may change."""

import random
import re

import pytest

from chat import services as chat
from games.models import GameStatus
from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import play_random

from .helpers import ApiClient, as_user, start_game

pytestmark = pytest.mark.django_db

ENGINES = [("triad", 2), ("trias", 3), ("tritarea", 2)]


def reads(game) -> list[str]:
    """Every endpoint that answers a GET (the writes answer with the same game view)."""
    return [
        "/me",
        "/games",
        f"/games/{game.pk}",
        f"/games/{game.pk}/chat",
        "/invitations",
        "/lobby",
        "/events?timeout=0",
    ]


def everything(client, game) -> dict[str, str]:
    out = {}
    for path in reads(game):
        response = client.get(path)
        body = response.content.decode()
        # (the event cursor names the moment of asking)
        out[path] = (response.status_code, re.sub(r'"cursor":\s*"[^"]*"', "", body))
    return out


def viewers(game):
    """(seat index or None, kind, client) for every player, a spectator, and nobody."""
    seats = [s for s in game.seats.select_related("user").order_by("index") if s.user]
    return (
        [(s.index, "player", as_user(s.user)) for s in seats]
        + [(None, "spectator", as_user(UserFactory()))]
        + [(None, "anonymous", ApiClient())]
    )


def running(engine, players):
    game = start_game(engine, [UserFactory() for _ in range(players)])
    game = play_random(game, stop=lambda g: g.version >= 6)
    assert game.status == GameStatus.ACTIVE
    first = game.seats.select_related("user").filter(user__isnull=False).first()
    chat.message_post(game=game, user=first.user, text="hello")
    return game


def unseen_secrets_changed(game, seat: int | None) -> None:
    """Re-draw every secret ``seat`` cannot see (a spectator: whatever seat 0 can't
    see, which they cannot see either) and change the seed."""
    engine = game.engine_module
    state = load_state(game)
    determinize = getattr(engine, "determinize", None)
    if determinize is not None:
        state = determinize(state, seat if seat is not None else 0, random.Random(7))
    game.seed ^= 0x5A5A5A5A
    game.state = engine.to_json(state)
    game.save(update_fields=["seed", "state"])


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_no_answer_changes_when_secrets_the_caller_cannot_see_do(engine, players):
    game = running(engine, players)
    for seat, kind, client in viewers(game):
        before = everything(client, game)
        if kind == "anonymous":
            assert {status for status, _body in before.values()} == {401}
        else:
            assert {status for status, _body in before.values()} == {200}, (kind, before)
        saved = (game.seed, game.state)
        unseen_secrets_changed(game, seat)
        if game.spec.hidden_information:  # something the caller cannot see did change
            assert game.state != saved[1]
        assert everything(client, game) == before, (engine, kind, seat)
        game.seed, game.state = saved
        game.save(update_fields=["seed", "state"])


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_the_view_is_the_callers_own_as_the_page_draws_it(engine, players):
    game = running(engine, players)
    state = load_state(game)
    for seat, kind, client in viewers(game):
        if kind == "anonymous":
            continue
        data = client.get(f"/games/{game.pk}").json()
        assert data["view"] == game.engine_module.view(state, seat), (kind, seat)
        assert data["your_seat"] == seat
        assert str(game.seed) not in str(data)
        if seat is None or seat not in game.to_move:
            assert data["actions"] == []


@pytest.mark.parametrize(("engine", "players"), [("trias", 3), ("tritarea", 2)])
def test_a_hand_reaches_only_its_owner(engine, players):
    game = running(engine, players)
    state = load_state(game)
    for seat, kind, client in viewers(game):
        if kind == "anonymous":
            continue
        view = client.get(f"/games/{game.pk}").json()["view"]
        if seat is None:
            assert not view.get("hand")
        else:
            own = game.engine_module.view(state, seat)["hand"]
            assert own and view["hand"] == own  # there is a secret: the check can fail
            for other in {s for s, k, _c in viewers(game) if k == "player"} - {seat}:
                theirs = game.engine_module.view(state, other)["hand"]
                if theirs != own:
                    assert theirs != view["hand"]


def test_a_secret_lead_declaration_shows_as_a_question_mark_to_others():
    game = start_game("tritarea", [UserFactory(), UserFactory()])
    game = play_random(game, stop=lambda g: g.moves.filter(action__startswith="lead ").exists())
    move = game.moves.get(action__startswith="lead ")
    assert game.status == GameStatus.ACTIVE
    for seat, kind, client in viewers(game):
        if kind == "anonymous":
            continue
        data = client.get(f"/games/{game.pk}").json()
        shown = next(m["action"] for m in data["moves"] if m["ply"] == move.ply)
        assert shown == (move.action if seat == move.seat else "lead ?"), (kind, seat)
        assert move.action not in str(data["moves"]) or seat == move.seat


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_every_write_answers_with_the_callers_own_view_as_a_read_does(engine, players):
    """The writes answer with the game as ``GET /games/{id}`` shows it to the caller
    (so the reads' checks above hold for them too)."""
    game = running(engine, players)
    seat = game.seats.select_related("user").get(index=game.to_move[0])
    mover = as_user(seat.user)
    action = mover.get(f"/games/{game.pk}").json()["actions"][0]["action"]
    played = mover.post(f"/games/{game.pk}/move", {"action": action, "version": game.version})
    assert played.status_code == 200
    assert played.json()["game"] == mover.get(f"/games/{game.pk}").json()
    for other in game.seats.select_related("user").exclude(pk=seat.pk).filter(user__isnull=False):
        client = as_user(other.user)
        for path in ("/draw/offer", "/resign"):
            answer = client.post(f"/games/{game.pk}{path}")
            if answer.status_code == 200:
                assert answer.json() == client.get(f"/games/{game.pk}").json(), path
            else:
                assert set(answer.json()) <= {"detail", "code", "version", "candidates", "errors"}
