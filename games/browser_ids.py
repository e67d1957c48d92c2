"""A long-lived random id per browser, in a cookie of its own.

Two accounts playing one daily from the same browser are linked for staff
(``games.services.links``); an address alone is a weak link (shared by a
household, a school, a mobile carrier), a browser is a strong one. The id is
random and says nothing; it is read only from the request's own cookie, so a
client that keeps no cookies (a script with a token) has none and is linked by
its address and its line alone.
"""

import re
import secrets

from django.conf import settings

BROWSER_COOKIE = "fc_browser"
BROWSER_COOKIE_AGE = 2 * 365 * 24 * 3600
_WELL_FORMED = re.compile(r"^[A-Za-z0-9_-]{22,64}$")


def browser_id(request) -> str:
    """The id this browser sent ('' when it sent none, or one the site never issues)."""
    value = request.COOKIES.get(BROWSER_COOKIE, "")
    return value if _WELL_FORMED.match(value) else ""


def _shared(response) -> bool:
    """A response a shared cache may keep: it must never carry one browser's id to others."""
    control = response.headers.get("Cache-Control", "").lower()
    return "public" in control or "s-maxage" in control or response.status_code == 304


def browser_id_give(request, response) -> None:
    """Give a browser that has no id one, on a response no shared cache keeps."""
    # A log-in names the browser itself (accounts/origins.py): one id, never two.
    if BROWSER_COOKIE in response.cookies:
        return
    if not browser_id(request) and not _shared(response):
        response.set_cookie(
            BROWSER_COOKIE, secrets.token_urlsafe(24), max_age=BROWSER_COOKIE_AGE, httponly=True,
            samesite="Lax", secure=settings.SESSION_COOKIE_SECURE,
        )


class BrowserIdMiddleware:
    """``browser_id_give`` on every response."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        browser_id_give(request, response)
        return response
