"""The analysis board (planning.analysis): lines for every seat that never touch the
game, a signed position that cannot be forged, and kept lines only their author sees."""

import json
import re

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse

from games.models import Move
from planning import analysis
from planning.models import AnalysisNote
from tests.factories import UserFactory
from tests.planning.helpers import HTMX, signed_in, token_of, url
from tests.web.helpers import play_random, seat_user, start_game

pytestmark = pytest.mark.django_db


def legal_now(game, user, html):
    """The legal actions at the position the analysis page shows (from its line)."""
    line = analysis.unsign(game, user, token_of(html), re.search(r"Move (\d+) of", html)[1])
    state = analysis.states(game, line)[-1]
    engine = game.engine_module
    return engine.legal_actions(state, engine.to_move(state)[0])


def triad_game():
    game = start_game("triad", [UserFactory(), UserFactory()])
    return play_random(game, stop=lambda g: g.version >= 4)


def test_a_player_plays_both_seats_steps_and_branches_without_touching_the_game():
    game = triad_game()
    before = (game.version, game.state, Move.objects.filter(game=game).count())
    alice = seat_user(game, 0)
    client = signed_in(alice)
    html = client.get(url(game)).content.decode()
    assert "Move 0 of 0" in html
    first = legal_now(game, alice, html)[0]
    html = client.post(
        url(game), {"line": token_of(html), "action": first}, **HTMX
    ).content.decode()
    assert "Move 1 of 1" in html and f"<code>{first}</code>" in html
    second = legal_now(game, alice, html)[0]  # the other seat's move
    html = client.post(
        url(game), {"line": token_of(html), "action": second}, **HTMX
    ).content.decode()
    assert "Move 2 of 2" in html
    line = token_of(html)
    back = client.post(url(game), {"line": line, "at": "1"}, **HTMX).content.decode()
    assert "Move 1 of 2" in back
    # A different move after the first is a new branch: the old second move goes.
    other = next(a for a in legal_now(game, alice, back) if a != second)
    html = client.post(url(game), {"line": line, "at": "1", "action": other}, **HTMX).content
    html = html.decode()
    assert "Move 2 of 2" in html and f"<code>{other}</code>" in html
    assert f"<code>{second}</code>" not in html
    reset = client.post(url(game), {"line": token_of(html), "reset": "1"}, **HTMX).content
    assert "Move 0 of 0" in reset.decode()
    game.refresh_from_db()
    assert (game.version, game.state, Move.objects.filter(game=game).count()) == before


def test_an_illegal_move_is_refused_in_place():
    game = triad_game()
    client = signed_in(seat_user(game, 0))
    line = token_of(client.get(url(game)).content.decode())
    response = client.post(url(game), {"line": line, "action": "z9-z9=9"}, **HTMX)
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()
    assert "Move 0 of 0" in response.content.decode()


def test_forged_unsigned_or_borrowed_positions_are_refused():
    game, other_game = triad_game(), triad_game()
    alice = seat_user(game, 0)
    client = signed_in(alice)
    line = token_of(client.get(url(game)).content.decode())
    payload = signing.loads(line, salt=f"planning.analysis:{game.pk}:{alice.pk}")
    unsigned = signing.b64_encode(json.dumps(payload).encode()).decode()
    tampered = line[:-3] + ("AAA" if not line.endswith("AAA") else "BBB")
    resigned_elsewhere = signing.dumps(payload, salt="another salt", compress=True)
    for bad in (unsigned, tampered, resigned_elsewhere, "", "{}"):
        response = client.post(url(game), {"line": bad, "action": "a1-a3=2"})
        assert response.status_code == 400, bad
    # A line made for one game or player is no good for another.
    assert client.post(url(other_game), {"line": line}).status_code in (400, 404)
    bob = seat_user(game, 1)
    assert signed_in(bob).post(url(game), {"line": line}).status_code == 400
    # The game's own move endpoint knows nothing of it.
    game.refresh_from_db()
    version = game.version
    signed_in(alice).post(
        reverse("game_move", args=[game.pk]), {"line": line, "action": "", "version": version}
    )
    game.refresh_from_db()
    assert game.version == version


def test_a_kept_line_is_the_authors_private_note():
    game = triad_game()
    alice, bob = seat_user(game, 0), seat_user(game, 1)
    client = signed_in(alice)
    html = client.get(url(game)).content.decode()
    first = legal_now(game, alice, html)[0]
    html = client.post(url(game), {"line": token_of(html), "action": first}).content.decode()
    response = client.post(
        reverse("planning_note_save", args=[game.pk]), {"line": token_of(html), "title": "Idea"}
    )
    assert response.status_code == 302
    note = AnalysisNote.objects.get(user=alice, game=game)
    assert note.title == "Idea" and note.actions == [[game.to_move[0], first]]
    page = client.get(url(game)).content.decode()
    assert "Idea" in page
    reopened = client.get(url(game) + f"?note={note.pk}").content.decode()
    assert f"<code>{first}</code>" in reopened
    assert "Idea" not in signed_in(bob).get(url(game)).content.decode()
    assert signed_in(bob).get(url(game) + f"?note={note.pk}").status_code == 404


def test_a_private_game_cannot_be_analysed_by_others():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    game = start_game("triad", [alice, bob], is_public=False)
    assert signed_in(carol).get(url(game)).status_code == 404
    assert Client().get(url(game)).status_code == 404
    assert signed_in(alice).get(url(game)).status_code == 200


def test_a_replays_position_can_be_analysed_from_there():
    game = triad_game()
    client = signed_in(seat_user(game, 0))
    replay = client.get(reverse("game_replay", args=[game.pk]) + "?ply=2").content.decode()
    assert f"{url(game)}?ply=2" in replay
    html = client.get(url(game) + "?ply=2").content.decode()
    line = analysis.unsign(game, seat_user(game, 0), token_of(html))
    engine = game.engine_module
    from games.replay import game_states

    expected = game_states(game, before_ply=3)[-1]
    assert engine.from_json(line.start).board == expected.board
