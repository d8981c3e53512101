"""The written writes of config.rows (a move's row, its seats' and game's columns, the
outbox row) write what the ORM's save writes, and refuse what it refuses."""

import pytest
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone

from config import rows
from games.models import Game, Move, Seat
from mail.models import Kind, Notification
from mail.sending.outbox import notify
from tests.factories import UserFactory, start_game

pytestmark = pytest.mark.django_db


def saved(instance) -> dict:
    """Every column of the row as the ORM reads it back."""
    fresh = type(instance).objects.get(pk=instance.pk)
    return {f.attname: getattr(fresh, f.attname) for f in fresh._meta.concrete_fields}


def test_an_inserted_move_is_the_row_save_writes():
    game = start_game(UserFactory(), UserFactory())
    stored = {"text": "%(who)s moves", "args": {"who": "Black"}}
    ours = Move(game=game, ply=1, seat=0, action="a1-b2", description="Black moves",
                description_text=stored, reversible=True)  # fmt: skip
    theirs = Move(game=game, ply=2, seat=1, action="a1-b2", description="Black moves",
                  description_text=stored, reversible=True)  # fmt: skip
    assert rows.insert(ours) is True
    theirs.save()
    assert ours.pk and not ours._state.adding and ours.created_at is not None
    mine, orm = saved(ours), saved(theirs)
    assert mine.pop("id") != orm.pop("id")
    assert mine.pop("ply") == 1 and orm.pop("ply") == 2
    assert mine.pop("seat") == 0 and orm.pop("seat") == 1
    assert abs(mine.pop("created_at") - orm.pop("created_at")).total_seconds() < 60
    assert mine == orm and mine["description_text"] == stored  # (JSON, and its round trip)


def test_a_conflicting_insert_writes_nothing_and_says_so():
    user, now = UserFactory(), timezone.now()
    first = Notification(user=user, kind=Kind.TURN, dedupe_key="turn:1:x", send_after=now)
    assert rows.insert(first, ignore_conflicts=True) is True
    again = Notification(user=user, kind=Kind.TURN, dedupe_key="turn:1:x", send_after=now)
    assert rows.insert(again, ignore_conflicts=True) is False and again.pk is None
    assert Notification.objects.filter(user=user).count() == 1
    # Rows without a key never conflict (the unique key is only for keyed rows).
    for _ in range(2):
        row = Notification(user=user, kind=Kind.TURN, send_after=now)
        assert rows.insert(row, ignore_conflicts=True)
    assert Notification.objects.filter(user=user).count() == 3


def test_notify_writes_a_keyed_row_once():
    game = start_game(UserFactory(), UserFactory())
    user = game.seats.first().user
    kept = notify(user=user, kind=Kind.RESULT, game=game, dedupe_key=f"result:{game.pk}")
    assert kept is not None and kept.pk
    assert notify(user=user, kind=Kind.RESULT, game=game, dedupe_key=f"result:{game.pk}") is None
    assert Notification.objects.filter(user=user, kind=Kind.RESULT).count() == 1
    assert saved(kept)["version"] == game.version


def test_an_update_writes_only_the_columns_named():
    game = start_game(UserFactory(), UserFactory())
    seat = Seat.objects.get(game=game, index=0)
    seat.is_due, seat.deadline, seat.color = False, None, "changed but not written"
    rows.update(seat, ("is_due", "deadline"))
    fresh = saved(seat)
    assert (fresh["is_due"], fresh["deadline"]) == (False, None)
    assert fresh["color"] != "changed but not written"
    game.to_move, game.version = [1], game.version + 5
    rows.update(game, ("to_move", "version"))
    assert (saved(game)["to_move"], saved(game)["version"]) == ([1], game.version)


def test_an_update_of_a_row_that_is_gone_fails_as_save_does():
    game = start_game(UserFactory(), UserFactory())
    Game.objects.filter(pk=game.pk).delete()
    with pytest.raises(DatabaseError):
        rows.update(game, ("version",))


def test_without_returning_the_orm_writes_the_row_and_a_conflict_is_still_refused():
    from unittest import mock

    user, now = UserFactory(), timezone.now()
    with mock.patch.object(rows, "_returns_ids", return_value=False):
        first = Notification(user=user, kind=Kind.TURN, dedupe_key="turn:2:x", send_after=now)
        assert rows.insert(first, ignore_conflicts=True) is True and first.pk
        again = Notification(user=user, kind=Kind.TURN, dedupe_key="turn:2:x", send_after=now)
        assert rows.insert(again, ignore_conflicts=True) is False
        with pytest.raises(IntegrityError), transaction.atomic():  # (as save() raises)
            rows.insert(Notification(user=user, kind=Kind.TURN, dedupe_key="turn:2:x",
                                     send_after=now))  # fmt: skip
    assert Notification.objects.filter(user=user).count() == 1
