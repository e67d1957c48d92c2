"""The worker's schedule under faults: a flooded queue, and beat back after a day away.

The web server, a worker and (for the second test) beat run on a Redis this module owns
(``tests/reliability/faults.py``) and on the pytest-django test database. The play pools
are off (``POOL_TARGET=0``): a pool task then returns at once, so a flood of them costs
the machine little while it still sits in the queue as production's does; the daily
reserves keep a small target (``RESERVE``) that the worker really fills with fc-solve.
Waits are bounded polls; what is asserted is order and counts, never durations.
"""

import datetime as dt
import re
import signal
import subprocess

import pytest
from django.db import connection

from games.catalogue import daily_variants
from games.clock import today_utc
from games.models import Daily, Deal, Result, SolverStatus
from games.services.dailies import SCHEDULE_DAYS_AHEAD
from games.services.solving import pool_size
from tests.reliability.conftest import backdate, token_session
from tests.reliability.faults import FaultRedis, FaultStack, until
from tests.support.lines import winning_line
from tests.support.processes import REPO, VENV_BIN, database_url
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.slow]

FLOOD = 300  # pool-filling tasks queued ahead of one validation
RESERVE = 2  # the daily reserve's target in this module's services
TASK_LINE = re.compile(r"Task ([a-z_.]+)\[[0-9a-f-]+\] (received|succeeded in [0-9.]+s|raised (?:unexpected: )?[A-Za-z]+)")
RECEIVED = re.compile(r"Task (games\.pool_fill|games\.submission_validate)\[[0-9a-f-]+\] received")


