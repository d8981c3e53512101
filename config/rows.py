"""Model instances from a written query, for the few reads that every request or
every move makes and that the ORM makes slowly (HackSoft's selectors call them; no
caller sees a row tuple).

The ORM builds a query's SQL afresh on every call and walks its ``select_related``
machinery for every row; a query whose shape never changes can be written once
(``columns`` names what it selects, in order) and its rows made into instances exactly
as the ORM makes them: the same ``from_db`` and the same converters per column (dates on
SQLite, JSON everywhere), so the instances are the ORM's own, fields left out are
deferred, and saving them works as ever.

Kept under issue 37's rule (a hand-written piece stays only if, measured alone, it pays
at least 3 % of a game-day's web CPU, the four requests of a move in
``benchmarks/web_cpu.py``); what each read saves is in its selector's docstring and the
README ("Written reads"). Everything else reads and writes through the ORM.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from weakref import WeakKeyDictionary

from django.db import connections, router
from django.db.models import Model


@cache
def fields(model: type[Model], leave_out: tuple[str, ...] = ()) -> tuple:
    """The concrete fields a written query selects for ``model``, in order."""
    return tuple(f for f in model._meta.concrete_fields if f.attname not in leave_out)


def columns(model: type[Model], alias: str, quote, leave_out: tuple[str, ...] = ()) -> str:
    """``alias."column", ...`` for ``fields(model, leave_out)`` (``quote``: the
    connection's ``ops.quote_name``)."""
    return ", ".join(f"{alias}.{quote(f.column)}" for f in fields(model, leave_out))


def reading(model: type[Model]):
    """Where a written query about ``model`` reads: ``(alias, connection, quote)``,
    ``quote`` the connection's ``ops.quote_name``."""
    using = router.db_for_read(model)
    connection = connections[using]
    return using, connection, connection.ops.quote_name


def marks(count: int) -> str:
    """``%s, %s, ...``: the placeholders of an ``IN (...)`` of ``count`` values."""
    return ", ".join(["%s"] * count)


@cache
def _attnames(model: type[Model], leave_out: tuple[str, ...]) -> list[str]:
    return [f.attname for f in fields(model, leave_out)]


# Per connection (its converters are its own methods), per query shape: only the
# columns that have converters, as (position, converters, column).
_converters_of: WeakKeyDictionary = WeakKeyDictionary()


def _converters(connection, model, key, chosen) -> list:
    """The converters of the fields ``chosen`` (in the order selected), kept under
    ``(model, key)`` for this connection."""
    known = _converters_of.setdefault(connection, {})
    found = known.get((model, key))
    if found is None:
        found = []
        for i, field in enumerate(chosen):
            col = field.get_col(field.model._meta.db_table)
            these = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            if these:
                found.append((i, these, col))
        known[(model, key)] = found
    return found


def _convert(values: list, converters: list, connection) -> list:
    for i, these, col in converters:
        for converter in these:
            values[i] = converter(values[i], col, connection)
    return values


def fetch(connection, sql: str, params) -> list:
    """The rows of a written query, as the cursor gives them."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def instances(
    using: str, parts: Sequence[tuple[type[Model], tuple[str, ...]]], row: Sequence
) -> list[Model | None]:
    """One instance per ``(model, leave_out)`` part, from its slice of ``row`` (the
    parts' columns one after the other); ``None`` for a part whose primary key is
    NULL (a LEFT JOIN that found nothing)."""
    connection = connections[using]
    out: list[Model | None] = []
    start = 0
    for model, leave_out in parts:
        chosen = fields(model, leave_out)
        values = list(row[start : start + len(chosen)])
        start += len(chosen)
        pk_at = chosen.index(model._meta.pk)
        if values[pk_at] is None:
            out.append(None)
            continue
        _convert(values, _converters(connection, model, leave_out, chosen), connection)
        out.append(model.from_db(using, _attnames(model, leave_out), values))
    return out


def objects(model: type[Model], where: str, params) -> list[Model]:
    """``model``'s rows ``SELECT``ed from its table as ``t`` with ``where`` (SQL after
    ``WHERE``, written with the alias ``t``), as the ORM's own instances."""
    using, connection, q = reading(model)
    sql = f"SELECT {columns(model, 't', q)} FROM {q(model._meta.db_table)} t WHERE {where}"
    return [instances(using, [(model, ())], row)[0] for row in fetch(connection, sql, params)]


def values_of(using: str, chosen: tuple, sql: str, params) -> list:
    """The rows of a written query whose columns are the fields ``chosen`` of any models
    (a join's), in that order, each value converted as the ORM's ``values_list``
    converts it (JSON text to its value, SQLite's dates and booleans)."""
    connection = connections[using]
    converters = _converters(connection, None, ("values", chosen), chosen)
    found = fetch(connection, sql, params)
    if not converters:
        return found
    return [tuple(_convert(list(row), converters, connection)) for row in found]
