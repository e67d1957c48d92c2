"""Nobody can lock a player out from elsewhere, and nobody picks their own address.

Probes that found the holes: five failed log-ins from anywhere locked the
username for everyone; 30 registrations with rotating ``X-Forwarded-For``
values were all accepted, and the log-in and guest-hint throttles were
bypassed the same way.
"""

import datetime as dt
import random

import pytest
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from accounts import slowdown

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "correct horse battery"
LOGIN = "/api/accounts/login/"


def _address() -> str:
    """An address no other test of this run used (throttle counts live in Redis)."""
    return "10." + ".".join(str(random.randint(1, 254)) for _ in range(3))


def _login(client: APIClient, username: str, password: str):
    return client.post(LOGIN, {"username": username, "password": password}, format="json")


@pytest.fixture
def later(monkeypatch):
    """Move the slowdown's clock forward by some seconds."""

    def move(seconds: float) -> None:
        moment = timezone.now() + dt.timedelta(seconds=seconds)
        monkeypatch.setattr(slowdown, "_now", lambda: moment)

    return move


@pytest.fixture
def strict_rates(monkeypatch):
    monkeypatch.setattr(
        ScopedRateThrottle, "THROTTLE_RATES", {"register": "3/hour", "login": "3/min", "hints": "3/min",
                                                "moves": "1000/min", "games": "3/min"}
    )


def test_failures_from_other_addresses_slow_the_player_down_but_never_lock_them_out(make_player, settings, later):
    make_player("bob")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        assert _login(APIClient(REMOTE_ADDR=_address()), "bob", "wrong").status_code == 400
    home = APIClient(REMOTE_ADDR=_address())
    slowed = _login(home, "bob", GOOD_PASSWORD)
    assert slowed.status_code == 429
    assert slowed.json()["error"]["code"] == "login_slowed"
    assert slowed.json()["error"]["retry_after"] == 1
    later(1.5)
    assert _login(home, "bob", GOOD_PASSWORD).status_code == 200


def test_the_wait_doubles_with_each_failure_past_the_limit_up_to_a_ceiling(make_player, settings, later):
    make_player("bob")
    later(60)  # each guess as if it came after the wait was over
    for _ in range(settings.AXES_FAILURE_LIMIT + 3):
        assert _login(APIClient(REMOTE_ADDR=_address()), "bob", "wrong").status_code == 400
    later(0)
    assert _login(APIClient(REMOTE_ADDR=_address()), "bob", GOOD_PASSWORD).json()["error"]["retry_after"] == 8
    assert slowdown.login_wait(settings.AXES_FAILURE_LIMIT + 30) == settings.LOGIN_SLOWDOWN_MAX_SECONDS


def test_failures_from_one_address_still_lock_that_address_out(make_player, settings, later):
    make_player("bob")
    guesser = APIClient(REMOTE_ADDR=_address())
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(guesser, "bob", "wrong")
    later(60)
    locked = _login(guesser, "bob", GOOD_PASSWORD)
    assert (locked.status_code, locked.json()["error"]["code"]) == (403, "locked_out")
    assert _login(APIClient(REMOTE_ADDR=_address()), "bob", GOOD_PASSWORD).status_code == 200


def test_a_forwarded_for_header_does_not_make_a_new_address_for_the_lockout(make_player, settings, later):
    make_player("bob")
    address = _address()
    for i in range(settings.AXES_FAILURE_LIMIT):
        _login(APIClient(REMOTE_ADDR=address, HTTP_X_FORWARDED_FOR=f"203.0.113.{i}"), "bob", "wrong")
    later(60)
    disguised = APIClient(REMOTE_ADDR=address, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert _login(disguised, "bob", GOOD_PASSWORD).status_code == 403


def test_registrations_with_rotating_forwarded_for_are_throttled(strict_rates):
    address = _address()
    statuses = [
        APIClient(REMOTE_ADDR=address, HTTP_X_FORWARDED_FOR=f"203.0.113.{i}").post(
            "/api/accounts/register/", {"username": f"sock{i}", "password": GOOD_PASSWORD}, format="json"
        ).status_code
        for i in range(6)
    ]
    assert statuses == [201, 201, 201, 429, 429, 429]


def test_log_ins_with_rotating_forwarded_for_are_throttled(strict_rates):
    address = _address()
    statuses = [
        _login(APIClient(REMOTE_ADDR=address, HTTP_X_FORWARDED_FOR=f"203.0.113.{i}"), f"nobody{i}", "x").status_code
        for i in range(5)
    ]
    assert statuses == [400, 400, 400, 429, 429]


def test_guest_hints_with_rotating_forwarded_for_are_throttled(strict_rates):
    address = _address()
    statuses = [
        APIClient(REMOTE_ADDR=address, HTTP_X_FORWARDED_FOR=f"203.0.113.{i}").post(
            "/api/deals/freecell/24/hint/", {"moves": []}, format="json"
        ).status_code
        for i in range(5)
    ]
    assert statuses == [200, 200, 200, 429, 429]


def test_behind_one_trusted_proxy_the_address_it_saw_is_the_client(strict_rates, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    proxy, first, second = _address(), _address(), _address()

    def hint(client_address: str, claimed: str = "") -> int:
        forwarded = f"{claimed}, {client_address}" if claimed else client_address
        return APIClient(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR=forwarded).post(
            "/api/deals/freecell/24/hint/", {"moves": []}, format="json"
        ).status_code

    assert [hint(first, claimed=f"203.0.113.{i}") for i in range(4)] == [200, 200, 200, 429]
    assert hint(second) == 200  # another client behind the same proxy has its own count


def test_a_flood_from_other_addresses_does_not_slow_the_owner_at_an_address_they_logged_in_from(
        make_player, later):
    """The probe: 38 addresses guessing kept the owner, at home with the right password, out 24 times in 28."""
    make_player("bob")
    home = APIClient(REMOTE_ADDR=_address())
    assert _login(home, "bob", GOOD_PASSWORD).status_code == 200
    later(0)
    for _ in range(38):
        assert _login(APIClient(REMOTE_ADDR=_address()), "bob", "wrong").status_code in (400, 429)
    stranger = _login(APIClient(REMOTE_ADDR=_address()), "bob", GOOD_PASSWORD)
    assert (stranger.status_code, stranger.json()["error"]["code"]) == (429, "login_slowed")
    for _ in range(5):
        assert _login(APIClient(REMOTE_ADDR=home.defaults["REMOTE_ADDR"]), "bob", GOOD_PASSWORD).status_code == 200


def test_a_flood_does_not_slow_the_owner_in_a_browser_they_logged_in_from(make_player, later):
    make_player("bob")
    laptop = APIClient(REMOTE_ADDR=_address())
    assert _login(laptop, "bob", GOOD_PASSWORD).status_code == 200
    assert laptop.cookies["fc_browser"]["httponly"]
    later(0)
    for _ in range(38):
        _login(APIClient(REMOTE_ADDR=_address()), "bob", "wrong")
    laptop.defaults["REMOTE_ADDR"] = _address()  # the same browser, on another network
    assert _login(laptop, "bob", GOOD_PASSWORD).status_code == 200


def test_a_known_address_guessing_is_still_locked_out_by_its_own_failures(make_player, settings, later):
    make_player("bob")
    home = APIClient(REMOTE_ADDR=_address())
    assert _login(home, "bob", GOOD_PASSWORD).status_code == 200
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(APIClient(REMOTE_ADDR=home.defaults["REMOTE_ADDR"]), "bob", "wrong")
    later(60)
    locked = _login(APIClient(REMOTE_ADDR=home.defaults["REMOTE_ADDR"]), "bob", GOOD_PASSWORD)
    assert (locked.status_code, locked.json()["error"]["code"]) == (403, "locked_out")
