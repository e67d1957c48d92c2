"""Postgres stopped and restarted under appends: 503 with a code meanwhile, no half-written row, no restart.

The web server and a worker run on a Postgres cluster and a Redis this module
owns (``tests/reliability/faults.py``); the pytest-django database is not used.
A player appends moves one at a time while the cluster is stopped and started
again: every append answers 200 (recorded) or 503 ``service_unavailable`` (not
recorded), and once Postgres is back the web serves again without a restart and
the stored log is exactly the moves that were answered 200.
"""

import shutil
import tempfile
import threading
from pathlib import Path

import pytest
import requests

from tests.reliability.faults import FaultPostgres, FaultRedis, FaultStack, migrate, until
from tests.reliability.test_concurrency import padded
from tests.support.lines import winning_line
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.slow]

PASSWORD = "correct horse battery staple"


@pytest.fixture(scope="module")
def postgres_stack(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("fault-postgres")
    # Its own directory under /tmp: the server's user cannot enter pytest's (root-only) one.
    postgres = FaultPostgres(Path(tempfile.mkdtemp(prefix="fault-postgres-")))
    postgres.init()
    postgres.start()
    redis_server = FaultRedis(workdir)
    redis_server.start()
    stack = FaultStack(workdir, postgres.url("faults"), redis_server.url)
    try:
        postgres.createdb("faults")
        migrate(stack.env())
        stack.start()
        yield postgres, stack
    finally:
        stack.stop()
        redis_server.stop()
        postgres.stop("immediate")
        shutil.rmtree(postgres.workdir, ignore_errors=True)


def player_session(url: str, username: str) -> requests.Session:
    session = requests.Session()
    token = session.get(f"{url}/api/accounts/csrf/", timeout=60).json()["csrf_token"]
    response = session.post(f"{url}/api/accounts/register/", json={"username": username, "password": PASSWORD},
                            headers={"X-CSRFToken": token}, timeout=60)
    assert response.status_code == 201, response.text
    key = session.post(f"{url}/api/accounts/token/", json={"username": username, "password": PASSWORD},
                       timeout=60).json()["token"]
    player = requests.Session()
    player.headers["Authorization"] = f"Token {key}"
    return player


def test_postgres_restarted_under_appends_loses_nothing_and_answers_503_meanwhile(postgres_stack):
    postgres, stack = postgres_stack
    url = stack.url
    player = player_session(url, "appender")
    # A long honest log (a card to a free cell and back, many times), so the appends outlast the restart.
    line = padded(winning_line("freecell", 24), 400)
    game = player.post(f"{url}/api/games/", json={"variant": "freecell", "number": 24}, timeout=60).json()
    board = requests.get(f"{url}/api/leaderboards/deal/freecell/24/", timeout=60)
    assert board.status_code == 200

    answered: list[int] = []  # every append's status, in order
    ply = 0
    stop = threading.Event()

    def append_until_stopped():
        nonlocal ply
        while not stop.is_set() and ply < len(line) - 1:  # never the winning move: no submission
            response = player.post(f"{url}/api/games/{game['id']}/moves/", timeout=60,
                                   json={"expected_ply": ply, "moves": [line[ply]],
                                         "client_times": [4000 * (ply + 1)]})
            answered.append(response.status_code)
            if response.status_code == 200:
                ply += 1
            else:
                assert response.status_code == 503, response.text
                assert response.json()["error"]["code"] == "service_unavailable"
                assert int(response.headers["Retry-After"]) > 0

    appender = threading.Thread(target=append_until_stopped)
    appender.start()
    try:
        wait_for(lambda: answered.count(200) >= 3, timeout=60)
        postgres.stop("fast")  # what a restart or a failover does to every open connection
        wait_for(lambda: 503 in answered, timeout=60)
        during = {
            "home page": requests.get(f"{url}/", timeout=60),
            "today's dailies": player.get(f"{url}/api/dailies/today/", timeout=60),
            "the game": player.get(f"{url}/api/games/{game['id']}/", timeout=60),
        }
        postgres.start()
        seen = len(answered)
        waited = until(lambda: answered[seen:].count(200) >= 3, timeout=60)
    finally:
        stop.set()
        appender.join(120)
    print(f"\nappends: {answered.count(200)} recorded, {answered.count(503)} refused with 503; "
          f"appends recorded again {waited:.1f} s after Postgres returned")

    for name, response in during.items():
        assert response.status_code == 503, (name, response.status_code)
        assert int(response.headers["Retry-After"]) > 0, name
    assert "Back in a moment" in during["home page"].text
    assert during["the game"].json()["error"]["code"] == "service_unavailable"

    stored = player.get(f"{url}/api/games/{game['id']}/", timeout=60).json()
    assert stored["moves"] == list(line[:ply]) and ply == answered.count(200)
    assert requests.get(f"{url}/", timeout=60).status_code == 200
    assert stack.worker.popen.poll() is None and stack.web.popen.poll() is None
