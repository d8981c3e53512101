"""My games' reads by written queries (games.list_rows) answer exactly what the ORM's
queries answered: the same rows, values and order, for due, waiting, open, invited,
finished and computer seats, and nothing of another player's."""

from datetime import timedelta
from unittest import mock

import pytest
from django.db.models import CharField, F
from django.db.models.functions import Cast
from django.utils import timezone

from games import list_rows, services
from games.models import Game, GameStatus, Seat
from tests.factories import UserFactory, play_first_legal, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables():
    """Alice's games of every kind in My games, and Bob's and Carol's around them."""
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    started = [start_game(alice, bob), start_game(bob, alice)]
    started.append(start_game(alice, bob, carol, engine="trias"))
    play_first_legal(started[0])  # (Bob is due there, Alice waits)
    for when, game in zip((3, 1), started[:2], strict=True):
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(days=when))
    with mock.patch("games.services.transaction.on_commit"):
        computers = services.game_create(
            creator=alice, engine="trias", num_players=3, options={}, days_per_move=3,
            invitees=[], is_public=False, computers=["beginner", "casual"],
        )  # fmt: skip
    invited = services.game_create(
        creator=carol, engine="triad", num_players=2, options={}, days_per_move=3,
        invitees=[alice], is_public=False,
    )  # fmt: skip
    public = services.game_create(
        creator=alice, engine="triad", num_players=2, options={}, days_per_move=3,
        invitees=[], is_public=True,
    )  # fmt: skip
    finished = [start_game(alice, bob), start_game(carol, alice)]
    for days, game in enumerate(finished):
        Game.objects.filter(pk=game.pk).update(
            status=GameStatus.FINISHED, finished_at=timezone.now() - timedelta(days=days)
        )
    Seat.objects.filter(game=finished[0], user=alice).update(is_winner=True, rank=1)
    start_game(bob, carol)  # (not Alice's)
    # Alice is due in two games, the computers' the more urgent.
    for hours, game in ((5, started[2]), (2, computers)):
        Seat.objects.filter(game=game, user=alice).update(
            is_due=True, deadline=timezone.now() + timedelta(hours=hours)
        )
    return alice, [*started, Game.objects.get(pk=computers.pk), invited, public, *finished]


def orm_current(user):
    return list(
        Seat.objects.filter(user=user, game__status__in=[GameStatus.ACTIVE, GameStatus.OPEN])
        .order_by(
            F("deadline").asc(nulls_last=True),
            F("game__deadline").asc(nulls_last=True),
            "-game__started_at",
            "-game__created_at",
        )
        .values_list(
            "pk", "game__status", "is_due", "accepted", "game__version",
            Cast("deadline", CharField()), Cast("game__deadline", CharField()),
        )
    )  # fmt: skip


def test_the_current_list_is_the_orms_in_its_order(tables):
    alice, games = tables
    ours, theirs = list_rows.current(alice.pk), orm_current(alice)
    assert len(ours) == 6  # three started, the computers', invited, public; not finished
    assert [row[:5] for row in ours] == [row[:5] for row in theirs]
    # (the times as text key the cached page: each seat's present exactly when set)
    assert [(r[5] is None, r[6] is None) for r in ours] == [
        (r[5] is None, r[6] is None) for r in theirs
    ]
    # the due seats by their deadlines first, then by their game's, open ones last
    computers = Seat.objects.get(user=alice, game=games[3])
    assert ours[0][0] == computers.pk and ours[0][2] is True and ours[1][2] is True
    assert [r[1] for r in ours[-2:]] == [GameStatus.OPEN, GameStatus.OPEN]


def test_the_recently_finished_are_the_orms(tables):
    alice, _games = tables
    theirs = list(
        Seat.objects.filter(user=alice, game__status=GameStatus.FINISHED)
        .order_by("-game__finished_at")
        .values_list("pk", flat=True)[:10]
    )
    assert list_rows.recent(alice.pk, 10) == theirs and len(theirs) == 2
    assert list_rows.recent(alice.pk, 1) == theirs[:1]


def test_a_listed_seat_and_its_fellows_are_the_orms(tables):
    alice, games = tables
    pks = list(Seat.objects.filter(user=alice).values_list("pk", flat=True))
    names = [name for name, _model, _field in list_rows.LISTED]
    theirs = {
        r[0]: r
        for r in Seat.objects.filter(pk__in=pks, user=alice).values_list(*["pk", *names[1:]])
    }
    ours = {r.pk: r for r in list_rows.listed(alice.pk, pks)}
    assert ours.keys() == theirs.keys() and len(ours) == len(games)
    assert all(tuple(ours[pk]) == theirs[pk] for pk in ours)
    # Another player's seat is never listed as Alice's.
    bobs = Seat.objects.filter(user__username="bob").values_list("pk", flat=True)
    assert list_rows.listed(alice.pk, list(bobs)) == []
    assert list_rows.listed(alice.pk, []) == []

    ids = [g.pk for g in games]
    fields = ["game_id", "is_due", "controller", "color", "bot_level", "accepted", "invited_as"]
    orm = list(
        Seat.objects.filter(game_id__in=ids)
        .exclude(user=alice)
        .order_by("game_id", "index")
        .values_list(*fields, "user__username", "user__display_name")
    )
    found = list_rows.fellows(ids, alice.pk)
    assert found == orm
    assert any(row[7] is None for row in found)  # computer seats and open seats too
    assert list_rows.fellows([], alice.pk) == []
