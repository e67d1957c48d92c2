"""Throttles that count per player for one operation, whatever address it comes from
(and per address for guests), and DRF's scoped throttle in one Redis round trip.

DRF's scoped throttles count per address for anonymous requests and per user
otherwise; these name their own scope, so that one view can have two rates (a
burst and a sustained one). Addresses follow ``accounts/addresses.py``.
"""

from __future__ import annotations

from functools import cache

from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache import cache as default_cache
from django.core.cache.backends.redis import RedisCache
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle, UserRateThrottle


class GameStartThrottle(UserRateThrottle):
    """Starting games: 20 a minute."""

    scope = "games"


class GameStartBurstThrottle(UserRateThrottle):
    """Starting games: 5 a second at most, whatever is left of the minute."""

    scope = "games_burst"


class GuestGameStartThrottle(SimpleRateThrottle):
    """Guests starting games, per address: 60 an hour, on top of the two limits above,
    so that a script without an account cannot fill the games table. Players are not
    counted here."""

    scope = "guest_games"

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


#: DRF's sliding window (``SimpleRateThrottle.allow_request``) on a Redis list of request
#: times, newest first: times older than the window are dropped from the end; a full window
#: refuses; otherwise this request's time goes in front and the list lives one window more.
#: Answers whether it was let through, the times in the window and the oldest of them.
_WINDOW = """
local floor = tonumber(ARGV[1]) - tonumber(ARGV[2])
while true do
  local oldest = redis.call('LINDEX', KEYS[1], -1)
  if not oldest or tonumber(oldest) > floor then break end
  redis.call('RPOP', KEYS[1])
end
local held = redis.call('LLEN', KEYS[1])
if held >= tonumber(ARGV[3]) then
  return {0, held, redis.call('LINDEX', KEYS[1], -1)}
end
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return {1, held + 1, redis.call('LINDEX', KEYS[1], -1)}
"""


#: Set in a request's environ by ``games.apis.append_door`` to the scope it already counted the
#: request in, when it hands the request on to Django: counted once, not twice. Only the
#: server's own layers write the environ's keys; a client's headers all begin with ``HTTP_``.
COUNTED = "games.append_door.counted"


@cache
def _window_script(client):
    return client.register_script(_WINDOW)


class OneTripScopedRateThrottle(ScopedRateThrottle):
    """DRF's ``ScopedRateThrottle``: the same rates (``THROTTLE_RATES``), the same key per
    scope and user (or address), the same sliding window and ``Retry-After``; on Redis the
    window is one script run, one round trip, where DRF reads the pickled list of request
    times and writes it back (two round trips, a fifth of an append's CPU). Every view of a
    scope must use this class or none of them: the window is kept under a key of its own
    (DRF's pickled value and a Redis list would not mix). On another cache (the embedded
    default's local memory) it is DRF's throttle unchanged."""

    def allow_request(self, request, view):
        scope = getattr(view, self.scope_attr, None)
        if scope and request.META.get(COUNTED) == scope:
            return True
        store = caches[DEFAULT_CACHE_ALIAS] if self.cache is default_cache else self.cache
        if not isinstance(store, RedisCache):
            return super().allow_request(request, view)
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        key = store.make_and_validate_key(f"{self.key}:times")
        client = store._cache.get_client(key, write=True)
        allowed, self._held, oldest = _window_script(client)(
            keys=[key], args=[repr(self.now), self.duration, self.num_requests], client=client)
        self._oldest = float(oldest) if oldest is not None else None
        return bool(allowed)

    def wait(self):
        if not hasattr(self, "_held"):
            return super().wait()
        # DRF's reckoning (``SimpleRateThrottle.wait``) from the window's size and oldest time.
        remaining = self.duration if self._oldest is None else self.duration - (self.now - self._oldest)
        available = self.num_requests - self._held + 1
        return None if available <= 0 else remaining / float(available)
