"""A full log disk: the worker and beat still start and run.

Their standard output and error go to ``/dev/full``, which refuses every write
with ``ENOSPC`` as a full file system does (``scripts/run`` sends both to
``var/log/``). Before ``freecell_site/streams.py`` beat died printing its
banner, so a restart during the incident stopped every scheduled task.
"""

import os
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection

from tests.support.processes import VENV_BIN, Process, Worker, service_env
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.slow]

FULL = Path("/dev/full")


@pytest.fixture
def full_disk_env(transactional_db):
    assert FULL.exists()
    return service_env(connection.settings_dict["NAME"], PYTHONUNBUFFERED="1")


def test_a_worker_started_with_a_full_log_disk_answers_and_runs_tasks(full_disk_env):
    node = f"fulldisk-{settings.TEST_RUN_ID}@localhost"
    worker = Worker("worker", [str(VENV_BIN / "celery"), "-A", "freecell_site", "worker", "--loglevel=INFO",
                               "--concurrency=1", "--without-gossip", "--without-mingle", "-n", node],
                    full_disk_env, FULL, node=node)
    worker.start()
    try:
        from freecell_site.celery import app, ping

        # Started, banner and all: it answers a ping. (Not Worker.ready: its log is /dev/full,
        # which reads as endless zeros.)
        wait_for(lambda: worker.popen.poll() is not None or app.control.ping(destination=[node], timeout=0.5),
                 timeout=120, step=0.2)
        assert worker.popen.poll() is None, f"worker exited with {worker.popen.returncode}"

        token = os.urandom(4).hex()
        assert ping.apply_async((token,), queue=settings.CELERY_TASK_DEFAULT_QUEUE).get(timeout=60) == f"pong:{token}"
        assert worker.popen.poll() is None
    finally:
        worker.stop()


def test_beat_started_with_a_full_log_disk_keeps_its_schedule(full_disk_env, tmp_path):
    """Beat sends its tasks to a queue of its own, which no worker reads: a worker this
    process shared with earlier tests would run them (filling pools into this test's
    database) while the database is being emptied after the test."""
    schedule = tmp_path / "beat-schedule"
    run = f"{settings.TEST_RUN_ID}-fulldisk"
    env = {key: value for key, value in full_disk_env.items() if key != "PYTEST_XDIST_WORKER"}
    env["FC_TEST_RUN_ID"] = run
    beat = Process("beat", [str(VENV_BIN / "celery"), "-A", "freecell_site", "beat", "--loglevel=INFO",
                            f"--schedule={schedule}"], env, FULL)
    beat.start()
    try:
        # The schedule is written once beat is past its banner and running its loop.
        wait_for(lambda: beat.popen.poll() is not None or any(tmp_path.glob("beat-schedule*")), timeout=120,
                 step=0.2)
        assert beat.popen.poll() is None, f"beat exited with {beat.popen.returncode}"
    finally:
        beat.stop()
        redis.Redis.from_url(settings.REDIS_URL).delete(f"test-{run}")  # what it sent, unread
