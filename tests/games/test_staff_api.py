"""Only staff curate: the daily schedule through the staff API."""

import datetime as dt

import pytest
from auditlog.models import LogEntry

from games.models import Daily, Deal, ScheduleRequest
from tests.games.conftest import schedule

pytestmark = pytest.mark.django_db




def test_players_and_guests_cannot_curate(api, anon, today, winnable_deal):
    winnable_deal("freecell", 5)
    tomorrow = today + dt.timedelta(days=1)
    assert schedule(api, "freecell", tomorrow, 5).status_code == 403
    assert schedule(anon, "freecell", tomorrow, 5).status_code == 401
    assert api.get("/api/staff/schedule/").status_code == 403
    assert api.delete(f"/api/staff/schedule/freecell/{tomorrow}/").status_code == 403
    assert not Daily.objects.exists()


def test_staff_schedule_a_proven_deal_on_a_future_date(staff, today, winnable_deal):
    winnable_deal("forecell", 5, par=88)
    day = today + dt.timedelta(days=3)
    response = schedule(staff, "forecell", day, 5)
    assert response.status_code == 201
    assert response.json() == {
        "date": day.isoformat(), "variant": "forecell", "number": 5, "par": 88, "difficulty": "",
        "source": "schedule",
    }
    listed = staff.get("/api/staff/schedule/?variant=forecell").json()["schedule"]
    assert [row["number"] for row in listed] == [5]


@pytest.mark.parametrize(("status", "code"), [("undecided", "deal_not_proven"), ("impossible", "deal_impossible")])
def test_an_undecided_or_impossible_deal_is_refused(staff, today, status, code):
    Deal.objects.create(variant="freecell", number=9, status=status)
    response = schedule(staff, "freecell", today + dt.timedelta(days=2), 9)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code
    assert not Daily.objects.exists() and not ScheduleRequest.objects.exists()


def test_a_voided_deal_is_refused(staff, today, winnable_deal):
    deal = winnable_deal("freecell", 9)
    Deal.objects.filter(pk=deal.pk).update(voided=True)
    response = schedule(staff, "freecell", today + dt.timedelta(days=2), 9)
    assert response.json()["error"]["code"] == "deal_not_proven"


def test_past_and_present_dates_are_refused(staff, today, winnable_deal):
    winnable_deal("freecell", 5)
    for day in (today, today - dt.timedelta(days=1)):
        response = schedule(staff, "freecell", day, 5)
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "date_not_future"


def test_a_date_holds_one_daily_per_variant(staff, today, winnable_deal):
    winnable_deal("freecell", 5)
    winnable_deal("freecell", 6)
    day = today + dt.timedelta(days=2)
    assert schedule(staff, "freecell", day, 5).status_code == 201
    second = schedule(staff, "freecell", day, 6)
    assert second.status_code == 409 and second.json()["error"]["code"] == "already_scheduled"


def test_staff_unschedule_a_future_daily_and_its_deal_returns_to_the_reserve(staff, today, winnable_deal):
    winnable_deal("freecell", 2_000_000_005, in_pool=False, reserve=True)
    day = today + dt.timedelta(days=2)
    schedule(staff, "freecell", day, 2_000_000_005)
    assert not Deal.objects.get().daily_reserve
    assert staff.delete(f"/api/staff/schedule/freecell/{day}/?reason=wrong+week").status_code == 204
    assert not Daily.objects.exists()
    assert Deal.objects.get().daily_reserve
    assert staff.delete(f"/api/staff/schedule/freecell/{day}/").status_code == 404
    entry = LogEntry.objects.get(additional_data__action="schedule_remove")
    assert (entry.actor.username, entry.additional_data["reason"], entry.additional_data["via"]) == (
        "root", "wrong week", "api")


def test_only_daily_variants_are_scheduled(staff, today, winnable_deal):
    winnable_deal("freecell-classic", 5)
    response = schedule(staff, "freecell-classic", today + dt.timedelta(days=2), 5)
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid"


def test_staff_move_a_future_daily_and_change_its_deal(staff, today, winnable_deal):
    winnable_deal("freecell", 5)
    winnable_deal("freecell", 6)
    day, later = today + dt.timedelta(days=2), today + dt.timedelta(days=5)
    schedule(staff, "freecell", day, 5)
    response = staff.patch(f"/api/staff/schedule/freecell/{day}/", {"date": later.isoformat(), "number": 6},
                           format="json")
    assert response.status_code == 200
    assert (response.json()["date"], response.json()["number"]) == (later.isoformat(), 6)
    past = staff.patch(f"/api/staff/schedule/freecell/{later}/", {"date": today.isoformat()}, format="json")
    assert past.status_code == 400 and past.json()["error"]["code"] == "date_not_future"


