"""/metrics: the Prometheus text an operator scrapes, with the request, task, queue,
validation-lag, review and pool series; closed in production without the token."""

import pytest
import requests
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families
from rest_framework.authtoken.models import Token

from games.models import Deal, Game, Result, SolverStatus, Submission
from tests.support.lines import winning_line
from tests.support.waiting import wait_for


def families(text: str) -> dict:
    return {family.name: family for family in text_string_to_metric_families(text)}


def value(family, **labels) -> float:
    return sum(sample.value for sample in family.samples
               if sample.name == family.name + ("_total" if family.type == "counter" else "")
               and all(sample.labels.get(k) == v for k, v in labels.items()))


@pytest.mark.django_db
def test_metrics_answer_in_prometheus_text_with_the_services_series(client, player):
    deal = Deal.objects.create(variant="freecell", number=24, status=SolverStatus.WINNABLE, par=80, in_pool=True)
    Deal.objects.create(variant="freecell", number=25, status=SolverStatus.WINNABLE, par=80, daily_reserve=True)
    game = Game.objects.create(player=player, deal=deal, state=Game.State.WON)
    Submission.objects.create(game=game, moves="3a")
    held = Game.objects.create(player=player, deal=deal, state=Game.State.WON)
    done = Submission.objects.create(game=held, moves="3a", status="accepted", validated_at=timezone.now())
    Result.objects.create(submission=done, game=held, player=player, deal=deal, moves=1, duration_ms=1,
                          finished_at=timezone.now(), flagged=True)
    assert client.get("/api/variants/").status_code == 200

    response = client.get("/metrics")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    found = families(response.content.decode())
    timed = found["solitaire_http_request_seconds"]
    assert any(sample.labels == {"view": "variant-list", "method": "GET", "le": "+Inf"} and sample.value >= 1
               for sample in timed.samples), timed.samples
    assert value(found["solitaire_http_responses"], view="variant-list", method="GET", status="200") >= 1
    assert value(found["solitaire_validations_pending"]) == 1
    assert value(found["solitaire_validation_oldest_pending_seconds"]) >= 0
    assert value(found["solitaire_results_held"]) == 1
    assert value(found["solitaire_pool_size"], variant="freecell") == 1
    assert value(found["solitaire_daily_reserve_size"], variant="freecell") == 1
    assert "solitaire_queue_depth" in found
    assert {"solitaire_validation_lag_seconds", "solitaire_tasks", "solitaire_task_seconds",
            "solitaire_hint_searches", "solitaire_hint_iterations"} <= set(found)


@pytest.mark.django_db
@override_settings(METRICS_REQUIRE_TOKEN=True, METRICS_TOKEN="")
def test_production_keeps_metrics_closed_until_a_token_is_set(client):
    response = client.get("/metrics")
    assert response.status_code == 403 and response.json()["error"]["code"] == "metrics_forbidden"


@pytest.mark.django_db
@override_settings(METRICS_REQUIRE_TOKEN=True, METRICS_TOKEN="s3cret-token-for-scrapes")
def test_the_operators_bearer_token_opens_metrics(client):
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 403
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-token-for-scrapes").status_code == 200


@pytest.mark.worker
def test_a_win_judged_by_the_real_worker_shows_in_the_task_and_lag_series_of_the_web(live_url):
    """The worker's task counters reach the web's /metrics (PROMETHEUS_MULTIPROC_DIR, as
    scripts/run sets it), and the lag from the win to its verdict is reported."""
    user = get_user_model().objects.create_user(username="metrics_alice", password="correct horse battery")
    session = requests.Session()
    session.headers["Authorization"] = f"Token {Token.objects.create(user=user).key}"

    def validations() -> float:
        text = requests.get(f"{live_url}/metrics", timeout=10).text
        tasks = families(text).get("solitaire_tasks")  # a counter shows once a process has counted
        return value(tasks, task="games.submission_validate", outcome="SUCCESS") if tasks else 0

    before = validations()
    game = session.post(f"{live_url}/api/games/", json={"variant": "freecell", "number": 24}).json()
    line = list(winning_line("freecell", 24))
    response = session.post(f"{live_url}/api/games/{game['id']}/moves/", json={
        "expected_ply": 0, "moves": line, "client_times": [3000 * (i + 1) for i in range(len(line))]})
    assert response.status_code == 200 and response.json()["state"] == "won", response.text

    wait_for(lambda: validations() > before, timeout=60)
    text = requests.get(f"{live_url}/metrics", timeout=10).text
    found = families(text)
    assert value(found["solitaire_validation_lag_seconds"], quantile="1.0") > 0
    assert value(found["solitaire_validations_pending"]) == 0


def test_a_worker_in_a_container_of_its_own_answers_prometheus_on_its_metrics_port():
    from freecell_site.metrics import TASKS, serve_worker_metrics
    from tests.support.processes import free_port

    TASKS.labels("games.pools_fill", "SUCCESS").inc()
    port = free_port()
    serve_worker_metrics(port)
    found = families(requests.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text)
    assert value(found["solitaire_tasks"], task="games.pools_fill", outcome="SUCCESS") >= 1
