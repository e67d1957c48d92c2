"""Django's model backend, with a logged-in browser's user read by one statement built once.

Every request of a logged-in browser reads its user (``django.contrib.auth.get_user``),
every move included, and the ORM compiled that select anew each time: on a move append
through the session about a tenth of the request's CPU (docs/operations.md, The append
path). ``get_user`` reads the same row through ``core.rows`` instead: the same instance,
the same ``user_can_authenticate``. Logging in, passwords and permissions are Django's.

Sessions name the backend that logged them in; migration ``0006`` moved the sessions
that named Django's own (``django.contrib.auth.backends.ModelBackend``) to this one, so
nobody was logged out when it replaced Django's in ``AUTHENTICATION_BACKENDS``.
"""

from __future__ import annotations

from functools import cache

from django.contrib.auth import backends, get_user_model

#: What ``login`` names for a password log-in (``accounts.services``).
MODEL_BACKEND = "accounts.backends.ModelBackend"
DJANGO_MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


class ModelBackend(backends.ModelBackend):
    def get_user(self, user_id):
        row = _user_select().fetch([user_id])
        if row is None:
            return None
        user = row[0]
        return user if self.user_can_authenticate(user) else None


@cache
def _user_select():
    from core.rows import Join, RowSelect

    return RowSelect(Join(get_user_model(), "u"), where='u."id" = %s')
