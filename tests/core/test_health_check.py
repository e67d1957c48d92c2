"""The kept connection's per-request health check (core/database/base.py): no round trip
while the connection is quiet, and a connection the server ended is still replaced before
the request's first statement."""

import select

import psycopg
import pytest
from django.db import connection

from tests.support.waiting import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def a_request_starts() -> None:
    """What Django's ``request_started`` handler does to the kept connection."""
    connection.close_if_unusable_or_obsolete()


@pytest.fixture
def asked(monkeypatch) -> list:
    # A connection of this test's own: one kept from earlier tests may reach its CONN_MAX_AGE
    # within the test and be closed for its age, with no check asked.
    connection.close()
    connection.ensure_connection()
    assert connection.health_check_enabled
    calls = []
    real = connection.is_usable
    monkeypatch.setattr(connection, "is_usable", lambda: calls.append("SELECT 1") or real())
    return calls


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_a_quiet_kept_connection_is_used_without_asking_the_server_first(asked):
    first = backend_pid()
    a_request_starts()
    assert backend_pid() == first
    assert asked == []


def test_a_connection_the_server_ended_is_replaced_before_the_requests_first_statement(asked):
    ended = backend_pid()
    params = connection.settings_dict
    with psycopg.connect(dbname=params["NAME"], host=params["HOST"], port=params["PORT"] or 5432,
                         user=params["USER"], autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [ended])
    fileno = connection.connection.fileno()
    wait_for(lambda: select.select([fileno], [], [], 0)[0], timeout=10)  # the server's end has arrived
    a_request_starts()
    assert backend_pid() != ended  # a new connection, and the statement ran on it
    assert asked == ["SELECT 1"]
