"""A game's rows by written queries (games.table_rows, config.rows) are the
ORM's own: every value of every loaded column the same, the same columns left for
later, the players attached, and the rows as saveable as ever."""

from unittest import mock

import pytest

from games import services
from games.models import Game, Seat
from games.table_rows import locked_game, seats_of, seats_with_game
from tests.factories import UserFactory, play_first_legal, start_game

pytestmark = pytest.mark.django_db


def values(instance) -> dict:
    deferred = instance.get_deferred_fields()
    return {
        f.attname: getattr(instance, f.attname)
        for f in instance._meta.concrete_fields
        if f.attname not in deferred
    }


def orm_rows(game_id):
    return list(
        Seat.objects.filter(game_id=game_id)
        .select_related("game", "user")
        .defer("game__state")
        .order_by("index")
    )


@pytest.fixture
def with_computers():
    """A Trias game of one person and two computer seats (no user on those rows),
    a move in, with dates, JSON columns and booleans to convert."""
    alice = UserFactory(username="alice")
    with mock.patch("games.services.transaction.on_commit"):
        game = services.game_create(
            creator=alice,
            engine="trias",
            num_players=3,
            options={},
            days_per_move=3,
            invitees=[],
            is_public=False,
            computers=["beginner", "expert"],
        )
    return Game.objects.get(pk=game.pk)


def test_the_rows_equal_the_orms_for_people_and_computers(with_computers):
    ours, theirs = seats_with_game(with_computers.pk), orm_rows(with_computers.pk)
    assert [s.index for s in ours] == [0, 1, 2]
    assert len(ours) == len(theirs) == 3
    for mine, orm in zip(ours, theirs, strict=True):
        assert values(mine) == values(orm)
        assert values(mine.game) == values(orm.game)
        assert mine.game.get_deferred_fields() == orm.game.get_deferred_fields() == {"state"}
        assert (mine.user and values(mine.user)) == (orm.user and values(orm.user))
    assert sum(s.user is None for s in ours) == 2
    assert len({id(s.game) for s in ours}) == 1  # one game instance, shared


def test_the_rows_follow_a_move_and_save_as_ever():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    play_first_legal(game)
    seats = seats_with_game(game.pk)
    for mine, orm in zip(seats, orm_rows(game.pk), strict=True):
        assert values(mine) == values(orm) and values(mine.game) == values(orm.game)
    assert seats[0].game.version == Game.objects.get(pk=game.pk).version > 0
    assert seats[0].game.state == Game.objects.get(pk=game.pk).state  # (read when asked)
    seats[1].last_seen_version = 99
    seats[1].save(update_fields=["last_seen_version"])
    assert Seat.objects.get(pk=seats[1].pk).last_seen_version == 99


def test_a_game_without_seats_or_unknown_has_no_rows(client):
    assert seats_with_game(987654) == []
    assert client.get("/games/987654/").status_code == 404


def test_a_moves_rows_equal_the_orms(with_computers):
    from django.db import transaction

    with transaction.atomic():
        game = locked_game(with_computers.pk)
        orm = Game.objects.select_for_update().get(pk=with_computers.pk)
        assert values(game) == values(orm) and game.get_deferred_fields() == set()
        seats = seats_of(game)
    theirs = list(with_computers.seats.select_related("user").order_by("index"))
    for mine, orm_seat in zip(seats, theirs, strict=True):
        assert values(mine) == values(orm_seat)
        assert (mine.user and values(mine.user)) == (orm_seat.user and values(orm_seat.user))
        assert mine.game is game


@pytest.mark.django_db(transaction=True)
def test_the_lock_is_taken_only_inside_a_transaction():
    """As Django's ``select_for_update``: outside a transaction the lock would end at
    once, so asking for it there is a mistake, said loudly (where there are locks)."""
    from django.db import connection, transaction
    from django.db.transaction import TransactionManagementError

    game = start_game(UserFactory(username="alice"), UserFactory(username="bob"))
    with transaction.atomic():
        assert locked_game(987654) is None
        assert locked_game(game.pk).pk == game.pk
    if connection.features.has_select_for_update:
        with pytest.raises(TransactionManagementError):
            locked_game(game.pk)


def test_the_snapshot_moves_and_awaiting_count_equal_the_orms():
    from games.awaiting import awaiting_seats
    from games.models import GameStatus, Move
    from games.table_rows import count_awaiting, move_list, snapshot

    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    other = start_game(alice, bob)
    for _ in range(3):
        play_first_legal(game)
    text = {"msgid": "x %(a)s", "params": {"a": 1}}
    Move.objects.filter(game=game, ply=2).update(description_text=text)
    page_game = seats_with_game(game.pk)[0].game
    assert "state" in page_game.get_deferred_fields()
    snapshot(page_game)
    assert page_game.state == Game.objects.get(pk=game.pk).state
    orm = list(
        game.moves.order_by("ply").values_list(
            "ply", "seat", "action", "description", "description_text", "by_computer", "reversible"
        )
    )
    assert move_list(game) == orm and len(orm) == 3
    assert move_list(game)[1][4] == text
    for user in (alice, bob):
        assert count_awaiting(user.pk) == awaiting_seats(user).count()
    assert count_awaiting(alice.pk) + count_awaiting(bob.pk) == 2  # one seat due a game
    Game.objects.filter(pk=other.pk).update(status=GameStatus.FINISHED)  # no longer running
    for user in (alice, bob):
        assert count_awaiting(user.pk) == awaiting_seats(user).count()
    assert count_awaiting(alice.pk) + count_awaiting(bob.pk) == 1


def test_marking_seen_never_lowers_the_version():
    from django.utils import timezone

    from games.table_rows import mark_seen

    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    now = timezone.now()
    mark_seen(game.pk, alice.pk, 5, now)
    seat = Seat.objects.get(game=game, user=alice)
    assert seat.last_seen_version == 5 and seat.last_seen_at == now
    mark_seen(game.pk, alice.pk, 3, now)
    assert Seat.objects.get(game=game, user=alice).last_seen_version == 5
    assert Seat.objects.get(game=game, user=bob).last_seen_at is None
