"""A web process's threads, each with its database connection open, before it takes a request.

gunicorn's threaded worker starts a thread only when a request finds every thread busy,
and Django opens a thread's connection on its first query. So the first burst a process
meets starts its threads and their connections together: each new PostgreSQL backend
forks and loads the catalogues of the tables it reads while the requests wait. On the
append bench (docs/benchmarks.md, The write path) that was a stall of half a second at the
start of every higher step, as the 150/s step used 2-4 threads of 8 and the 300/s step
started the rest: 186 of 3,000 requests over 50 ms, p99 153 ms, where the rest of the step
held p99 under 20 ms.

``threads_connect`` (called by ``post_worker_init`` in ``gunicorn.conf.py``) starts every
thread of the pool at once, each opening its connection and reading through the append's
select (no row matches), so that the backend has the game, deal, daily, token and user
tables' catalogues before the first request. The connections are then kept
(``CONN_MAX_AGE``, settings). A database that cannot be reached only delays this: the
process starts, and each thread connects on its first query, as before.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Executor

log = logging.getLogger(__name__)


def _connect() -> str:
    from django.db import connection

    from games.services.game_rows import select_warm

    connection.ensure_connection()
    select_warm()
    return threading.current_thread().name


def threads_connect(pool: Executor, threads: int, *, timeout: float = 20.0) -> set[str]:
    """Start ``threads`` threads of ``pool`` (a ``ThreadPoolExecutor`` with no thread yet),
    each with its database connection open; the names of the threads that connected.
    Only for PostgreSQL: the embedded SQLite file has no server to wait for."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return set()
    barrier = threading.Barrier(threads)

    def one() -> str:
        # Each task holds its thread until all have one, so the pool starts them all.
        barrier.wait(timeout)
        return _connect()

    futures = [pool.submit(one) for _ in range(threads)]
    names, failures = set(), []
    for future in futures:
        try:
            names.add(future.result(timeout + 5))
        except Exception as exc:  # noqa: BLE001 - a failed warm-up only leaves connecting for later
            barrier.abort()
            failures.append(f"{type(exc).__name__}: {exc}")
    if failures:
        log.warning("warm-up: %d of %d threads did not connect and read (%s); they connect on their "
                    "first query", len(failures), threads, failures[0])
    return names
