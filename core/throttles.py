"""Throttles that count per player for one operation, whatever address it comes from
(and per address for guests).

DRF's scoped throttles count per address for anonymous requests and per user
otherwise; these name their own scope, so that one view can have two rates (a
burst and a sustained one). Addresses follow ``accounts/addresses.py``.
"""

from rest_framework.throttling import SimpleRateThrottle, UserRateThrottle


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
