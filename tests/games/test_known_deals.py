"""A deal players already know is refused as a future daily; pools never hand out a scheduled deal."""

import datetime as dt

import pytest
from auditlog.models import LogEntry

from core.errors import Conflict
from games.models import Daily, Deal, Game, ScheduleRequest, SolverStatus
from games.services.audit import StaffAct
from games.services.deals import deal_winnable_random
from games.services.layouts import reserve_deals
from games.services.schedule import schedule_add
from games.services.schedule_requests import GIVE_UP_AFTER, schedule_request_settle, schedule_requests_give_up
from games.services.solving import pool_add
from tests.games.conftest import schedule

pytestmark = pytest.mark.django_db
ACT = StaffAct(reason="plan", via="command")


def played(deal: Deal, player) -> Game:
    return Game.objects.create(player=player, deal=deal)


def test_a_deal_someone_has_played_is_refused_as_a_future_daily(winnable_deal, make_player, today):
    deal = winnable_deal("freecell", 1)
    played(deal, make_player("ann"))
    with pytest.raises(Conflict) as refused:
        schedule_add(variant="freecell", date=today + dt.timedelta(days=3), deal=deal, act=ACT)
    assert refused.value.code == "deal_already_played"
    assert not Daily.objects.exists() and not LogEntry.objects.exists()


def test_a_layout_sibling_someone_has_played_is_refused_too(winnable_deal, make_player, today):
    played(winnable_deal("freecell-classic", 5), make_player("ann"))
    with pytest.raises(Conflict) as refused:
        schedule_add(variant="freecell", date=today + dt.timedelta(days=3), deal=winnable_deal("freecell", 5), act=ACT)
    assert refused.value.code == "deal_already_played"


def test_the_staff_api_answers_409_with_a_stable_code_for_a_played_deal(staff, winnable_deal, make_player, today):
    played(winnable_deal("freecell", 1), make_player("ann"))
    response = schedule(staff, "freecell", today + dt.timedelta(days=2), 1)
    assert response.status_code == 409 and response.json()["error"]["code"] == "deal_already_played"
    assert not Daily.objects.exists()


def test_the_admin_refuses_a_played_deal_through_its_own_form(admin_client, winnable_deal, make_player, today):
    played(winnable_deal("freecell", 1), make_player("ann"))
    page = admin_client.post("/admin/games/daily/add/", {
        "variant": "freecell", "date": (today + dt.timedelta(days=2)).isoformat(), "number": 1, "reason": "plan"})
    assert page.status_code == 200 and "has been played already" in page.content.decode()
    assert not Daily.objects.exists()


def test_the_reserve_never_offers_a_deal_someone_has_played(winnable_deal, make_player):
    deal = winnable_deal("freecell", 2_000_000_001, in_pool=False, reserve=True)
    assert list(reserve_deals(variant="freecell")) == [deal]
    played(deal, make_player("ann"))
    assert not reserve_deals(variant="freecell").exists()


def test_the_pool_never_hands_out_a_deal_waiting_to_be_a_daily(winnable_deal, today):
    deal = winnable_deal("freecell", 77)
    ScheduleRequest.objects.create(variant="freecell", date=today + dt.timedelta(days=2), deal=deal)
    with pytest.raises(Exception) as empty:
        deal_winnable_random(variant="freecell")
    assert getattr(empty.value, "code", None) == "pool_empty"
    fresh = Deal.objects.create(variant="freecell-classic", number=77, status=SolverStatus.WINNABLE, solution="x")
    assert pool_add(deal=fresh) is False


def test_a_request_the_worker_refuses_is_refused_and_in_the_audit_log(winnable_deal, make_player, today):
    curator = make_player("curator", staff=True)
    deal = winnable_deal("freecell", 1, in_pool=False)
    request = ScheduleRequest.objects.create(variant="freecell", date=today + dt.timedelta(days=2), deal=deal,
                                             requested_by=curator, reason="a classic", via="admin")
    played(deal, make_player("ann"))
    settled = schedule_request_settle(request_id=request.pk)
    assert settled.status == "refused" and "played already" in settled.outcome
    [entry] = LogEntry.objects.filter(additional_data__action="schedule_request_refused")
    assert entry.actor == curator and entry.additional_data["via"] == "worker"
    assert entry.additional_data["reason"] == "a classic" and "played already" in entry.additional_data["note"]
    assert entry.changes_dict["status"] == ["pending", "refused"]


def test_a_request_the_worker_never_settles_is_refused_and_logged_after_a_while(winnable_deal, today):
    from django.utils import timezone

    deal = Deal.objects.create(variant="freecell", number=31_000_000_001)
    request = ScheduleRequest.objects.create(variant="freecell", date=today + dt.timedelta(days=2), deal=deal)
    assert schedule_requests_give_up() == []
    ScheduleRequest.objects.filter(pk=request.pk).update(created_at=timezone.now() - GIVE_UP_AFTER * 2)
    assert schedule_requests_give_up() == [request.pk]
    request.refresh_from_db()
    assert request.status == "refused" and "could not decide" in request.outcome
    assert LogEntry.objects.filter(additional_data__action="schedule_request_refused").count() == 1
