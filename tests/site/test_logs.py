"""Structured logs: JSON lines, and the request id of a request carried into the tasks it
enqueues, in the real web server's and the real worker's logs."""

import json
import uuid

import pytest
import requests
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from core.logs import logging_config
from tests.support.lines import winning_line
from tests.support.waiting import wait_for


def json_lines(text: str) -> list[dict]:
    found = []
    for line in text.splitlines():
        if line.startswith("{"):
            found.append(json.loads(line))
    return found


def test_an_unknown_log_format_is_refused():
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        logging_config("xml", "INFO")


@pytest.mark.worker
def test_a_requests_id_reaches_the_task_it_enqueues_in_the_workers_json_log(live_services, transactional_db):
    url = live_services.url
    user = get_user_model().objects.create_user(username="logs_alice", password="correct horse battery")
    session = requests.Session()
    session.headers["Authorization"] = f"Token {Token.objects.create(user=user).key}"
    game = session.post(f"{url}/api/games/", json={"variant": "freecell", "number": 24}).json()
    line = list(winning_line("freecell", 24))
    forged = f"forged-{uuid.uuid4()}"

    response = session.post(f"{url}/api/games/{game['id']}/moves/", headers={"X-Request-ID": forged}, json={
        "expected_ply": 0, "moves": line, "client_times": [3000 * (i + 1) for i in range(len(line))]})
    assert response.status_code == 200 and response.json()["state"] == "won", response.text
    request_id = response.headers["X-Request-ID"]
    assert request_id != forged  # a client does not choose what the logs call its request

    def worker_lines():
        return [entry for entry in json_lines(live_services.worker.log.read_text(errors="replace"))
                if entry.get("request_id") == request_id]

    seen = wait_for(lambda: [e for e in worker_lines() if e.get("event") == "task_succeeded"], timeout=60)
    assert seen[0]["task_id"] and seen[0]["level"] == "info" and seen[0]["timestamp"]
    enqueued = [entry for entry in json_lines(live_services.web.log.read_text(errors="replace"))
                if entry.get("request_id") == request_id and entry.get("event") == "task_enqueued"]
    assert enqueued and enqueued[0]["child_task_name"] == "games.submission_validate"
