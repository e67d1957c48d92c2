"""A worker killed with -9 in the middle of validating: nothing lost, nothing recorded twice.

The real worker process (Celery on the real Redis broker) is paused while 100
winning logs are submitted over HTTP, so that all 100 are queued; it resumes,
and once it has recorded some results the whole process group is killed with
SIGKILL, as the OOM killer would. A new worker starts. Late acknowledgement
brings back what the dead worker held once the 20 s visibility timeout has
passed (``freecell_site/celery.py``); every one of the 100 must then be
recorded exactly once, within the visibility timeout plus 15 s of the kill.
"""

import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from django.conf import settings

from freecell_site.celery import VISIBILITY_TIMEOUT
from games.models import Game, Result, Submission
from tests.reliability.conftest import backdate, token_session
from tests.support.lines import winning_line

pytestmark = [pytest.mark.worker, pytest.mark.slow]

SUBMISSIONS = 100
KILL_AFTER = 10  # results recorded before the kill: the worker is busy, with more queued


def broker_state(worker) -> str:
    """Where the missing submissions are: still pending, and what the broker holds."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    held = " ".join(str(v) for v in client.hvals("unacked"))
    pending = list(Submission.objects.filter(status="pending").values_list("pk", "attempts"))
    return (f"pending (id, attempts) {pending}; queue {queue} holds {client.llen(queue)}; "
            f"unacked {client.hlen('unacked')} ({held[:500]}); restore mutex {client.get('unacked_mutex')}\n"
            f"worker log:\n{worker.tail(30)}")


def in_progress():
    return Submission.objects.filter(status="pending", attempts__gte=1)


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
        with ThreadPoolExecutor(max_workers=8) as pool:
            statuses = list(pool.map(
                lambda game_id: alice.post(f"{live_url}/api/games/{game_id}/submission/", json=body).status_code,
                games,
            ))
        assert statuses == [202] * SUBMISSIONS
        assert Submission.objects.filter(status="pending").count() == SUBMISSIONS
    finally:
        worker.signal(signal.SIGCONT)

    # Kill while a validation is under way: its attempt is counted (committed first), its result is not.
    # A kill that lands between two validations proves less; the worker is then started again and
    # killed again (nothing may be lost either way, and the end result is checked the same).
    for _ in range(3):
        goal = Result.objects.count() + KILL_AFTER
        wait_for(lambda goal=goal: Result.objects.count() >= goal and in_progress().exists(), timeout=30,
                 step=0.001)
        worker.kill9()
        killed_at = time.monotonic()
        recorded_at_kill = Result.objects.count()
        interrupted = set(in_progress().values_list("pk", flat=True))
        if interrupted:
            break
        worker.restart()
    assert interrupted and recorded_at_kill < SUBMISSIONS, "the worker was never killed mid-validation"

    worker.restart()
    try:
        wait_for(lambda: Submission.objects.filter(status="accepted").count() == SUBMISSIONS,
                 timeout=VISIBILITY_TIMEOUT + 15 - (time.monotonic() - killed_at), step=0.1)
    except AssertionError as exc:
        raise AssertionError(f"{exc}: {broker_state(worker)}") from None
    recovered_in = time.monotonic() - killed_at
    time.sleep(1.0)  # a duplicate delivery would have time to record twice

    assert Submission.objects.count() == SUBMISSIONS
    assert Result.objects.count() == SUBMISSIONS
    assert set(Result.objects.values_list("game_id", flat=True)) == {
        *Game.objects.filter(pk__in=games).values_list("pk", flat=True)
    }
    # What the dead worker was validating ran again (attempt 2) on the new one.
    assert set(Submission.objects.filter(attempts__gte=2).values_list("pk", flat=True)) >= interrupted
    attempts = sorted(Submission.objects.values_list("attempts", flat=True))
    print(f"\nkill -9 after {recorded_at_kill}/{SUBMISSIONS} results, {len(interrupted)} under way; all {SUBMISSIONS} recorded once "
          f"{recovered_in:.1f} s after the kill; attempts per submission: "
          f"{ {n: attempts.count(n) for n in sorted(set(attempts))} }")
