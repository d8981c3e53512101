"""A game's rows by written queries (``config.rows``: the ORM's own instances, for a
fifth to a quarter of the CPU), for the reads every page view, poll and move makes:

- the game page's: the game (its snapshot left for later), its seats in seat order
  and their players, in one query;
- a move's: the game row locked (``SELECT ... FOR UPDATE`` where the database has
  row locks), then its seats with their players;
- a batch of emails': the seats of several games with their players.
"""

from __future__ import annotations

from functools import cache

from django.db import connections, router
from django.db.transaction import TransactionManagementError

from accounts.models import User
from config import rows
from games.models import Game, Seat

# What a game page never reads from the game row at first (``load_state`` fetches it
# when the page is drawn, not when it is served from the cache).
PAGE_LEAVES_OUT = ("state",)
PAGE_PARTS = ((Seat, ()), (Game, PAGE_LEAVES_OUT), (User, ()))
SEAT_PARTS = ((Seat, ()), (User, ()))
GAME_PARTS = ((Game, ()),)


def _connection(model):
    using = router.db_for_read(model)
    return using, connections[using]


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
        ids = ", ".join(["%s"] * games)
        where = f"s.{q('game_id')} IN ({ids}) ORDER BY s.{q('game_id')}, s.{q('index')}"
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


def _fetch(connection, sql: str, params: list) -> list:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def seats_with_game(game_id: int) -> list[Seat]:
    """The game's seats in order, each with ``game`` (one instance, shared, its
    snapshot deferred) and ``user`` set; empty when the game has no seats (or does
    not exist)."""
    using, connection = _connection(Seat)
    seats, game = [], None
    for row in _fetch(connection, _seats_sql(using, True), [game_id]):
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
    found = _fetch(connection, _locked_sql(using), [game_id])
    return rows.instances(using, GAME_PARTS, found[0])[0] if found else None


def seats_of(game: Game) -> list[Seat]:
    """``game``'s seats in order, each with its ``user`` and ``game`` (this one) set."""
    using, connection = _connection(Seat)
    seats = []
    for row in _fetch(connection, _seats_sql(using, False), [game.pk]):
        seat, user = rows.instances(using, SEAT_PARTS, row)
        seat.game, seat.user = game, user
        seats.append(seat)
    return seats


def seats_of_games(games) -> None:
    """Each of ``games`` given its seats in order, with their players, as
    ``prefetch_related("seats__user")`` would (``game.seats.all()``): one query."""
    games = {game.pk: game for game in games}
    if not games:
        return
    using, connection = _connection(Seat)
    sql = _seats_sql(using, False, len(games))
    found: dict[int, list[Seat]] = {pk: [] for pk in games}
    for row in _fetch(connection, sql, list(games)):
        seat, user = rows.instances(using, SEAT_PARTS, row)
        seat.game, seat.user = games[seat.game_id], user
        found[seat.game_id].append(seat)
    for pk, game in games.items():
        rows.set_prefetched(game, "seats", found[pk])
