"""Real processes for integration tests: gunicorn and a Celery worker.

Both run the test settings against the pytest-django test database and the
test Redis database, exactly as production runs them, only on loopback.
"""

import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import redis
from django.conf import settings
from kombu.transport.redis import PRIORITY_STEPS
from kombu.transport.redis import Channel as RedisChannel

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_url(name: str) -> str:
    db = settings.DATABASES["default"]
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{name}"


def production_env(**extra: str) -> dict:
    """The environment of a production process (settings.production), for checks run in a subprocess."""
    return {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "freecell_site.settings.production",
        "SECRET_KEY": "x7#Qm2!vR9zL4pK8wN1sT6yB3cF5hJ0dG2aE7uI9oP4lM6nV8bX1",
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/postgres",
        "REDIS_URL": "redis://127.0.0.1:6379/15",
        **extra,
    }


def service_env(database: str, **extra: str) -> dict:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="freecell_site.settings.test",
        DATABASE_URL=database_url(database),
        REDIS_URL=settings.REDIS_URL,
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def asgi_argv(port: int) -> list[str]:
    """The ASGI server of the race sockets as scripts/run starts it (docs/benchmarks.md, Races)."""
    return [str(VENV_BIN / "uvicorn"), "freecell_site.asgi:application", "--host", "127.0.0.1",
            "--port", str(port), "--no-access-log", "--log-level", "warning", "--ws", "websockets-sansio"]


def web_argv(port: int, *, workers: int = 2, threads: int = 4) -> list[str]:
    """A gunicorn web node on loopback, as the tests run it."""
    return [str(VENV_BIN / "gunicorn"), "freecell_site.wsgi:application", "--bind", f"127.0.0.1:{port}",
            "--workers", str(workers), "--threads", str(threads), "--no-control-socket", "--error-logfile", "-"]


def worker_argv(node: str, concurrency: int) -> list[str]:
    """A Celery worker consuming this run's queue."""
    return [str(VENV_BIN / "celery"), "-A", "freecell_site", "worker", "--loglevel=INFO",
            f"--concurrency={concurrency}", "--without-gossip", "--without-mingle", "-n", node]


