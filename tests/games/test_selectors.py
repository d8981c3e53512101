"""The reads of games.selectors: what the game page, a move and My games get from
them (seats in order with their players, the move list, the awaiting count, My games'
order and values), and the queries they take."""

from datetime import timedelta
from unittest import mock

import pytest
from django.db.models import CharField, F
from django.db.models.functions import Cast
from django.utils import timezone

from games import selectors, services
from games.awaiting import games_awaiting
from games.models import Controller, Game, GameStatus, Move, Seat
from tests.factories import UserFactory, play_first_legal, start_game

pytestmark = pytest.mark.django_db


def values(instance) -> dict:
    deferred = instance.get_deferred_fields()
    return {
        f.attname: getattr(instance, f.attname)
        for f in instance._meta.concrete_fields
        if f.attname not in deferred
    }


@pytest.fixture
def with_computers():
    """A Trias game of one person and two computer seats (no user on those rows)."""
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


def test_the_game_pages_seats_come_in_order_with_players_and_one_game(
    with_computers, django_assert_num_queries
):
    with django_assert_num_queries(1):
        seats = selectors.game_page_seats(with_computers.pk)
        names = [s.user and s.user.username for s in seats]
    assert [s.index for s in seats] == [0, 1, 2]
    assert names.count("alice") == 1 and names.count(None) == 2  # the computers' seats
    assert {s.controller for s in seats if s.user is None} == {Controller.BOT}
    assert len({id(s.game) for s in seats}) == 1  # one game instance, shared
    game = seats[0].game
    assert game.pk == with_computers.pk and game.get_deferred_fields() == {"state"}
    with django_assert_num_queries(1):  # the snapshot, read when a page is drawn
        assert game.state == with_computers.state


def test_the_game_pages_written_read_is_the_orms(with_computers):
    """``game_page_seats`` is a written query: every loaded value as the ORM's, the
    same column left for later, the instances as saveable as ever."""
    ours = selectors.game_page_seats(with_computers.pk)
    theirs = list(
        Seat.objects.filter(game_id=with_computers.pk)
        .select_related("game", "user")
        .defer("game__state")
        .order_by("index")
    )
    assert len(ours) == len(theirs) == 3
    for mine, orm in zip(ours, theirs, strict=True):
        assert values(mine) == values(orm)
        assert values(mine.game) == values(orm.game)
        assert mine.game.get_deferred_fields() == orm.game.get_deferred_fields() == {"state"}
        assert (mine.user and values(mine.user)) == (orm.user and values(orm.user))
    ours[0].last_seen_version = 99
    ours[0].save(update_fields=["last_seen_version"])
    assert Seat.objects.get(pk=ours[0].pk).last_seen_version == 99


def test_a_whole_pages_seats_bring_the_snapshot_in_the_same_query(
    with_computers, django_assert_num_queries
):
    with django_assert_num_queries(1):
        seats = selectors.game_page_seats(with_computers.pk, with_state=True)
        game = seats[0].game
        assert game.get_deferred_fields() == set()
        assert game.state == with_computers.state
    orm = Seat.objects.select_related("game", "user").filter(game_id=with_computers.pk)
    assert values(game) == values(orm.order_by("index")[0].game)


def test_a_game_without_seats_or_unknown_has_none(client):
    assert selectors.game_page_seats(987654) == []
    assert client.get("/games/987654/").status_code == 404


def test_a_moves_seats_come_in_order_with_players_and_this_game(
    with_computers, django_assert_num_queries
):
    with django_assert_num_queries(1):
        seats = selectors.seats_of(with_computers)
        assert all(s.game is with_computers for s in seats)
        assert [s.user and s.user.username for s in seats].count("alice") == 1
    assert [s.index for s in seats] == [0, 1, 2]


def test_several_games_get_their_seats_in_one_query(django_assert_num_queries):
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    games = [start_game(alice, bob), start_game(carol, alice, bob, engine="trias")]
    games = list(Game.objects.filter(pk__in=[g.pk for g in games]).order_by("pk"))
    with django_assert_num_queries(1):
        selectors.with_seats(games)
    with django_assert_num_queries(0):
        found = [[s.user.username for s in g.seats.all()] for g in games]
        assert all(s.game is g for g in games for s in g.seats.all())
    assert found == [
        list(g.seats.order_by("index").values_list("user__username", flat=True)) for g in games
    ]
    assert sorted(found[1]) == ["alice", "bob", "carol"]


def test_the_move_list_and_the_awaiting_count_follow_the_game():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    other = start_game(alice, bob)
    for _ in range(3):
        play_first_legal(game)
    text = {"msgid": "x %(a)s", "params": {"a": 1}}
    Move.objects.filter(game=game, ply=2).update(description_text=text)
    moves = selectors.move_list(game)
    assert [m["ply"] for m in moves] == [1, 2, 3]
    assert moves[1]["description_text"] == text  # (JSON, read back)
    assert {m["by_computer"] for m in moves} == {False}
    assert games_awaiting(alice) + games_awaiting(bob) == 2  # one seat due a game
    Game.objects.filter(pk=other.pk).update(status=GameStatus.FINISHED)  # no longer running
    assert games_awaiting(alice) + games_awaiting(bob) == 1


def test_marking_seen_never_lowers_the_version():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    game.version = 5
    services.mark_seen(game=game, user=alice)
    seat = Seat.objects.get(game=game, user=alice)
    assert seat.last_seen_version == 5 and seat.last_seen_at is not None
    game.version = 3  # (a view that loaded the game before the one above wrote)
    services.mark_seen(game=game, user=alice)
    assert Seat.objects.get(game=game, user=alice).last_seen_version == 5
    assert Seat.objects.get(game=game, user=bob).last_seen_at is None


