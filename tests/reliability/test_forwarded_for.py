"""Against the running service: a made-up X-Forwarded-For buys no fresh throttle allowance.

The probe: 30 registrations with rotating ``X-Forwarded-For`` values were all
accepted (the limit is 10 an hour per address); the log-in and guest-hint
throttles gave way to the same trick. The service here runs as the README's
run command starts it, with its real rates (``readme_server``).
"""

from collections import Counter

import pytest
import requests

pytestmark = [pytest.mark.slow, pytest.mark.worker]


def _csrf(session: requests.Session, url: str) -> str:
    return session.get(f"{url}/api/accounts/csrf/", timeout=30).json()["csrf_token"]


def test_thirty_registrations_with_rotating_forwarded_for_are_mostly_refused(readme_server, transactional_db):
    statuses = Counter()
    for i in range(30):
        session = requests.Session()
        token = _csrf(session, readme_server)
        response = session.post(
            f"{readme_server}/api/accounts/register/", timeout=30,
            headers={"X-CSRFToken": token, "X-Forwarded-For": f"198.51.100.{i}"},
            json={"username": f"sock{i:02d}", "password": "correct horse battery"},
        )
        statuses[response.status_code] += 1
    assert statuses[201] <= 10
    assert statuses[429] >= 20


def test_log_ins_and_guest_hints_with_rotating_forwarded_for_are_throttled(readme_server, transactional_db):
    session = requests.Session()
    token = _csrf(session, readme_server)
    logins = Counter(
        session.post(f"{readme_server}/api/accounts/login/", timeout=30,
                     headers={"X-CSRFToken": token, "X-Forwarded-For": f"198.51.100.{i}"},
                     json={"username": f"nobody{i}", "password": "guess"}).status_code
        for i in range(25)
    )
    assert logins[429] >= 5, logins
    hints = Counter(
        requests.post(f"{readme_server}/api/deals/freecell/24/hint/", json={"moves": []}, timeout=30,
                      headers={"X-Forwarded-For": f"198.51.100.{i}"}).status_code
        for i in range(65)
    )
    assert hints[429] >= 5, hints
