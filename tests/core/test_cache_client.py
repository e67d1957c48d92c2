"""The site's Redis cache keeps one client per connection pool (Django's made one per call)."""

from django.core.cache import cache


def test_cache_calls_share_one_redis_client():
    cache.set("kept-client", 1, 5)
    first = cache._cache.get_client(write=True)
    assert cache.get("kept-client") == 1
    assert cache._cache.get_client(write=True) is first
    assert cache._cache.get_client() is first  # one server: reads go where writes go


def test_cache_objects_of_other_threads_and_contexts_share_the_client_and_its_connections():
    """Django makes a cache object per thread and per asynchronous context; each made a
    connection pool of its own, so every race socket's first move opened a Redis connection
    and ran the restart check on it."""
    import asyncio
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from asgiref.sync import sync_to_async
    from django.core.cache import caches

    cache.set("kept-client", 1, 5)
    clients = []

    def other_thread():
        clients.append(caches["default"]._cache)
        assert caches["default"].get("kept-client") == 1

    thread = threading.Thread(target=other_thread)
    thread.start()
    thread.join()

    async def sockets():
        async def one():
            return await sync_to_async(lambda: caches["default"]._cache, thread_sensitive=False)()
        return await asyncio.gather(*(one() for _ in range(5)))

    # in a thread of its own: a browser test may have left an event loop running in this one
    with ThreadPoolExecutor(1) as pool:
        clients += pool.submit(asyncio.run, sockets()).result()
    assert all(client is cache._cache for client in clients)
