"""A throwaway copy of the real stack for benchmarks: its own database, queue and cache prefix.

The bench scripts use the test settings (Postgres, Redis database 15) with a
run id of their own, create and migrate a fresh database, and start the same
gunicorn + Celery worker processes the integration tests start
(``tests/support/processes.py``), gunicorn shaped as the ``Dockerfile`` runs it
(``WEB_WORKERS`` x ``WEB_THREADS``, ``WEB_CLASS``) and serving static files
collected once, as production does (not found afresh on each request as in
the tests). Everything is removed on exit.

    with live_stack() as stack:
        stack.url  # http://127.0.0.1:<port>
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

# The Dockerfile's gunicorn (keep the two the same; docs/benchmarks.md says why these).
WEB_WORKERS, WEB_THREADS, WEB_CLASS = 2, 8, "gthread"


def django_setup() -> None:
    """Test settings with a run id of this process: nothing is shared with a test run."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "freecell_site.settings.test"
    os.environ.setdefault("FC_TEST_RUN_ID", f"bench{os.getpid()}")
    import django

    django.setup()


def _web_reshape(services, workers: int, threads: int, worker_class: str) -> None:
    """Run gunicorn with the Dockerfile's processes, threads and worker class instead of the tests'."""
    argv = list(services.web.argv)
    if worker_class == "granian":  # a comparison only: the service runs gunicorn
        argv = _granian_argv(argv, workers, threads)
        services.web.stop()
        services.web.argv = argv
        services.web.start()
        services._web_ready()
        return
    argv[argv.index("--workers") + 1] = str(workers)
    argv[argv.index("--threads") + 1] = str(threads)
    argv += ["--worker-class", worker_class]
    if "uvicorn" in worker_class.lower():  # an ASGI worker serves the ASGI application
        argv[argv.index("freecell_site.wsgi:application")] = "freecell_site.asgi:application"
    services.web.stop()
    services.web.argv = argv
    services.web.start()
    services._web_ready()


def _granian_argv(gunicorn_argv: list[str], workers: int, threads: int) -> list[str]:
    """Granian's WSGI server in place of gunicorn, on the same port: ``workers`` processes of
    ``threads`` blocking threads (``pip install granian``; not a dependency of the service)."""
    binary = Path(gunicorn_argv[0]).parent / "granian"
    if not binary.exists():
        raise SystemExit("--web-class granian: install it first (.venv/bin/pip install granian==2.8.7)")
    port = gunicorn_argv[gunicorn_argv.index("--bind") + 1].rsplit(":", 1)[1]
    return [str(binary), "--interface", "wsgi", "--host", "127.0.0.1", "--port", port,
            "--workers", str(workers), "--blocking-threads", str(threads), "--no-ws",
            "--log-level", "warning", "freecell_site.wsgi:application"]


def _static_collect(workdir: Path) -> None:
    from django.conf import settings
    from django.core.management import call_command

    settings.STATIC_ROOT = str(workdir / "static")
    os.environ["FC_STATIC_ROOT"] = settings.STATIC_ROOT  # the web process inherits it
    call_command("collectstatic", interactive=False, verbosity=0)


def _second_node(services, workdir: Path) -> list:
    """Another web node shaped as the first and another worker, and HAProxy in front of
    both web nodes (``tests/support/nodes.py``): ``services.url`` becomes the proxy's."""
    import socket

    from tests.support.nodes import haproxy
    from tests.support.processes import Process, Worker, free_port, web_ready, worker_argv

    first = int(services.url.rsplit(":", 1)[1])
    port = free_port()
    argv = list(services.web.argv)
    argv[argv.index(f"127.0.0.1:{first}")] = f"127.0.0.1:{port}"
    env = dict(services.web.env)
    metrics = workdir / "metrics-two"
    metrics.mkdir()
    web = Process("web-two", argv, {**env, "PROMETHEUS_MULTIPROC_DIR": str(metrics)}, workdir / "web-two.log")
    node = f"two-{os.getpid()}@{socket.gethostname()}"
    worker = Worker("worker-two", worker_argv(node, services.concurrency), env, workdir / "worker-two.log",
                    node=node)
    proxy, url = haproxy(workdir, [first, port], env)
    for process in (worker, web, proxy):
        process.start()
    worker.ready()
    web_ready(f"http://127.0.0.1:{port}", log=web)
    web_ready(url, log=proxy)
    services.url = url
    return [proxy, web, worker]


def _proxied(services, workdir: Path, processes: int) -> list:
    """The node as ``docker-compose.yml`` runs it: ``processes`` gunicorn servers of one
    worker each (the first is ``services.web``), HAProxy in front sending each
    request to the one with the fewest in flight (``tests/support/nodes.py``, ``leastconn``):
    ``services.url`` becomes the proxy's."""
    from tests.support.nodes import haproxy
    from tests.support.processes import Process, free_port, web_ready

    argv = list(services.web.argv)  # already of one worker (``live_stack``)
    first = int(services.url.rsplit(":", 1)[1])
    ports, extra = [first], []
    for n in range(1, processes):
        port = free_port()
        argv_n = list(argv)
        argv_n[argv_n.index(f"127.0.0.1:{first}")] = f"127.0.0.1:{port}"
        metrics = workdir / f"metrics-web-{n}"
        metrics.mkdir()
        env = {**services.web.env, "PROMETHEUS_MULTIPROC_DIR": str(metrics)}
        extra.append(Process(f"web-{n}", argv_n, env, workdir / f"web-{n}.log"))
        ports.append(port)
    proxy, url = haproxy(workdir, ports, dict(services.web.env), balance="leastconn")
    for process in (*extra, proxy):
        process.start()
    for process, port in zip(extra, ports[1:], strict=True):
        web_ready(f"http://127.0.0.1:{port}", log=process)
    web_ready(url, log=proxy)
    services.url = url
    return [proxy, *extra]


@contextlib.contextmanager
def live_stack(*, concurrency: int = 2, web_workers: int = WEB_WORKERS, web_threads: int = WEB_THREADS,
               web_class: str = WEB_CLASS, extra_env: dict | None = None,
               two_nodes: bool = False, proxied: bool = False) -> Iterator:
    """A fresh migrated database, a worker and gunicorn on loopback; all torn down after.
    ``two_nodes``: a second web node and worker, behind HAProxy (``services.url``), the
    extra processes in ``services.extra``. ``proxied``: ``web_workers`` gunicorn servers of
    one worker each behind HAProxy, as ``docker-compose.yml`` runs a node (``_proxied``)."""
    django_setup()
    import redis
    from django.conf import settings
    from django.db import connection

    from tests.support.processes import LiveServices, run_keys_forgotten

    old_name = connection.settings_dict["NAME"]
    database = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    workdir = Path(tempfile.mkdtemp(prefix="fc-bench-"))
    _static_collect(workdir)
    services = LiveServices(database=database, workdir=workdir, concurrency=concurrency,
                            extra_env=extra_env or {})
    try:
        services.start()
        proxied = proxied and web_class == "gthread" and not two_nodes
        _web_reshape(services, 1 if proxied else web_workers, web_threads, web_class)
        if proxied:
            services.extra = _proxied(services, workdir, web_workers)
        else:
            services.extra = _second_node(services, workdir) if two_nodes else []
        yield services
    finally:
        for process in getattr(services, "extra", []):
            process.stop()
        services.stop()
        run_keys_forgotten(redis.Redis.from_url(settings.REDIS_URL))
        connection.creation.destroy_test_db(old_name, verbosity=0)
        shutil.rmtree(workdir, ignore_errors=True)
