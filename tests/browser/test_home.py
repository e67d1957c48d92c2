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


def test_the_deal_number_box_refuses_numbers_past_the_chosen_variants_ceiling(site):
    """99999999999 led to a debug page before: the box now knows each variant's largest deal."""
    site.goto(f"{site.base}/")
    site.locator("body[data-ready]").wait_for(state="attached")  # the page's module is loaded after the page
    box = site.locator("[data-numbered-deal] input[name=number]")
    site.locator("[data-new-deal] select[name=variant]").select_option("freecell")
    assert box.get_attribute("max") == "8589934591"
    box.fill("99999999999")
    assert box.evaluate("input => input.validity.rangeOverflow") is True
    site.get_by_role("button", name="Play that deal").click()
    assert site.url == f"{site.base}/"  # the browser refused to submit
    site.locator("[data-new-deal] select[name=variant]").select_option("forecell")
    assert box.get_attribute("max") == str(10**20 - 1)
    assert site.errors == []
