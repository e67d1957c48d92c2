"""The home page in Debian's Chromium, through Playwright, from the live server."""

import pytest

pytestmark = pytest.mark.browser


def test_the_home_page_loads_in_chromium_with_its_deal_form_and_no_script_errors(site):
    response = site.goto(f"{site.base}/")
    assert response.status == 200
    assert site.title()
    site.get_by_role("heading", name="New deal").wait_for()
    site.get_by_role("button", name="Deal", exact=True).wait_for()
    assert "Chrome" in site.evaluate("navigator.userAgent")
    assert site.errors == []
