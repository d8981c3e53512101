"""No page, partial, poll or export shows a player's secrets to anyone else (TS16, TT11).

Each endpoint is fetched as the owner (the secret is there: the check can fail), as
the opponent and as a signed-out visitor (it is not).
"""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import open_game, play_random, start_game

pytestmark = pytest.mark.django_db


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def pages(client, game):
    """Every endpoint that shows a running game."""
    return {
        "page": client.get(reverse("game_detail", args=[game.pk])),
        "live": client.get(reverse("game_live", args=[game.pk]), HTTP_HX_REQUEST="true"),
        "poll": client.get(
            reverse("game_poll", args=[game.pk]) + "?stamp=none", HTTP_HX_REQUEST="true"
        ),
        "my games": client.get(reverse("home")),
    }


def human_seats(game):
    return [s for s in game.seats.select_related("user").order_by("index") if s.user]


def test_tritarea_hands_reach_only_their_owner():
    game = start_game("tritarea", [UserFactory(), UserFactory()], num_players=2)
    # The owner is the player to move: their cards are drawn as playable ("p I1").
    owner = next(s for s in human_seats(game) if s.index in game.to_move)
    opponent = next(s for s in human_seats(game) if s != owner)
    hand = game.engine_module.view(load_state(game), owner.index)["hand"]
    assert len(hand) == 8

    def shows_hand(html):
        return [card for card in hand if re.search(rf"\b{card}\b", html)]

    owner_page = pages(signed_in(owner.user), game)["page"].content.decode()
    assert shows_hand(owner_page) == hand
    for who, client in (("opponent", signed_in(opponent.user)), ("visitor", Client())):
        for name, response in pages(client, game).items():
            assert response.status_code in (200, 302), (who, name)
            assert shows_hand(response.content.decode()) == [], (who, name)
    visitor_page = Client().get(reverse("game_detail", args=[game.pk])).content.decode()
    assert "Your hand" not in visitor_page


def test_a_secret_lead_declaration_shows_as_a_question_mark_to_others():
    game = start_game("tritarea", [UserFactory(), UserFactory()], num_players=2)
    game = play_random(game, stop=lambda g: g.moves.filter(action__startswith="lead ").exists())
    move = game.moves.get(action__startswith="lead ")
    declarer = game.seats.get(index=move.seat)
    other = next(s for s in human_seats(game) if s.index != move.seat)
    assert game.status == "active"

    own = signed_in(declarer.user).get(reverse("game_detail", args=[game.pk])).content.decode()
    assert move.action in own
    for client in (signed_in(other.user), Client()):
        for response in pages(client, game).values():
            # (the card's name may show from earlier rounds: cards are dealt anew)
            assert move.action not in response.content.decode()
        assert "lead ?" in client.get(reverse("game_detail", args=[game.pk])).content.decode()


def test_trias_hand_card_is_shown_only_to_its_holder():
    users = [UserFactory(), UserFactory(), UserFactory()]
    game = start_game("trias", users)
    state = load_state(game)
    for seat in human_seats(game):
        hand = game.engine_module.view(state, seat.index)["hand"]
        html = signed_in(seat.user).get(reverse("game_detail", args=[game.pk])).content.decode()
        assert re.findall(r'data-hand="([^"]*)"', html) == [hand]
    for response in pages(Client(), game).values():
        html = response.content.decode()
        assert "data-hand" not in html and "Your hand card" not in html


# --- the replay and record of a running game (issue 36) -------------------------------

ENGINES = [("triad", 2), ("trias", 3), ("tritarea", 2)]


def replay(client, game, ply):
    return client.get(reverse("game_replay", args=[game.pk]), {"ply": ply})


def record(client, game):
    return client.get(reverse("game_record", args=[game.pk]))


def viewers(game):
    """(seat index or None, client): every player, and a signed-out spectator."""
    return [(s.index, signed_in(s.user)) for s in human_seats(game)] + [(None, Client())]


def played(game, plies: int):
    """The game after ``plies`` random moves, and what each viewer saw after each of
    them, read from the stored snapshot as the game page reads it (``seen[ply][seat]``)."""
    engine = game.engine_module
    seen = []
    for ply in range(plies + 1):
        if ply:
            game = play_random(game, stop=lambda g, v=game.version: g.version > v)
        assert game.status == "active" and game.version == ply
        state = load_state(game)
        seen.append({i: engine.view(state, i) for i, _ in viewers(game)})
    return game, seen


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_a_running_games_replay_shows_each_viewer_what_they_saw_at_each_ply(engine, players):
    """Each step of the replay is the board the viewer had in front of them then (their
    own seat's view, no choices to make), never another seat's secrets."""
    from games.boards import render_svg

    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, seen = played(game, 8)
    state_json = load_state(game)  # (the snapshot: it must not move while replaying)
    for seat, client in viewers(game):
        for ply in range(len(seen)):
            response = replay(client, game, ply)
            assert response.status_code == 200, (seat, ply)
            html = response.content.decode()
            board = render_svg(engine, seen[ply][seat], seat=seat, actions=())
            assert board in html, (seat, ply)
            assert 'name="action"' not in html  # a replay offers no move
            if engine == "trias":  # the hand card: its holder's own, or nothing
                own = seen[ply][seat]["hand"] if seat is not None else None
                assert re.findall(r'data-hand="([^"]*)"', html) == ([own] if own else [])
            assert str(game.seed) not in html
    assert load_state(game) == state_json


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_a_running_games_record_is_the_viewers_side_and_no_seed(engine, players):
    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, _ = played(game, 6)
    moves = list(game.moves.order_by("ply").values_list("seat", "action"))
    redact = getattr(game.engine_module, "redact_action", lambda action: None)
    for seat, client in viewers(game):
        response = record(client, game)
        assert response.status_code == 200
        data = response.json()
        assert "seed" not in data and str(game.seed) not in response.content.decode()
        assert (data["status"], data["seen_by_seat"]) == ("active", seat)
        expected = [a if s == seat else (redact(a) or a) for s, a in moves]
        assert [m["action"] for m in data["moves"]] == expected


