"""The web nodes and the workers hold no state of their own: two of each, behind a proxy.

Two gunicorn nodes and two Celery workers (separate processes on separate ports,
one Postgres, one Redis) behind HAProxy from Debian (``scripts/setup`` installs
it), which sends each request to the next node in turn and names the node in an
``X-Served-By`` header. Players play today's daily through the proxy, so each one's
moves alternate between the nodes; every win is ranked once, and every board and
every game reads the same from either node. docs/scaling.md has the plan this proves.
"""

import shutil
import socket
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from django.conf import settings

from games.models import Game, Result
from tests.reliability.conftest import backdate, players_bulk, post_moves, todays_daily, token_session
from tests.support.lines import human_line
from tests.support.nodes import haproxy
from tests.support.processes import (
    Process,
    Worker,
    free_port,
    service_env,
    web_argv,
    web_ready,
    worker_argv,
)

pytestmark = [pytest.mark.worker, pytest.mark.slow,
              pytest.mark.skipif(shutil.which("haproxy") is None, reason="haproxy is not installed (scripts/setup)")]

PLAYERS = 4

class Nodes:
    def __init__(self, workdir, database: str) -> None:
        # What the session's live stack sets too: many accounts on one address and one line.
        env = service_env(database, FAIRPLAY_LINK_HOLD="browser", HINT_MAX_SECONDS="600")
        self.ports = [free_port(), free_port()]
        self.webs = []
        for name, port in zip(("one", "two"), self.ports, strict=True):
            metrics = workdir / f"metrics-{name}"  # each machine keeps its own
            metrics.mkdir()
            self.webs.append(Process(f"web-{name}", web_argv(port), {**env, "PROMETHEUS_MULTIPROC_DIR": str(metrics)},
                                     workdir / f"web-{name}.log"))
        host = socket.gethostname()
        self.workers = [Worker(f"worker-{name}", worker_argv(f"two-{name}-{settings.TEST_RUN_ID}@{host}", 1),
                               env, workdir / f"worker-{name}.log", node=f"two-{name}-{settings.TEST_RUN_ID}@{host}")
                        for name in ("one", "two")]
        self.proxy, self.url = haproxy(workdir, self.ports, env)
        self.direct = [f"http://127.0.0.1:{p}" for p in self.ports]

    def start(self) -> None:
        for process in (*self.workers, *self.webs, self.proxy):
            process.start()
        for worker in self.workers:
            worker.ready()
        for url, web in zip(self.direct, self.webs, strict=True):
            web_ready(url, log=web)
        web_ready(self.url, log=self.proxy)

    def idle(self) -> bool:
        from freecell_site.celery import app

        inspect = app.control.inspect(destination=[w.node for w in self.workers], timeout=1)
        active, reserved = inspect.active(), inspect.reserved()
        return bool(active) and not any(active.values()) and not any((reserved or {}).values())

    def stop(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not self.idle():  # nothing runs on rows about to be flushed
            time.sleep(0.2)
        for process in (self.proxy, *self.webs, *self.workers):
            process.stop()


@pytest.fixture
def nodes(transactional_db, tmp_path):
    from django.db import connection

    nodes = Nodes(tmp_path, connection.settings_dict["NAME"])
    try:
        nodes.start()
        yield nodes
    finally:
        nodes.stop()


def test_a_daily_played_through_two_nodes_ranks_every_win_once_and_reads_the_same_from_either(nodes, wait_for):
    daily = todays_daily("freecell", 24)
    line = list(human_line("freecell", 24))  # honest players: a solver's own line is held for review
    players = players_bulk(PLAYERS, "node")
    sessions = [token_session(p) for p in players]
    games = []
    for i, session in enumerate(sessions):
        game = session.post(f"{nodes.url}/api/dailies/today/freecell/games/", timeout=60).json()
        assert game["ranked"]
        backdate(game["id"], 30 + 5 * i)  # human-paced, and a different time for each on the board
        games.append(game["id"])
    served: dict[int, list[str]] = {i: [] for i in range(PLAYERS)}
    lock = threading.Lock()

    def play(i):
        for ply, move in enumerate(line):  # one move per request: each goes to the next node in turn
            response = post_moves(sessions[i], nodes.url, games[i], ply, [move])
            assert response.status_code == 200, response.text[:300]
            with lock:
                served[i].append(response.headers["X-Served-By"])
        return response.json()["state"]

    with ThreadPoolExecutor(max_workers=PLAYERS) as pool:
        assert list(pool.map(play, range(PLAYERS))) == ["won"] * PLAYERS
    wait_for(lambda: Result.objects.filter(daily=daily).count() == PLAYERS, timeout=120)

    for i in range(PLAYERS):  # every player's game was played on both nodes
        assert set(Counter(served[i])) == {"one", "two"}, Counter(served[i])
    results = Counter(Result.objects.filter(daily=daily).values_list("player__username", flat=True))
    assert results == Counter({p.username: 1 for p in players})
    boards = [requests.get(f"{url}/api/leaderboards/daily/today/freecell/", timeout=60).json()
              for url in nodes.direct]
    assert boards[0] == boards[1]
    assert sorted(row["player"] for row in boards[0]["rows"]) == sorted(p.username for p in players)
    for session, game_id in zip(sessions, games, strict=True):
        seen = [session.get(f"{url}/api/games/{game_id}/", timeout=60).json() for url in nodes.direct]
        assert seen[0] == seen[1] and seen[0]["moves"] == line
        assert Game.objects.get(pk=game_id).move_list == line
