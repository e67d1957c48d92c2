"""Leaving: the player's data as JSON, and deletion after a grace period that keeps results
on past boards under an anonymous name and erases everything personal."""

import datetime as dt

import pytest
from auditlog.models import LogEntry
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import AccountDeletion, UsernameSkeleton
from accounts.tasks import deletions_run_task
from games.models import Game
from tests.games.conftest import daily, finish, today, winnable_deal  # noqa: F401 - fixtures

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


@pytest.fixture
def dora_on_a_board(daily, finish, today, django_capture_on_commit_callbacks):  # noqa: F811
    day = daily(date=today - dt.timedelta(days=1))
    result = finish("dora", day.deal, daily=day, moves=88)
    dora = result.player
    dora.email = "dora@example.com"
    dora.save()
    Game.objects.create(player=dora, deal=day.deal, state="playing", moves="5a")
    client = APIClient()
    client.force_login(dora)
    return dora, day, client


def _due_now(user) -> None:
    AccountDeletion.objects.filter(user=user).update(due_at=timezone.now() - dt.timedelta(seconds=1))


def test_the_export_holds_the_profile_and_every_game_with_its_moves(dora_on_a_board):
    dora, day, client = dora_on_a_board
    answer = client.get("/api/accounts/export/")
    assert answer.status_code == 200 and "attachment" in answer["Content-Disposition"]
    data = answer.json()
    assert data["profile"]["username"] == "dora" and data["profile"]["email"] == "dora@example.com"
    assert sorted(g["id"] for g in data["games"]) == sorted(str(g.pk) for g in Game.objects.filter(player=dora))
    assert ["5a"] in [g["moves"] for g in data["games"]]
    assert [(r["daily"], r["moves"]) for r in data["results"]] == [(day.date.isoformat(), 88)]


def test_deletion_waits_for_the_grace_period_and_can_be_cancelled(dora_on_a_board):
    dora, _, client = dora_on_a_board
    wrong = client.post("/api/accounts/deletion/", {"password": "nope"}, format="json")
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (400, "bad_credentials")
    assert client.post("/api/accounts/deletion/", {"password": PASSWORD}, format="json").status_code == 202
    assert deletions_run_task.apply().get() == 0  # not due yet
    assert get_user_model().objects.get(pk=dora.pk).username == "dora"
    assert client.delete("/api/accounts/deletion/").status_code == 204
    _due_now(dora)
    assert deletions_run_task.apply().get() == 0
    assert get_user_model().objects.get(pk=dora.pk).username == "dora"


def test_a_deleted_account_keeps_its_result_as_deleted_player_and_nothing_personal(
        dora_on_a_board, django_capture_on_commit_callbacks):
    dora, day, client = dora_on_a_board
    Token.objects.create(user=dora)
    board = f"/api/leaderboards/daily/{day.date}/freecell/"
    assert [r["player"] for r in APIClient().get(board).json()["rows"]] == ["dora"]
    assert client.post("/api/accounts/deletion/", {"password": PASSWORD}, format="json").status_code == 202
    _due_now(dora)
    with django_capture_on_commit_callbacks(execute=True):
        assert deletions_run_task.apply().get() == 1
    rows = APIClient().get(board).json()["rows"]
    assert len(rows) == 1 and rows[0]["player"].startswith("deleted player") and rows[0]["moves"] == 88
    gone = get_user_model().objects.get(pk=dora.pk)
    assert (gone.email, gone.has_usable_password()) == ("", False)
    assert not Token.objects.filter(user=gone).exists()
    assert not Game.objects.filter(player=gone, state="playing").exists()
    assert not UsernameSkeleton.objects.filter(user=gone).exists()
    assert client.get("/api/accounts/me/").status_code in (401, 403)
    [entry] = LogEntry.objects.filter(additional_data__action="account_delete")
    assert "dora" not in f"{entry.object_repr} {entry.changes} {entry.additional_data} {entry.actor_email}"
    assert deletions_run_task.apply().get() == 0  # run twice: nothing more to do


def test_the_name_is_free_again_after_deletion(dora_on_a_board):
    dora, _, client = dora_on_a_board
    client.post("/api/accounts/deletion/", {"password": PASSWORD}, format="json")
    _due_now(dora)
    deletions_run_task.apply()
    assert APIClient().post("/api/accounts/register/", {"username": "dora", "password": PASSWORD},
                            format="json").status_code == 201


def test_a_second_request_is_a_conflict_and_staff_are_not_deleted_this_way(dora_on_a_board, make_player):
    _, _, client = dora_on_a_board
    assert client.post("/api/accounts/deletion/", {"password": PASSWORD}, format="json").status_code == 202
    again = client.post("/api/accounts/deletion/", {"password": PASSWORD}, format="json")
    assert (again.status_code, again.json()["error"]["code"]) == (409, "deletion_pending")
    staff = APIClient()
    staff.force_authenticate(make_player("root", staff=True))
    refused = staff.post("/api/accounts/deletion/", {"password": PASSWORD}, format="json")
    assert refused.json()["error"]["code"] == "staff_account"


def test_beat_runs_the_deletions_hourly():
    from freecell_site.celery import app

    assert app.conf.beat_schedule["delete-accounts-due"]["task"] == "accounts.deletions_run"
    call_command("check", verbosity=0)
