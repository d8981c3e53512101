"""The side-by-side benchmark (benchmarks/side_by_side.py) counts a Tripost move as
played from its answer alone (``support.move_played``): the check must follow the
move's answer as the site gives it, or the benchmark stops at its first move."""

import pytest
from django.test import Client
from django.urls import reverse

from benchmarks.support import move_played
from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import seat_user, start_game

pytestmark = pytest.mark.django_db


def test_a_played_move_counts_and_a_stale_one_does_not():
    game = start_game("triad", [UserFactory(), UserFactory()])
    seat = game.to_move[0]
    client = Client()
    client.force_login(seat_user(game, seat))
    first, other = game.engine_module.legal_actions(load_state(game), seat)[:2]
    url = reverse("game_move", args=[game.pk])

    played = client.post(url, {"action": first, "version": game.version}, HTTP_HX_REQUEST="true")
    assert move_played(played.status_code, played.content)

    # Another move from the version seen, which is gone (the same move again would be
    # the same move's answer: a move is played once however often it is sent).
    stale = client.post(url, {"action": other, "version": game.version}, HTTP_HX_REQUEST="true")
    assert stale.status_code == 409
    assert not move_played(stale.status_code, stale.content)
