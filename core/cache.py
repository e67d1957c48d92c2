"""The Redis cache, with an epoch that changes whenever what it holds may be behind the database.

Answers stored in the cache are only as current as the last write that
outdated them (``games.selectors.stored``). Two faults can leave such an
answer current-looking but old, with nothing left to correct it:

- a write commits while Redis is unreachable, so its after-commit version
  bump fails; when Redis returns *with its data* (an append-only file, a
  replica), the entry built before the write is still marked current;
- Redis is killed and restarts from an append-only file that lacks its last
  second of writes, a version bump among them.

Both are cured by one key, ``cache:epoch``, that every stored answer is
checked against: an answer built under another epoch is rebuilt. The epoch
changes (1) on the first connection to a Redis server that was not the one
the cache last ran on (its ``run_id`` changes at every start), before that
connection serves anything, and (2) when a process fails to outdate an answer
(``cache_epoch_bump_later``), as soon as Redis answers again.
"""

import logging
import threading
import time

from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient as DjangoRedisCacheClient

from core.outages import CACHE_ERRORS

EPOCH = "cache:epoch"
RUN_ID = "cache:run-id"
RETRY_SECONDS = 0.5

logger = logging.getLogger("core.cache")


class RedisCacheClient(DjangoRedisCacheClient):
    """Django's client with one ``redis.Redis`` per connection pool. Django's makes a new one for
    every cache call, and redis-py 8's constructor (its table of reply callbacks) costs as much CPU
    as the call's round trip (0.1 ms each here); a ``redis.Redis`` is safe to share between threads."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._kept = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._kept.get(pool)
        if client is None:
            client = self._kept[pool] = self._client(connection_pool=pool)
        return client


_clients: dict[tuple, RedisCacheClient] = {}
_clients_lock = threading.Lock()


class RedisCache(DjangoRedisCache):
    """Django's Redis cache, checking at each new connection whether the server was restarted.

    Django makes a cache object per thread and per asynchronous context (``caches`` is an
    asgiref ``Local``), and each object made its own connection pool: every race socket's
    first cache call in a database thread opened a connection of its own and ran the restart
    check on it (``INFO``, ``GET``), 200 of them at once when 200 players make their first
    move. The objects of one configuration now share one client, and so one pool, per
    process; a ``redis.Redis`` and its pool are safe to share between threads, and the pool
    starts afresh in a forked child."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
        self._options = {**self._options, "redis_connect_func": self._connected}
        self._shared = (tuple(self._servers), self.key_prefix, self.version,
                        repr(sorted((k, v) for k, v in params.get("OPTIONS", {}).items())))

    @property
    def _cache(self) -> RedisCacheClient:
        client = _clients.get(self._shared)
        if client is None:
            with _clients_lock:
                client = _clients.get(self._shared)
                if client is None:
                    client = _clients[self._shared] = self._class(self._servers, **self._options)
        return client

    def _connected(self, connection) -> None:
        connection.on_connect()
        connection.send_command("INFO", "server")
        info = connection.read_response()
        info = info.decode() if isinstance(info, bytes) else str(info)
        run_id = next((line.split(":", 1)[1].strip() for line in info.splitlines()
                       if line.startswith("run_id:")), "")
        connection.send_command("GET", self.make_key(RUN_ID))
        recorded = connection.read_response()
        if recorded is not None and recorded.decode() == run_id:
            return
        # A server the cache has not run on, or one restarted from its files: whatever
        # it holds may predate writes made while it was away.
        connection.send_command("SET", self.make_key(EPOCH), time.time_ns())
        connection.read_response()
        connection.send_command("SET", self.make_key(RUN_ID), run_id)
        connection.read_response()
        logger.warning("cache: Redis server %s is new to the cache; stored answers will be rebuilt", run_id)


_state = threading.Lock()
_wanted = 0  # failed outdates in this process; a bump counts only if none came during it
_retrying = False


def cache_epoch_bump() -> None:
    """Every stored answer is outdated: the next read rebuilds it. Raises if Redis is out of reach."""
    cache.set(EPOCH, time.time_ns(), timeout=None)


def cache_epoch_bump_later() -> None:
    """A write could not outdate what it changed: bump the epoch as soon as Redis answers again.

    One thread per process retries every ``RETRY_SECONDS`` until a bump succeeds
    with no failure reported while it ran. It is a daemon, so a stopping process
    does not wait for it (the next process to connect to a restarted server
    bumps the epoch anyway, see above).
    """
    global _wanted, _retrying
    with _state:
        _wanted += 1
        if _retrying:
            return
        _retrying = True

    def retry() -> None:
        global _retrying
        while True:
            with _state:
                seen = _wanted
            try:
                cache_epoch_bump()
            except CACHE_ERRORS:
                time.sleep(RETRY_SECONDS)
                continue
            with _state:
                if _wanted == seen:
                    _retrying = False
                    logger.warning("cache: Redis answers again; stored answers outdated")
                    return

    threading.Thread(target=retry, name="cache-epoch-bump", daemon=True).start()
