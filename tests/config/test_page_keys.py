"""What every page of a signed-in player reads from the cache (``config.cache.read_on``):
in one round trip, and never an answer older than the request's own writes."""

from types import SimpleNamespace

import pytest
from django.core.cache import cache

from config import cache as config_cache


@pytest.fixture
def keys(monkeypatch):
    monkeypatch.setattr(config_cache, "PAGE_KEYS", [lambda r: "a", lambda r: None, lambda r: "b"])


def test_the_pages_keys_are_read_together_once(keys, monkeypatch):
    cache.set("a", 1)
    calls = []
    get_many = cache.get_many
    monkeypatch.setattr(cache, "get_many", lambda ks: calls.append(ks) or get_many(ks))
    request = SimpleNamespace()
    assert config_cache.read_on(request, "b") is None  # a miss
    assert config_cache.read_on(request, "a") == 1
    assert calls == [["a", "b"]]


def test_a_second_read_of_a_key_sees_what_the_request_wrote(keys):
    request = SimpleNamespace()
    assert config_cache.read_on(request, "a") is None
    cache.set("a", 7)
    assert config_cache.read_on(request, "a") == 7
    cache.set("c", 3)
    assert config_cache.read_on(request, "c") == 3  # not one of the page's keys
