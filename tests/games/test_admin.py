"""Curation in the Django admin: deals solved by the worker, only proven deals scheduled."""

import datetime as dt

import pytest

from games.models import Daily, Deal, Result
from games.services.dailies import today_utc

pytestmark = pytest.mark.django_db


def test_adding_a_deal_by_number_sends_it_to_the_worker(admin_client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        response = admin_client.post(
            "/admin/games/deal/add/", {"variant": "forecell", "number": 5, "note": "for the weekend"}
        )
    assert response.status_code == 302
    assert Deal.objects.get(variant="forecell", number=5).status == "unknown"
    assert len(callbacks) == 1


def test_the_admin_refuses_a_deal_number_out_of_range(admin_client):
    response = admin_client.post("/admin/games/deal/add/", {"variant": "freecell", "number": 8_589_934_592})
    assert response.status_code == 200
    assert "deal numbers run from 1" in response.content.decode()
    assert not Deal.objects.exists()


def test_the_admin_schedules_only_proven_deals_on_future_dates(admin_client):
    unproven = Deal.objects.create(variant="freecell", number=5)
    proven = Deal.objects.create(variant="freecell", number=6, status="winnable", par=70)
    day = today_utc() + dt.timedelta(days=3)
    refused = admin_client.post(
        "/admin/games/daily/add/", {"variant": "freecell", "date": day.isoformat(), "deal": unproven.pk}
    )
    assert "not proven winnable" in refused.content.decode()
    past = admin_client.post(
        "/admin/games/daily/add/",
        {"variant": "freecell", "date": (today_utc() - dt.timedelta(days=1)).isoformat(), "deal": proven.pk},
    )
    assert "Only future dates" in past.content.decode()
    assert not Daily.objects.exists()
    accepted = admin_client.post(
        "/admin/games/daily/add/", {"variant": "freecell", "date": day.isoformat(), "deal": proven.pk}
    )
    assert accepted.status_code == 302
    assert Daily.objects.get().deal == proven


def test_voiding_a_result_takes_it_off_the_board(admin_client, daily, finish, client):
    day = daily(number=6)
    result = finish("dora", day.deal, daily=day, moves=80, ms=600_000)
    board = f"/api/leaderboards/daily/{today_utc()}/freecell/"
    assert len(client.get(board).json()["rows"]) == 1
    admin_client.post("/admin/games/result/", {"action": "void", "_selected_action": [result.pk]})
    assert Result.objects.get().voided
    assert client.get(board).json()["rows"] == []


def test_a_deals_variant_and_number_cannot_change_once_created(admin_client):
    deal = Deal.objects.create(variant="freecell", number=5, status="winnable", par=70)
    admin_client.post(f"/admin/games/deal/{deal.pk}/change/",
                      {"variant": "forecell", "number": 6, "note": "edited"})
    deal.refresh_from_db()
    assert (deal.variant, deal.number, deal.note) == ("freecell", 5, "edited")


def test_voiding_a_deal_drops_it_from_future_dailies_only(admin_client):
    deal = Deal.objects.create(variant="freecell", number=6, status="winnable", par=70, in_pool=True)
    today = Daily.objects.create(variant="freecell", date=today_utc(), deal=deal)
    Daily.objects.create(variant="freecell", date=today_utc() + dt.timedelta(days=2), deal=deal)
    admin_client.post("/admin/games/deal/", {"action": "void", "_selected_action": [deal.pk]})
    deal.refresh_from_db()
    assert deal.voided and not deal.in_pool
    assert list(Daily.objects.all()) == [today]


def test_clearing_a_flag_from_the_filtered_list_ranks_the_result(admin_client, daily, finish, client):
    day = daily(number=6)
    result = finish("dora", day.deal, daily=day, moves=80, ms=600_000, flagged=True)
    player = result.player
    board = f"/api/leaderboards/daily/{today_utc()}/freecell/"
    assert client.get(board).json()["rows"] == []  # cached while flagged
    admin_client.post("/admin/games/result/?flagged__exact=1",
                      {"action": "clear_flag", "_selected_action": [result.pk]})
    assert [row["player"] for row in client.get(board).json()["rows"]] == ["dora"]
    assert player.streaks.get(variant="freecell").daily_wins == 1
