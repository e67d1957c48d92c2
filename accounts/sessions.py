"""Database sessions that ignore a session cookie Django could never have issued.

Django makes session keys from ``VALID_KEY_CHARS`` but only checks a cookie's
length before looking it up, and a quoted cookie may carry octal escapes:
``sessionid="abcdefgh\\000"`` reaches PostgreSQL with a NUL byte and fails as a
500. A key with any other character is treated as no session at all.
"""

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS

_VALID = frozenset(VALID_KEY_CHARS)


class SessionStore(db.SessionStore):
    def _validate_session_key(self, key):
        return super()._validate_session_key(key) and _VALID.issuperset(key)
