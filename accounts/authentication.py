"""Session authentication whose CSRF refusal carries the documented code.

DRF's ``SessionAuthentication`` refuses a session write without the CSRF token
with a plain ``PermissionDenied``, which answered ``forbidden``; every CSRF
failure, in DRF's views and in Django's, answers ``csrf_failed``.
"""

import functools

import drf_spectacular.authentication
from django.db import DEFAULT_DB_ALIAS
from django.utils import timezone
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

    #: Set by a view that takes tokens from memory (``token_from_memory``).
    from_memory = False

    def authenticate(self, request):
        view = (getattr(request, "parser_context", None) or {}).get("view")
        self.from_memory = getattr(view, "token_from_memory", False)
        return super().authenticate(request)

    def authenticate_credentials(self, key):
        if self.from_memory:
            return self._remembered(key)
        row = _token_select().fetch([key]) if isinstance(key, str) else None
        if row is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        token, user = row
        if not user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        if token_expired(token):
            raise exceptions.AuthenticationFailed("This token has expired: ask for a new one.")
        return user, token

    def _remembered(self, key):
        """For a view with ``token_from_memory`` (a move's append), without the query once
        this process has read the token: its user and creation time, which never change for
        its key, are taken from memory, and whether the token still stands (not deleted,
        its user active) is asked by the append's own read of the game, in the same
        statement (``games.services.game_rows``, the ``token`` owner). Whatever else the
        view answers (a refusal, a game not found, a throttle), ``token_refusal`` asks the
        whole question first, so a revoked token is refused (401) at once, as before. An
        expired token is refused here."""
        known = _KNOWN.get(key) if isinstance(key, str) else None
        if known is None or _expires_at(known[2]) <= timezone.now():
            self.from_memory = False
            user, token = self.authenticate_credentials(key)
            _token_remember(user, token)
            return user, token
        user_model, values, created = known
        user = user_model.from_db(DEFAULT_DB_ALIAS, _attnames(user_model), list(values))
        token = _token_model().from_db(DEFAULT_DB_ALIAS, ["key", "user_id", "created"],
                                       [key, user.pk, created])
        token.unconfirmed = True  # until the append's read finds the game with the token standing
        return user, token


@functools.cache
def _token_select():
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from core.rows import Join, RowSelect

    return RowSelect(Join(Token, "t"), Join(get_user_model(), "u", via="user"), where='t."key" = %s')


def token_expires_at(token):
    return _expires_at(token.created)


def _expires_at(created):
    import datetime as dt

    from django.conf import settings

    return created + dt.timedelta(days=settings.TOKEN_TTL_DAYS)


def token_expired(token) -> bool:
    from django.utils import timezone

    return token_expires_at(token) <= timezone.now()


#: Tokens this process has read: key -> (its user's column values, its creation time). A token's
#: user and creation time never change for its key; whether it still stands is asked each time.
_KNOWN: dict[str, tuple] = {}
_KNOWN_MAX = 20_000


def _token_remember(user, token) -> None:
    if len(_KNOWN) >= _KNOWN_MAX:  # a bound: each token is read once more afterwards
        _KNOWN.clear()
    model = type(user)
    _KNOWN[token.key] = (model, tuple(getattr(user, name) for name in _attnames(model)), token.created)


def token_refusal(request, exc):
    """``exc``, or the refusal (401) of a token taken from memory that no longer stands:
    an answer other than an append's is given only once the token is confirmed."""
    token = getattr(request, "_auth", None)
    if not getattr(token, "unconfirmed", False) or isinstance(
            exc, (exceptions.AuthenticationFailed, exceptions.NotAuthenticated)):
        return exc
    try:
        ExpiringTokenAuthentication().authenticate_credentials(token.key)
    except exceptions.AuthenticationFailed as refused:
        _KNOWN.pop(token.key, None)
        return refused
    token.unconfirmed = False
    return exc


@functools.cache
def _attnames(model) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


@functools.cache
def _token_model():
    from rest_framework.authtoken.models import Token

    return Token
