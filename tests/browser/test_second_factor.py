"""A staff member cannot use the admin until a TOTP factor is enrolled, then logs in to the admin with a code."""

import pytest
from django.contrib.auth import get_user_model
from django_otp.plugins.otp_totp.models import TOTPDevice

from tests.support.factors import factor_code

pytestmark = [pytest.mark.browser]

PASSWORD = "correct horse battery"


def _admin_form(page, base, code: str) -> None:
    page.goto(f"{base}/admin/login/?next=/admin/")
    page.fill("input[name=username]", "warden")
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=otp_token]", code)
    page.locator("#login-form input[type=submit]").first.click()


def test_staff_enrol_an_authenticator_before_the_admin_lets_them_in_then_log_in_with_a_code(site):
    user = get_user_model().objects.create_user("warden", password=PASSWORD, is_staff=True, is_superuser=True)
    _admin_form(site, site.base, "")
    assert "Enrol a second factor" in site.locator(".errornote").inner_text()

    site.goto(f"{site.base}/login/?next=/account/two-factor/")
    site.fill("input[name=username]", "warden")
    site.fill("input[name=password]", PASSWORD)
    site.locator("form[data-account] button[type=submit]").click()
    site.wait_for_url(f"{site.base}/account/two-factor/")
    assert site.locator("[data-required]").count() == 1
    device = TOTPDevice.objects.get(user=user, confirmed=False)
    assert site.locator("[data-key]").inner_text().strip()
    site.fill("input[name=code]", factor_code(device))
    site.get_by_role("button", name="Enrol").click()
    assert site.locator("[data-recovery-codes] li").count() == 10

    site.context.clear_cookies()
    _admin_form(site, site.base, factor_code(device, steps_ahead=1))  # the next period: a code is used once
    site.wait_for_url(f"{site.base}/admin/")
    assert "Site administration" in site.content()
    assert site.errors == []
