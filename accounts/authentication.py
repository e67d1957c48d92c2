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
