"""After logging in or registering, a ``next`` whose dot segments hide another site stays on this one.

The probe: ``/login/?next=/.//evil.example`` rendered ``data-next="/.//evil.example"``;
the browser resolved it to the path ``//evil.example`` and left the site.
"""

import pytest

from tests.browser.players import PASSWORD

pytestmark = [pytest.mark.browser]


@pytest.mark.parametrize(("page_path", "target"), [("/login/", "/.//evil.example"),
                                                    ("/register/", "/x/..//evil.example")])
def test_a_dotted_next_to_another_site_lands_on_this_site(site, make_player, page_path, target):
    if page_path == "/login/":
        make_player("nextbob")
    site.route("**://evil.example/**", lambda route: route.abort())
    site.goto(f"{site.base}{page_path}?next={target}")
    site.fill("input[name=username]", "nextbob")
    site.fill("input[name=password]", PASSWORD)
    site.locator("form[data-account] button[type=submit]").click()
    site.wait_for_url(f"{site.base}/")
    assert site.url == f"{site.base}/"
    assert site.errors == []
