"""Two submissions at the same moment: the game row lock lets exactly one through."""

import threading

import pytest
from django.db import connection

from games import services
from games.models import Move
from games.replay import load_state
from tests.factories import UserFactory
from tests.web.helpers import seat_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def submit_together(game, user, actions):
    barrier = threading.Barrier(len(actions))
    results: list = [None] * len(actions)

    def submit(i, action):
        try:
            barrier.wait()
            results[i] = services.move_play(
                game_id=game.pk, user=user, action=action, expected_version=0
            )
        except Exception as exc:  # collected and asserted below
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(i, a)) for i, a in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_two_different_moves_at_once_one_wins_the_other_is_told_why():
    game = start_game("triad", [UserFactory(), UserFactory()])
    seat = game.to_move[0]
    first, second = game.engine_module.legal_actions(load_state(game), seat)[:2]
    results = submit_together(game, seat_user(game, seat), [first, second])
    winners = [r for r in results if isinstance(r, services.MoveResult)]
    losers = [r for r in results if isinstance(r, services.StaleMove)]
    assert len(winners) == 1 and len(losers) == 1, results
    assert "moved on" in str(losers[0])
    assert Move.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.version == 1


def test_the_same_move_twice_at_once_is_applied_once():
    game = start_game("triad", [UserFactory(), UserFactory()])
    seat = game.to_move[0]
    action = game.engine_module.legal_actions(load_state(game), seat)[0]
    results = submit_together(game, seat_user(game, seat), [action, action])
    assert all(isinstance(r, services.MoveResult) for r in results), results
    assert sorted(r.applied for r in results) == [False, True]
    assert Move.objects.filter(game=game).count() == 1