def test_staff_fill_a_range_from_the_reserve(staff, today, winnable_deal, daily):
    daily("freecell", today, number=24)
    for number in range(900_001, 900_004):
        winnable_deal("freecell", number, in_pool=False, reserve=True)
    first = today + dt.timedelta(days=1)
    response = staff.post("/api/staff/schedule/fill/", {"variant": "freecell", "first": first.isoformat(),
                                                        "last": (first + dt.timedelta(days=3)).isoformat()},
                          format="json")
    assert response.status_code == 200
    body = response.json()
    assert len(body["scheduled"]) == 3 and body["empty"] == [(first + dt.timedelta(days=3)).isoformat()]
    job = body["fill_job"]
    assert (job["status"], job["days_wanted"], job["filled"], job["waiting"], job["failed"]) == ("running", 4, 3, 1, 0)
    assert len({row["number"] for row in body["scheduled"]}) == 3
    assert not Deal.objects.filter(daily_reserve=True).exists()


def test_staff_suspend_a_player_through_the_api(staff, make_player):
    make_player("dora")
    response = staff.post("/api/staff/players/dora/suspension/", {"reason": "bot"}, format="json")
    assert response.status_code == 201
    again = staff.post("/api/staff/players/dora/suspension/", {"reason": "bot"}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_suspended"
    assert staff.delete("/api/staff/players/dora/suspension/").status_code == 204
    assert staff.delete("/api/staff/players/dora/suspension/").status_code == 404
    assert staff.post("/api/staff/players/nobody/suspension/", {"reason": "x"}, format="json").status_code == 404


def test_staff_reach_a_deactivated_player_through_the_api(staff, make_player):
    dora = make_player("dora")
    dora.is_active = False
    dora.save(update_fields=["is_active"])
    response = staff.post("/api/staff/players/dora/suspension/", {"reason": "bot"}, format="json")
    assert response.status_code == 201
    assert staff.delete("/api/staff/players/dora/suspension/").status_code == 204
    assert staff.delete("/api/staff/players/dora%00/suspension/").status_code == 404


def test_a_change_that_cannot_move_keeps_its_deal_too(staff, today, winnable_deal):
    winnable_deal("freecell", 5)
    winnable_deal("freecell", 6)
    winnable_deal("freecell", 7)
    day, other = today + dt.timedelta(days=2), today + dt.timedelta(days=4)
    schedule(staff, "freecell", day, 5)
    schedule(staff, "freecell", other, 7)
    response = staff.patch(f"/api/staff/schedule/freecell/{day}/", {"date": other.isoformat(), "number": 6},
                           format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "already_scheduled"
    assert Daily.objects.get(date=day).deal.number == 5  # both or neither


@pytest.mark.parametrize("date", ["2099-W01", "2099-W01-1", "20991231", 20991231])
def test_dates_are_written_yyyy_mm_dd(staff, date):
    response = staff.post("/api/staff/schedule/", {"variant": "freecell", "date": date, "number": 5},
                          format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid"
    assert not ScheduleRequest.objects.exists() and not Deal.objects.exists()


def test_replacing_a_dailys_deal_by_an_unsolved_number_sends_it_to_the_worker_first(
        staff, today, winnable_deal, django_capture_on_commit_callbacks):
    from games.services.solving import deal_solve

    winnable_deal("freecell", 5)
    day = today + dt.timedelta(days=2)
    schedule(staff, "freecell", day, 5)
    with django_capture_on_commit_callbacks() as rung:
        response = staff.patch(f"/api/staff/schedule/freecell/{day}/", {"number": 6, "reason": "a nicer one"},
                               format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "deal_not_proven"
    assert "sent to the worker" in response.json()["error"]["message"]
    assert len(rung) == 1  # the worker's doorbell
    assert Deal.objects.get(variant="freecell", number=6).status == "unknown"
    assert Daily.objects.get(date=day).deal.number == 5  # unchanged until the deal is proven
    sent = LogEntry.objects.get(additional_data__action="deal_solve")
    assert (sent.additional_data["via"], sent.additional_data["reason"]) == ("api", "a nicer one")

    deal_solve(deal=Deal.objects.get(variant="freecell", number=6))  # what the worker runs
    again = staff.patch(f"/api/staff/schedule/freecell/{day}/", {"number": 6}, format="json")
    assert again.status_code == 200 and again.json()["number"] == 6


def test_a_daily_that_has_begun_sends_no_replacement_to_the_worker(staff, daily, today,
                                                                   django_capture_on_commit_callbacks):
    daily(number=5)
    with django_capture_on_commit_callbacks() as rung:
        response = staff.patch(f"/api/staff/schedule/freecell/{today}/", {"number": 6}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "date_not_future"
    assert rung == [] and not Deal.objects.filter(number=6).exists()


def test_the_admin_sends_an_unsolved_replacement_to_the_worker(admin_client, staff, today, winnable_deal,
                                                               django_capture_on_commit_callbacks):
    winnable_deal("freecell", 5)
    day = today + dt.timedelta(days=2)
    schedule(staff, "freecell", day, 5)
    daily = Daily.objects.get(date=day)
    with django_capture_on_commit_callbacks() as rung:
        page = admin_client.post(f"/admin/games/daily/{daily.pk}/change/",
                                 {"date": day.isoformat(), "number": 6, "reason": "nicer"}, follow=True)
    assert "sent to the worker" in page.content.decode()
    assert len(rung) == 1 and Deal.objects.get(number=6).status == "unknown"
    assert Daily.objects.get(date=day).deal.number == 5
