"""Look-alike usernames are refused; the password rules are Django's validators, applied alike.

The probes: ``pcheatА`` (Cyrillic А) registered beside ``pcheatA``; the
password "aaaaaaaaaaaa" was accepted while "password1234" was refused.
"""

import pytest
import requests
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.models import UsernameSkeleton
from accounts.usernames import username_skeleton

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "correct horse battery"


def _register(username: str, password: str = GOOD_PASSWORD):
    return APIClient().post("/api/accounts/register/", {"username": username, "password": password}, format="json")


def test_a_look_alike_of_an_existing_name_is_refused_and_mixed_scripts_are_refused():
    assert _register("pcheatA").status_code == 201
    cyrillic = _register("раура")  # all Cyrillic: one script, and like no name yet
    assert cyrillic.status_code == 201
    twin = _register("раура".replace("р", "p", 1))  # Latin p + Cyrillic: mixed
    assert twin.status_code == 400 and twin.json()["error"]["code"] == "username_mixed_scripts"
    look_alike = _register("paypa")
    assert look_alike.status_code == 409
    assert look_alike.json()["error"]["code"] == "username_confusable"
    assert not get_user_model().objects.filter(username="paypa").exists()


def test_pcheat_with_a_cyrillic_a_is_refused_beside_pcheat_with_a_latin_one():
    assert _register("pcheatA").status_code == 201
    response = _register("pcheatА")
    assert response.status_code in (400, 409)
    assert response.json()["error"]["code"] in ("username_mixed_scripts", "username_confusable")
    assert get_user_model().objects.count() == 1


@pytest.mark.parametrize("twin", ["PCHEATA", "pcheata", "ｐｃｈｅａｔＡ"])
def test_case_and_width_variants_are_the_same_name(twin):
    assert _register("pcheatA").status_code == 201
    response = _register(twin)
    assert response.status_code == 409, response.json()
    assert response.json()["error"]["code"] in ("username_taken", "username_confusable")


def test_a_fullwidth_name_is_stored_nfkc_normalised():
    assert _register("ｂｏｂ").json()["username"] == "bob"


def test_a_name_made_in_the_admin_still_blocks_its_case_twin(make_player):
    make_player("Carol")  # no skeleton row: made outside registration
    assert _register("carol").json()["error"]["code"] == "username_confusable"


def test_skeletons_match_for_look_alikes_and_differ_otherwise():
    assert username_skeleton("pcheatА") == username_skeleton("pcheatA")
    assert username_skeleton("раура") == username_skeleton("paypa")
    assert username_skeleton("alice") != username_skeleton("alicf")


def test_the_migration_gives_existing_names_their_skeleton(make_player):
    make_player("dave")
    UsernameSkeleton.objects.all().delete()
    call_command("migrate", "accounts", "zero", verbosity=0)
    call_command("migrate", "accounts", verbosity=0)
    assert UsernameSkeleton.objects.get(user__username="dave").skeleton == "dave"


@pytest.mark.parametrize(
    ("password", "reason"),
    [("aaaaaaaaaaaa", "too few different characters"), ("password1234", "too common"),
     ("abababababab", "too few different characters")],
)
def test_weak_passwords_are_refused_alike_and_the_refusal_names_the_reason(password, reason):
    response = _register("erin", password)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "weak_password"
    assert reason in error["message"] and any(reason in r for r in error["reasons"])


def test_the_register_page_lists_the_validators_rules(client):
    html = client.get("/register/").content.decode()
    assert "at least 12 characters" in html and "at least 5 different characters" in html


@pytest.mark.worker
def test_the_live_service_refuses_the_cyrillic_look_alike(live_url):
    session = requests.Session()
    token = session.get(f"{live_url}/api/accounts/csrf/", timeout=30).json()["csrf_token"]

    def register(name: str) -> requests.Response:
        return requests.post(f"{live_url}/api/accounts/register/", json={"username": name, "password": GOOD_PASSWORD},
                             headers={"X-CSRFToken": token}, cookies=session.cookies, timeout=30)

    assert register("pcheatA").status_code == 201
    refused = register("pcheatА")
    assert refused.status_code in (400, 409), refused.text
