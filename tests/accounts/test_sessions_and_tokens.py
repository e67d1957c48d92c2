"""The owner lists and ends their sessions and API tokens; tokens expire."""

import datetime as dt

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


def _logged_in(username: str = "alice", agent: str = "Laptop") -> APIClient:
    client = APIClient(HTTP_USER_AGENT=agent)
    assert client.post("/api/accounts/login/", {"username": username, "password": PASSWORD},
                       format="json").status_code == 200
    return client


def test_the_owner_lists_their_sessions_and_ends_another_one(player):
    laptop, phone = _logged_in(agent="Laptop"), _logged_in(agent="Phone")
    listed = laptop.get("/api/accounts/sessions/").json()
    assert sorted((s["user_agent"], s["current"]) for s in listed) == [("Laptop", True), ("Phone", False)]
    [other] = [s for s in listed if not s["current"]]
    assert laptop.delete(f"/api/accounts/sessions/{other['id']}/").status_code == 204
    assert phone.get("/api/accounts/me/").status_code in (401, 403)
    assert laptop.get("/api/accounts/me/").status_code == 200


def test_nobody_ends_another_accounts_session(player, make_player):
    make_player("bob")
    _logged_in("alice")
    alices = _logged_in("alice").get("/api/accounts/sessions/").json()
    bob = _logged_in("bob")
    answer = bob.delete(f"/api/accounts/sessions/{alices[0]['id']}/")
    assert (answer.status_code, answer.json()["error"]["code"]) == (404, "not_found")
    assert len(_logged_in("alice").get("/api/accounts/sessions/").json()) == 3


def test_tokens_are_listed_with_their_expiry_and_revoked_by_their_owner(player):
    key = APIClient().post("/api/accounts/token/", {"username": "alice", "password": PASSWORD},
                           format="json").json()["token"]
    script = APIClient(HTTP_AUTHORIZATION=f"Token {key}")
    [token] = script.get("/api/accounts/tokens/").json()
    assert token["prefix"] == key[:6] and key not in str(token) and token["expired"] is False
    assert script.delete(f"/api/accounts/tokens/{token['id']}/").status_code == 204
    assert script.get("/api/accounts/me/").status_code == 401


def test_an_expired_token_is_refused_and_a_new_one_is_issued(player, settings):
    key = APIClient().post("/api/accounts/token/", {"username": "alice", "password": PASSWORD},
                           format="json").json()["token"]
    Token.objects.filter(key=key).update(created=Token.objects.get(key=key).created - dt.timedelta(days=91))
    refused = APIClient(HTTP_AUTHORIZATION=f"Token {key}").get("/api/accounts/me/")
    assert refused.status_code == 401 and "expired" in refused.json()["error"]["message"]
    fresh = APIClient().post("/api/accounts/token/", {"username": "alice", "password": PASSWORD},
                             format="json").json()["token"]
    assert fresh != key
    assert APIClient(HTTP_AUTHORIZATION=f"Token {fresh}").get("/api/accounts/me/").status_code == 200


def test_the_account_page_lists_sessions_and_tokens_and_revokes(player, client):
    client.force_login(player)
    Token.objects.create(user=player)
    page = client.get("/account/")
    assert page.status_code == 200 and "this one" in page.content.decode()
    [token] = client.get("/api/accounts/tokens/").json()
    assert client.post("/account/", {"revoke_token": token["id"]}).status_code == 302
    assert not Token.objects.filter(user=player).exists()
