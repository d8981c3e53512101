"""Django's Redis cache, keeping one client per connection pool.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` object for every cache call
(about 0.1 ms each: it fills a table of response callbacks). The client is
thread-safe and the pool is what holds the connections, so one client per pool does.
"""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


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


class ReusingRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient
