"""Issue 27, points 1, 6 and 8: staff change accounts through the admin's own forms, with a reason.

A rename went straight to the user row: the stored boards kept the old name
for their five minutes, the audit log never heard of it. Deactivating and
reactivating asked no reason; suspending and lifting said nothing when done.
"""

import pytest
from auditlog.models import LogEntry
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from rest_framework.test import APIClient

from accounts.models import UsernameSkeleton
from core.errors import Conflict, InvalidRequest
from games.services.audit import StaffAct
from games.services.players import player_active_set, player_rename

pytestmark = pytest.mark.django_db

User = get_user_model()
CYRILLIC_ROBO = "r\u043ebo_one"  # a Cyrillic о


def change_form(admin_client, player, **changes) -> dict:
    """The user's change form as the admin shows it, with ``changes`` typed in."""
    form = admin_client.get(f"/admin/auth/user/{player.pk}/change/").context["adminform"].form
    data = {k: v for k, v in form.initial.items()
            if v is not None and k not in ("password", "groups", "user_permissions", "is_active")}
    data.update({"date_joined_0": player.date_joined.date().isoformat(), "date_joined_1": "00:00:00",
                 "last_login_0": "", "last_login_1": "", "suspension-TOTAL_FORMS": "0",
                 "suspension-INITIAL_FORMS": "0"})
    if player.is_active:
        data["is_active"] = "on"
    data.update(changes)
    return data


def post_change(admin_client, player, capture, **changes):
    data = change_form(admin_client, player, **changes)
    with capture(execute=True):
        return admin_client.post(f"/admin/auth/user/{player.pk}/change/", data)


def staff_entries(action: str) -> list[LogEntry]:
    return list(LogEntry.objects.filter(additional_data__action=action).order_by("timestamp"))


def names(client, url: str) -> list[str]:
    return [row["player"] for row in client.get(url).json()["rows"]]


# 1. A rename reaches every board at the next read, and the audit log with its reason.
def test_an_admin_rename_shows_on_every_stored_board_at_the_next_read(
        admin_client, daily, finish, winnable_deal, today, django_capture_on_commit_callbacks):
    day = daily(number=6)
    dora = finish("dora", day.deal, daily=day).player
    finish("dora", winnable_deal("freecell", 7))
    anon = APIClient()
    boards = [f"/api/leaderboards/daily/{today}/freecell/", "/api/leaderboards/all-time/freecell/",
              "/api/leaderboards/deal/freecell/7/"]
    assert [names(anon, url) for url in boards] == [["dora"]] * 3  # stored now
    assert anon.get("/api/players/dora/stats/").status_code == 200

    response = post_change(admin_client, dora, django_capture_on_commit_callbacks,
                           username="dorothea", reason="asked by the player")

    assert response.status_code == 302, response.context["adminform"].form.errors
    assert [names(anon, url) for url in boards] == [["dorothea"]] * 3
    assert anon.get("/api/players/dorothea/stats/").status_code == 200
    assert anon.get("/api/players/dora/stats/").status_code == 404
    [entry] = staff_entries("player_rename")
    assert entry.additional_data["reason"] == "asked by the player"
    assert entry.changes_dict["username"] == ["dora", "dorothea"]
    assert entry.actor.username == "admin"
    assert UsernameSkeleton.objects.get(user=dora).skeleton == "dorothea"


def test_a_rename_shows_on_the_board_among_the_players_followers(
        admin_client, daily, finish, make_player, today, django_capture_on_commit_callbacks):
    day = daily(number=6)
    dora = finish("dora", day.deal, daily=day).player
    fan = make_player("fan")
    reader = APIClient()
    reader.force_authenticate(fan)
    assert reader.post("/api/players/dora/follow/").status_code in (200, 201)
    url = f"/api/leaderboards/daily/{today}/freecell/?among=following"
    assert names(reader, url) == ["dora"]
    post_change(admin_client, dora, django_capture_on_commit_callbacks, username="dorothea", reason="asked")
    assert names(reader, url) == ["dorothea"]


def test_a_rename_in_the_admin_needs_a_reason_and_changes_nothing_without_one(
        admin_client, make_player, django_capture_on_commit_callbacks):
    dora = make_player("dora")
    response = post_change(admin_client, dora, django_capture_on_commit_callbacks, username="dorothea")
    assert response.status_code == 200
    assert "reason" in response.context["adminform"].form.errors
    assert User.objects.get(pk=dora.pk).username == "dora"
    assert not LogEntry.objects.exists()


@pytest.mark.parametrize("registered", [True, False], ids=["registered", "made-without-skeleton"])
def test_a_rename_to_a_cyrillic_look_alike_is_refused_with_a_form_error(
        admin_client, make_player, registered, django_capture_on_commit_callbacks):
    if registered:
        assert APIClient().post("/api/accounts/register/", {"username": "robo_one",
                                "password": "correct horse battery"}, format="json").status_code == 201
    else:
        make_player("robo_one")
    carol = make_player("carol")
    response = post_change(admin_client, carol, django_capture_on_commit_callbacks,
                           username=CYRILLIC_ROBO, reason="asked by the player")
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["username"]
    assert any("alphabets" in e or "looks like" in e for e in errors), errors
    assert User.objects.get(pk=carol.pk).username == "carol"
    assert not staff_entries("player_rename")


