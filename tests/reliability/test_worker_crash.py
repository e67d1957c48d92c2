"""A worker killed with -9 in the middle of validating: nothing lost, nothing recorded twice.

The real worker process (Celery on the real Redis broker) is paused while 100
winning logs are submitted over HTTP, so that all 100 are queued. The test holds
a lock on one submission half-way down the queue; the worker resumes, records the
submissions before it, counts its attempt at that one and waits on the lock before
its verdict, and then the whole process group is killed with SIGKILL, as the OOM killer would:
a kill that lands mid-validation on every run, not when a poll happens to catch one.
A new worker starts. Late acknowledgement brings back what the dead worker held
once the 20 s visibility timeout has passed (``freecell_site/celery.py``); every one
of the 100 must then be recorded, within the visibility timeout plus a minute of the
new worker's start, and recorded once when the broker has nothing left to deliver.
"""

import json
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from django.conf import settings
from django.db import connection, transaction

from freecell_site.celery import VISIBILITY_TIMEOUT
from games.models import Game, Result, Submission
from tests.reliability.conftest import backdate, token_session
from tests.support.lines import winning_line

pytestmark = [pytest.mark.worker, pytest.mark.slow]

SUBMISSIONS = 100
# The submission whose validation the kill interrupts, by creation order: about half the
# queue is recorded before the worker reaches it, and about half is still queued behind it.
HELD = 50
KILL_AFTER = 10  # results recorded before the kill, at least: the worker was busy
# Time for the restarted worker to validate the rest on a loaded machine, on top of the
# visibility timeout; still far below Celery's default hour, which would mean it was not set.
RECOVERY_MARGIN = 60


def broker_leftovers() -> tuple[int, int]:
    """What the broker still holds for this run's queue: (queued, delivered and not acknowledged)."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    unacked = sum(1 for payload in client.hvals("unacked") if json.loads(payload)[2] == queue)
    return client.llen(queue), unacked


def broker_state(worker) -> str:
    """Where the missing submissions are: still pending, and what the broker holds."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    queued, unacked = broker_leftovers()
    pending = list(Submission.objects.filter(status="pending").values_list("pk", "attempts"))
    return (f"pending (id, attempts) {pending}; this run's queue holds {queued}, unacked {unacked} "
            f"(all runs: {client.hlen('unacked')}); restore mutex {client.get('unacked_mutex')}\n"
            f"worker log:\n{worker.tail(30)}")


def in_progress():
    return Submission.objects.filter(status="pending", attempts__gte=1)


def submission_key_share(submission_id: int) -> None:
    """Hold a submission's row as a foreign key's check does, until the transaction ends.

    The weakest row lock: the worker's attempt count (an update of no key) passes it and
    commits, its ``select_for_update`` before the verdict waits for it. So the worker
    stops there, between counting its attempt and writing anything else."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM games_submission WHERE id = %s FOR KEY SHARE", [submission_id])


def kill_while_validating(worker, submission_id: int, wait_for) -> float:
    """Resume the paused worker and kill it -9 once it has counted its attempt at this
    submission, whose verdict waits for this test's lock; return when it was killed."""
    with transaction.atomic():
        submission_key_share(submission_id)
        worker.signal(signal.SIGCONT)
        wait_for(lambda: in_progress().filter(pk=submission_id).exists() and Result.objects.count() >= KILL_AFTER,
                 timeout=120)
        worker.kill9()
        return time.monotonic()


def submit_all(session, url: str, games: list[str], body: dict) -> None:
    """Every submission accepted over HTTP and queued (the worker is paused: none taken yet)."""
    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = list(pool.map(
            lambda game_id: session.post(f"{url}/api/games/{game_id}/submission/", json=body).status_code,
            games,
        ))
    assert statuses == [202] * SUBMISSIONS
    assert Submission.objects.filter(status="pending").count() == SUBMISSIONS


def test_a_worker_killed_mid_validation_loses_nothing_and_records_each_result_once(
    live_url, celery_worker_process, make_player, wait_for
):
    worker = celery_worker_process
    alice = token_session(make_player("alice"))
    line = winning_line("freecell", 24)
    body = {"moves": list(line), "client_times": [4000 * (i + 1) for i in range(len(line))]}
    games = [alice.post(f"{live_url}/api/games/", json={"variant": "freecell", "number": 24}).json()["id"]
             for _ in range(SUBMISSIONS)]
    for game_id in games:
        backdate(game_id, 30)

    worker.signal(signal.SIGSTOP)  # everything queues up: 100 submissions in flight
    try:
        submit_all(alice, live_url, games, body)
        held = Submission.objects.order_by("pk").values_list("pk", flat=True)[HELD]
        killed_at = kill_while_validating(worker, held, wait_for)
    finally:
        worker.signal(signal.SIGCONT)
    recorded_at_kill = Result.objects.count()
    interrupted = set(in_progress().values_list("pk", flat=True))
    assert held in interrupted and recorded_at_kill < SUBMISSIONS

    worker.restart()
    try:
        wait_for(lambda: Submission.objects.filter(status="accepted").count() == SUBMISSIONS,
                 timeout=VISIBILITY_TIMEOUT + RECOVERY_MARGIN, step=0.1)
        recovered_in = time.monotonic() - killed_at
        # Nothing left to deliver or running: a duplicate delivery would have run by now.
        wait_for(lambda: broker_leftovers() == (0, 0), timeout=RECOVERY_MARGIN, step=0.1)
    except AssertionError as exc:
        raise AssertionError(f"{exc}: {broker_state(worker)}") from None

    assert Submission.objects.count() == SUBMISSIONS
    assert Result.objects.count() == SUBMISSIONS
    assert set(Result.objects.values_list("game_id", flat=True)) == {
        *Game.objects.filter(pk__in=games).values_list("pk", flat=True)
    }
    # What the dead worker was validating ran again (attempt 2) on the new one.
    assert set(Submission.objects.filter(attempts__gte=2).values_list("pk", flat=True)) >= interrupted
    attempts = sorted(Submission.objects.values_list("attempts", flat=True))
    print(f"\nkill -9 after {recorded_at_kill}/{SUBMISSIONS} results, {len(interrupted)} under way; all {SUBMISSIONS} "
          f"recorded once {recovered_in:.1f} s after the kill; attempts per submission: "
          f"{ {n: attempts.count(n) for n in sorted(set(attempts))} }")
