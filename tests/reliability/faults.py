"""A Redis and a Postgres that a fault test owns, and the service's processes running on them.

Never the shared servers: a fault test stops and starts these as it pleases.
The Redis keeps an append-only file (fsync at every write) in its own directory,
so that it can be restarted with its data, as the compose file runs it, or
without (the directory wiped first). The Postgres is a cluster of its own
(``initdb`` as the ``postgres`` user when the tests run as root).
"""

import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis
import requests

from tests.support.processes import VENV_BIN, Process, Worker, free_port, service_env
from tests.support.waiting import wait_for


@dataclass
class FaultRedis:
    workdir: Path
    port: int = field(default_factory=free_port)
    popen: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def data(self) -> Path:
        return self.workdir / "redis-data"

    def start(self) -> None:
        self.data.mkdir(parents=True, exist_ok=True)
        log = open(self.workdir / "redis.log", "ab")  # noqa: SIM115 - the child's for its lifetime
        self.popen = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "yes", "--appendfsync", "always", "--dir", str(self.data)],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        wait_for(self._answers, timeout=30)

    def _answers(self) -> bool:
        try:
            return redis.Redis(port=self.port, socket_timeout=1).ping()
        except redis.RedisError:
            return False

    def stop(self, *, kill: bool = False) -> None:
        if self.popen and self.popen.poll() is None:
            self.popen.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            self.popen.wait(30)

    def restart(self, *, keep_data: bool) -> None:
        self.stop()
        if not keep_data:
            shutil.rmtree(self.data, ignore_errors=True)
        self.start()

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=5)


@dataclass
class FaultPostgres:
    workdir: Path
    port: int = field(default_factory=free_port)

    @property
    def data(self) -> Path:
        return self.workdir / "pg-data"

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def _as_owner(self, argv: list[str]) -> list[str]:
        # initdb and the server refuse to run as root; Debian's package leaves a postgres user.
        return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv

    def init(self) -> None:
        self.workdir.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.workdir, "postgres")
        subprocess.run(self._as_owner(["initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                                       "--no-sync"]),
                       check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        subprocess.run(self._as_owner(["pg_ctl", "-D", str(self.data), "-l", str(self.workdir / "pg.log"),
                                       "-o", f"-p {self.port} -k /tmp -c fsync=off", "-w", "-t", "60", "start"]),
                       check=True, capture_output=True, timeout=90)

    def stop(self, mode: str = "fast") -> None:
        subprocess.run(self._as_owner(["pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop"]),
                       capture_output=True, timeout=90)

    def createdb(self, name: str) -> None:
        subprocess.run(["createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name],
                       check=True, capture_output=True, timeout=60)


@dataclass
class FaultStack:
    """Web (gunicorn as ``scripts/run`` starts it), a worker and, on request, beat, on the given servers."""

    workdir: Path
    database_url: str
    redis_url: str
    url: str = ""
    web: Process | None = None
    worker: Worker | None = None
    beat: Process | None = None
    extra_env: dict = field(default_factory=dict)

    def env(self) -> dict:
        # As the live stack (tests/conftest.py): the tests' accounts share one loopback
        # address and near-identical lines, which are links only a browser id should make.
        env = service_env("unused", **{"FAIRPLAY_LINK_HOLD": "browser", **self.extra_env})
        env.update(DATABASE_URL=self.database_url, REDIS_URL=self.redis_url)
        return env

    def start(self) -> None:
        env = self.env()
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.worker = Worker(
            "worker",
            [str(VENV_BIN / "celery"), "-A", "freecell_site", "worker", "--loglevel=INFO", "--concurrency=2",
             "--without-gossip", "--without-mingle", "-n", f"faults-{port}@localhost"],
            env, self.workdir / "worker.log", node=f"faults-{port}@localhost",
        )
        self.web = Process(
            "web",
            [str(VENV_BIN / "gunicorn"), "freecell_site.wsgi:application", "--bind", f"127.0.0.1:{port}",
             "--workers", "2", "--threads", "4", "--worker-class", "gthread", "--no-control-socket",
             "--error-logfile", "-"],
            env, self.workdir / "web.log",
        )
        self.worker.start()
        self.web.start()
        wait_for(self._web_answers, timeout=90, step=0.2)
        wait_for(lambda: "ready" in self.worker.log.read_text(errors="replace"), timeout=90, step=0.2)

    def start_beat(self) -> None:
        self.beat = Process(
            "beat",
            [str(VENV_BIN / "celery"), "-A", "freecell_site", "beat", "--loglevel=INFO",
             f"--schedule={self.workdir / 'beat-schedule'}"],
            self.env(), self.workdir / "beat.log",
        )
        self.beat.start()

    def _web_answers(self) -> bool:
        try:
            return requests.get(f"{self.url}/api/health/", timeout=5).status_code in (200, 503)
        except requests.RequestException:
            return False

    def stop(self) -> None:
        for process in (self.web, self.worker, self.beat):
            if process:
                process.stop()


def migrate(env: dict) -> None:
    subprocess.run([str(VENV_BIN / "python"), "manage.py", "migrate", "--noinput"], env=env, check=True,
                   capture_output=True, timeout=600, cwd=Path(__file__).resolve().parents[2])


def until(predicate, timeout: float = 30.0):
    """``wait_for`` that returns how long it waited (for the figures the tests print)."""
    started = time.monotonic()
    wait_for(predicate, timeout=timeout, step=0.1)
    return time.monotonic() - started
