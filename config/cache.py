"""Django's Redis cache, keeping one client per connection pool, and surviving Redis.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` object for every cache call
(each fills a table of response callbacks: work repeated for nothing). The client is
thread-safe and the pool is what holds the connections, so one client per pool does.

The cache only ever holds what can be computed again (rendered pages, the header's
count, board pictures, rate-limit counters), so while Redis is down every read is a
miss and every write is dropped: pages are drawn afresh instead of answering 500. Rate
limits then count nothing (an ``add`` that fails answers as if it added, so allauth's
cache locks are taken and django-ratelimit's counts start at one): a site that works
without limits for the minutes of an outage beats one that refuses everyone.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.db import transaction
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


def forget(keys: list[str]) -> None:
    """Drop cached answers whose rows the current transaction changes: at once, and
    again once it commits, so that a reader who loaded the old rows in between cannot
    leave their answer behind. The entries' expiry bounds what a lost delete leaves."""
    if keys:
        cache.delete_many(keys)
        transaction.on_commit(lambda: cache.delete_many(keys), robust=True)


# --- what every page of a signed-in player reads ---------------------------------------

# Functions giving a request's key of a value that every page of its player reads from
# the cache (the header's count of games awaiting them, the stopped-mail banner), or
# None when the request needs none; registered by their apps at start-up.
PAGE_KEYS: list[Callable] = []


def read_on(request, key: str):
    """``cache.get(key)`` (``None``: a miss) for ``request``. The first time a request
    asks for a ``PAGE_KEYS`` key, all of them are read in one round trip; each is
    answered from it once, a later read of it goes to the cache again."""
    asked = getattr(request, "_page_keys", None)
    if asked is None:
        keys = [k for k in (key_of(request) for key_of in PAGE_KEYS) if k]
        found = cache.get_many(keys) if keys else {}
        asked = request._page_keys = {k: found.get(k) for k in keys}
    if key in asked:
        return asked.pop(key)
    return cache.get(key)


WARN_EVERY_SECONDS = 60  # one log line a minute per process while Redis is down
PAUSE_SECONDS = 5  # after a failure, Redis is not asked again for this long


class ReusingRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ForgivingRedisCacheClient(ReusingRedisCacheClient):
    """Every operation that fails on Redis answers as a cache that holds nothing; for
    ``PAUSE_SECONDS`` after a failure the process does not ask Redis at all (a Redis
    that hangs would otherwise cost every cache call its socket timeout)."""

    _down_until = 0.0  # per process: time.monotonic() before which Redis is not asked
    _warned_at = -WARN_EVERY_SECONDS

    def _try(self, operation: str, call, answer):
        cls = ForgivingRedisCacheClient
        now = time.monotonic()
        if now < cls._down_until:
            return answer
        try:
            return call()
        except RedisError as exc:
            cls._down_until = time.monotonic() + PAUSE_SECONDS
            if now - cls._warned_at >= WARN_EVERY_SECONDS:
                cls._warned_at = now
                log.warning(
                    "cache unavailable (%s on %s): reads are misses for a while",
                    type(exc).__name__,
                    operation,
                )
            return answer

    def add(self, key, value, timeout):
        # As if added when Redis is down: the only callers are rate limits and their
        # locks (allauth waits a second for a lock it cannot take, then refuses).
        return self._try(
            "add", lambda: super(ForgivingRedisCacheClient, self).add(key, value, timeout), True
        )

    def get(self, key, default):
        return self._try(
            "get", lambda: super(ForgivingRedisCacheClient, self).get(key, default), default
        )

    def set(self, key, value, timeout):
        return self._try(
            "set", lambda: super(ForgivingRedisCacheClient, self).set(key, value, timeout), None
        )

    def touch(self, key, timeout):
        return self._try(
            "touch", lambda: super(ForgivingRedisCacheClient, self).touch(key, timeout), False
        )

    def delete(self, key):
        return self._try(
            "delete", lambda: super(ForgivingRedisCacheClient, self).delete(key), False
        )

    def get_many(self, keys):
        return self._try(
            "get_many", lambda: super(ForgivingRedisCacheClient, self).get_many(keys), {}
        )

    def has_key(self, key):
        return self._try(
            "has_key", lambda: super(ForgivingRedisCacheClient, self).has_key(key), False
        )

    def incr(self, key, delta):
        missing = object()
        found = self._try(
            "incr", lambda: super(ForgivingRedisCacheClient, self).incr(key, delta), missing
        )
        if found is missing:  # what Django's caches say of a key they do not hold
            raise ValueError(f"Key '{key}' not found (cache unavailable)")
        return found

    def set_many(self, data, timeout):
        return self._try(
            "set_many", lambda: super(ForgivingRedisCacheClient, self).set_many(data, timeout), []
        )

    def delete_many(self, keys):
        return self._try(
            "delete_many", lambda: super(ForgivingRedisCacheClient, self).delete_many(keys), None
        )

    def clear(self):
        return self._try("clear", lambda: super(ForgivingRedisCacheClient, self).clear(), False)


class ReusingRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ForgivingRedisCacheClient