def web_ready(url: str, timeout: float = 60, log: "Process | None" = None) -> None:
    """Wait until ``url`` answers its health check (a 503 is an answer: start-up is over)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/api/health/", timeout=2) as response:  # noqa: S310
                json.load(response)
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"web server did not start:\n{log.tail() if log else url}")


#: kombu's Redis transport keeps a queue's tasks in one list per priority step: the queue's
#: own name for step 0, ``<queue><sep><step>`` for the others (its ``Channel._q_for_pri``).
SEP = RedisChannel.sep


def queue_lengths(client) -> dict[str, int]:
    """How many tasks wait on this run's queue, per priority step's list, in one round trip.

    By name, not by ``SCAN``: a scan walks every key of the Redis database, and the
    database keeps other runs' keys for hours (the fair-play verdicts' cache lasts a day),
    so a scan at each poll of a wait cost the suite more the more runs the machine had seen
    (7.3 million ``SCAN`` calls, most of Redis's CPU, after a day of runs)."""
    # The run's queue, and the one its tests without the live stack send to (``tasks_sent_to``
    # in tests/conftest.py): the names the scan's ``<queue>*`` found before.
    queues = (settings.CELERY_TASK_DEFAULT_QUEUE, f"{settings.CELERY_TASK_DEFAULT_QUEUE}-unconsumed")
    names = [queue if step == 0 else f"{queue}{SEP}{step}" for queue in queues
             for step in PRIORITY_STEPS]  # the transport's steps
    pipe = client.pipeline(transaction=False)
    for name in names:
        pipe.llen(name)
    return dict(zip(names, pipe.execute(), strict=True))



def run_keys_forgotten(client) -> None:
    """Delete this run's cache keys (its live servers' too: they share its prefix), which
    would otherwise stay for up to a day (the fair-play verdicts') and lengthen every later
    run's scans of the database. Only this run's prefix and those made from it (the README
    command's server: ``<prefix>-readme``): another run may be going on."""
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    mine = itertools.chain(client.scan_iter(match=f"{prefix}:*", count=1000),
                           client.scan_iter(match=f"{prefix}-*:*", count=1000))
    for chunk in itertools.batched(mine, 1000):
        client.delete(*chunk)

@dataclass
class Process:
    """One child process in its own process group, with its output in a log file."""

    name: str
    argv: list[str]
    env: dict
    log: Path
    popen: subprocess.Popen | None = None

    def start(self) -> None:
        handle = open(self.log, "ab")  # noqa: SIM115 - owned by the child for its lifetime
        self.popen = subprocess.Popen(
            self.argv, cwd=REPO, env=self.env, stdout=handle, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def signal(self, signum: int) -> None:
        if self.popen and self.popen.poll() is None:
            os.killpg(self.popen.pid, signum)

    def stop(self, timeout: float = 15) -> None:
        if not self.popen:
            return
        self.signal(signal.SIGTERM)
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.signal(signal.SIGKILL)
            self.popen.wait(5)

    def kill9(self) -> None:
        """What a crash or the OOM killer does: the whole process group, at once."""
        self.signal(signal.SIGKILL)
        if self.popen:
            self.popen.wait(10)

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


@dataclass
class Worker(Process):
    node: str = ""
    def ready(self, timeout: float = 60) -> None:
        from freecell_site.celery import app

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.popen and self.popen.poll() is not None:
                raise RuntimeError(f"worker exited:\n{self.tail()}")
            if app.control.ping(destination=[self.node], timeout=0.5):
                return
        raise RuntimeError(f"worker did not answer a ping:\n{self.tail()}")

    def restart(self) -> None:
        self.start()
        self.ready()


@dataclass
class LiveServices:
    database: str
    workdir: Path
    concurrency: int = 2
    url: str = ""
    web: Process | None = None
    sockets: Process | None = None
    socket_port: int = 0
    worker: Worker | None = None
    extra_env: dict = field(default_factory=dict)

    def start(self) -> None:
        redis.Redis.from_url(settings.REDIS_URL).delete(settings.CELERY_TASK_DEFAULT_QUEUE)
        # The web workers and the Celery worker write their metrics side by side, as scripts/run has them.
        metrics_dir = self.workdir / "metrics"
        metrics_dir.mkdir(exist_ok=True)
        env = service_env(self.database, PROMETHEUS_MULTIPROC_DIR=str(metrics_dir), LOG_FORMAT="json",
                          **self.extra_env)
        node = f"test-{settings.TEST_RUN_ID}@{socket.gethostname()}"
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        # The race sockets (/ws/) on their own ASGI server, as scripts/run serves them.
        self.socket_port = free_port()
        env["RACE_SOCKET_PORT"] = str(self.socket_port)
        self.sockets = Process("sockets", asgi_argv(self.socket_port), env, self.workdir / "sockets.log")
        self.worker = Worker("worker", worker_argv(node, self.concurrency), env, self.workdir / "worker.log",
                             node=node)
        self.web = Process("web", web_argv(port), env, self.workdir / "web.log")
        self.worker.start()
        self.web.start()
        self.sockets.start()
        self.worker.ready()
        self._web_ready()
        self._sockets_ready()

    def _sockets_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.socket_port), timeout=2):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the ASGI server did not start:\n{self.sockets.tail()}")

    def drained(self) -> bool:
        """Whether every task sent to this run's queue has been run: none waiting on the
        broker, none delivered and unacknowledged, none active or reserved in the worker."""
        from freecell_site.celery import app

        client = redis.Redis.from_url(settings.REDIS_URL)
        if sum(queue_lengths(client).values()):
            return False
        inspect = app.control.inspect(destination=[self.worker.node], timeout=1)
        active, reserved = inspect.active(), inspect.reserved()
        if not active or not reserved:  # the worker did not answer: nothing is proven
            return False
        return not any(active.values()) and not any(reserved.values())

    def broker_state(self) -> str:
        """For a test that waited in vain: what waits on this run's queue (each priority step's
        list), what the broker holds delivered and unacknowledged, what the worker says it holds."""
        from freecell_site.celery import app

        client = redis.Redis.from_url(settings.REDIS_URL)
        queue = settings.CELERY_TASK_DEFAULT_QUEUE
        lists = {name.replace(SEP, "/"): size for name, size in queue_lengths(client).items() if size}
        unacked = sum(1 for _, raw in client.hscan_iter("unacked") if queue.encode() in raw)
        inspect = app.control.inspect(destination=[self.worker.node], timeout=2)
        return (f"broker: waiting {lists or 'none'}, delivered and unacknowledged {unacked}; "
                f"worker {'alive' if self.worker.popen and self.worker.popen.poll() is None else 'exited'}: "
                f"active {inspect.active()}, reserved {inspect.reserved()}")

    def queue_emptied(self) -> int:
        """Drop every task still waiting on this run's queue (each priority step's list); returns how many."""
        client = redis.Redis.from_url(settings.REDIS_URL)
        lengths = queue_lengths(client)
        client.delete(*lengths)
        return sum(lengths.values())

    def settle(self, timeout: float = 90) -> None:
        """Between two tests: what one test left for the worker is dropped, and what the worker
        holds is let finish (a task's hard limit is 15 s), so that nothing of one test's runs on
        the next one's rows, or writes after its database is flushed. A task may ring another
        as it ends, so empty and ask again until the worker holds nothing."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.worker.popen is None or self.worker.popen.poll() is not None:
                self.queue_emptied()
                return  # a test killed it for good: nothing runs
            self.queue_emptied()
            if self.drained():
                return
            time.sleep(0.2)
        raise RuntimeError(f"the worker did not settle within {timeout} s:\n{self.worker.tail()}")

    def _web_ready(self, timeout: float = 60) -> None:
        web_ready(self.url, timeout, self.web)

    def stop(self) -> None:
        for process in (self.web, self.sockets, self.worker):
            if process:
                process.stop()
