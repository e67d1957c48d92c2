"""The site's Redis cache keeps one client per connection pool (Django's made one per call)."""

from django.core.cache import cache


def test_cache_calls_share_one_redis_client():
    cache.set("kept-client", 1, 5)
    first = cache._cache.get_client(write=True)
    assert cache.get("kept-client") == 1
    assert cache._cache.get_client(write=True) is first
    assert cache._cache.get_client() is first  # one server: reads go where writes go
