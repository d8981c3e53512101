"""The Redis cache answers as an empty cache while Redis fails (issue 13 point 4), and
stops asking a Redis that failed for a few seconds, so a Redis that hangs costs one
timeout, not one per cache call."""

from __future__ import annotations

import pytest
from redis.exceptions import ConnectionError, TimeoutError

from config import cache as forgiving
from config.cache import ForgivingRedisCacheClient, ReusingRedisCache


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def broken(monkeypatch):
    """A cache on a Redis whose every command fails; counts the tries."""
    clock = Clock()
    monkeypatch.setattr(forgiving.time, "monotonic", clock)
    monkeypatch.setattr(ForgivingRedisCacheClient, "_down_until", 0.0)
    tries = []

    class Failing:
        def __getattr__(self, name):
            def fail(*args, **kwargs):
                tries.append(name)
                raise (TimeoutError if len(tries) % 2 else ConnectionError)("no answer")

            return fail

    cache = ReusingRedisCache("redis://127.0.0.1:1/0", {})
    monkeypatch.setattr(cache._cache, "get_client", lambda *a, **k: Failing())
    return cache, tries, clock


def test_every_operation_answers_as_an_empty_cache(broken):
    cache, tries, clock = broken
    checks = [
        lambda: cache.get("k") is None,
        lambda: cache.get("k", "fallback") == "fallback",
        lambda: cache.set("k", 1) is None,
        lambda: cache.get_many(["a", "b"]) == {},
        lambda: cache.has_key("k") is False,
        lambda: cache.delete("k") is False,
        lambda: cache.delete_many(["a"]) is None,
        lambda: cache.add("k", 1) is True,  # rate limits and their locks go ahead
        lambda: cache.touch("k") is False,
    ]
    for check in checks:
        clock.now += forgiving.PAUSE_SECONDS + 1  # each one asks Redis again
        assert check()
    clock.now += forgiving.PAUSE_SECONDS + 1
    with pytest.raises(ValueError):  # what Django's caches raise for a missing key
        cache.incr("k")
    assert len(tries) == len(checks) + 1


def test_after_a_failure_redis_is_left_alone_for_a_while(broken):
    cache, tries, clock = broken
    for _ in range(50):
        assert cache.get("page") is None
    assert len(tries) == 1
    clock.now += forgiving.PAUSE_SECONDS + 0.1
    assert cache.get("page") is None
    assert len(tries) == 2
