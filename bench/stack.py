"""A throwaway copy of the real stack for benchmarks: its own database, queue and cache prefix.

The bench scripts use the test settings (Postgres, Redis database 15) with a
run id of their own, create and migrate a fresh database, and start the same
gunicorn + Celery worker processes the integration tests start
(``tests/support/processes.py``). Everything is removed on exit.

    with live_stack() as stack:
        stack.url  # http://127.0.0.1:<port>
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def django_setup() -> None:
    """Test settings with a run id of this process: nothing is shared with a test run."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "freecell_site.settings.test"
    os.environ.setdefault("FC_TEST_RUN_ID", f"bench{os.getpid()}")
    import django

    django.setup()


def _web_resize(services, workers: int, threads: int) -> None:
    """Run gunicorn with another number of processes and threads than the tests use."""
    argv = list(services.web.argv)
    argv[argv.index("--workers") + 1] = str(workers)
    argv[argv.index("--threads") + 1] = str(threads)
    if argv == services.web.argv:
        return
    services.web.stop()
    services.web.argv = argv
    services.web.start()
    services._web_ready()


@contextlib.contextmanager
def live_stack(*, concurrency: int = 2, web_workers: int = 2, web_threads: int = 4,
               extra_env: dict | None = None) -> Iterator:
    """A fresh migrated database, a worker and gunicorn on loopback; all torn down after."""
    django_setup()
    from django.db import connection

    from tests.support.processes import LiveServices

    old_name = connection.settings_dict["NAME"]
    database = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    workdir = Path(tempfile.mkdtemp(prefix="fc-bench-"))
    services = LiveServices(database=database, workdir=workdir, concurrency=concurrency,
                            extra_env=extra_env or {})
    try:
        services.start()
        _web_resize(services, web_workers, web_threads)
        yield services
    finally:
        services.stop()
        connection.creation.destroy_test_db(old_name, verbosity=0)