# --- My games ------------------------------------------------------------------------


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


def test_the_current_list_is_in_my_games_order(tables):
    alice, games = tables
    current = selectors.current_seats(alice.pk)
    assert len(current) == 6  # three started, the computers', invited, public; not finished
    # the due seats by their deadlines first, then by their game's, open ones last
    computers = Seat.objects.get(user=alice, game=games[3])
    trias = Seat.objects.get(user=alice, game=games[2])
    assert [r.pk for r in current[:2]] == [computers.pk, trias.pk]
    due = [r.is_due for r in current]
    assert due == sorted(due, reverse=True) and due[-2:] == [False, False]  # (open games)
    assert current[0].deadline < current[1].deadline  # (as text, in one format)
    waiting = [
        r.game__deadline for r in current if r.game__status == GameStatus.ACTIVE and not r.is_due
    ]
    assert waiting == sorted(waiting, key=lambda d: (d is None, d or ""))
    assert [r.game__status for r in current[-2:]] == [GameStatus.OPEN, GameStatus.OPEN]
    invited = next(r for r in current if r.pk == Seat.objects.get(user=alice, game=games[4]).pk)
    assert invited.accepted is False
    assert all(r.game__version == Game.objects.get(seats__pk=r.pk).version for r in current)


def test_the_current_lists_written_read_is_the_orms(tables):
    """``current_seats`` is a written query: the ORM's rows, values and order."""
    alice, _games = tables
    theirs = list(
        Seat.objects.filter(user=alice, game__status__in=[GameStatus.ACTIVE, GameStatus.OPEN])
        .order_by(
            F("deadline").asc(nulls_last=True),
            F("game__deadline").asc(nulls_last=True),
            "-game__started_at",
            "-game__created_at",
        )
        .values_list(
            "pk", "game__status", "is_due", "accepted", "game__version",
            Cast("deadline", CharField()), Cast("game__deadline", CharField()),
            "game__draw_offered_by", "game__draw_declined_for",
        )
    )  # fmt: skip
    ours = selectors.current_seats(alice.pk)
    assert [(*r[:5], *r[7:]) for r in ours] == [(*r[:5], *r[7:]) for r in theirs]
    # (the times as text key the cached page: each seat's present exactly when set)
    assert [(r.deadline is None, r.game__deadline is None) for r in ours] == [
        (r[5] is None, r[6] is None) for r in theirs
    ]


def test_the_recently_ended_come_latest_first(tables):
    alice, games = tables
    latest = Seat.objects.get(user=alice, game=games[6]).pk
    earlier = Seat.objects.get(user=alice, game=games[7]).pk
    assert selectors.recent_seat_ids(alice.pk, 10) == [latest, earlier]
    assert selectors.recent_seat_ids(alice.pk, 1) == [latest]


def test_a_listed_seat_and_its_fellows(tables, django_assert_num_queries):
    alice, games = tables
    pks = list(Seat.objects.filter(user=alice).values_list("pk", flat=True))
    with django_assert_num_queries(1):
        rows, fellows = selectors.listed_tables(alice.pk, pks)
    listed = {r.pk: r for r in rows}
    assert len(listed) == len(games)
    won = listed[Seat.objects.get(user=alice, game=games[6]).pk]
    assert (won.is_winner, won.rank, won.game__engine) == (True, 1, "triad")
    assert won.game__finished_at is not None
    invited = listed[Seat.objects.get(user=alice, game=games[4]).pk]
    assert invited.game__created_by__username == "carol" and invited.accepted is False
    # Another player's seat is never listed as Alice's, nor are their tables read.
    bobs = Seat.objects.filter(user__username="bob").values_list("pk", flat=True)
    assert selectors.listed_tables(alice.pk, list(bobs)) == ([], [])
    assert selectors.listed_tables(alice.pk, []) == ([], [])
    # Only the tables of the seats asked for.
    one = Seat.objects.get(user=alice, game=games[2]).pk
    assert {f.game_id for f in selectors.listed_tables(alice.pk, [one])[1]} == {games[2].pk}

    assert "alice" not in {f.user__username for f in fellows}
    trias = games[2].seats.exclude(user=alice).order_by("index")
    assert [f.user__username for f in fellows if f.game_id == games[2].pk] == [
        s.user.username for s in trias
    ]
    assert [f.game_id for f in fellows] == sorted(f.game_id for f in fellows)
    computers = [f for f in fellows if f.game_id == games[3].pk]
    assert [f.controller for f in computers] == [Controller.BOT, Controller.BOT]
    assert all(f.user__username is None and f.bot_level for f in computers)
    assert any(f.user__username is None for f in fellows if f.game_id == games[5].pk)  # open


@pytest.mark.parametrize("shown", [1, 2, 20])
def test_my_games_sections_are_the_current_list_cut_per_section(tables, shown):
    """Each section's first ``shown`` seats in ``current_seats``' order, and how many
    the section holds, from one query."""
    alice, _games = tables
    current = selectors.current_seats(alice.pk)

    def section(r):
        if r.game__status == GameStatus.ACTIVE:
            return selectors.DUE if r.is_due else selectors.WAITING
        return selectors.OPENING if r.accepted else selectors.INVITED

    found = selectors.my_games_sections(alice.pk, shown)
    for kind in (selectors.DUE, selectors.WAITING, selectors.INVITED, selectors.OPENING):
        mine = [r for r in current if section(r) == kind]
        assert [r.pk for r in found.rows[kind]] == [r.pk for r in mine[:shown]]
        assert found.totals[kind] == len(mine)
    assert sum(found.totals) == len(current)
