"""A game's rows by written queries (``config.rows``: the ORM's own instances, for a
fifth to a quarter of the CPU), for the reads every page view, poll and move makes:

- the game page's: the game (its snapshot left for later), its seats in seat order
  and their players, in one query;
- a move's: the game row locked (``SELECT ... FOR UPDATE`` where the database has
  row locks), then its seats with their players;
- a batch of emails': the seats of several games with their players;
- what a page draws from: the snapshot (when the page is not in the cache), the move
  list, how many games await the viewer; and a viewer's mark of what they have seen.
"""

from __future__ import annotations

from functools import cache

from django.db import connections, router
from django.db.transaction import TransactionManagementError

from accounts.models import User
from config import rows
from games.models import Game, GameStatus, Move, Seat, SeatStatus

# What a game page never reads from the game row at first (``load_state`` fetches it
# when the page is drawn, not when it is served from the cache).
PAGE_LEAVES_OUT = ("state",)
PAGE_PARTS = ((Seat, ()), (Game, PAGE_LEAVES_OUT), (User, ()))
SEAT_PARTS = ((Seat, ()), (User, ()))
GAME_PARTS = ((Game, ()),)


def _connection(model):
    using, connection, _quote = rows.reading(model)
    return using, connection


@cache
def _seats_sql(alias: str, with_game: bool, games: int = 1) -> str:
    """Seats and players (and their game) of one game, or of ``games`` games."""
    q = connections[alias].ops.quote_name
    game = f", {rows.columns(Game, 'g', q, PAGE_LEAVES_OUT)}" if with_game else ""
    join = (
        f" INNER JOIN {q(Game._meta.db_table)} g ON g.{q('id')} = s.{q('game_id')}"
        if with_game
        else ""
    )
    if games == 1:
        where = f"s.{q('game_id')} = %s ORDER BY s.{q('index')}"
    else:
        where = (
            f"s.{q('game_id')} IN ({rows.marks(games)}) ORDER BY s.{q('game_id')}, s.{q('index')}"
        )
    return (
        f"SELECT {rows.columns(Seat, 's', q)}{game}, {rows.columns(User, 'u', q)}"
        f" FROM {q(Seat._meta.db_table)} s{join}"
        f" LEFT OUTER JOIN {q(User._meta.db_table)} u ON u.{q('id')} = s.{q('user_id')}"
        f" WHERE {where}"
    )


@cache
def _locked_sql(alias: str) -> str:
    connection = connections[alias]
    q = connection.ops.quote_name
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return (
        f"SELECT {rows.columns(Game, 'g', q)} FROM {q(Game._meta.db_table)} g"
        f" WHERE g.{q('id')} = %s{lock}"
    )


def seats_with_game(game_id: int) -> list[Seat]:
    """The game's seats in order, each with ``game`` (one instance, shared, its
    snapshot deferred) and ``user`` set; empty when the game has no seats (or does
    not exist)."""
    using, connection = _connection(Seat)
    seats, game = [], None
    for row in rows.fetch(connection, _seats_sql(using, True), [game_id]):
        seat, game_here, user = rows.instances(using, PAGE_PARTS, row)
        game = game or game_here
        seat.game, seat.user = game, user
        seats.append(seat)
    return seats


def locked_game(game_id: int) -> Game | None:
    """The game row, locked until the transaction ends; None if there is none.
    (Inside ``transaction.atomic``, as ``select_for_update`` must be.)"""
    using, connection = _connection(Game)
    if connection.features.has_select_for_update and connection.get_autocommit():
        # (as Django's select_for_update: a lock outside a transaction ends at once)
        raise TransactionManagementError(
            "select_for_update cannot be used outside of a transaction."
        )
    found = rows.fetch(connection, _locked_sql(using), [game_id])
    return rows.instances(using, GAME_PARTS, found[0])[0] if found else None


