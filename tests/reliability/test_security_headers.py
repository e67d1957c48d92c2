"""Security headers on what the real server sends, and the HTTPS-only ones under production settings.

CSRF for session clients and log-in lockout are tested in
``tests/accounts/test_accounts_api.py``; a player reaching another's game in
``tests/games/test_games_api.py``; staff-only curation in
``tests/games/test_staff_api.py``; ``check --deploy`` in ``tests/site/test_deploy.py``.
"""

import json
import subprocess

import pytest
import requests

from tests.support.processes import REPO, VENV_BIN, production_env

EVERYWHERE = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}
CSP_DIRECTIVES = {
    "default-src 'self'", "img-src 'self' data:", "object-src 'none'", "base-uri 'self'",
    "form-action 'self'", "frame-ancestors 'none'",
}
PATHS = {
    "page": "/",
    "play page": "/play/freecell/24",
    "api": "/api/leaderboards/all-time/freecell/",
    "api error": "/api/games/",
    "api 404": "/api/no-such-thing/",
    "page 404": "/no-such-page/",
    "static file": "/static/fc/js/main.js",
    "schema": "/api/schema/",
}


@pytest.mark.worker
def test_every_response_of_the_live_server_carries_the_security_headers(live_url):
    for name, path in PATHS.items():
        response = requests.get(f"{live_url}{path}", timeout=30, allow_redirects=False)
        assert response.status_code < 500, (name, response.status_code)
        for header, value in EVERYWHERE.items():
            if header == "X-Frame-Options" and name == "static file":
                continue  # whitenoise answers before that middleware; a script cannot be framed anyway
            assert response.headers.get(header) == value, (name, header, response.headers.get(header))
        policy = {part.strip() for part in response.headers.get("Content-Security-Policy", "").split(";")}
        assert policy == CSP_DIRECTIVES, (name, policy)
        assert "Server" not in response.headers or "gunicorn/" not in response.headers["Server"].lower(), name


@pytest.mark.worker
def test_session_and_csrf_cookies_are_samesite_and_the_session_is_http_only(live_url, make_player):
    make_player("bob")
    session = requests.Session()
    token = session.get(f"{live_url}/api/accounts/csrf/", timeout=30).json()["csrf_token"]
    login = session.post(f"{live_url}/api/accounts/login/", json={"username": "bob", "password": "correct horse battery"},
                         headers={"X-CSRFToken": token}, timeout=30)
    assert login.status_code == 200
    cookies = {c.name: c for c in session.cookies}
    assert cookies["sessionid"].has_nonstandard_attr("HttpOnly")
    assert cookies["sessionid"].get_nonstandard_attr("SameSite") == "Lax"
    assert cookies["csrftoken"].get_nonstandard_attr("SameSite") == "Lax"


PRODUCTION_PROBE = r"""
import json, django
django.setup()
from django.conf import settings
from django.test import Client
client = Client()
plain = client.get("/no-such-page/")
secure = client.get("/no-such-page/", secure=True)
print(json.dumps({
    "redirect": [plain.status_code, plain.headers.get("Location")],
    "hsts": secure.headers.get("Strict-Transport-Security"),
    "csp": secure.headers.get("Content-Security-Policy"),
    "nosniff": secure.headers.get("X-Content-Type-Options"),
    "session_secure": settings.SESSION_COOKIE_SECURE,
    "csrf_secure": settings.CSRF_COOKIE_SECURE,
    "debug": settings.DEBUG,
}))
"""


def test_production_settings_redirect_to_https_and_send_hsts_and_secure_cookies():
    env = production_env(ALLOWED_HOSTS="testserver")
    out = subprocess.run([str(VENV_BIN / "python"), "-c", PRODUCTION_PROBE], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout.strip().splitlines()[-1])
    assert facts["redirect"] == [301, "https://testserver/no-such-page/"]
    assert facts["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert facts["csp"] and "default-src 'self'" in facts["csp"] and facts["nosniff"] == "nosniff"
    assert facts["session_secure"] and facts["csrf_secure"] and not facts["debug"]
