"""The parts the service runs on are the real ones, not stand-ins."""

import uuid

import pytest
import requests
from django.db import connection

pytestmark = pytest.mark.django_db


def test_test_database_is_postgresql():
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        assert cursor.fetchone()[0].startswith("PostgreSQL")


@pytest.mark.worker
def test_a_task_round_trips_through_a_real_worker_on_redis(live_services, settings):
    from freecell_site.celery import app, ping

    assert app.conf.broker_url.startswith("redis://")
    assert not app.conf.task_always_eager
    token = uuid.uuid4().hex
    assert ping.delay(token).get(timeout=20) == f"pong:{token}"
    assert live_services.worker.popen.poll() is None


@pytest.mark.worker
def test_health_names_every_part_ok_on_the_real_services(live_url):
    response = requests.get(f"{live_url}/api/health/", timeout=10)
    body = response.json()
    assert response.status_code == 200, body
    assert body["mode"] == "services"
    assert set(body["parts"]) == {"database", "broker", "worker", "solver"}
    assert all(part["status"] == "ok" for part in body["parts"].values()), body
    assert "postgresql" in body["parts"]["database"]["detail"]
