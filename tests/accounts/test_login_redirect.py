"""After logging in the player goes to a page of this site, never to another one.

The probe: ``/login/?next=/%09/evil.example/phish`` landed on evil.example
after log-in: the tab survived the server's check, and the browser drops it.
"""

import re

import pytest
import requests
from django.test import Client

pytestmark = pytest.mark.django_db

OFF_SITE = [
    "/%09/evil.example/phish",
    "/%0a/evil.example",
    "/%0d%0a/evil.example",
    "//evil.example",
    "/%5Cevil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\x7f/evil.example",
    # Dot segments the browser resolves before it reads the path: "//evil.example".
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2e//evil.example",
    "/x/..//evil.example",
    "/x/%2e%2e//evil.example",
]


def _next_of(html: str) -> str:
    return re.search(r'data-next="([^"]*)"', html).group(1)


@pytest.mark.parametrize("page", ["/login/", "/register/"])
@pytest.mark.parametrize("target", OFF_SITE)
def test_an_off_site_next_sends_the_player_home(page, target):
    assert _next_of(Client().get(f"{page}?next={target}").content.decode()) == "/"


@pytest.mark.parametrize("target", ["/daily/freecell", "/play/freecell/7?shared=1"])
def test_a_page_of_this_site_is_kept(target):
    html = Client().get("/login/", {"next": target}).content.decode()
    assert _next_of(html).replace("&amp;", "&") == target


def test_a_page_of_this_site_is_kept_normalised():
    html = Client().get("/login/", {"next": "/play/./freecell/x/../7"}).content.decode()
    assert _next_of(html) == "/play/freecell/7"


@pytest.mark.worker
def test_the_live_login_page_refuses_the_tab_trick(live_url):
    html = requests.get(f"{live_url}/login/?next=/%09/evil.example/phish", timeout=30).text
    assert _next_of(html) == "/"
