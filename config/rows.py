"""Model instances from a written query, for the few queries every request runs.

The ORM builds a query's SQL afresh on every call and walks its ``select_related``
machinery for every row: for the game page's game, seats and players that is 1.3 ms
of CPU, of which the database's answer is 0.16 ms. A query whose shape never changes
can be written once (``columns`` names what it selects, in order) and its rows made
into instances exactly as the ORM makes them: the same ``from_db`` and the same
converters per column (dates on SQLite, JSON everywhere), so the instances are the
ORM's own, fields left out are deferred, and saving them works as ever.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from weakref import WeakKeyDictionary

from django.db import DatabaseError, IntegrityError, connections, router, transaction
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


def set_prefetched(instance: Model, name: str, objects: list[Model]) -> None:
    """Give ``instance`` its related objects ``name`` as ``prefetch_related(name)``
    would (``instance.<name>.all()`` then answers from them without a query): the same
    steps as Django's ``prefetch_one_level``."""
    queryset = getattr(instance, name).get_queryset()
    queryset._result_cache = list(objects)
    queryset._prefetch_done = True
    if not hasattr(instance, "_prefetched_objects_cache"):
        instance._prefetched_objects_cache = {}
    instance._prefetched_objects_cache[name] = queryset


def values(using: str, model: type[Model], names: tuple[str, ...], sql: str, params) -> list:
    """The rows of a written query selecting ``model``'s fields ``names`` (attnames, in
    that order), each value converted as the ORM's ``values_list`` converts it (JSON
    text to its value, SQLite's dates and booleans)."""
    return values_of(using, tuple(model._meta.get_field(name) for name in names), sql, params)


def values_of(using: str, chosen: tuple, sql: str, params) -> list:
    """``values`` for a query whose columns are the fields ``chosen`` of any models
    (a join's), in that order."""
    connection = connections[using]
    converters = _converters(connection, None, ("values", chosen), chosen)
    found = fetch(connection, sql, params)
    if not converters:
        return found
    return [tuple(_convert(list(row), converters, connection)) for row in found]


# --- writes: the few a move makes, without the ORM building their SQL each time --------


def insert(instance: Model, *, ignore_conflicts: bool = False) -> bool:
    """Write ``instance`` as a new row, as ``save()`` on a new instance writes it
    (each field's ``pre_save``, so ``auto_now_add`` times are set, and its
    ``get_db_prep_save``), and give it its primary key. ``ignore_conflicts``: a row
    that breaks a unique constraint is not written (``ON CONFLICT DO NOTHING``) and
    False is returned. No model signals are sent (the callers' models have none).

    It needs ``RETURNING`` (PostgreSQL, SQLite 3.35 and later); elsewhere the ORM's
    ``save`` writes the row (in a savepoint when a conflict is to be ignored)."""
    model = type(instance)
    using = router.db_for_write(model)
    connection = connections[using]
    if not _returns_ids(connection):
        try:
            with transaction.atomic(using=using, savepoint=ignore_conflicts):
                instance.save(force_insert=True, using=using)
        except IntegrityError:
            if not ignore_conflicts:
                raise
            return False
        return True
    q = connection.ops.quote_name
    pk = model._meta.pk
    chosen = [f for f in model._meta.concrete_fields if f is not pk or instance.pk is not None]
    params = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in chosen]
    conflict = " ON CONFLICT DO NOTHING" if ignore_conflicts else ""
    sql = (
        f"INSERT INTO {q(model._meta.db_table)} ({', '.join(q(f.column) for f in chosen)})"
        f" VALUES ({', '.join(['%s'] * len(chosen))}){conflict} RETURNING {q(pk.column)}"
    )
    found = fetch(connection, sql, params)
    if not found:
        return False
    setattr(instance, pk.attname, found[0][0])
    instance._state.adding, instance._state.db = False, using
    return True


def _returns_ids(connection) -> bool:
    return connection.features.can_return_columns_from_insert


def update(instance: Model, names) -> None:
    """Write the columns ``names`` (attnames) of ``instance``'s row, as
    ``save(update_fields=names)`` writes them (each field's ``pre_save`` and
    ``get_db_prep_save``), and fail as it fails when the row is gone. No model
    signals are sent (the callers' models have none)."""
    model = type(instance)
    connection = connections[router.db_for_write(model)]
    q = connection.ops.quote_name
    chosen = [model._meta.get_field(name) for name in names]
    params = [f.get_db_prep_save(f.pre_save(instance, False), connection) for f in chosen]
    sql = (
        f"UPDATE {q(model._meta.db_table)} SET {', '.join(f'{q(f.column)} = %s' for f in chosen)}"
        f" WHERE {q(model._meta.pk.column)} = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, instance.pk])
        if cursor.rowcount != 1:
            raise DatabaseError(f"{model.__name__} {instance.pk}: no row to update")
