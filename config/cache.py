"""Django's Redis cache, keeping one client per connection pool, and surviving Redis.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` object for every cache call
(about 0.1 ms each: it fills a table of response callbacks). The client is
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

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
WARN_EVERY_SECONDS = 60  # one log line a minute per process while Redis is down


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
    """Every operation that fails on Redis answers as a cache that holds nothing."""

    _warned_at = 0.0

    def _failed(self, operation: str, exc: Exception, answer):
        now = time.monotonic()
        if now - ForgivingRedisCacheClient._warned_at >= WARN_EVERY_SECONDS:
            ForgivingRedisCacheClient._warned_at = now
            log.warning(
                "cache unavailable (%s on %s): treating reads as misses",
                type(exc).__name__,
                operation,
            )
        return answer

    def add(self, key, value, timeout):
        try:
            return super().add(key, value, timeout)
        except RedisError as exc:
            # As if added: the only callers are rate limits and their locks (allauth
            # waits a second for a lock it cannot take, then refuses the request).
            return self._failed("add", exc, True)

    def get(self, key, default):
        try:
            return super().get(key, default)
        except RedisError as exc:
            return self._failed("get", exc, default)

    def set(self, key, value, timeout):
        try:
            return super().set(key, value, timeout)
        except RedisError as exc:
            return self._failed("set", exc, None)

    def touch(self, key, timeout):
        try:
            return super().touch(key, timeout)
        except RedisError as exc:
            return self._failed("touch", exc, False)

    def delete(self, key):
        try:
            return super().delete(key)
        except RedisError as exc:
            return self._failed("delete", exc, False)

    def get_many(self, keys):
        try:
            return super().get_many(keys)
        except RedisError as exc:
            return self._failed("get_many", exc, {})

    def has_key(self, key):
        try:
            return super().has_key(key)
        except RedisError as exc:
            return self._failed("has_key", exc, False)

    def incr(self, key, delta):
        try:
            return super().incr(key, delta)
        except RedisError as exc:
            self._failed("incr", exc, None)
            raise ValueError(f"Key '{key}' not found (cache unavailable)") from exc

    def set_many(self, data, timeout):
        try:
            return super().set_many(data, timeout)
        except RedisError as exc:
            return self._failed("set_many", exc, None)

    def delete_many(self, keys):
        try:
            return super().delete_many(keys)
        except RedisError as exc:
            return self._failed("delete_many", exc, None)

    def clear(self):
        try:
            return super().clear()
        except RedisError as exc:
            return self._failed("clear", exc, False)


class ReusingRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ForgivingRedisCacheClient
