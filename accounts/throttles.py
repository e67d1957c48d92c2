"""Counting attempts in the cache, for the account doors the HTML pages and the API share.

DRF's throttles guard only its views; a password-reset or verification request
may come through a page too, so the services count here: per client address,
per email address and per account, each with its own limit over a window.
"""

from django.core.cache import cache

from core.errors import DomainError


class TooManyRequests(DomainError):
    status = 429
    code = "throttled"


def hits_count(*, key: str, window: int) -> int:
    """Count one more hit on ``key`` within a fixed window of ``window`` seconds."""
    full = f"accounts:hits:{key}"
    cache.add(full, 0, timeout=window)
    try:
        return cache.incr(full)
    except ValueError:  # expired between the add and the incr
        cache.set(full, 1, timeout=window)
        return 1


def hits_check(*, key: str, limit: int, window: int, message: str) -> None:
    """Refuse (429 ``throttled``) the hit past ``limit`` within the window."""
    if hits_count(key=key, window=window) > limit:
        raise TooManyRequests(message, retry_after=window)
