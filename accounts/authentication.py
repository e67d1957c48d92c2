"""Session authentication whose CSRF refusal carries the documented code.

DRF's ``SessionAuthentication`` refuses a session write without the CSRF token
with a plain ``PermissionDenied``, which answered ``forbidden``; every CSRF
failure, in DRF's views and in Django's, answers ``csrf_failed``.
"""

import functools

import drf_spectacular.authentication
from rest_framework import authentication, exceptions

from core.errors import PermissionDenied


class SessionAuthentication(authentication.SessionAuthentication):
    def enforce_csrf(self, request):
        try:
            super().enforce_csrf(request)
        except exceptions.PermissionDenied as exc:
            raise PermissionDenied(f"CSRF check failed: {exc.detail}", code="csrf_failed") from exc


class SessionScheme(drf_spectacular.authentication.SessionScheme):
    """The OpenAPI schema describes it as DRF's session authentication."""

    target_class = "accounts.authentication.SessionAuthentication"
    name = "cookieAuth"


class ExpiringTokenAuthentication(authentication.TokenAuthentication):
    """DRF's token, refused once older than ``TOKEN_TTL_DAYS`` (401 ``token_expired``):
    a token copied into a script long ago stops working; its owner asks for a new one.

    The token and its user are read as DRF reads them, by one statement built once
    (``core.rows``): every request of a script is authenticated so, every move
    included, and the ORM's compiling of that join was a third of an append's CPU."""

    def authenticate_credentials(self, key):
        row = _token_select().fetch([key]) if isinstance(key, str) else None
        if row is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        token, user = row
        if not user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        if token_expired(token):
            raise exceptions.AuthenticationFailed("This token has expired: ask for a new one.")
        return user, token


@functools.cache
def _token_select():
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from core.rows import Join, RowSelect

    return RowSelect(Join(Token, "t"), Join(get_user_model(), "u", via="user"), where='t."key" = %s')


def token_expires_at(token):
    import datetime as dt

    from django.conf import settings

    return token.created + dt.timedelta(days=settings.TOKEN_TTL_DAYS)


def token_expired(token) -> bool:
    from django.utils import timezone

    return token_expires_at(token) <= timezone.now()