def test_a_look_alike_registered_after_the_form_was_checked_leaves_everything_unchanged(
        admin_client, make_player, monkeypatch, django_capture_on_commit_callbacks):
    """The service checks again under the row lock; its refusal is a message, never a 500."""
    dora = make_player("dora")

    def taken_meanwhile(username, *, user=None):
        raise Conflict("That username looks like one already taken.", code="username_confusable")

    monkeypatch.setattr("games.services.players.username_check", taken_meanwhile)
    response = post_change(admin_client, dora, django_capture_on_commit_callbacks,
                           username="dorothea", first_name="Dora", reason="asked by the player")
    assert response.status_code == 302 and response.url == f"/admin/auth/user/{dora.pk}/change/"
    messages = [str(m) for m in get_messages(response.wsgi_request)]
    assert messages == ["Nothing was changed: That username looks like one already taken."]
    assert User.objects.filter(pk=dora.pk).values_list("username", "first_name").get() == ("dora", "")
    assert not LogEntry.objects.exists()


def test_a_rename_to_a_latin_look_alike_of_an_account_without_a_skeleton_row_is_refused(
        admin_client, make_player, django_capture_on_commit_callbacks):
    """``robo_one`` made by a bare ``create_user`` (a script) had no look-alike key: only its case counted."""
    make_player("robo_one")
    carol = make_player("carol")
    response = post_change(admin_client, carol, django_capture_on_commit_callbacks,
                           username="robo_0ne", reason="asked by the player")
    assert response.status_code == 200
    assert "looks like one already taken" in " ".join(response.context["adminform"].form.errors["username"])
    assert User.objects.get(pk=carol.pk).username == "carol"


def test_the_rename_service_applies_registrations_rules_and_asks_a_reason(make_player):
    make_player("robo_one")
    carol = make_player("carol")
    with pytest.raises(InvalidRequest) as no_reason:
        player_rename(player=carol, username="carla", act=StaffAct(reason=" "))
    assert no_reason.value.code == "reason_required"
    with pytest.raises(InvalidRequest) as mixed:
        player_rename(player=carol, username=CYRILLIC_ROBO, act=StaffAct(reason="asked"))
    assert mixed.value.code == "username_mixed_scripts"
    assert User.objects.get(pk=carol.pk).username == "carol"
    assert not LogEntry.objects.exists()


# 6. Deactivating and reactivating ask a reason and are in the audit log with it.
def test_unticking_active_in_the_admin_needs_a_reason(admin_client, make_player,
                                                      django_capture_on_commit_callbacks):
    dora = make_player("dora")
    data = change_form(admin_client, dora)
    del data["is_active"]
    with django_capture_on_commit_callbacks(execute=True):
        refused = admin_client.post(f"/admin/auth/user/{dora.pk}/change/", data)
    assert refused.status_code == 200 and "reason" in refused.context["adminform"].form.errors
    assert User.objects.get(pk=dora.pk).is_active

    data["reason"] = "spam account"
    with django_capture_on_commit_callbacks(execute=True):
        assert admin_client.post(f"/admin/auth/user/{dora.pk}/change/", data).status_code == 302
    assert not User.objects.get(pk=dora.pk).is_active
    [entry] = staff_entries("player_deactivate")
    assert entry.additional_data["reason"] == "spam account"


def test_the_deactivate_and_reactivate_actions_ask_a_reason_and_are_audited(
        admin_client, make_player, django_capture_on_commit_callbacks):
    dora = make_player("dora")
    asked = admin_client.post("/admin/auth/user/", {"action": "deactivate", "_selected_action": [dora.pk]})
    assert asked.status_code == 200 and b'name="reason"' in asked.content
    admin_client.post("/admin/auth/user/", {"action": "deactivate", "_selected_action": [dora.pk],
                                            "confirm": "yes", "reason": ""})
    assert User.objects.get(pk=dora.pk).is_active  # no reason: asked again, nothing done
    with django_capture_on_commit_callbacks(execute=True):
        done = admin_client.post("/admin/auth/user/", {"action": "deactivate", "_selected_action": [dora.pk],
                                                       "confirm": "yes", "reason": "spam"}, follow=True)
    assert not User.objects.get(pk=dora.pk).is_active
    assert "Deactivated: dora." in [str(m) for m in get_messages(done.wsgi_request)]
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post("/admin/auth/user/", {"action": "reactivate", "_selected_action": [dora.pk],
                                                "confirm": "yes", "reason": "appeal accepted"})
    assert User.objects.get(pk=dora.pk).is_active
    assert [e.additional_data["reason"] for e in staff_entries("player_deactivate")] == ["spam"]
    assert [e.additional_data["reason"] for e in staff_entries("player_activate")] == ["appeal accepted"]


def test_the_activation_service_asks_a_reason(make_player):
    dora = make_player("dora")
    with pytest.raises(InvalidRequest) as refused:
        player_active_set(player=dora, active=False, act=StaffAct(reason=""))
    assert refused.value.code == "reason_required"
    assert User.objects.get(pk=dora.pk).is_active


# 8. Suspending and lifting say they were done.
def test_suspend_and_lift_end_with_a_success_message(admin_client, make_player,
                                                     django_capture_on_commit_callbacks):
    dora = make_player("dora")
    with django_capture_on_commit_callbacks(execute=True):
        suspended = admin_client.post("/admin/auth/user/", {"action": "suspend", "_selected_action": [dora.pk],
                                                            "confirm": "yes", "reason": "bot"}, follow=True)
    assert "Suspended: dora." in [str(m) for m in get_messages(suspended.wsgi_request)]
    with django_capture_on_commit_callbacks(execute=True):
        lifted = admin_client.post("/admin/auth/user/", {"action": "lift_suspension",
                                                         "_selected_action": [dora.pk], "confirm": "yes",
                                                         "reason": "appeal"}, follow=True)
    assert "Suspension lifted: dora." in [str(m) for m in get_messages(lifted.wsgi_request)]
