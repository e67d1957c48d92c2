"""A guest hint cannot take the CPU: a hard ceiling per request, verdicts kept per position.

The probe that found it: ``POST /api/deals/freecell/11982/hint/`` with a legal
999-move log searched 1.2 million iterations (seconds of CPU) per request, and
three in parallel took both cores.
"""

import pytest
import requests
from django.conf import settings

from engine import deal, replay
from games.services.solving import SolverCache
from solver import library
from solver.presets import plan_for
from solver.verdicts import attempt_name, verdict_key
from tests.solver.test_hint_limits import LONG_LOST_LOG

pytestmark = pytest.mark.django_db

URL = "/api/deals/freecell/11982/hint/"


@pytest.fixture
def searches(monkeypatch):
    """Iterations of every fc-solve search this process runs."""
    spent: list[int] = []
    real = library.run

    def counted(args, board, limit):
        run = real(args, board, limit)
        spent.append(run.iterations)
        return run

    monkeypatch.setattr(library, "run", counted)
    return spent


def test_a_guest_hint_on_a_999_move_lost_log_stays_within_the_ceiling(anon, searches):
    response = anon.post(URL, {"moves": LONG_LOST_LOG}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] in ("lost", "undecided")
    assert 0 < sum(searches) <= settings.HINT_MAX_ITERATIONS


def test_the_same_hint_asked_again_runs_no_search(anon, searches):
    first = anon.post(URL, {"moves": LONG_LOST_LOG}, format="json").json()
    searches.clear()
    again = anon.post(URL, {"moves": LONG_LOST_LOG}, format="json").json()
    assert again == first
    assert sum(searches) == 0


@pytest.mark.worker
def test_the_live_server_keeps_the_verdict_of_a_hinted_position(live_url):
    """Against the running service: the answer comes back and the position's verdict is now kept
    in the shared cache, so the next request from anywhere costs no search."""
    response = requests.post(f"{live_url}{URL}", json={"moves": LONG_LOST_LOG}, timeout=60)
    assert response.status_code == 200, response.text
    reached = replay(deal("freecell", 11982), LONG_LOST_LOG).position
    key = verdict_key(reached)
    verdicts = SolverCache()
    attempt = attempt_name(plan_for("freecell").scans(), settings.HINT_BUDGET)
    assert verdicts.get(key) or verdicts.get(f"{key}:{attempt}")

