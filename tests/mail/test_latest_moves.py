"""A batch of emails reads each game's latest moves in one query (mail.sending.compose
.latest_moves): the same moves, newest first, as reading each game alone, however long
the game (each game's read stops at its last ``limit + 1`` moves)."""

import pytest

from games.models import Move
from mail.sending import compose
from tests.factories import UserFactory, play_first_legal, start_game

pytestmark = pytest.mark.django_db


def test_each_games_latest_moves_newest_first_as_read_alone():
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    long, short, fresh = start_game(alice, bob), start_game(bob, carol), start_game(carol, alice)
    for _ in range(14):
        play_first_legal(long)
    for _ in range(3):
        play_first_legal(short)
    found = compose.latest_moves({long.pk, short.pk, fresh.pk}, limit=5)
    assert found.keys() == {long.pk, short.pk, fresh.pk}
    for game, count in ((long, 6), (short, 3), (fresh, 0)):
        alone = list(
            Move.objects.filter(game=game)
            .order_by("-ply")
            .values_list("game_id", *compose.MOVE_FIELDS)[:6]
        )
        assert [tuple(m) for m in found[game.pk]] == alone and len(alone) == count
    newest = found[long.pk][0]
    assert (newest.game_id, newest.ply) == (long.pk, 14) and newest.by_computer is False
    assert compose.latest_moves(set()) == {}
