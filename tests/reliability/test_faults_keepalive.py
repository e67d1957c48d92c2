"""No connection resets for clients that reuse a connection after a pause (``gunicorn.conf.py``).

25 clients, each on one kept-alive connection, send 20 requests 2 s apart:
500 requests whose connection sat idle 2 s first, gunicorn's old keep-alive.
Each client uses ``http.client`` directly, which never retries or reconnects
behind the caller's back: a connection the server closed shows as an error. The
waits between requests are the condition under test, not a synchronisation.
"""

import http.client
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from tests.support.processes import VENV_BIN, Process, free_port, service_env
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.slow]

CLIENTS = 25
REQUESTS = 20
GAP_SECONDS = 2.0
PATH = "/api/variants/"


def _answers(port: int) -> bool:
    try:
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        client.request("GET", PATH)
        return client.getresponse().status == 200
    except OSError:
        return False


def test_five_hundred_requests_after_two_second_pauses_meet_no_reset(transactional_db, tmp_path):
    port = free_port()
    # As scripts/run starts it, from the top of the repository, with no keep-alive flag.
    web = Process("web", [str(VENV_BIN / "gunicorn"), "freecell_site.wsgi:application", "--bind",
                          f"127.0.0.1:{port}", "--workers", "2", "--threads", "8", "--worker-class", "gthread",
                          "--no-control-socket"],
                  service_env(connection.settings_dict["NAME"]), tmp_path / "web.log")
    web.start()
    pause = threading.Event()  # never set: its wait is the client's idle time
    try:
        wait_for(lambda: _answers(port), timeout=90, step=0.2)

        def client(_):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            outcomes, sockets = [], set()
            for i in range(REQUESTS):
                if i:
                    pause.wait(GAP_SECONDS)
                try:
                    conn.request("GET", PATH)
                    response = conn.getresponse()
                    response.read()
                    outcomes.append(response.status)
                    sockets.add(id(conn.sock))
                except (OSError, http.client.HTTPException) as exc:
                    outcomes.append(type(exc).__name__)
                    conn.close()
            conn.close()
            return outcomes, len(sockets)

        with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
            results = list(pool.map(client, range(CLIENTS)))
    finally:
        web.stop()
    outcomes = [o for os_, _ in results for o in os_]
    failures = [o for o in outcomes if o != 200]
    assert len(outcomes) == CLIENTS * REQUESTS
    assert failures == [], f"{len(failures)} of {len(outcomes)} failed: {sorted(set(map(str, failures)))}"
    # Every client kept its one connection throughout: nothing was closed under it.
    assert [n for _, n in results] == [1] * CLIENTS
