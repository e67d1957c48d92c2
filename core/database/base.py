"""Django's PostgreSQL backend, with the per-request health check made without a round trip.

With ``CONN_HEALTH_CHECKS`` on, Django asks a kept connection ``SELECT 1`` before the first
statement of every request, so that a connection the server closed (a restart, a
terminated backend) is replaced before a request uses it. On a move append that was one
round trip of four (with the game's read, its write and the throttle's Redis call) and about
4 % of the web process's CPU (py-spy, docs/operations.md, The append path).

A connection the server ended has something to read while it is idle: PostgreSQL sends
the error that ends the session ("terminating connection due to administrator command")
and closes it, and the kernel marks the socket readable; an idle connection in good health
has nothing to read. So the check polls the socket first, at no cost to the server: only a
readable one (an end, or a notice that came meanwhile) gets Django's own ``SELECT 1``, which
closes it if it fails. What the poll cannot see (the network between here and a server on
another host going away with no end sent) fails the request's first statement instead; the
answer is 503 ``service_unavailable`` (``core/outages.py``) and Django's own check after an
error replaces the connection at the next request, as before.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql.base import DatabaseWrapper as PostgresDatabaseWrapper


def _readable(fileno: int) -> bool:
    readable, _, _ = select.select([fileno], [], [], 0)
    return bool(readable)


class DatabaseWrapper(PostgresDatabaseWrapper):
    def close_if_health_check_failed(self):
        if (self.connection is not None and self.health_check_enabled and not self.health_check_done
                and not self.pool):
            try:
                quiet = not _readable(self.connection.fileno())
            except (OSError, ValueError):  # a closed socket: the full check says so
                quiet = False
            if quiet:
                self.health_check_done = True
                return None
        return super().close_if_health_check_failed()
