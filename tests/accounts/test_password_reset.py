"""A forgotten password: a reset link by mail that works once, expires, tells nobody
whether an address is registered, is throttled, and signs the account out everywhere."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.accounts.mailbox import link_in

pytestmark = pytest.mark.django_db

OLD, NEW = "correct horse battery", "tulips and telescopes 9"
RESET = "/api/accounts/password-reset/"
CONFIRM = "/api/accounts/password-reset/confirm/"


@pytest.fixture
def bob(make_player):
    user = make_player("bob")
    user.email = "bob@example.com"
    user.save()
    return user


def _ask(email: str, address: str = "10.9.9.9"):
    return APIClient(REMOTE_ADDR=address).post(RESET, {"email": email}, format="json")


def _link(mail_now, email="bob@example.com") -> tuple[str, str]:
    assert mail_now(lambda: _ask(email)).status_code == 202
    path = link_in(mail.outbox[-1], "/reset/")
    _, _, uid, token, _ = path.split("/")
    return uid, token


def _confirm(uid, token, password=NEW):
    return APIClient().post(CONFIRM, {"uid": uid, "token": token, "new_password": password}, format="json")


def test_a_known_and_an_unknown_address_get_the_same_answer_and_only_the_known_one_a_mail(bob, mail_now):
    known = mail_now(lambda: _ask("BOB@example.com"))
    unknown = mail_now(lambda: _ask("nobody@example.com"))
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]
    assert "/reset/" in mail.outbox[0].body


def test_the_mail_is_sent_by_a_task_after_the_commit_never_in_the_request(bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert _ask("bob@example.com").status_code == 202
    assert mail.outbox == [] and len(callbacks) == 1


def test_the_link_sets_the_password_once(bob, mail_now):
    uid, token = _link(mail_now)
    assert _confirm(uid, token).status_code == 204
    bob.refresh_from_db()
    assert bob.check_password(NEW)
    again = _confirm(uid, token, "another fine password 7")
    assert (again.status_code, again.json()["error"]["code"]) == (400, "reset_link_invalid")
    bob.refresh_from_db()
    assert bob.check_password(NEW)


def test_an_expired_link_is_refused_and_changes_nothing(bob, mail_now, settings):
    uid, token = _link(mail_now)
    settings.PASSWORD_RESET_TIMEOUT = -1
    refused = _confirm(uid, token)
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "reset_link_invalid")
    bob.refresh_from_db()
    assert bob.check_password(OLD)


@pytest.mark.parametrize(("uid", "token"), [("MQ", "nonsense-token"), ("%%%", "x"), ("OTk5OTk5", "abc-def")])
def test_a_made_up_link_is_refused(bob, uid, token):
    assert _confirm(uid, token).json()["error"]["code"] == "reset_link_invalid"


def test_a_weak_new_password_is_refused_and_the_link_still_works(bob, mail_now):
    uid, token = _link(mail_now)
    weak = _confirm(uid, token, "aaaaaaaaaaaa")
    assert (weak.status_code, weak.json()["error"]["code"]) == (400, "weak_password")
    bob.refresh_from_db()
    assert bob.check_password(OLD)
    assert _confirm(uid, token).status_code == 204


def test_a_reset_ends_every_session_and_revokes_the_tokens(bob, mail_now):
    browser = APIClient()
    assert browser.post("/api/accounts/login/", {"username": "bob", "password": OLD}, format="json").status_code == 200
    Token.objects.create(user=bob)
    uid, token = _link(mail_now)
    assert _confirm(uid, token).status_code == 204
    assert browser.get("/api/accounts/me/").status_code in (401, 403)
    assert not Token.objects.filter(user=bob).exists()


def test_requests_for_one_address_are_throttled_and_say_so(bob, settings):
    for i in range(settings.PASSWORD_RESET_PER_EMAIL):
        assert _ask("bob@example.com", address=f"10.8.0.{i + 1}").status_code == 202
    refused = _ask("bob@example.com", address="10.8.1.1")
    assert (refused.status_code, refused.json()["error"]["code"]) == (429, "throttled")


def test_requests_from_one_client_are_throttled(settings):
    for i in range(settings.PASSWORD_RESET_PER_ADDRESS):
        assert _ask(f"someone{i}@example.com", address="10.7.0.1").status_code == 202
    assert _ask("last@example.com", address="10.7.0.1").status_code == 429


def test_an_account_gets_at_most_a_few_mails_an_hour_whatever_is_asked(bob, mail_now, settings):
    settings.PASSWORD_RESET_PER_EMAIL = 100
    answers = {mail_now(lambda i=i: _ask("bob@example.com", address=f"10.6.0.{i + 1}")).status_code
               for i in range(settings.PASSWORD_RESET_MAILS_PER_HOUR + 3)}
    assert answers == {202}
    assert len(mail.outbox) == settings.PASSWORD_RESET_MAILS_PER_HOUR


def test_the_reset_pages_set_the_password_and_refuse_the_link_a_second_time(bob, mail_now, client):
    assert mail_now(lambda: client.post("/password-reset/", {"email": "bob@example.com"})).status_code == 200
    path = link_in(mail.outbox[-1], "/reset/")
    assert client.get(path).status_code == 200
    done = client.post(path, {"new_password": NEW, "new_password_again": NEW})
    assert "Your password is changed" in done.content.decode()
    again = client.get(path)
    assert again.status_code == 400 and "not valid" in again.content.decode()
    assert get_user_model().objects.get(pk=bob.pk).check_password(NEW)
