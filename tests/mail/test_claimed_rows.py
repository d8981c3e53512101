"""The claimed outbox rows (mail.outbox.claimed_rows) are
what the ORM's select_related and prefetch gave: every loaded value the same, the
player, game and seat attached, each game's seats with their players at hand."""

import pytest
from django.db.models import Prefetch

from games.models import Seat
from mail import outbox
from mail.models import Kind, Notification
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
