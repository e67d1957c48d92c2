"""The README's run command works with nothing configured, and health is honest."""

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
import requests

from tests.support.processes import REPO, VENV_BIN, free_port, service_env

pytestmark = pytest.mark.slow


def _wait_for(url: str, process: subprocess.Popen, timeout: float = 240) -> requests.Response:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the command exited with {process.returncode}")
        try:
            return requests.get(url, timeout=5)
        except requests.ConnectionError:
            time.sleep(0.5)
        except requests.Timeout:
            pass  # a worker still importing the app on a busy machine: ask again
    raise AssertionError(f"{url} did not answer within {timeout} s")


def _stop(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)


def test_run_command_with_no_environment_serves_the_site_in_embedded_mode(tmp_path: Path):
    port = free_port()
    bare_env = {
        "PATH": os.environ["PATH"],
        "HOME": os.environ.get("HOME", str(tmp_path)),
        "PORT": str(port),
        "LANG": "C.UTF-8",
    }
    if (REPO / ".env").exists():
        pytest.skip("a .env file configures this checkout; the embedded default is not in play")
    log = open(tmp_path / "run.log", "wb")  # noqa: SIM115
    process = subprocess.Popen(
        [str(REPO / "scripts" / "run")], cwd=REPO, env=bare_env, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        home = _wait_for(f"http://127.0.0.1:{port}/", process)
        assert home.status_code == 200
        health = requests.get(f"http://127.0.0.1:{port}/api/health/", timeout=10).json()
        assert health["status"] == "ok"
        assert health["mode"] == "embedded"
        parts = health["parts"]
        assert parts["database"]["status"] == "ok" and "SQLite" in parts["database"]["detail"]
        assert parts["broker"]["status"] == "embedded"
        assert parts["worker"]["status"] == "embedded"
        assert parts["solver"]["status"] == "ok"
        # Today's daily of every daily variant is there to play (a board answers; 503 if not made).
        variants = requests.get(f"http://127.0.0.1:{port}/api/variants/", timeout=10).json()["daily_variants"]
        assert len(variants) >= 4
        for variant in variants:
            board = requests.get(f"http://127.0.0.1:{port}/api/leaderboards/daily/today/{variant}/", timeout=10)
            assert board.status_code == 200, (variant, board.text[:200])
        # A guest plays a numbered deal: moves appended through the append door on SQLite and the
        # local-memory throttle, as on Postgres and Redis.
        browser = requests.Session()
        csrf = browser.get(f"http://127.0.0.1:{port}/api/accounts/csrf/", timeout=10).json()["csrf_token"]
        browser.headers.update({"X-CSRFToken": csrf, "Accept": "application/json"})
        game = browser.post(f"http://127.0.0.1:{port}/api/games/", json={"variant": "klondike-draw1", "number": 1},
                            timeout=10).json()
        for ply, move in enumerate(["6h", "7h"]):
            moved = browser.post(f"http://127.0.0.1:{port}/api/games/{game['id']}/moves/", timeout=10,
                                 json={"expected_ply": ply, "moves": [move], "client_times": [900 * (ply + 1)]})
            assert moved.status_code == 200, moved.text[:300]
        assert moved.json()["ply"] == 2 and moved.json()["moves"] == ["6h", "7h"]
        # a hint counts itself on the game under its row's lock, which SQLite takes as a whole-database write
        hint = browser.post(f"http://127.0.0.1:{port}/api/games/{game['id']}/hint/", timeout=60)
        assert hint.status_code == 200 and hint.json()["status"] == "move", hint.text[:300]
        assert hint.json()["hints"] == 1
        stale = browser.post(f"http://127.0.0.1:{port}/api/games/{game['id']}/moves/", timeout=10,
                             json={"expected_ply": 0, "moves": ["6h"], "client_times": [3000]})
        assert stale.status_code == 409 and stale.json()["error"]["code"] == "ply_mismatch"
    finally:
        _stop(process)
    output = (tmp_path / "run.log").read_text()
    assert "embedded database: SQLite" in output
    assert "embedded Celery" in output


@pytest.mark.django_db
def test_health_answers_503_naming_the_broker_when_redis_is_unreachable(django_db_setup, tmp_path):
    from django.db import connection

    port = free_port()
    env = service_env(connection.settings_dict["NAME"], REDIS_URL="redis://127.0.0.1:1/0")
    log = open(tmp_path / "web.log", "wb")  # noqa: SIM115
    process = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "freecell_site.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", "1", "--no-control-socket"],
        cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        response = _wait_for(f"http://127.0.0.1:{port}/api/health/", process, timeout=60)
        body = response.json()
        assert response.status_code == 503
        assert body["status"] == "error"
        assert body["parts"]["broker"]["status"] == "error"
        assert body["parts"]["worker"]["status"] == "error"
        assert body["parts"]["database"]["status"] == "ok"
    finally:
        _stop(process)
