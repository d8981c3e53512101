"""The claimed outbox rows (mail.sending.outbox.claimed_rows) are
what the ORM's select_related and prefetch gave: every loaded value the same, the
player, game and seat attached, each game's seats with their players at hand."""

import pytest
from django.db.models import Prefetch

from games.models import Seat
from mail.models import Kind, Notification
from mail.sending import outbox
from tests.factories import UserFactory, start_game

pytestmark = pytest.mark.django_db


def values(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def orm_rows(token):
    return list(
        Notification.objects.filter(claim=token, sent_at__isnull=True)
        .select_related("user", "game", "seat")
        .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.select_related("user")))
        .order_by("created_at")
    )


def test_the_claimed_rows_equal_the_orms(django_assert_num_queries):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    seat = game.seats.get(user=alice)
    made = [
        outbox.notify(user=alice, kind=Kind.TURN, game=game, seat=seat, payload={"n": 1}),
        outbox.notify(user=alice, kind=Kind.DRAW_OFFER, game=game, payload={"by": "Bob"}),
        outbox.notify(user=alice, kind=Kind.VACATION_OVER),  # no game, no seat
    ]
    token = "t" * 32
    Notification.objects.filter(pk__in=[n.pk for n in made]).update(claim=token)
    ours, theirs = outbox.claimed_rows(token), orm_rows(token)
    assert [n.pk for n in ours] == [n.pk for n in theirs] == [n.pk for n in made]
    for mine, orm in zip(ours, theirs, strict=True):
        assert values(mine) == values(orm)
        assert values(mine.user) == values(orm.user)
        assert (mine.game and values(mine.game)) == (orm.game and values(orm.game))
        assert (mine.seat and values(mine.seat)) == (orm.seat and values(orm.seat))
    assert ours[2].game is None and ours[2].seat is None
    assert ours[0].game is ours[1].game  # one instance per game
    with django_assert_num_queries(0):  # the seats are at hand, with their players
        seats = list(ours[0].game.seats.all())
        names = [s.user.username for s in seats]
    assert names == [s.user.username for s in theirs[0].game.seats.all()]
    assert [values(s) for s in seats] == [values(s) for s in theirs[0].game.seats.all()]


def test_rows_sent_or_of_another_claim_are_not_read():
    alice = UserFactory(username="alice")
    one = outbox.notify(user=alice, kind=Kind.VACATION_OVER)
    two = outbox.notify(user=alice, kind=Kind.VACATION_DAY, payload={"days": 1})
    Notification.objects.filter(pk=one.pk).update(claim="a" * 32)
    Notification.objects.filter(pk=two.pk).update(claim="b" * 32)
    assert [n.pk for n in outbox.claimed_rows("a" * 32)] == [one.pk]
    Notification.objects.filter(pk=one.pk).update(sent_at=one.created_at)
    assert outbox.claimed_rows("a" * 32) == []


def test_notify_writes_a_keyed_row_once_and_unkeyed_rows_always():
    """The unique key decides (no read first): a second row for the same key is no
    row, and the caller's transaction goes on (the INSERT is in a savepoint)."""
    from django.db import transaction

    game = start_game(UserFactory(), UserFactory())
    user = game.seats.first().user
    with transaction.atomic():
        kept = outbox.notify(user=user, kind=Kind.RESULT, game=game, dedupe_key=f"result:{game.pk}")
        assert kept is not None and kept.pk
        again = outbox.notify(
            user=user, kind=Kind.RESULT, game=game, dedupe_key=f"result:{game.pk}"
        )
        assert again is None
        assert Notification.objects.filter(user=user, kind=Kind.RESULT).count() == 1
    assert Notification.objects.get(pk=kept.pk).version == game.version
    for _ in range(2):  # rows without a key never conflict
        assert outbox.notify(user=user, kind=Kind.TURN, game=game) is not None
    assert Notification.objects.filter(user=user, kind=Kind.TURN, dedupe_key="").count() == 2
