"""Latin look-alikes are one name, on every path that makes or renames an account.

The probe: ``kǀ_bob`` (U+01C0), ``kI_bob`` (capital i) and ``kl_bᴏb`` (U+1D0F)
registered beside ``kl_bob``; accounts made with ``createsuperuser`` or in the
admin had no skeleton row at all.
"""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from accounts.models import UsernameSkeleton
from accounts.usernames import username_skeleton

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "correct horse battery"
LOOK_ALIKES = ["kI_bob", "kǀ_bob", "kl_bᴏb", "KL_B0B"]
User = get_user_model()


def _admin_form(**fields) -> dict:
    """An admin form as the browser sends it, with the (empty) suspension inline."""
    return {"suspension-TOTAL_FORMS": "0", "suspension-INITIAL_FORMS": "0", **fields}


def _register(username: str):
    return APIClient().post("/api/accounts/register/", {"username": username, "password": GOOD_PASSWORD},
                            format="json")


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_the_skeleton_maps_latin_look_alikes_to_one_name(name):
    assert username_skeleton(name) == username_skeleton("kl_bob")


def test_the_skeleton_keeps_names_that_only_resemble_each_other_apart():
    assert username_skeleton("ki_bob") != username_skeleton("kl_bob")
    assert username_skeleton("kı_bob") == username_skeleton("ki_bob")  # dotless i


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_registration_refuses_a_latin_look_alike(name):
    assert _register("kl_bob").status_code == 201
    response = _register(name)
    assert response.status_code == 409, response.json()
    assert response.json()["error"]["code"] == "username_confusable"
    assert User.objects.count() == 1


@pytest.mark.parametrize("name", ["kI_bob", "kǀ_bob", "kl_bᴏb"])
def test_the_admin_refuses_to_make_a_look_alike(admin_client, name):
    assert _register("kl_bob").status_code == 201
    response = admin_client.post("/admin/auth/user/add/", _admin_form(
        username=name, password1=GOOD_PASSWORD, password2=GOOD_PASSWORD, usable_password="true"))
    assert response.status_code == 200
    assert "looks like one already taken" in response.content.decode()
    assert not User.objects.filter(username=name).exists()


def test_an_account_made_in_the_admin_gets_its_skeleton_and_blocks_look_alikes(admin_client):
    response = admin_client.post("/admin/auth/user/add/", _admin_form(
        username="kl_bob", password1=GOOD_PASSWORD, password2=GOOD_PASSWORD, usable_password="true"))
    assert response.status_code == 302
    assert UsernameSkeleton.objects.get(user__username="kl_bob").skeleton == "kl_bob"
    assert _register("kI_bob").json()["error"]["code"] == "username_confusable"


def test_the_admin_refuses_to_rename_an_account_to_a_look_alike(admin_client):
    assert _register("kl_bob").status_code == 201
    assert _register("carol").status_code == 201
    carol = User.objects.get(username="carol")
    page = admin_client.get(f"/admin/auth/user/{carol.pk}/change/")
    form = _admin_form(**{k: v for k, v in page.context["adminform"].form.initial.items() if v is not None})
    form.update({"username": "kI_bob", "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00"})
    response = admin_client.post(f"/admin/auth/user/{carol.pk}/change/", form)
    assert response.status_code == 200
    assert "looks like one already taken" in response.content.decode()
    carol.refresh_from_db()
    assert carol.username == "carol"


def test_an_admin_rename_moves_the_skeleton(admin_client):
    assert _register("carol").status_code == 201
    carol = User.objects.get(username="carol")
    page = admin_client.get(f"/admin/auth/user/{carol.pk}/change/")
    form = _admin_form(**{k: v for k, v in page.context["adminform"].form.initial.items() if v is not None})
    form.update({"username": "carla", "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00",
                 "reason": "asked by the player"})
    assert admin_client.post(f"/admin/auth/user/{carol.pk}/change/", form).status_code == 302
    assert UsernameSkeleton.objects.get(user=carol).skeleton == "carla"
    assert _register("caroI").status_code == 201  # the old name is free again


def test_createsuperuser_refuses_a_look_alike(monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", GOOD_PASSWORD)
    assert _register("kl_bob").status_code == 201
    with pytest.raises(CommandError, match="looks like one already taken"):
        call_command("createsuperuser", interactive=False, username="kI_bob", email="", verbosity=0)
    assert not User.objects.filter(username="kI_bob").exists()


def test_createsuperuser_gives_the_account_its_skeleton(monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", GOOD_PASSWORD)
    call_command("createsuperuser", interactive=False, username="kl_bob", email="", verbosity=0)
    assert UsernameSkeleton.objects.get(user__username="kl_bob").skeleton == "kl_bob"
    assert _register("kl_bᴏb").json()["error"]["code"] == "username_confusable"


def test_the_migration_gives_every_account_the_new_skeleton(make_player):
    from django.core.management import call_command as run

    make_player("Sam")  # made without a row, as the admin and createsuperuser did
    run("migrate", "accounts", "0001", verbosity=0)
    run("migrate", "accounts", verbosity=0)
    assert UsernameSkeleton.objects.get(user__username="Sam").skeleton == "sarn"
