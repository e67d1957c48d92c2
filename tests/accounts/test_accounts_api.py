"""Accounts: registration, log-in with lockout, CSRF for sessions, tokens for scripts."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "correct horse battery"


def _csrf_client() -> tuple[APIClient, str]:
    client = APIClient(enforce_csrf_checks=True)
    token = client.get("/api/accounts/csrf/").json()["csrf_token"]
    return client, token


def test_register_creates_the_account_and_logs_it_in():
    client, token = _csrf_client()
    response = client.post(
        "/api/accounts/register/", {"username": "bob", "password": GOOD_PASSWORD}, format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert response.status_code == 201, response.json()
    assert response.json()["username"] == "bob"
    assert client.get("/api/accounts/me/").json()["username"] == "bob"


@pytest.mark.parametrize(
    ("password", "why"),
    [("short pass", "at least 12"), ("123456789012345", "entirely numeric"), ("password1234", "too common")],
)
def test_register_refuses_a_weak_password_and_writes_nothing(password, why):
    response = APIClient().post(
        "/api/accounts/register/", {"username": "bob", "password": password}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "weak_password"
    assert why in response.json()["error"]["message"]
    assert not get_user_model().objects.filter(username="bob").exists()


def test_register_refuses_a_taken_username(make_player):
    make_player("bob")
    response = APIClient().post(
        "/api/accounts/register/", {"username": "bob", "password": GOOD_PASSWORD}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "username_taken"


def test_register_refuses_non_string_fields():
    response = APIClient().post("/api/accounts/register/", {"username": 0, "password": 1}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"
    assert set(response.json()["error"]["fields"]) == {"username", "password"}


def test_session_login_is_refused_without_a_csrf_token(make_player):
    make_player("bob")
    client = APIClient(enforce_csrf_checks=True)
    response = client.post("/api/accounts/login/", {"username": "bob", "password": GOOD_PASSWORD}, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "csrf_failed"


def test_session_writes_need_the_csrf_token_once_logged_in(make_player):
    make_player("bob")
    client, token = _csrf_client()
    login = client.post(
        "/api/accounts/login/", {"username": "bob", "password": GOOD_PASSWORD}, format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert login.status_code == 200
    refused = client.post("/api/games/", {"variant": "freecell", "number": 1}, format="json")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "csrf_failed"  # was "forbidden", unlike the docs
    token = client.cookies["csrftoken"].value
    accepted = client.post(
        "/api/games/", {"variant": "freecell", "number": 1}, format="json", HTTP_X_CSRFTOKEN=token
    )
    assert accepted.status_code == 201


def test_wrong_password_is_a_clear_refusal(make_player):
    make_player("bob")
    response = APIClient().post("/api/accounts/login/", {"username": "bob", "password": "nope"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_credentials"


def test_repeated_failures_lock_the_username_and_ip_out(make_player, settings):
    make_player("bob")
    client = APIClient()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/api/accounts/login/", {"username": "bob", "password": "wrong"}, format="json")
    locked = client.post("/api/accounts/login/", {"username": "bob", "password": GOOD_PASSWORD}, format="json")
    assert locked.status_code == 403
    assert locked.json()["error"]["code"] == "locked_out"


def test_other_accounts_are_not_locked_by_someone_elses_failures(make_player, settings):
    make_player("bob")
    make_player("carol")
    client = APIClient()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/api/accounts/login/", {"username": "bob", "password": "wrong"}, format="json")
    ok = client.post("/api/accounts/login/", {"username": "carol", "password": GOOD_PASSWORD}, format="json")
    assert ok.status_code == 200


def test_logout_ends_the_session(make_player):
    make_player("bob")
    client = APIClient()
    client.post("/api/accounts/login/", {"username": "bob", "password": GOOD_PASSWORD}, format="json")
    assert client.post("/api/accounts/logout/").status_code == 204
    me = client.get("/api/accounts/me/")
    assert me.status_code == 401
    assert me.json()["error"]["code"] == "not_authenticated"


def test_password_change_checks_the_old_one_and_the_validators(api, player):
    wrong = api.post(
        "/api/accounts/password/", {"old_password": "nope", "new_password": "another fine phrase"},
        format="json",
    )
    assert wrong.status_code == 400 and wrong.json()["error"]["code"] == "bad_credentials"
    weak = api.post(
        "/api/accounts/password/", {"old_password": GOOD_PASSWORD, "new_password": "short"}, format="json"
    )
    assert weak.status_code == 400 and weak.json()["error"]["code"] == "weak_password"
    ok = api.post(
        "/api/accounts/password/", {"old_password": GOOD_PASSWORD, "new_password": "another fine phrase"},
        format="json",
    )
    assert ok.status_code == 204
    player.refresh_from_db()
    assert player.check_password("another fine phrase")


def test_a_token_authenticates_scripts(make_player):
    make_player("bob")
    token = APIClient().post(
        "/api/accounts/token/", {"username": "bob", "password": GOOD_PASSWORD}, format="json"
    ).json()["token"]
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert script.get("/api/accounts/me/").json()["username"] == "bob"
    assert script.post("/api/games/", {"variant": "freecell", "number": 1}, format="json").status_code == 201


def test_changing_the_password_revokes_api_tokens(make_player):
    make_player("bob")
    token = APIClient().post(
        "/api/accounts/token/", {"username": "bob", "password": GOOD_PASSWORD}, format="json"
    ).json()["token"]
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    changed = script.post(
        "/api/accounts/password/", {"old_password": GOOD_PASSWORD, "new_password": "another fine phrase"},
        format="json",
    )
    assert changed.status_code == 204
    refused = script.get("/api/accounts/me/")
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "authentication_failed"


def test_guessing_the_old_password_counts_towards_the_lockout(api, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        api.post("/api/accounts/password/", {"old_password": "guess", "new_password": "another fine phrase"},
                 format="json")
    locked = api.post(
        "/api/accounts/password/", {"old_password": GOOD_PASSWORD, "new_password": "another fine phrase"},
        format="json",
    )
    assert locked.status_code == 403 and locked.json()["error"]["code"] == "locked_out"
