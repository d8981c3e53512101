"""Django's database sessions, with the row read by one written query.

Every signed-in request reads its session row first. Through the ORM that is a
``get()`` whose SQL Python builds afresh each time, a good part of what a signed-in
request costs more than an anonymous one (``benchmarks/day.py`` makes four such
requests per game-day). The statement never changes, so it is written out here:
the same table, the same key and the same expiry rule (a row past its
``expire_date`` is no session), and everything else (saving, cycling, deleting,
clearing expired rows) is Django's own.

A session signed in before ``accounts.backends`` names its backend by the old path;
it is read as the new one (``accounts.backends.RENAMED``), so it stays signed in.
"""

from __future__ import annotations

from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone

from accounts.backends import RENAMED


class SessionStore(db.SessionStore):
    def load(self):
        data = super().load()
        backend = data.get(BACKEND_SESSION_KEY)
        if backend in RENAMED:
            data[BACKEND_SESSION_KEY] = RENAMED[backend]
        return data

    def _get_session_from_db(self):
        model = self.model
        connection = connections[router.db_for_read(model)]
        table = connection.ops.quote_name(model._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT session_data FROM {table} WHERE session_key = %s AND expire_date > %s",
                [self.session_key, connection.ops.adapt_datetimefield_value(timezone.now())],
            )
            row = cursor.fetchone()
        if row is None:
            self._session_key = None  # (as Django's: a new key is made on save)
            return None
        # ``load`` reads only the data (the expiry was the query's to check).
        return model(session_key=self.session_key, session_data=row[0])
