"""Session authentication whose CSRF refusal carries the documented code.

DRF's ``SessionAuthentication`` refuses a session write without the CSRF token
with a plain ``PermissionDenied``, which answered ``forbidden``; every CSRF
failure, in DRF's views and in Django's, answers ``csrf_failed``.
"""

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
    a token copied into a script long ago stops working; its owner asks for a new one."""

    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            raise exceptions.AuthenticationFailed("This token has expired: ask for a new one.")
        return user, token


def token_expires_at(token):
    import datetime as dt

    from django.conf import settings

    return token.created + dt.timedelta(days=settings.TOKEN_TTL_DAYS)


def token_expired(token) -> bool:
    from django.utils import timezone

    return token_expires_at(token) <= timezone.now()
