"""Staff must enrol a second factor (TOTP, with recovery codes) before the admin or the staff API acts for them."""

import pytest
from django.test import Client
from django_otp.plugins.otp_static.models import StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.test import APIClient

from tests.support.factors import factor_code, factor_enrol

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
PAGE = "/account/two-factor/"


def _admin_log_in(username: str, code: str = "") -> tuple[Client, object]:
    client = Client()
    answer = client.post("/admin/login/?next=/admin/", {"username": username, "password": PASSWORD,
                                                        "otp_token": code, "next": "/admin/"})
    return client, answer


def _enrol(client: Client, user) -> list[str]:
    client.get(PAGE)
    device = TOTPDevice.objects.get(user=user, confirmed=False)
    answer = client.post(PAGE, {"code": factor_code(device)})
    assert answer.status_code == 200
    return answer.context["recovery_codes"]


def test_staff_without_a_factor_cannot_log_in_to_the_admin_and_are_told_where_to_enrol(make_player):
    make_player("curator", staff=True)
    client, answer = _admin_log_in("curator")
    assert answer.status_code == 200
    assert "Enrol a second factor" in answer.content.decode() and PAGE in answer.content.decode()
    assert client.get("/admin/").status_code == 302


def test_a_password_session_of_staff_cannot_use_the_admin(make_player):
    client = Client()
    client.force_login(make_player("curator", staff=True))
    assert client.get("/admin/").status_code == 302


def test_enrolment_needs_the_right_code_then_gives_recovery_codes_and_opens_the_admin(make_player):
    user = make_player("curator", staff=True)
    client = Client()
    client.force_login(user)
    page = client.get(PAGE)
    assert "Staff accounts must enrol" in page.content.decode()
    wrong = client.post(PAGE, {"code": "000000"})
    assert wrong.status_code == 400 and "not the one" in wrong.content.decode()
    assert not TOTPDevice.objects.filter(user=user, confirmed=True).exists()
    codes = _enrol(client, user)
    assert len(codes) == 10
    assert client.get("/admin/").status_code == 200


def test_the_admin_log_in_asks_for_the_code_and_refuses_a_wrong_one(make_player):
    user = make_player("curator", staff=True)
    device = factor_enrol(user)
    client, answer = _admin_log_in("curator", factor_code(device))
    assert answer.status_code == 302
    assert client.get("/admin/").status_code == 200
    # (in this order: after a wrong code django-otp makes the device wait a moment before the next)
    client, refused = _admin_log_in("curator", "123456")
    assert refused.status_code == 200 and client.get("/admin/").status_code == 302


def test_a_recovery_code_logs_in_once(make_player):
    user = make_player("curator", staff=True)
    enrolling = Client()
    enrolling.force_login(user)
    [code, *_] = _enrol(enrolling, user)
    client, answer = _admin_log_in("curator", code)
    assert answer.status_code == 302 and client.get("/admin/").status_code == 200
    _, again = _admin_log_in("curator", code)
    assert again.status_code == 200
    assert not StaticToken.objects.filter(token=code).exists()


def test_the_staff_api_refuses_staff_without_a_factor_or_an_unverified_session(make_player):
    user = make_player("curator", staff=True)
    scripted = APIClient()
    scripted.force_authenticate(user)
    refused = scripted.get("/api/staff/schedule/")
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "second_factor_required")
    factor_enrol(user)
    browser = APIClient()
    browser.force_login(user)
    unverified = browser.get("/api/staff/schedule/")
    assert (unverified.status_code, unverified.json()["error"]["code"]) == (403, "second_factor_required")
    assert scripted.get("/api/staff/schedule/").status_code == 200


def test_a_token_for_an_account_with_a_factor_needs_a_code(make_player):
    user = make_player("curator", staff=True)
    device = factor_enrol(user)
    ask = APIClient()

    def token(**extra):
        return ask.post("/api/accounts/token/", {"username": "curator", "password": PASSWORD, **extra},
                        format="json")

    assert token().json()["error"]["code"] == "otp_required"
    assert "token" in token(otp=factor_code(device)).json()
    assert token(otp="000000").json()["error"]["code"] == "otp_invalid"


def test_a_flood_of_wrong_codes_is_throttled_and_enrols_nothing(make_player, settings):
    user = make_player("curator", staff=True)
    client = Client()
    client.force_login(user)
    client.get(PAGE)
    statuses = [client.post(PAGE, {"code": f"{i:06d}"}).status_code for i in range(settings.OTP_ATTEMPTS_PER_HOUR + 2)]
    assert set(statuses[: settings.OTP_ATTEMPTS_PER_HOUR]) == {400}
    assert statuses[-1] == 429
    assert not TOTPDevice.objects.filter(user=user, confirmed=True).exists()


def test_players_may_enrol_too(make_player):
    user = make_player("dora")
    client = Client()
    client.force_login(user)
    assert "Staff accounts must enrol" not in client.get(PAGE).content.decode()
    assert len(_enrol(client, user)) == 10
