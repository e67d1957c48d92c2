"""Error pages in the site's style, DEBUG only when asked for, and deal boxes that know their ceiling.

The same pages as the README's run command serves them are checked on a live
server in ``tests/reliability/test_error_pages.py``.
"""

import json
import re
import subprocess

import pytest
from django.test import Client
from django.urls import path

from engine import MAX_DEAL_NUMBER
from freecell_site import urls as site_urls
from tests.support.processes import REPO, VENV_BIN, service_env

pytestmark = pytest.mark.django_db


def _boom(request):
    raise RuntimeError("a bug")


# The site's own routes beside the broken ones: the error pages' header links every section.
urlpatterns = [path("boom/", _boom), path("api/boom/", _boom), *site_urls.urlpatterns]
handler500 = "core.handlers.server_error"


@pytest.mark.parametrize("debug, expected", [(None, False), ("0", False), ("1", True)])
def test_the_local_settings_turn_debug_on_only_when_asked(debug, expected):
    env = service_env("unused", DJANGO_SETTINGS_MODULE="freecell_site.settings.local")
    env.pop("DEBUG", None)
    if debug is not None:
        env["DEBUG"] = debug
    probe = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    out = subprocess.run([str(VENV_BIN / "python"), "-c", probe], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=60, check=True)
    assert out.stdout.strip() == str(expected)


def test_a_missing_page_is_the_friendly_404(client):
    response = client.get("/play/freecell/0")
    assert response.status_code == 404
    assert [t.name for t in response.templates][:2] == ["404.html", "frontend/error.html"]
    assert b'href="/"' in response.content


def test_a_foreign_host_is_the_friendly_400():
    response = Client(HTTP_HOST="evil.example").get("/")
    assert response.status_code == 400
    assert b"could not be served" in response.content and b'href="/"' in response.content


def test_a_bug_is_the_friendly_500_page_and_json_under_the_api(settings):
    settings.ROOT_URLCONF = __name__
    client = Client(raise_request_exception=False)
    page = client.get("/boom/")
    assert page.status_code == 500
    assert b"Something went wrong on our side" in page.content and b'href="/"' in page.content
    api = client.get("/api/boom/")
    assert api.status_code == 500
    assert json.loads(api.content)["error"]["code"] == "server_error"


def test_the_home_page_deal_box_has_each_variants_ceiling(client):
    html = client.get("/").content.decode()
    options = dict(re.findall(r'<option value="([a-z-]+)" data-max="(\d+)"', html))
    expected = {v: str(MAX_DEAL_NUMBER[v]) for v in options}
    assert options == expected and "freecell" in options and "forecell" in options
    assert options["freecell"] == "8589934591" and options["forecell"] == "99999999999999999999"
    first = next(iter(options.values()))
    assert re.search(rf'<input name="number" type="number" min="1" max="{first}"', html)


@pytest.mark.parametrize("url", ["/play/freecell/8589934592", "/play/forecell/100000000000000000000", "/s/zzz"])
def test_deal_numbers_past_the_sites_ceiling_are_a_404_page(client, url):
    assert client.get(url).status_code == 404
