"""The game page's rows: the game (its snapshot left for later), its seats in seat
order and their players, in one written query (``config.rows``: the ORM's own
instances, for a fifth of the CPU; every view of a game page and every poll reads
them)."""

from __future__ import annotations

from functools import cache

from django.db import connections, router

from accounts.models import User
from config import rows
from games.models import Game, Seat

# What a game page never reads from the game row at first (``load_state`` fetches it
# when the page is drawn, not when it is served from the cache).
GAME_LEAVES_OUT = ("state",)
PARTS = ((Seat, ()), (Game, GAME_LEAVES_OUT), (User, ()))


@cache
def _sql(vendor: str) -> str:
    q = connections[router.db_for_read(Seat)].ops.quote_name
    return (
        f"SELECT {rows.columns(Seat, 's', q)}, {rows.columns(Game, 'g', q, GAME_LEAVES_OUT)},"
        f" {rows.columns(User, 'u', q)}"
        f" FROM {q(Seat._meta.db_table)} s"
        f" INNER JOIN {q(Game._meta.db_table)} g ON g.{q('id')} = s.{q('game_id')}"
        f" LEFT OUTER JOIN {q(User._meta.db_table)} u ON u.{q('id')} = s.{q('user_id')}"
        f" WHERE s.{q('game_id')} = %s ORDER BY s.{q('index')}"
    )


def seats_with_game(game_id: int) -> list[Seat]:
    """The game's seats in order, each with ``game`` (one instance, shared) and
    ``user`` set; empty when the game has no seats (or does not exist)."""
    using = router.db_for_read(Seat)
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(_sql(connection.vendor), [game_id])
        found = cursor.fetchall()
    seats, game = [], None
    for row in found:
        seat, game_here, user = rows.instances(using, PARTS, row)
        game = game or game_here
        seat.game = game
        seat.user = user
        seats.append(seat)
    return seats
