"""The scoped throttle kept in one Redis script counts as DRF's does: same window, same wait."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIRequestFactory
from rest_framework.throttling import ScopedRateThrottle

from core.throttles import OneTripScopedRateThrottle

pytestmark = pytest.mark.django_db


class View:
    throttle_scope = "moves"


@pytest.fixture
def timer(monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(ScopedRateThrottle, "timer", lambda self: now[0])
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"moves": "3/min"})
    return now


def hits(throttle_class, address: str, times: list[float], timer) -> list[tuple[bool, float | None]]:
    request = APIRequestFactory().post("/", REMOTE_ADDR=address)
    request.user = None
    seen = []
    for moment in times:
        timer[0] = moment
        throttle = throttle_class()
        allowed = throttle.allow_request(request, View())
        seen.append((allowed, None if allowed else round(throttle.wait(), 6)))
    return seen


def test_the_window_and_the_wait_are_drfs(timer):
    start = timer[0]
    times = [start, start + 1, start + 2, start + 3, start + 30, start + 60, start + 60.5, start + 61,
             start + 62, start + 62.5, start + 200]
    address = "10.9.8.7"
    cache.delete_many([f"throttle_moves_{address}", f"throttle_moves_{address}:times"])
    ours = hits(OneTripScopedRateThrottle, address, times, timer)
    drfs = hits(ScopedRateThrottle, "10.9.8.6", times, timer)
    assert ours == drfs
    assert [allowed for allowed, _ in ours] == [True, True, True, False, False, True, False, True, True,
                                                 False, True]


def test_one_round_trip_a_request(timer, redis_commands):
    request = APIRequestFactory().post("/", REMOTE_ADDR="10.9.8.5")
    request.user = None
    redis_commands.clear()
    assert OneTripScopedRateThrottle().allow_request(request, View())
    assert redis_commands in (["EVALSHA"], ["EVALSHA", "SCRIPT LOAD", "EVALSHA"])
