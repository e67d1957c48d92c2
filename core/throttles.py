"""Throttles that count per player for one operation, whatever address it comes from.

DRF's scoped throttles count per address for anonymous requests and per user
otherwise; these name their own scope, so that one view can have two rates (a
burst and a sustained one). Addresses follow ``accounts/addresses.py``.
"""

from rest_framework.throttling import UserRateThrottle


class GameStartThrottle(UserRateThrottle):
    """Starting games: 20 a minute."""

    scope = "games"


class GameStartBurstThrottle(UserRateThrottle):
    """Starting games: 5 a second at most, whatever is left of the minute."""

    scope = "games_burst"