def _secrets_mutated(game, viewer: int | None):
    """Change in the database every secret ``viewer`` cannot see: the seed, and in the
    snapshot the other hands and the deck (re-drawn as the engine's determinizer does
    for a seat that cannot tell the difference)."""
    import random

    engine = game.engine_module
    state = load_state(game)
    determinize = getattr(engine, "determinize", None)
    if determinize is not None and viewer is not None:
        state = determinize(state, viewer, random.Random(7))
    game.seed = game.seed ^ 0x5A5A5A5A
    game.state = engine.to_json(state)
    game.save(update_fields=["seed", "state"])


@pytest.mark.parametrize(("engine", "players"), ENGINES)
def test_the_running_record_does_not_change_when_unseen_secrets_do(engine, players):
    """The record is the same whatever the secrets the viewer cannot see are: it is
    built from nothing else."""
    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, _ = played(game, 6)
    for seat, client in viewers(game):
        before = record(client, game).content
        saved = (game.seed, game.state)
        _secrets_mutated(game, seat)
        assert record(client, game).content == before, seat
        game.seed, game.state = saved
        game.save(update_fields=["seed", "state"])


@pytest.mark.parametrize(("engine", "players"), [("trias", 3), ("tritarea", 2)])
def test_the_running_replay_does_not_change_when_unseen_secrets_in_the_snapshot_do(engine, players):
    """The stored snapshot holds every secret (other hands, the deck): re-drawn where
    the viewer cannot see, each step of their replay stays exactly the same."""
    import random

    game = start_game(engine, [UserFactory() for _ in range(players)], num_players=players)
    game, seen = played(game, 6)
    engine_module = game.engine_module

    def steps(client):
        pages = [replay(client, game, ply).content.decode() for ply in range(len(seen))]
        return [re.sub(r"[A-Za-z0-9]{64}", "", html) for html in pages]  # (CSRF tokens)

    for seat, client in viewers(game):
        if seat is None:
            continue
        before = steps(client)
        saved = game.state
        state = engine_module.determinize(load_state(game), seat, random.Random(11))
        game.state = engine_module.to_json(state)
        game.save(update_fields=["state"])
        assert game.state != saved  # something the viewer cannot see did change
        assert steps(client) == before, seat
        game.state = saved
        game.save(update_fields=["state"])


def test_a_secret_lead_stays_redacted_in_the_replay_of_a_running_game():
    game = start_game("tritarea", [UserFactory(), UserFactory()], num_players=2)
    game = play_random(game, stop=lambda g: g.moves.filter(action__startswith="lead ").exists())
    move = game.moves.get(action__startswith="lead ")
    declarer = game.seats.get(index=move.seat)
    other = next(s for s in human_seats(game) if s.index != move.seat)
    own = replay(signed_in(declarer.user), game, move.ply).content.decode()
    assert f"<code>{move.action}</code>" in own
    for client in (signed_in(other.user), Client()):
        html = replay(client, game, move.ply).content.decode()
        assert f"<code>{move.action}</code>" not in html and "<code>lead ?</code>" in html


def test_a_private_games_replay_and_record_are_for_its_players_only():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    game = start_game("triad", [alice, bob], is_public=False)
    game = play_random(game, stop=lambda g: g.version >= 2)
    for user in (alice, bob):
        assert replay(signed_in(user), game, 1).status_code == 200
        assert record(signed_in(user), game).status_code == 200
    for client in (signed_in(carol), Client()):
        assert replay(client, game, 1).status_code == 404
        assert record(client, game).status_code == 404


def test_a_running_games_replay_and_record_are_never_kept_by_a_browser():
    """They change with each move and may hold the viewer's own hand."""
    alice, bob = UserFactory(), UserFactory()
    game = play_random(start_game("triad", [alice, bob]), stop=lambda g: g.version >= 1)
    for response in (replay(signed_in(alice), game, 1), record(signed_in(alice), game)):
        assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    later = play_random(game, stop=lambda g: g.version >= 2)
    assert "After move 2 of 2" in replay(signed_in(alice), later, 2).content.decode()


def test_an_unstarted_game_has_no_replay_or_record():
    alice = UserFactory()
    game = open_game(alice, "triad", 2)  # its second seat still open
    for client in (signed_in(alice), Client()):
        assert replay(client, game, 0).status_code == 403
        response = record(client, game)
        assert response.status_code == 403
        assert "This game has not started yet" in response.content.decode()
