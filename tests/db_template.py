"""Each pytest-xdist worker's PostgreSQL test database, cloned from one migrated template.

Without this, every worker builds its own test database by running all the migrations
(seconds of CPU each, four workers at once at the start of every run). Here the first
worker to come builds ``<test database>_tmpl_<digest>`` with Django's own
``create_test_db`` (the migrations and their ``post_migrate`` data, exactly as a test
database gets them), under a PostgreSQL advisory lock so the others wait for it; then
each worker's database is ``CREATE DATABASE … TEMPLATE`` of it, a file copy inside
PostgreSQL. The digest covers every migration file, Django's version and the installed
apps, so a changed migration builds a new template and an old one is never used (and
is dropped). A template left by an earlier run with the same migrations is reused.

Only for PostgreSQL; on SQLite ``prepare`` returns False and Django builds the
database as usual.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_LOCK_KEY = 0x7472_6970  # "trip": one advisory lock for every checkout's templates


def _digest() -> str:
    import django
    from django.conf import settings

    h = hashlib.sha256(django.get_version().encode())
    h.update("\n".join(settings.INSTALLED_APPS).encode())
    for path in sorted(ROOT.glob("**/migrations/*.py")):
        if ".venv" in path.parts:
            continue
        h.update(str(path.relative_to(ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def _maintenance(settings_dict: dict):
    """An autocommit connection to the server's ``postgres`` database (CREATE DATABASE
    cannot run in a transaction)."""
    import psycopg

    return psycopg.connect(
        dbname="postgres",
        host=settings_dict.get("HOST") or None,
        port=settings_dict.get("PORT") or None,
        user=settings_dict.get("USER") or None,
        password=settings_dict.get("PASSWORD") or None,
        autocommit=True,
    )


def prepare() -> str | None:
    """Create this worker's test database from the template (building the template
    first if needed); its name, or None where Django should build it itself."""
    from django.conf import settings
    from django.db import connections
    from psycopg import sql

    connection = connections["default"]
    if connection.vendor != "postgresql":
        return None
    test_name = connection.creation._get_test_db_name()
    base = connection.settings_dict["TEST"].get("NAME") or (
        "test_" + settings.DATABASES["default"]["NAME"]
    )
    base = base.rsplit("_gw", 1)[0]  # the same template for every xdist worker
    template = f"{base}_tmpl_{_digest()}"[:63]
    with _maintenance(connection.settings_dict) as admin:
        admin.execute("SELECT pg_advisory_lock(%s)", [_LOCK_KEY])
        try:
            exists = admin.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [template]
            ).fetchone()
            if not exists:
                _build(connection, admin, template, base)
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(test_name)))
            admin.execute(
                sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                    sql.Identifier(test_name), sql.Identifier(template)
                )
            )
            # A test database needs no durability: a commit need not wait for the disk
            # (the browser tests' and the other transactional tests' many commits).
            admin.execute(
                sql.SQL("ALTER DATABASE {} SET synchronous_commit = off").format(
                    sql.Identifier(test_name)
                )
            )
        finally:
            admin.execute("SELECT pg_advisory_unlock(%s)", [_LOCK_KEY])
    return test_name


def _build(connection, admin, template: str, base: str) -> None:
    """Migrate a new database with Django's own test-database code, then publish it under
    the template's name (a rename, so a half-built one is never cloned)."""
    from django.conf import settings
    from psycopg import sql

    building = f"{base}_tmpl_building"[:63]
    saved_name = connection.settings_dict["NAME"]
    saved_test = connection.settings_dict["TEST"].get("NAME")
    connection.settings_dict["TEST"]["NAME"] = building
    try:
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    finally:
        connection.close()
        connection.settings_dict["NAME"] = saved_name
        settings.DATABASES["default"]["NAME"] = saved_name
        connection.settings_dict["TEST"]["NAME"] = saved_test
    old = admin.execute(
        "SELECT datname FROM pg_database WHERE datname LIKE %s AND datname <> %s",
        [base.replace("_", r"\_") + r"\_tmpl\_%", building],
    ).fetchall()
    for (name,) in old:  # templates of other migrations: never used again
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))
    admin.execute(
        sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
            sql.Identifier(building), sql.Identifier(template)
        )
    )
