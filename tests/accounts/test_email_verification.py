"""An email that works: registration's address is mailed a link that verifies it; a new address asks again."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from rest_framework.test import APIClient

from tests.accounts.mailbox import link_in

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


def _register(mail_now, email="dora@example.com") -> APIClient:
    client = APIClient()
    answer = mail_now(lambda: client.post("/api/accounts/register/",
                                          {"username": "dora", "password": PASSWORD, "email": email},
                                          format="json"))
    assert answer.status_code == 201
    return client


def _key(message) -> str:
    return link_in(message, "/verify-email/").split("/")[2]


def _verify(key: str):
    return APIClient().post("/api/accounts/email/verify/", {"key": key}, format="json")


def test_registration_mails_a_link_that_verifies_the_address_once(mail_now):
    client = _register(mail_now)
    assert client.get("/api/accounts/email/").json() == {"email": "dora@example.com", "verified": False}
    [message] = mail.outbox
    assert message.to == ["dora@example.com"]
    assert _verify(_key(message)).status_code == 204
    assert client.get("/api/accounts/email/").json()["verified"] is True
    again = _verify(_key(message))
    assert (again.status_code, again.json()["error"]["code"]) == (409, "verify_link_used")


def test_changing_the_address_asks_again_and_the_old_link_no_longer_verifies(mail_now):
    client = _register(mail_now)
    old_key = _key(mail.outbox[0])
    changed = mail_now(lambda: client.put("/api/accounts/email/", {"email": "dora@new.example"}, format="json"))
    assert changed.json() == {"email": "dora@new.example", "verified": False}
    assert mail.outbox[-1].to == ["dora@new.example"]
    stale = _verify(old_key)
    assert (stale.status_code, stale.json()["error"]["code"]) == (400, "verify_link_invalid")
    assert _verify(_key(mail.outbox[-1])).status_code == 204


def test_an_expired_or_forged_link_is_refused_and_verifies_nothing(mail_now, settings):
    client = _register(mail_now)
    key = _key(mail.outbox[0])
    assert _verify(key[:-3] + "abc").json()["error"]["code"] == "verify_link_invalid"
    settings.EMAIL_VERIFY_DAYS = -1
    assert _verify(key).json()["error"]["code"] == "verify_link_expired"
    assert client.get("/api/accounts/email/").json()["verified"] is False


def test_address_changes_are_throttled(mail_now, settings):
    client = _register(mail_now)
    for i in range(settings.EMAIL_VERIFY_MAILS_PER_HOUR):
        assert client.put("/api/accounts/email/", {"email": f"d{i}@example.com"}, format="json").status_code == 200
    refused = client.put("/api/accounts/email/", {"email": "last@example.com"}, format="json")
    assert (refused.status_code, refused.json()["error"]["code"]) == (429, "throttled")
    assert get_user_model().objects.get(username="dora").email != "last@example.com"


def test_the_verification_page_asks_for_a_press_then_verifies(mail_now, client):
    _register(mail_now)
    path = link_in(mail.outbox[0], "/verify-email/")
    assert "Confirm this address" in client.get(path).content.decode()
    assert "is confirmed" in client.post(path).content.decode()
    assert "verified already" in client.post(path).content.decode()


def test_a_mail_server_that_refuses_makes_the_task_retry(settings, make_player):
    from accounts.tasks import mail_send_task
    from tests.accounts.mailbox import RefusingBackend

    user = make_player("erin")
    user.email = "erin@example.com"
    user.save()
    settings.EMAIL_BACKEND = "tests.accounts.mailbox.RefusingBackend"
    RefusingBackend.attempts = 0
    result = mail_send_task.apply(args=("email_verify", user.pk, "http://testserver"))  # retries run at once here
    assert RefusingBackend.attempts == mail_send_task.max_retries + 1
    assert result.state == "FAILURE"
