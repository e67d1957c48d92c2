"""Curation in the Django admin, as a staff member uses it (Django's test client)."""

import datetime as dt

import pytest
from auditlog.models import LogEntry

from games.models import Daily, Deal, Result

pytestmark = pytest.mark.django_db


def entries(action: str) -> list[LogEntry]:
    return list(LogEntry.objects.filter(additional_data__action=action).order_by("timestamp"))


def test_adding_a_deal_by_number_sends_it_to_the_worker(admin_client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        response = admin_client.post(
            "/admin/games/deal/add/", {"variant": "forecell", "number": 5, "note": "for the weekend"}
        )
    assert response.status_code == 302
    deal = Deal.objects.get(variant="forecell", number=5)
    assert (deal.status, deal.note) == ("unknown", "for the weekend")
    assert len(callbacks) == 1
    assert [e.actor.username for e in entries("deal_add")] == ["admin"]


def test_the_admin_refuses_a_deal_number_out_of_range(admin_client):
    response = admin_client.post("/admin/games/deal/add/", {"variant": "freecell", "number": 8_589_934_592})
    assert response.status_code == 200
    assert "deal numbers run from 1" in response.content.decode()
    assert not Deal.objects.exists()


def test_the_admin_schedules_only_proven_deals_on_future_dates(admin_client, today):
    Deal.objects.create(variant="freecell", number=5, status="undecided")
    proven = Deal.objects.create(variant="freecell", number=6, status="winnable", par=70, in_pool=True)
    day = today + dt.timedelta(days=3)
    refused = admin_client.post("/admin/games/daily/add/", {"variant": "freecell", "date": day, "number": 5})
    assert "was not decided" in refused.content.decode()
    past = admin_client.post(
        "/admin/games/daily/add/", {"variant": "freecell", "date": today - dt.timedelta(days=1), "number": 6}
    )
    assert "Only future dates" in past.content.decode()
    assert not Daily.objects.exists()
    accepted = admin_client.post("/admin/games/daily/add/", {"variant": "freecell", "date": day, "number": 6,
                                                             "reason": "a Sunday classic"})
    assert accepted.status_code == 302
    assert Daily.objects.get().deal == proven
    proven.refresh_from_db()
    assert not proven.in_pool
    [entry] = entries("schedule_add")
    assert (entry.actor.username, entry.additional_data["reason"], entry.additional_data["via"]) == (
        "admin", "a Sunday classic", "admin")


def test_voiding_a_result_asks_for_a_reason_then_takes_it_off_the_board(admin_client, daily, finish, client,
                                                                         today, django_capture_on_commit_callbacks):
    day = daily(number=6)
    result = finish("dora", day.deal, daily=day, moves=80, ms=600_000)
    board = f"/api/leaderboards/daily/{today}/freecell/"
    assert len(client.get(board).json()["rows"]) == 1
    asked = admin_client.post("/admin/games/result/", {"action": "void", "_selected_action": [result.pk]})
    assert "Void these results" in asked.content.decode() and not Result.objects.get().voided
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post("/admin/games/result/", {"action": "void", "_selected_action": [result.pk],
                                                   "confirm": "yes", "reason": "shared account"})
    assert Result.objects.get().voided
    assert client.get(board).json()["rows"] == []
    [entry] = entries("result_void")
    assert entry.additional_data["reason"] == "shared account"
    assert entry.changes == {"voided": ["False", "True"]}


def test_a_deals_variant_and_number_cannot_change_once_created(admin_client):
    deal = Deal.objects.create(variant="freecell", number=5, status="winnable", par=70)
    admin_client.post(f"/admin/games/deal/{deal.pk}/change/",
                      {"variant": "forecell", "number": 6, "note": "edited"})
    deal.refresh_from_db()
    assert (deal.variant, deal.number, deal.note) == ("freecell", 5, "edited")
    assert entries("deal_note")[0].changes == {"note": ["", "edited"]}


def test_voiding_a_deal_drops_it_from_future_dailies_only(admin_client, today):
    deal = Deal.objects.create(variant="freecell", number=6, status="winnable", par=70, in_pool=True)
    on_today = Daily.objects.create(variant="freecell", date=today, deal=deal)
    Daily.objects.create(variant="freecell", date=today + dt.timedelta(days=2), deal=deal)
    admin_client.post("/admin/games/deal/", {"action": "void", "_selected_action": [deal.pk],
                                             "confirm": "yes", "reason": "solution leaked"})
    deal.refresh_from_db()
    assert deal.voided and not deal.in_pool
    assert list(Daily.objects.all()) == [on_today]
    assert entries("deal_void")[0].additional_data["reason"] == "solution leaked"


def test_clearing_a_flag_from_the_filtered_list_ranks_the_result(admin_client, daily, finish, client, today,
                                                                 django_capture_on_commit_callbacks):
    day = daily(number=6)
    result = finish("dora", day.deal, daily=day, moves=80, ms=600_000, flagged=True)
    player = result.player
    board = f"/api/leaderboards/daily/{today}/freecell/"
    assert client.get(board).json()["rows"] == []  # cached while flagged
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post("/admin/games/result/?flagged__exact=1",
                          {"action": "clear_flag", "_selected_action": [result.pk], "confirm": "yes",
                           "reason": "watched the replay: human"})
    assert [row["player"] for row in client.get(board).json()["rows"]] == ["dora"]
    assert player.streaks.get(variant="freecell").daily_wins == 1
    assert entries("result_flag_clear")[0].additional_data["reason"] == "watched the replay: human"


def test_a_reason_is_required_to_void(admin_client, daily, finish):
    day = daily(number=6)
    result = finish("dora", day.deal, daily=day)
    page = admin_client.post("/admin/games/result/", {"action": "void", "_selected_action": [result.pk],
                                                      "confirm": "yes", "reason": ""})
    assert "This field is required" in page.content.decode()
    assert not Result.objects.get().voided


def test_the_audit_log_is_readable_by_staff(admin_client, winnable_deal, today):
    deal = winnable_deal("freecell", 6)
    admin_client.post("/admin/games/deal/", {"action": "unfeature", "_selected_action": [deal.pk]})
    admin_client.post("/admin/games/deal/", {"action": "feature", "_selected_action": [deal.pk],
                                             "confirm": "yes", "reason": "a famous one"})
    page = admin_client.get("/admin/auditlog/logentry/").content.decode()
    assert "deal_feature" in page and "a famous one" in page and "admin" in page
    filtered = admin_client.get("/admin/auditlog/logentry/?staff_action=deal_feature").content.decode()
    assert "freecell #6" in filtered


def test_every_admin_page_renders_for_staff(admin_client, daily, finish, today, winnable_deal):
    day = daily(number=6)
    result = finish("dora", day.deal, daily=day, flagged=True)
    future = Daily.objects.create(variant="freecell", date=today + dt.timedelta(days=3),
                                  deal=winnable_deal("freecell", 7))
    pages = [
        "/admin/", "/admin/games/deal/", "/admin/games/deal/add/", f"/admin/games/deal/{day.deal_id}/change/",
        f"/admin/games/deal/{day.deal_id}/auditlog/", "/admin/games/daily/", "/admin/games/daily/add/",
        f"/admin/games/daily/{future.pk}/change/", f"/admin/games/daily/{day.pk}/change/",
        "/admin/games/daily/calendar/", "/admin/games/daily/calendar/?variant=forecell&month=2027-02",
        "/admin/games/daily/calendar/?month=nonsense", "/admin/games/daily/calendar/?month=9999-12",
        "/admin/games/daily/calendar/?month=0001-01", "/admin/games/daily/calendar/?variant=klondike",
        "/admin/games/daily/fill/",
        "/admin/games/result/", f"/admin/games/result/{result.pk}/change/", "/admin/games/submission/",
        "/admin/games/game/", "/admin/games/schedulerequest/", "/admin/games/suspension/",
        "/admin/auth/user/", f"/admin/auth/user/{result.player_id}/change/", "/admin/auditlog/logentry/",
    ]
    for page in pages:
        assert admin_client.get(page).status_code == 200, page


def test_the_calendar_shows_a_months_dailies(admin_client, winnable_deal, today):
    first = (today.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
    Daily.objects.create(variant="freecell", date=first + dt.timedelta(days=4), deal=winnable_deal("freecell", 7))
    page = admin_client.get(f"/admin/games/daily/calendar/?variant=freecell&month={first:%Y-%m}")
    assert page.context["scheduled"] == 1
    assert "#7" in page.content.decode()


def test_fill_reviews_then_schedules_from_the_reserve_and_leaves_the_rest_to_the_worker(
        admin_client, winnable_deal, daily, today, django_capture_on_commit_callbacks):
    daily("freecell", today, number=24)
    for number in (2_000_000_001, 2_000_000_002):
        winnable_deal("freecell", number, in_pool=False, reserve=True)
    form = {"variant": "freecell", "first": today + dt.timedelta(days=1), "last": today + dt.timedelta(days=3),
            "reason": "fill"}
    review = admin_client.post("/admin/games/daily/fill/", form)
    assert "3 to fill" in review.content.decode() and Daily.objects.count() == 1
    with django_capture_on_commit_callbacks() as rung:
        done = admin_client.post("/admin/games/daily/fill/", {**form, "confirm": "yes"}, follow=True)
    assert Daily.objects.filter(date__gt=today).count() == 2
    assert "1 wait for the worker&#x27;s proofs" in done.content.decode()
    assert len(rung) == 1  # the worker's first step


@pytest.mark.parametrize("action", ["solve", "feature", "unfeature", "void", "unvoid"])
def test_every_deal_action_asks_first(admin_client, winnable_deal, action, django_capture_on_commit_callbacks):
    deal = winnable_deal("freecell", 7)
    with django_capture_on_commit_callbacks() as rung:
        page = admin_client.post("/admin/games/deal/", {"action": action, "_selected_action": [deal.pk]})
    assert 'name="confirm"' in page.content.decode()
    assert not rung and not LogEntry.objects.exists()


def test_the_fill_command_schedules_from_the_reserve_and_leaves_a_trail(winnable_deal, daily, today, admin_user):
    from django.core.management import call_command

    daily("freecell", today, number=24)
    winnable_deal("freecell", 2_000_000_001, in_pool=False, reserve=True)
    day = today + dt.timedelta(days=2)
    call_command("schedule_fill", "freecell", day.isoformat(), day.isoformat(), "--reason", "cron",
                 "--staff", "admin")
    assert Daily.objects.get(date=day).deal.number == 2_000_000_001
    [entry] = entries("schedule_add")
    assert (entry.actor, entry.additional_data["via"], entry.additional_data["reason"]) == (
        admin_user, "command", "cron")


def test_the_index_lists_recent_staff_actions_through_every_door(admin_client, admin_user, winnable_deal, today):
    from rest_framework.test import APIClient

    winnable_deal("freecell", 6)
    api = APIClient()
    api.force_authenticate(admin_user)
    api.post("/api/staff/schedule/", {"variant": "freecell", "number": 6, "reason": "from a script",
                                      "date": (today + dt.timedelta(days=2)).isoformat()}, format="json")
    page = admin_client.get("/admin/").content.decode()
    assert 'id="recent-staff-actions"' in page
    assert "schedule_add" in page and "via api" in page and "from a script" in page


@pytest.mark.parametrize("model", ["result", "submission", "game", "schedulerequest", "suspension"])
def test_rows_the_services_write_cannot_be_added_by_hand(admin_client, model):
    assert admin_client.get(f"/admin/games/{model}/").status_code == 200
    assert admin_client.get(f"/admin/games/{model}/add/").status_code == 403
