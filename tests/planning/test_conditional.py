"""Conditional moves (planning.conditional): replies set on the analysis board are
played for their player when the marked move comes, in that move's transaction and
exactly once; anything else clears them; the opponent never sees them."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Move
from mail.sending.compose import game_section, turn_email
from planning import analysis, conditional
from planning.models import ConditionalMoves
from tests.factories import UserFactory
from tests.planning.helpers import HTMX, signed_in, token_of, url
from tests.web.helpers import play_random, seat_user, start_game

pytestmark = pytest.mark.django_db


def line_played(client, game, user, count):
    """The analysis page after ``count`` first-legal moves from the game's position."""
    html = client.get(url(game)).content.decode()
    engine = game.engine_module
    for _ in range(count):
        line = analysis.unsign(game, user, token_of(html))
        state = analysis.states(game, line)[-1]
        seat = engine.to_move(state)[0]
        # (a move that passes the turn: one that makes its mover remove a die would not)
        action = next(
            a
            for a in engine.legal_actions(state, seat)
            if engine.to_move(engine.apply(state, seat, a)) == (1 - seat,)
        )
        html = client.post(url(game), {"line": token_of(html), "action": action}, **HTMX)
        html = html.content.decode()
    return html, analysis.unsign(game, user, token_of(html))


def waiting_player(game):
    """(the player who waits for the opponent's move, the opponent)."""
    game.refresh_from_db()
    mover = game.to_move[0]
    return seat_user(game, 1 - mover), seat_user(game, mover)


def triad_game():
    game = start_game("triad", [UserFactory(), UserFactory()])
    return play_random(game, stop=lambda g: g.version >= 3)


def play(game, user, action):
    game.refresh_from_db()
    return services.move_play(
        game_id=game.pk, user=user, action=action, expected_version=game.version
    )


def test_the_reply_is_played_when_the_marked_move_comes_then_the_next_waits():
    game = triad_game()
    me, them = waiting_player(game)
    client = signed_in(me)
    html, line = line_played(client, game, me, 4)
    response = client.post(url(game), {"line": token_of(html), "conditional": "1"}, **HTMX)
    assert "Your conditional moves are saved" in response.content.decode(), re.findall(
        r"role=.alert.>([^<]*)", response.content.decode()
    )
    (_s1, x1), (s2, y1), (_, x2), (_, y2) = line.actions
    assert ConditionalMoves.objects.get(game=game, user=me).tree == {
        x1: {"reply": y1, "next": {x2: {"reply": y2, "next": {}}}}
    }
    version = game.version
    play(game, them, x1)
    game.refresh_from_db()
    assert game.version == version + 2
    reply = Move.objects.get(game=game, ply=version + 2)
    assert (reply.seat, reply.action, reply.played_automatically) == (s2, y1, "conditional")
    assert "conditional" not in reply.description  # the move list reads as any move
    tree = ConditionalMoves.objects.get(game=game, user=me)
    assert (tree.tree, tree.version) == ({x2: {"reply": y2, "next": {}}}, game.version)
    # A repeat of their move (double click) plays nothing again.
    result = services.move_play(game_id=game.pk, user=them, action=x1, expected_version=version)
    assert not result.applied
    assert Move.objects.filter(game=game).count() == version + 2
    # Its player is told in their next turn email; the opponent's says nothing of it.
    mine = turn_email(me, [game_section(game, me)]).body
    assert "(your conditional move)" in mine
    assert "conditional" not in turn_email(them, [game_section(game, them)]).body


def test_any_other_move_clears_the_tree():
    game = triad_game()
    me, them = waiting_player(game)
    client = signed_in(me)
    html, line = line_played(client, game, me, 2)
    client.post(url(game), {"line": token_of(html), "conditional": "1"})
    (_, x1), _ = line.actions
    game.refresh_from_db()
    other = next(
        a
        for a in game.engine_module.legal_actions(
            game.engine_module.from_json(game.state), game.to_move[0]
        )
        if a != x1
    )
    version = game.version
    play(game, them, other)
    game.refresh_from_db()
    assert game.version == version + 1  # nothing played for me
    assert not ConditionalMoves.objects.filter(game=game).exists()


def test_the_opponent_never_sees_the_tree():
    game = triad_game()
    me, them = waiting_player(game)
    client = signed_in(me)
    html, _line = line_played(client, game, me, 2)
    client.post(url(game), {"line": token_of(html), "conditional": "1"})
    assert "Your conditional moves" in client.get(url(game)).content.decode()
    for viewer in (signed_in(them), Client()):
        for page in (url(game), reverse("game_detail", args=[game.pk])):
            html = viewer.get(page).content.decode()
            assert "Your conditional moves" not in html and "you play <code>" not in html


def test_bad_lines_are_refused_and_change_nothing():
    game = triad_game()
    me, _them = waiting_player(game)
    seat = game.seats.get(user=me)
    game.refresh_from_db()
    opponent = 1 - seat.index
    with pytest.raises(ValidationError, match="alternate"):
        conditional.tree_save(
            game=game, seat=seat, version=game.version, actions=[(seat.index, "a1-a3=2")] * 2
        )
    with pytest.raises(ValidationError, match="position now"):
        conditional.tree_save(
            game=game,
            seat=seat,
            version=game.version - 1,
            actions=[(opponent, "a"), (seat.index, "b")],
        )
    deep = [(opponent, f"x{k}") if k % 2 == 0 else (seat.index, f"y{k}") for k in range(14)]
    with pytest.raises(ValidationError, match="deep"):
        conditional.tree_save(game=game, seat=seat, version=game.version, actions=deep)
    for k in range(conditional.MAX_BREADTH):
        conditional.tree_save(
            game=game,
            seat=seat,
            version=game.version,
            actions=[(opponent, f"m{k}"), (seat.index, "r")],
        )
    with pytest.raises(ValidationError, match="At most"):
        conditional.tree_save(
            game=game,
            seat=seat,
            version=game.version,
            actions=[(opponent, "one more"), (seat.index, "r")],
        )
    assert (
        len(ConditionalMoves.objects.get(game=game, seat=seat.index).tree)
        == conditional.MAX_BREADTH
    )


def test_games_with_hidden_information_do_not_offer_them():
    users = [UserFactory(), UserFactory()]
    game = start_game("trias", users)
    seat = game.seats.exclude(index__in=game.to_move).first()
    with pytest.raises(ValidationError, match="does not allow"):
        conditional.tree_save(
            game=game,
            seat=seat,
            version=game.version,
            actions=[(1 - seat.index, "a"), (seat.index, "b")],
        )
    html = signed_in(seat.user).get(url(game)).content.decode()
    assert 'name="conditional"' not in html
