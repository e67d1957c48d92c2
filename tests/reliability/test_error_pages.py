"""Error pages as the README's run command serves them: friendly, in the site's style, no settings.

The probe that found it: started with ``scripts/run`` (local settings), a
mistyped address showed Django's debug page, with the settings and the
database and Redis URLs. These tests start gunicorn on the local settings the
way ``scripts/run`` does (the ``readme_server`` fixture: static files
collected, whitenoise serving them) and ask it what a stranger would.
"""

import re

import pytest
import requests
from django.test import Client

pytestmark = [pytest.mark.slow, pytest.mark.worker]

#: What only a debug page shows.
DEBUG_MARKS = ("Traceback", "DATABASE_URL", "REDIS_URL", "DEBUG = True", "Using the URLconf",
               "settings file", "technical", "postgres://", "redis://")
NOT_FOUND = [
    "/play/freecell/0",
    "/play/freecell/8589934592",
    "/play/freecell/abc",
    "/nope/",
    "/s/zzz",
]


def _friendly(response: requests.Response, status: int) -> str:
    assert response.status_code == status, (response.url, response.status_code)
    body = response.text
    for mark in DEBUG_MARKS:
        assert mark not in body, (response.url, mark)
    assert response.headers["Content-Type"].startswith("text/html")
    assert 'href="/"' in body, "a way back to the home page"
    return body


@pytest.mark.parametrize("path", NOT_FOUND)
def test_a_missing_page_is_a_friendly_404_with_a_way_back(readme_server, transactional_db, path):
    body = _friendly(requests.get(f"{readme_server}{path}", timeout=30), 404)
    assert "There is no such page" in body


def test_a_daily_not_yet_open_is_a_friendly_404_for_a_logged_in_player(readme_server, transactional_db,
                                                                      make_player):
    browser = Client()
    browser.force_login(make_player("bob"))  # a session row the live server reads
    session = requests.Session()
    session.cookies.set("sessionid", browser.cookies["sessionid"].value)
    body = _friendly(session.get(f"{readme_server}/daily/freecell/2030-01-01", timeout=30), 404)
    assert "There is no such page" in body


def test_a_foreign_host_header_is_a_friendly_400(readme_server, transactional_db):
    response = requests.get(f"{readme_server}/nope/", headers={"Host": "evil.example"}, timeout=30)
    body = _friendly(response, 400)
    assert "could not be served" in body


def test_the_error_page_is_styled_by_the_sites_stylesheet_served_by_whitenoise(readme_server, transactional_db):
    body = _friendly(requests.get(f"{readme_server}/nope/", timeout=30), 404)
    [stylesheet] = re.findall(r'<link rel="stylesheet" href="([^"]+)"', body)
    assert re.fullmatch(r"/static/fc/css/site\.[0-9a-f]{12}\.css", stylesheet), "hashed by collectstatic"
    css = requests.get(f"{readme_server}{stylesheet}", timeout=30)
    assert css.status_code == 200 and ".error-page" in css.text
    assert "immutable" in css.headers.get("Cache-Control", "")


def test_an_unmatched_api_address_is_the_documented_json_404(readme_server, transactional_db):
    response = requests.get(f"{readme_server}/api/nope/", timeout=30)
    assert response.status_code == 404
    assert response.json() == {"error": {"code": "not_found", "message": "No such resource."}}
