"""Only staff curate: the daily schedule through the staff API."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from games.models import Daily, Deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(make_player) -> APIClient:
    client = APIClient()
    client.force_authenticate(make_player("root", staff=True))
    return client


def schedule(client, variant, date, number):
    return client.post(
        "/api/staff/schedule/", {"variant": variant, "date": date.isoformat(), "number": number}, format="json"
    )


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
        "date": day.isoformat(), "variant": "forecell", "number": 5, "par": 88, "source": "schedule",
    }
    listed = staff.get("/api/staff/schedule/?variant=forecell").json()["schedule"]
    assert [row["number"] for row in listed] == [5]


@pytest.mark.parametrize("status", ["unknown", "undecided", "impossible"])
def test_an_unproven_deal_is_refused(staff, today, status):
    Deal.objects.create(variant="freecell", number=9, status=status)
    response = schedule(staff, "freecell", today + dt.timedelta(days=2), 9)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "deal_not_proven"
    assert not Daily.objects.exists()


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


def test_staff_unschedule_a_future_daily(staff, today, winnable_deal):
    winnable_deal("freecell", 5)
    day = today + dt.timedelta(days=2)
    schedule(staff, "freecell", day, 5)
    assert staff.delete(f"/api/staff/schedule/freecell/{day}/").status_code == 204
    assert not Daily.objects.exists()
    assert staff.delete(f"/api/staff/schedule/freecell/{day}/").status_code == 404


def test_only_daily_variants_are_scheduled(staff, today, winnable_deal):
    winnable_deal("freecell-classic", 5)
    response = schedule(staff, "freecell-classic", today + dt.timedelta(days=2), 5)
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid"
