"""Redis stopped, restarted with its data, restarted without it: no 500, nothing lost, no stale board.

The web server and the worker run on a Redis this module owns
(``tests/reliability/faults.py``) and on the pytest-django test database; the
test stops and starts that Redis as it needs. Waits are bounded polls.
"""

import signal

import pytest
import requests
from django.conf import settings
from django.db import connection, transaction

from games.models import Result, Submission
from games.selectors.leaderboards import DAILY_ORDER, ON_BOARDS
from tests.reliability.conftest import backdate, players_bulk, todays_daily, token_session
from tests.reliability.faults import FaultRedis, FaultStack, until
from tests.reliability.test_concurrency import padded
from tests.support.lines import human_line, winning_line
from tests.support.processes import database_url
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.slow]

BOARD = "/api/leaderboards/daily/today/freecell/"
LOST = 5  # submissions queued when the broker loses its data


@pytest.fixture(scope="module")
def fault_redis(tmp_path_factory):
    server = FaultRedis(tmp_path_factory.mktemp("fault-redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def stack(fault_redis, django_db_setup, django_db_blocker, tmp_path_factory):
    with django_db_blocker.unblock():
        database = connection.settings_dict["NAME"]
    services = FaultStack(tmp_path_factory.mktemp("fault-stack"), database_url(database), fault_redis.url)
    services.start()
    try:
        yield services
    finally:
        services.stop()


@pytest.fixture
def redis_up(fault_redis, stack, transactional_db):
    """Each test starts and ends with the Redis running, whatever it did to it."""
    if fault_redis.popen.poll() is not None:
        fault_redis.start()
    yield fault_redis
    if fault_redis.popen.poll() is not None:
        fault_redis.start()


def post_moves(session, url, game_id, ply, moves):
    times = [4000 * (ply + i + 1) for i in range(len(moves))]
    return session.post(f"{url}/api/games/{game_id}/moves/",
                        json={"expected_ply": ply, "moves": list(moves), "client_times": times}, timeout=60)


def daily_game_played_up_to(session, url, line, final: int) -> str:
    """A ranked daily game, played one move per request (as a person) up to its last ``final`` moves."""
    game = session.post(f"{url}/api/dailies/today/freecell/games/", timeout=60).json()
    assert game["ranked"], game
    backdate(game["id"], 30)
    for ply, move in enumerate(line[:-final]):
        response = post_moves(session, url, game["id"], ply, [move])
        assert response.status_code == 200, response.text
    return game["id"]


def board_players(session, url) -> list[str]:
    response = session.get(f"{url}{BOARD}", timeout=60)
    assert response.status_code == 200, response.text
    return [row["player"] for row in response.json()["rows"]]


def ranked_in_database(daily) -> list[str]:
    """The players the daily's board must show, by the database: ranked results on no hold, best first."""
    return list(Result.objects.filter(ON_BOARDS, daily=daily, ranked=True).order_by(*DAILY_ORDER)
                .values_list("player__username", flat=True))


def key_share(submission_id: int) -> None:
    """Hold the submission's row so that the worker's validation waits before its verdict
    (see ``test_worker_crash.py``)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM games_submission WHERE id = %s FOR KEY SHARE", [submission_id])


def test_a_board_is_never_behind_the_database_after_redis_restarts_with_its_data(stack, redis_up):
    """The drill's stale board: a result commits while Redis is down, its after-commit version
    bump fails, Redis comes back with the old board stored as current. The board must show the
    result within seconds of Redis's return, not when the stored entry expires (5 minutes)."""
    url = stack.url
    daily = todays_daily("freecell", 24)
    # Two honest lines of different lengths (the same line twice could be held for review).
    lines = [padded(human_line("freecell", 24), 0), padded(human_line("freecell", 24), 1)]
    first, second = players_bulk(2, "stale")
    sessions = [token_session(first), token_session(second)]
    games = [daily_game_played_up_to(s, url, line, 1) for s, line in zip(sessions, lines, strict=True)]

    line = lines[0]
    assert post_moves(sessions[0], url, games[0], len(line) - 1, line[-1:]).json()["state"] == "won"
    wait_for(lambda: Result.objects.filter(daily=daily).count() == 1, timeout=60)
    assert board_players(sessions[0], url) == ranked_in_database(daily) == [first.username]  # now stored

    stack.worker.signal(signal.SIGSTOP)  # the second win queues up, its validation not begun
    try:
        line = lines[1]
        assert post_moves(sessions[1], url, games[1], len(line) - 1, line[-1:]).json()["state"] == "won"
        submission = Submission.objects.get(game_id=games[1])
        with transaction.atomic():
            key_share(submission.pk)
            stack.worker.signal(signal.SIGCONT)
            wait_for(lambda: Submission.objects.filter(pk=submission.pk, attempts__gte=1).exists(), timeout=60)
            redis_up.stop(kill=True)  # mid-validation; its append-only file keeps what it held
        # The lock is released: the worker commits the result while Redis is down.
        wait_for(lambda: Result.objects.filter(daily=daily).count() == 2, timeout=60)
        # ... and its after-commit hook has met the dead Redis (and failed or given up).
        wait_for(lambda: "outdate" in stack.worker.log.read_text(errors="replace"), timeout=60)
    finally:
        stack.worker.signal(signal.SIGCONT)

    redis_up.start()  # with its data: the old board is stored there, marked current
    # Well inside the broker's 20 s visibility timeout, after which the interrupted task
    # would run again; and far inside the stored board's 5 minutes.
    assert ranked_in_database(daily) == [first.username, second.username]
    waited = until(lambda: board_players(sessions[0], url) == ranked_in_database(daily), timeout=15)
    print(f"\nboard equal to the database {waited:.1f} s after Redis returned with its data")
    assert Result.objects.filter(daily=daily).count() == 2
    assert Submission.objects.filter(status="accepted").count() == 2
    # The worker outlived the broker's restart (kombu's close of a lost channel used to kill it).
    assert stack.worker.popen.poll() is None, stack.worker.tail()


def test_while_redis_is_down_reads_come_from_the_database_and_writes_answer_503(stack, redis_up, make_player):
    """The drill's 500s: the throttles' counters and the stored reads meet a dead Redis. Reads go on
    from the database, writes are refused with 503 and a code (the throttles fail closed for writes),
    nothing answers 500, and a refused write changes nothing."""
    url = stack.url
    daily = todays_daily("freecell", 24)
    line = human_line("freecell", 24)
    [winner, player] = players_bulk(2, "down")
    sessions = [token_session(winner), token_session(player)]
    won = daily_game_played_up_to(sessions[0], url, line, 1)
    assert post_moves(sessions[0], url, won, len(line) - 1, line[-1:]).json()["state"] == "won"
    wait_for(lambda: Result.objects.filter(daily=daily).count() == 1, timeout=60)
    game = sessions[1].post(f"{url}/api/dailies/today/freecell/games/", timeout=60).json()
    assert post_moves(sessions[1], url, game["id"], 0, line[:1]).status_code == 200
    make_player("carol")

    connected = stack.worker.log.read_text(errors="replace").count("] Connected to ")
    redis_up.stop(kill=True)
    anonymous = requests.Session()
    reads = {
        "daily board": anonymous.get(f"{url}{BOARD}", timeout=60),
        "deal board": anonymous.get(f"{url}/api/leaderboards/deal/freecell/24/", timeout=60),
        "all-time board": anonymous.get(f"{url}/api/leaderboards/all-time/freecell/", timeout=60),
        "stats": anonymous.get(f"{url}/api/players/{winner.username}/stats/", timeout=60),
        "today's dailies": sessions[1].get(f"{url}/api/dailies/today/", timeout=60),
        "the game": sessions[1].get(f"{url}/api/games/{game['id']}/", timeout=60),
        "home page": anonymous.get(f"{url}/", timeout=60),
    }
    writes = {
        "moves": post_moves(sessions[1], url, game["id"], 1, line[1:2]),
        "token log-in": anonymous.post(f"{url}/api/accounts/token/", timeout=60,
                                       json={"username": "carol", "password": "correct horse battery"}),
    }
    health = anonymous.get(f"{url}/api/health/", timeout=60)

    assert {name: r.status_code for name, r in reads.items()} == dict.fromkeys(reads, 200)
    assert [row["player"] for row in reads["daily board"].json()["rows"]] == [winner.username]
    for name, response in writes.items():
        assert response.status_code == 503, (name, response.status_code, response.text)
        assert response.json()["error"]["code"] == "service_unavailable", name
        assert int(response.headers["Retry-After"]) > 0, name
    assert health.status_code == 503 and health.json()["parts"]["broker"]["status"] == "error"

    redis_up.start()
    # Health reconnects before it reports: once Redis answers and the worker is back on it,
    # health is 200 again (the drill saw a false 503 for about 3 s). Its worker check is a ping
    # answered within 1 s, which a busy machine can miss once: health is asked until it is 200.
    wait_for(lambda: stack.worker.log.read_text(errors="replace").count("] Connected to ") > connected,
             timeout=60)
    healthy = until(lambda: anonymous.get(f"{url}/api/health/", timeout=60).status_code == 200, timeout=30)
    print(f"\nhealth 200 again {healthy:.1f} s after the worker reconnected")
    waited = until(lambda: post_moves(sessions[1], url, game["id"], 1, line[1:2]).status_code == 200, timeout=30)
    print(f"\nmoves accepted again {waited:.1f} s after Redis returned")
    assert sessions[1].get(f"{url}/api/games/{game['id']}/", timeout=60).json()["ply"] == 2
    assert stack.worker.popen.poll() is None, stack.worker.tail()


def test_submissions_lost_with_a_redis_restarted_without_its_data_are_requeued_within_seconds(
    stack, redis_up, make_player
):
    """The drill: 35 queued validations died with a Redis restarted empty, and wins showed "pending"
    for up to 70 s, until the sweeper (pending 45 s, every 30 s) re-queued them. Beat's broker check
    (every 5 s) sees its mark gone and re-queues every pending submission at once."""
    if stack.beat is None:
        stack.start_beat()
    url = stack.url
    alice = token_session(make_player("alice"))
    line = winning_line("freecell", 24)
    body = {"moves": list(line), "client_times": [4000 * (i + 1) for i in range(len(line))]}
    games = [alice.post(f"{url}/api/games/", json={"variant": "freecell", "number": 24}, timeout=60).json()["id"]
             for _ in range(LOST)]
    for game_id in games:
        backdate(game_id, 30)
    # Beat has run its check once on this Redis (its mark is set) before anything is lost.
    wait_for(lambda: redis_up.client().exists(f"{settings.CELERY_TASK_DEFAULT_QUEUE}:broker-mark"), timeout=60)

    stack.worker.signal(signal.SIGSTOP)  # the submissions stay queued in Redis
    try:
        for game_id in games:
            response = alice.post(f"{url}/api/games/{game_id}/submission/", json=body, timeout=60)
            assert response.status_code == 202, response.text
        # All queued but one the stopped worker may already have taken off the queue.
        assert redis_up.client().llen(settings.CELERY_TASK_DEFAULT_QUEUE) >= LOST - 1
        redis_up.restart(keep_data=False)  # and every queued message with it
        assert redis_up.client().llen(settings.CELERY_TASK_DEFAULT_QUEUE) == 0
    finally:
        stack.worker.signal(signal.SIGCONT)
    # Well before the sweeper's 45 s could have re-queued them.
    waited = until(lambda: Submission.objects.filter(status="accepted").count() == LOST, timeout=40)
    print(f"\n{LOST} submissions lost with the broker's data accepted {waited:.1f} s after Redis returned empty")
    assert Result.objects.count() == LOST
    assert stack.worker.popen.poll() is None and stack.beat.popen.poll() is None
