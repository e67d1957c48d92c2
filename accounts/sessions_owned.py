"""The sessions an account has open: recorded at each log-in (the API's, the pages',
the admin's), listed to their owner, ended one by one or all at once."""

import hashlib
from importlib import import_module

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.utils import timezone

from accounts.models import AccountSession


def _store(session_key: str | None = None):
    return import_module(settings.SESSION_ENGINE).SessionStore(session_key=session_key)


def account_session_record(*, request, user) -> None:
    key = request.session.session_key
    if not key:
        request.session.save()
        key = request.session.session_key
    AccountSession.objects.update_or_create(
        session_key=key,
        defaults={"user": user, "created_at": timezone.now(),
                  "user_agent": request.META.get("HTTP_USER_AGENT", "")[:200]},
    )


def account_sessions_live(*, user):
    """The account's sessions that still exist (rows of ended ones are dropped on the way)."""
    rows = list(AccountSession.objects.filter(user=user).order_by("-created_at"))
    live = []
    for row in rows:
        if _store().exists(row.session_key):
            live.append(row)
        else:
            row.delete()
    return live


def account_session_end(*, user, session_id: int) -> bool:
    row = AccountSession.objects.filter(user=user, pk=session_id).first()
    if row is None:
        return False
    _store(row.session_key).delete(row.session_key)
    row.delete()
    return True


def user_sessions_end(*, user, keep: str | None = None) -> None:
    """End every session of the account (but ``keep``, the caller's own)."""
    for row in AccountSession.objects.filter(user=user).exclude(session_key=keep or ""):
        _store(row.session_key).delete(row.session_key)
        row.delete()


def _logged_in(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        account_session_record(request=request, user=user)


def connect() -> None:
    """Every log-in (the admin's included) goes through ``django.contrib.auth.login``."""
    user_logged_in.connect(_logged_in, dispatch_uid="accounts.account_session_record")


def account_tokens(*, user) -> list:
    """The account's API tokens (DRF keeps one per account) with their expiry."""
    from rest_framework.authtoken.models import Token

    from accounts.authentication import token_expired, token_expires_at

    return [{"id": _token_id(t.key), "created": t.created, "expires": token_expires_at(t),
             "expired": token_expired(t), "prefix": t.key[:6]} for t in Token.objects.filter(user=user)]


def _token_id(key: str) -> str:
    """A token's public id: DRF's primary key is the token itself, which no page may show."""
    return hashlib.sha256(key.encode()).hexdigest()[:20]


def account_token_revoke(*, user, token_id: str) -> bool:
    from rest_framework.authtoken.models import Token

    keys = [key for key in Token.objects.filter(user=user).values_list("key", flat=True)
            if _token_id(key) == token_id]
    deleted, _ = Token.objects.filter(user=user, key__in=keys).delete()
    return bool(deleted)
