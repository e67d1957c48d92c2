"""A worker killed with -9 in the middle of validating: nothing lost, nothing recorded twice.

The real worker process (Celery on the real Redis broker) is paused while 100
winning logs are submitted over HTTP, so that all 100 are queued. The test holds
a lock on two submissions half-way down the queue; the worker resumes, records the
submissions before them, counts its attempt at both (one in each of its two pool
processes) and waits on the locks before their verdicts, and then the whole process
group is killed with SIGKILL, as the OOM killer would: a kill that lands mid-validation
on every run, not when a poll happens to catch one.
A new worker starts. Late acknowledgement brings back what the dead worker held
once the 20 s visibility timeout has passed (``freecell_site/celery.py``); every one
of the 100 must then be recorded, within the visibility timeout plus a minute of the
new worker's start, and recorded once when the broker has nothing left to deliver.

Why two: kombu's Redis transport takes a message off the queue (``BRPOP``) and only
then records it as unacknowledged, so a worker killed between the two loses that
message. With one pool process held and the other working, the kill came right after
a result was written, when the worker was taking its next message: once (a fresh
suite run, 6 December) submission 56 was in no queue and no unacknowledged set, never
run. With both processes held the worker has its two messages (its prefetch) and asks
for none, so the kill meets no message in that window. The window is real in
production; ``test_a_message_the_broker_lost_in_that_window_is_sent_again_by_the_sweeper``
shows the sweeper beat runs recovering it.
"""

import datetime as dt
import json
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from freecell_site.celery import VISIBILITY_TIMEOUT
from games.models import Game, Result, Submission
from games.services.results import SWEEP_AFTER
from games.tasks import submissions_sweep_task
from tests.reliability.conftest import backdate, token_session
from tests.support.lines import winning_line

pytestmark = [pytest.mark.worker, pytest.mark.slow]

SUBMISSIONS = 100
# The two submissions whose validations the kill interrupts (one per pool process), by creation
# order: about half the queue is recorded before the worker reaches them, half is still queued behind.
HELD = (50, 51)
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


def kill_while_validating(worker, submission_ids: list[int], wait_for) -> float:
    """Resume the paused worker and kill it -9 once it has counted its attempts at these
    submissions, whose verdicts wait for this test's locks; return when it was killed."""
    with transaction.atomic():
        for pk in submission_ids:
            submission_key_share(pk)
        worker.signal(signal.SIGCONT)
        wait_for(lambda: in_progress().filter(pk__in=submission_ids).count() == len(submission_ids)
                 and Result.objects.count() >= KILL_AFTER, timeout=120)
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
        pks = list(Submission.objects.order_by("pk").values_list("pk", flat=True))
        held = [pks[i] for i in HELD]
        killed_at = kill_while_validating(worker, held, wait_for)
    finally:
        worker.signal(signal.SIGCONT)
    recorded_at_kill = Result.objects.count()
    interrupted = set(in_progress().values_list("pk", flat=True))
    assert set(held) <= interrupted and recorded_at_kill < SUBMISSIONS

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


def test_a_message_the_broker_lost_in_that_window_is_sent_again_by_the_sweeper(
    live_url, celery_worker_process, make_player, wait_for
):
    """A validation message taken off the queue by a worker killed before it recorded it
    as unacknowledged is in no queue and no unacknowledged set: late acknowledgement cannot
    bring it back. Made here with the worker paused: the message is taken off the queue
    (by the paused worker's own pending ``BRPOP``, whose answer waits in its socket, or
    else by the test, as that ``BRPOP`` would), then the worker is killed -9 and restarted.
    The sweeper that beat sends every 30 s re-enqueues the submission once it has been
    pending 45 s (``games.submissions_sweep``), and the worker records it once."""
    worker = celery_worker_process
    alice = token_session(make_player("alice"))
    line = winning_line("freecell", 24)
    game_id = alice.post(f"{live_url}/api/games/", json={"variant": "freecell", "number": 24}).json()["id"]
    backdate(game_id, 30)
    client = redis.Redis.from_url(settings.REDIS_URL)
    queue = settings.CELERY_TASK_DEFAULT_QUEUE

    def validations() -> list[bytes]:
        return [m for m in client.lrange(queue, 0, -1) if json.loads(m)["headers"]["task"] == "games.submission_validate"]

    worker.signal(signal.SIGSTOP)
    try:
        body = {"moves": list(line), "client_times": [4000 * (i + 1) for i in range(len(line))]}
        assert alice.post(f"{live_url}/api/games/{game_id}/submission/", json=body).status_code == 202
        for message in validations():
            assert client.lrem(queue, 1, message) == 1
        worker.kill9()
    finally:
        worker.signal(signal.SIGCONT)
    worker.restart()
    submission = Submission.objects.get(game_id=game_id)
    assert submission.status == "pending" and submission.attempts == 0
    assert validations() == [] and broker_leftovers()[1] == 0  # nowhere for the broker to bring it back from

    Submission.objects.filter(pk=submission.pk).update(created_at=timezone.now() - SWEEP_AFTER - dt.timedelta(seconds=1))
    submissions_sweep_task.delay()  # beat's call, every 30 s
    wait_for(lambda: Submission.objects.get(pk=submission.pk).status == "accepted", timeout=60)
    assert Result.objects.filter(game_id=game_id).count() == 1
