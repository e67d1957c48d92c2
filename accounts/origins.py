"""Where an account has logged in before: its addresses and its browsers.

38 addresses sending wrong passwords for one username kept its owner out
(429 ``login_slowed`` 24 times in 28) although the owner used the address and
browser they always use. The slow-down is for strangers: an attempt from an
address or a browser that has logged in to this account (within
``LOGIN_ORIGIN_DAYS``) skips it. Such an attempt still meets django-axes, which
locks a (username, address) pair after its own failures, so a guesser gains
nothing by sitting on the owner's address.

A browser is known by a random key in a long-lived cookie (``fc_browser``),
set at a successful log-in; addresses and keys are stored as keyed digests.
"""

import datetime as dt
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.addresses import client_address
from accounts.models import LoginOrigin

BROWSER_COOKIE = "fc_browser"


def _digest(kind: str, value: str) -> str:
    return salted_hmac(f"accounts.login_origin.{kind}", value).hexdigest()


def _origins(request) -> list[tuple[str, str]]:
    found = [(LoginOrigin.Kind.ADDRESS, _digest("address", client_address(request)))]
    browser = request.COOKIES.get(BROWSER_COOKIE, "")
    if 20 <= len(browser) <= 64:
        found.append((LoginOrigin.Kind.BROWSER, _digest("browser", browser)))
    return found


def login_origin_known(*, request, username: str) -> bool:
    """True when this address or this browser has logged in to ``username`` lately."""
    user = get_user_model().objects.filter(username=username).only("pk").first()
    if user is None:
        return False
    since = timezone.now() - dt.timedelta(days=settings.LOGIN_ORIGIN_DAYS)
    known = LoginOrigin.objects.filter(user=user, last_seen__gte=since)
    return any(known.filter(kind=kind, digest=digest).exists() for kind, digest in _origins(request))


def login_origin_record(*, request, user) -> str:
    """Remember this address and browser for ``user``; the browser's key to set as
    its cookie (a new one when it had none)."""
    browser = request.COOKIES.get(BROWSER_COOKIE, "")
    if not 20 <= len(browser) <= 64:
        browser = secrets.token_urlsafe(32)
    now = timezone.now()
    for kind, digest in [(LoginOrigin.Kind.ADDRESS, _digest("address", client_address(request))),
                         (LoginOrigin.Kind.BROWSER, _digest("browser", browser))]:
        LoginOrigin.objects.update_or_create(user=user, kind=kind, digest=digest, defaults={"last_seen": now})
    return browser


def browser_cookie_set(response, browser: str) -> None:
    response.set_cookie(
        BROWSER_COOKIE, browser, max_age=settings.LOGIN_ORIGIN_DAYS * 86400, httponly=True, samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