def _seats_of(games: dict[int, Game]) -> list[Seat]:
    """The seats of ``games`` (by id), in game and seat order, each with its ``user``
    and its ``game`` (the one given) set."""
    using, connection = _connection(Seat)
    seats = []
    for row in rows.fetch(connection, _seats_sql(using, False, len(games)), list(games)):
        seat, user = rows.instances(using, SEAT_PARTS, row)
        seat.game, seat.user = games[seat.game_id], user
        seats.append(seat)
    return seats


def seats_of(game: Game) -> list[Seat]:
    """``game``'s seats in order, each with its ``user`` and ``game`` (this one) set."""
    return _seats_of({game.pk: game})


def seats_of_games(games) -> None:
    """Each of ``games`` given its seats in order, with their players, as
    ``prefetch_related("seats__user")`` would (``game.seats.all()``): one query."""
    games = {game.pk: game for game in games}
    if not games:
        return
    found: dict[int, list[Seat]] = {pk: [] for pk in games}
    for seat in _seats_of(games):
        found[seat.game_id].append(seat)
    for pk, game in games.items():
        rows.set_prefetched(game, "seats", found[pk])


def snapshot(game: Game):
    """``game.state``, read by one written query when the row came without it (a
    page's: ``PAGE_LEAVES_OUT``) rather than by the ORM's deferred loading."""
    if "state" not in game.__dict__:
        using, connection = _connection(Game)
        q = connection.ops.quote_name
        sql = f"SELECT {q('state')} FROM {q(Game._meta.db_table)} WHERE {q('id')} = %s"
        found = rows.values(using, Game, ("state",), sql, [game.pk])
        game.state = found[0][0] if found else None
    return game.state


MOVE_COLUMNS = ("ply", "seat", "action", "description", "description_text", "by_computer")


def move_list(game: Game) -> list[tuple]:
    """``MOVE_COLUMNS`` and ``reversible`` of every move of ``game``, in order."""
    using, connection = _connection(Move)
    q = connection.ops.quote_name
    names = (*MOVE_COLUMNS, "reversible")
    sql = (
        f"SELECT {', '.join(q(n) for n in names)} FROM {q(Move._meta.db_table)}"
        f" WHERE {q('game_id')} = %s ORDER BY {q('ply')}"
    )
    return rows.values(using, Move, names, sql, [game.pk])


def count_awaiting(user_id: int) -> int:
    """How many running games await ``user_id``'s move (the ``seat_due_by_user``
    index): ``games.awaiting.games_awaiting`` as one written query."""
    _using, connection = _connection(Seat)
    q = connection.ops.quote_name
    sql = (
        f"SELECT COUNT(*) FROM {q(Seat._meta.db_table)} s"
        f" INNER JOIN {q(Game._meta.db_table)} g ON g.{q('id')} = s.{q('game_id')}"
        f" WHERE s.{q('user_id')} = %s AND s.{q('is_due')} = %s AND s.{q('status')} = %s"
        f" AND g.{q('status')} = %s"
    )
    params = [user_id, True, SeatStatus.PLAYING.value, GameStatus.ACTIVE.value]
    return rows.fetch(connection, sql, params)[0][0]


def mark_seen(game_id: int, user_id: int, version: int, now) -> None:
    """The player's seats in the game have seen ``version`` (never lowered) at ``now``."""
    connection = connections[router.db_for_write(Seat)]
    q = connection.ops.quote_name
    seen = q("last_seen_version")
    sql = (
        f"UPDATE {q(Seat._meta.db_table)} SET {seen} = CASE WHEN {seen} < %s THEN %s"
        f" ELSE {seen} END, {q('last_seen_at')} = %s"
        f" WHERE {q('game_id')} = %s AND {q('user_id')} = %s"
    )
    at = connection.ops.adapt_datetimefield_value(now)
    with connection.cursor() as cursor:
        cursor.execute(sql, [version, version, at, game_id, user_id])
