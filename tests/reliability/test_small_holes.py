"""The smaller holes the probe found: game starts without a limit, an empty batch
answering 200, and CSRF failures answering ``forbidden`` instead of ``csrf_failed``.
Each is checked in-process and against the service as the README's run command
starts it (``readme_server``, with its real rates)."""

from collections import Counter

import pytest
import requests
from django.test import Client
from rest_framework.test import APIClient

from core.throttles import GameStartBurstThrottle, GameStartThrottle

pytestmark = pytest.mark.django_db

REAL_RATES = {"games": "20/min", "games_burst": "5/sec"}


@pytest.fixture
def real_game_rates(monkeypatch):
    for throttle in (GameStartThrottle, GameStartBurstThrottle):
        monkeypatch.setattr(throttle, "THROTTLE_RATES", REAL_RATES)


def test_starting_games_is_limited(api, real_game_rates):
    statuses = Counter(
        api.post("/api/games/", {"variant": "freecell", "number": n}, format="json").status_code
        for n in range(1, 26)
    )
    assert 1 <= statuses[201] <= 20 and statuses[429] >= 5, statuses
    assert api.get("/api/games/").status_code == 200  # reading the list is not limited


def test_an_empty_batch_of_moves_is_refused_with_its_own_code(api):
    game = api.post("/api/games/", {"variant": "freecell", "number": 3}, format="json").json()
    response = api.post(f"/api/games/{game['id']}/moves/", {"expected_ply": 0, "moves": [], "client_times": []},
                        format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "empty_batch"


def test_a_session_write_without_the_csrf_token_answers_csrf_failed(player):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(player)
    response = client.post("/api/games/", {"variant": "freecell", "number": 1}, format="json")
    assert (response.status_code, response.json()["error"]["code"]) == (403, "csrf_failed")


@pytest.mark.worker
@pytest.mark.slow
def test_the_running_service_limits_game_starts_and_names_its_refusals(readme_server, transactional_db,
                                                                        make_player):
    browser = Client()
    browser.force_login(make_player("bob"))
    session = requests.Session()
    session.cookies.set("sessionid", browser.cookies["sessionid"].value)
    token = session.get(f"{readme_server}/api/accounts/csrf/", timeout=30).json()["csrf_token"]
    no_token = session.post(f"{readme_server}/api/games/", json={"variant": "freecell", "number": 1}, timeout=30)
    assert (no_token.status_code, no_token.json()["error"]["code"]) == (403, "csrf_failed")
    session.headers["X-CSRFToken"] = token
    answers = [session.post(f"{readme_server}/api/games/", json={"variant": "freecell", "number": n}, timeout=30)
               for n in range(1, 26)]
    statuses = Counter(a.status_code for a in answers)
    assert 1 <= statuses[201] <= 20 and statuses[429] >= 5, statuses
    game_id = next(a.json()["id"] for a in answers if a.status_code == 201)
    empty = session.post(f"{readme_server}/api/games/{game_id}/moves/", timeout=30,
                         json={"expected_ply": 0, "moves": [], "client_times": []})
    assert (empty.status_code, empty.json()["error"]["code"]) == (400, "empty_batch")
