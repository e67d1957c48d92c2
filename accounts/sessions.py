"""Database sessions that ignore a session cookie Django could never have issued.

Django makes session keys from ``VALID_KEY_CHARS`` but only checks a cookie's
length before looking it up, and a quoted cookie may carry octal escapes:
``sessionid="abcdefgh\\000"`` reaches PostgreSQL with a NUL byte and fails as a
500. A key with any other character is treated as no session at all.
"""

import functools

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.utils import timezone

_VALID = frozenset(VALID_KEY_CHARS)


class SessionStore(db.SessionStore):
    def _validate_session_key(self, key):
        return super()._validate_session_key(key) and _VALID.issuperset(key)

    def _get_session_from_db(self):
        """Django's read of the session row, by one statement built once (``core.rows``):
        every request of a logged-in browser reads it, every move included."""
        row = _session_select(self.model).fetch([self.session_key, timezone.now()])
        if row is None:
            self._session_key = None
            return None
        return row[0]


@functools.cache
def _session_select(model):
    from core.rows import Join, RowSelect

    return RowSelect(Join(model, "s"), where='s."session_key" = %s AND s."expire_date" > %s')