@pytest.fixture(scope="module")
def fault_redis(tmp_path_factory):
    server = FaultRedis(tmp_path_factory.mktemp("schedule-redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def stack(fault_redis, django_db_setup, django_db_blocker, tmp_path_factory):
    with django_db_blocker.unblock():
        database = connection.settings_dict["NAME"]
    services = FaultStack(tmp_path_factory.mktemp("schedule-stack"), database_url(database), fault_redis.url,
                          extra_env={"POOL_TARGET": "0", "DAILY_RESERVE_TARGET": str(RESERVE)})
    services.start()
    try:
        yield services
    finally:
        services.stop()


def won_game_submitted(session, url: str, number: int = 24):
    """A FreeCell game won in one submission of its whole line: returns the response (202)."""
    line = winning_line("freecell", number)
    game = session.post(f"{url}/api/games/", json={"variant": "freecell", "number": number}, timeout=60).json()
    backdate(game["id"], 30)
    body = {"moves": list(line), "client_times": [4000 * (i + 1) for i in range(len(line))]}
    return session.post(f"{url}/api/games/{game['id']}/submission/", json=body, timeout=60)


def enqueue_pool_fills(stack: FaultStack, count: int) -> None:
    """``count`` pool-filling tasks, sent as the service sends them (their own priority), from a
    process on the stack's settings and broker."""
    code = ("import django; django.setup()\n"
            "from games.tasks import pool_fill_task\n"
            f"for _ in range({count}): pool_fill_task.delay('freecell')\n")
    subprocess.run([str(VENV_BIN / "python"), "-c", code], env=stack.env(), cwd=REPO, check=True,
                   capture_output=True, timeout=120)


def received_order(log: str) -> list[str]:
    return RECEIVED.findall(log)


def test_a_validation_overtakes_a_flood_of_pool_filling(stack, transactional_db, make_player):
    """Before the bulk tasks had a priority, one queue served everything in order: a win sent
    behind 300 pool tasks was judged after all of them. Now the worker takes the validation
    as soon as a slot frees: only the task it already held (taken off the queue while it was
    stopped) and those running may go first."""
    alice = token_session(make_player("alice"))
    stack.worker.signal(signal.SIGSTOP)  # everything below waits in the queue together
    try:
        offset = len(stack.worker.log.read_text(errors="replace"))
        enqueue_pool_fills(stack, FLOOD)
        response = won_game_submitted(alice, stack.url)
        assert response.status_code == 202, response.text
    finally:
        stack.worker.signal(signal.SIGCONT)
    waited = until(lambda: Result.objects.filter(player__username="alice").exists(), timeout=120)

    order = received_order(stack.worker.log.read_text(errors="replace")[offset:])
    before = order.index("games.submission_validate")
    print(f"\nthe win's validation was taken after {before} of {FLOOD} pool tasks ({waited:.1f} s)")
    assert before <= 3, order[: before + 1]
    wait_for(lambda: received_order(stack.worker.log.read_text(errors="replace")[offset:])
             .count("games.pool_fill") == FLOOD, timeout=300)  # and the flood still runs, every task


def deals(variant: str, first: int, count: int, **fields) -> list[Deal]:
    """Proven deals (their par and, for stock variants, their honest reference already made)."""
    return [Deal.objects.create(variant=variant, number=first + i, status=SolverStatus.WINNABLE, par=80,
                                honest_reference={"runs": 60, "wins": 1}, **fields)
            for i in range(count)]


def state_a_day_after_beat_stopped(variants: list[str]) -> dict:
    """What beat leaves when it last ran yesterday: dailies from yesterday to yesterday plus the
    lookahead (today's among them), today's date plus the lookahead not prepared; the FreeCell
    reserves used up, the stock variants' holding one more than their target (no stock search
    needed here: those take the worker tens of seconds). Returns {(variant, date): deal id}."""
    today = today_utc()
    made = {}
    for index, variant in enumerate(variants):
        base = 10**12 + index * 10**6
        for offset, deal in zip(range(-1, SCHEDULE_DAYS_AHEAD), deals(variant, base, SCHEDULE_DAYS_AHEAD + 1),
                                strict=True):
            date = today + dt.timedelta(days=offset)
            made[(variant, date)] = Daily.objects.create(variant=variant, date=date, deal=deal).deal_id
        if variant not in ("freecell", "forecell"):
            deals(variant, base + 1000, RESERVE + 1, daily_reserve=True)
    return made


def dailies_by_date(variants: list[str]) -> dict:
    return dict(((d.variant, d.date), d.deal_id) for d in Daily.objects.filter(variant__in=variants))


def test_beat_back_after_a_day_away_prepares_the_missed_dailies_and_refills_the_reserves(
    stack, transactional_db, make_player
):
    """Beat down for a day, back with no schedule file (a recreated container): before it sent
    its catch-up at start, the next dailies waited for the quarter hour's run and the reserves
    for the minute's. Every daily from today to the lookahead exists within a bounded wait, the
    reserves are back at their target, and no daily nor result made before is touched."""
    variants = list(daily_variants())
    assert {"freecell", "forecell"} <= set(variants), variants
    alice = token_session(make_player("alice"))
    assert won_game_submitted(alice, stack.url).status_code == 202
    wait_for(lambda: Result.objects.filter(player__username="alice").exists(), timeout=120)
    results = list(Result.objects.values())
    before = state_a_day_after_beat_stopped(variants)
    today = today_utc()
    wanted = {(v, today + dt.timedelta(days=d)) for v in variants for d in range(SCHEDULE_DAYS_AHEAD + 1)}
    assert wanted - set(before) == {(v, today + dt.timedelta(days=SCHEDULE_DAYS_AHEAD)) for v in variants}

    stack.start_beat()
    try:
        try:
            waited = until(lambda: wanted <= set(dailies_by_date(variants))
                           and all(pool_size(variant=v, reserve=True) >= RESERVE for v in variants), timeout=240)
        except AssertionError as timed_out:
            missing = sorted(wanted - set(dailies_by_date(variants)))
            reserves = {v: pool_size(variant=v, reserve=True) for v in variants}
            tasks = TASK_LINE.findall(stack.worker.log.read_text(errors="replace"))
            raise AssertionError(f"{timed_out}: dailies missing {missing}, reserves {reserves}, "
                                 f"the worker's tasks {tasks[-40:]}") from None
    finally:
        # Nothing of beat's or the worker's may write after this test's database is flushed.
        stack.beat.stop()
        stack.worker.stop()
    print(f"\nbeat caught up {waited:.1f} s after it started: {len(wanted)} dailies, reserves at {RESERVE}")
    after = dailies_by_date(variants)
    assert {key: after[key] for key in before} == before  # no prepared daily replaced
    assert list(Result.objects.values()) == results
