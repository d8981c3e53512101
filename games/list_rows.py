"""A player's lists by written queries (``config.rows``): the reads of My games, drawn
afresh whenever one of the player's games moves, so after nearly every move of theirs.

Built by the ORM, these four queries cost about 1.3 ms of CPU on every such page (their
SQL built afresh each time); the database's own part is a fraction of that. Each
answers exactly what the ORM's query did (``tests/web/test_list_rows.py`` compares
them on SQLite and PostgreSQL), with the same order.
"""

from __future__ import annotations

from collections import namedtuple
from functools import cache

from django.db import connections

from accounts.models import User
from config import rows
from games.models import Game, GameStatus, Seat


def _reading():
    """The database these reads go to, its quoting, and the three tables' quoted names."""
    using, _connection, quote = rows.reading(Seat)
    return using, quote, _tables(using)


@cache
def _tables(alias: str) -> dict[str, str]:
    q = connections[alias].ops.quote_name
    return {
        "seat": q(Seat._meta.db_table),
        "game": q(Game._meta.db_table),
        "user": q(User._meta.db_table),
    }


def current(user_id: int) -> list[tuple]:
    """The player's seats in running and open games, in My games' order (due seats by
    their deadline, the others by their game's, newest first, open games newest
    first): ``(seat id, game status, is due, accepted, game version, the seat's
    deadline as text, the game's deadline as text, the seat offering a draw, the seat
    whose offer was declined)``. Plain values: enough to count, pick what is shown and
    key the cached page (a draw offered or declined changes no version)."""
    using, q, t = _reading()
    sql = (
        f"SELECT s.{q('id')}, g.{q('status')}, s.{q('is_due')}, s.{q('accepted')},"
        f" g.{q('version')}, CAST(s.{q('deadline')} AS TEXT), CAST(g.{q('deadline')} AS TEXT),"
        f" g.{q('draw_offered_by')}, g.{q('draw_declined_for')}"
        f" FROM {t['seat']} s INNER JOIN {t['game']} g ON g.{q('id')} = s.{q('game_id')}"
        f" WHERE s.{q('user_id')} = %s AND g.{q('status')} IN (%s, %s)"
        f" ORDER BY s.{q('deadline')} ASC NULLS LAST, g.{q('deadline')} ASC NULLS LAST,"
        f" g.{q('started_at')} DESC, g.{q('created_at')} DESC"
    )
    chosen = (
        Seat._meta.get_field("id"),
        Game._meta.get_field("status"),
        Seat._meta.get_field("is_due"),
        Seat._meta.get_field("accepted"),
        Game._meta.get_field("version"),
    )
    params = [user_id, GameStatus.ACTIVE.value, GameStatus.OPEN.value]
    # (``chosen``: the first five columns; the two texts and small integers need no
    # converting)
    return rows.values_of(using, chosen, sql, params)


def recent(user_id: int, limit: int) -> list[int]:
    """The player's seats in their ``limit`` most recently ended games (finished, or
    aborted after they started), latest first."""
    using, q, t = _reading()
    sql = (
        f"SELECT s.{q('id')} FROM {t['seat']} s"
        f" INNER JOIN {t['game']} g ON g.{q('id')} = s.{q('game_id')}"
        f" WHERE s.{q('user_id')} = %s AND (g.{q('status')} = %s"
        f" OR (g.{q('status')} = %s AND g.{q('started_at')} IS NOT NULL))"
        f" ORDER BY g.{q('finished_at')} DESC LIMIT %s"
    )
    params = [user_id, GameStatus.FINISHED.value, GameStatus.ABORTED.value, limit]
    found = rows.fetch(connections[using], sql, params)
    return [pk for (pk,) in found]


# What a listed seat shows of itself and its game (the names are the ORM's lookups,
# as ``games.clocks.deadline_note`` reads them).
LISTED = (
    ("pk", Seat, "id"),
    ("game_id", Seat, "game_id"),
    ("is_due", Seat, "is_due"),
    ("deadline", Seat, "deadline"),
    ("due_since", Seat, "due_since"),
    ("night_seconds", Seat, "night_seconds"),
    ("game__weekends_off", Game, "weekends_off"),
    ("is_winner", Seat, "is_winner"),
    ("rank", Seat, "rank"),
    ("result", Seat, "result"),
    ("score", Seat, "score"),
    ("game__num_players", Game, "num_players"),
    ("accepted", Seat, "accepted"),
    ("index", Seat, "index"),
    ("game__draw_offered_by", Game, "draw_offered_by"),
    ("game__draw_declined_for", Game, "draw_declined_for"),
    ("game__engine", Game, "engine"),
    ("game__deadline", Game, "deadline"),
    ("game__finished_at", Game, "finished_at"),
    ("game__created_by__username", User, "username"),
    ("game__created_by__display_name", User, "display_name"),
)
Listed = namedtuple("Listed", [name for name, _model, _field in LISTED])
_ALIAS = {Seat: "s", Game: "g", User: "u"}


def _selected(fields, q) -> tuple[tuple, str]:
    """The fields ``(model, name), ...`` and their ``alias.column, ...`` to select."""
    chosen = tuple(model._meta.get_field(name) for model, name in fields)
    return chosen, ", ".join(f"{_ALIAS[f.model]}.{q(f.column)}" for f in chosen)


def listed(user_id: int, seat_pks: list[int]) -> list:
    """The player's seats ``seat_pks`` with their games' and creators' values, as
    ``Listed`` rows (in no particular order)."""
    if not seat_pks:
        return []
    using, q, t = _reading()
    chosen, columns = _selected([(model, field) for _name, model, field in LISTED], q)
    sql = (
        f"SELECT {columns} FROM {t['seat']} s"
        f" INNER JOIN {t['game']} g ON g.{q('id')} = s.{q('game_id')}"
        f" LEFT OUTER JOIN {t['user']} u ON u.{q('id')} = g.{q('created_by_id')}"
        f" WHERE s.{q('id')} IN ({rows.marks(len(seat_pks))}) AND s.{q('user_id')} = %s"
    )
    return [Listed(*row) for row in rows.values_of(using, chosen, sql, [*seat_pks, user_id])]


FELLOWS = (
    (Seat, "game_id"),
    (Seat, "is_due"),
    (Seat, "controller"),
    (Seat, "color"),
    (Seat, "bot_level"),
    (Seat, "accepted"),
    (Seat, "invited_as"),
    (User, "username"),
    (User, "display_name"),
)


def fellows(game_ids: list[int], user_id: int) -> list[tuple]:
    """Everyone else's seats in ``game_ids`` (people and computers), by game and seat
    order: ``FELLOWS``' values."""
    if not game_ids:
        return []
    using, q, t = _reading()
    chosen, columns = _selected(FELLOWS, q)
    sql = (
        f"SELECT {columns} FROM {t['seat']} s"
        f" LEFT OUTER JOIN {t['user']} u ON u.{q('id')} = s.{q('user_id')}"
        f" WHERE s.{q('game_id')} IN ({rows.marks(len(game_ids))})"
        f" AND NOT (s.{q('user_id')} = %s AND s.{q('user_id')} IS NOT NULL)"
        f" ORDER BY s.{q('game_id')}, s.{q('index')}"
    )
    return rows.values_of(using, chosen, sql, [*game_ids, user_id])
