"""Issue 17's seven findings, each as a staff member meets it in the admin or the staff API."""

import datetime as dt

import pytest
from auditlog.models import LogEntry
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from core.errors import InvalidRequest
from games.models import Daily, Deal, Result, ScheduleRequest, Suspension
from games.services.audit import StaffAct
from games.services.players import player_suspend
from games.services.schedule_requests import schedule_request_settle

pytestmark = pytest.mark.django_db

IMPOSSIBLE_NUMBER = 11982  # the one MS deal fc-solve proves impossible (without foundation returns)


@pytest.fixture
def staff_api(admin_user) -> APIClient:
    from tests.support.factors import factor_enrol

    client = APIClient()
    factor_enrol(admin_user)  # the staff API acts only for staff with a second factor
    client.force_authenticate(admin_user)
    return client


def actions() -> list[str]:
    return list(LogEntry.objects.order_by("timestamp").values_list("additional_data__action", flat=True))


def change_daily(admin_client, daily, **fields):
    data = {"date": daily.date.isoformat(), "number": daily.deal.number, "reason": "", **fields}
    return admin_client.post(f"/admin/games/daily/{daily.pk}/change/", data)


# 1. Editing a future daily skips every check.
def test_a_future_dailys_deal_cannot_become_an_impossible_one(admin_client, winnable_deal, today):
    daily = Daily.objects.create(variant="freecell", date=today + dt.timedelta(days=6),
                                 deal=winnable_deal("freecell", 6))
    Deal.objects.create(variant="freecell", number=IMPOSSIBLE_NUMBER, status="impossible",
                        scope="no winning line without foundation returns exists")
    page = change_daily(admin_client, daily, number=IMPOSSIBLE_NUMBER)
    assert "proven impossible" in page.content.decode()
    assert Daily.objects.get().deal.number == 6


def test_a_future_daily_cannot_move_into_the_past_or_onto_today(admin_client, winnable_deal, today):
    day = today + dt.timedelta(days=6)
    daily = Daily.objects.create(variant="freecell", date=day, deal=winnable_deal("freecell", 6))
    for target in (today - dt.timedelta(days=2), today):
        page = change_daily(admin_client, daily, date=target.isoformat())
        assert "has not begun" in page.content.decode()
    assert Daily.objects.get().date == day


def test_a_future_daily_moves_and_changes_deal_through_the_services(admin_client, winnable_deal, today):
    daily = Daily.objects.create(variant="freecell", date=today + dt.timedelta(days=6),
                                 deal=winnable_deal("freecell", 6, in_pool=False))
    winnable_deal("freecell", 7)
    target = today + dt.timedelta(days=9)
    response = change_daily(admin_client, daily, date=target.isoformat(), number=7, reason="swap")
    assert response.status_code == 302
    moved = Daily.objects.select_related("deal").get()
    assert (moved.date, moved.deal.number) == (target, 7)
    assert Deal.objects.get(number=6).in_pool  # the old deal went back to its pool
    assert actions() == ["schedule_replace", "schedule_move"]


def test_a_daily_that_has_begun_cannot_be_changed(admin_client, daily, today):
    todays = daily(number=6)
    assert change_daily(admin_client, todays, number=7).status_code == 403


# 2. One deal can be the daily on several dates.
def test_todays_deal_cannot_be_scheduled_again_through_the_staff_api(staff_api, daily, today):
    todays = daily(number=6)
    response = staff_api.post("/api/staff/schedule/", {"variant": "freecell", "number": 6,
                                                      "date": (today + dt.timedelta(days=4)).isoformat()},
                              format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "deal_already_daily"
    assert list(Daily.objects.all()) == [todays]


def test_the_admin_refuses_a_deal_already_scheduled_on_another_date(admin_client, winnable_deal, today):
    winnable_deal("freecell", 6)
    first = {"variant": "freecell", "date": today + dt.timedelta(days=2), "number": 6}
    assert admin_client.post("/admin/games/daily/add/", first).status_code == 302
    again = admin_client.post("/admin/games/daily/add/", {**first, "date": today + dt.timedelta(days=5)})
    assert "already the freecell daily" in again.content.decode()
    assert Daily.objects.count() == 1


def test_a_deal_number_is_a_daily_once_across_variants_dealt_alike(staff_api, winnable_deal, today):
    Daily.objects.create(variant="freecell-classic", date=today - dt.timedelta(days=30),
                         deal=winnable_deal("freecell-classic", 6))
    winnable_deal("freecell", 6)
    response = staff_api.post("/api/staff/schedule/", {"variant": "freecell", "number": 6,
                                                      "date": (today + dt.timedelta(days=4)).isoformat()},
                              format="json")
    assert response.json()["error"]["code"] == "deal_already_daily"


def test_the_reserve_never_offers_a_layout_already_used(winnable_deal, today):
    from games.services.dailies import daily_ensure

    Daily.objects.create(variant="freecell-classic", date=today - dt.timedelta(days=30),
                         deal=winnable_deal("freecell-classic", 900_001))
    winnable_deal("freecell", 900_001, in_pool=False, reserve=True)
    winnable_deal("freecell", 900_002, in_pool=False, reserve=True)
    assert daily_ensure(variant="freecell", date=today + dt.timedelta(days=1)).deal.number == 900_002


# 3. "Add result", "Add submission" and "Add game" answer 500.
@pytest.mark.parametrize("model", ["result", "submission", "game"])
def test_derived_rows_are_read_only(admin_client, daily, finish, model):
    day = daily(number=6)
    result = finish("dora", day.deal, daily=day)
    pk = {"result": result.pk, "submission": result.submission_id, "game": result.game_id}[model]
    assert admin_client.get(f"/admin/games/{model}/add/").status_code == 403
    assert admin_client.post(f"/admin/games/{model}/add/", {}).status_code == 403
    assert admin_client.get(f"/admin/games/{model}/{pk}/change/").status_code == 200  # viewed
    assert admin_client.post(f"/admin/games/{model}/{pk}/change/", {"moves": 1}).status_code == 403
    assert admin_client.post(f"/admin/games/{model}/{pk}/delete/", {"post": "yes"}).status_code == 403
    assert Result.objects.get().moves == 90


# 4. Deactivating a player leaves them ranked.
def test_a_deactivated_player_leaves_every_board(admin_client, daily, finish, client, today,
                                                 django_capture_on_commit_callbacks):
    day = daily(number=6)
    dora = finish("dora", day.deal, daily=day).player
    finish("eve", day.deal, daily=day, moves=95)
    board = f"/api/leaderboards/daily/{today}/freecell/"
    all_time = "/api/leaderboards/all-time/freecell/"
    assert [r["player"] for r in client.get(board).json()["rows"]] == ["eve", "dora"][::-1]
    form = admin_client.get(f"/admin/auth/user/{dora.pk}/change/").context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k not in ("password", "groups",
                                                                                   "user_permissions")}
    data.update({"is_active": "", "reason": "bot account",
                 "date_joined_0": dora.date_joined.date().isoformat(), "date_joined_1": "00:00:00", "last_login_0": "", "last_login_1": "",
                 "suspension-TOTAL_FORMS": "0", "suspension-INITIAL_FORMS": "0"})
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(f"/admin/auth/user/{dora.pk}/change/", data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert not get_user_model().objects.get(pk=dora.pk).is_active
    assert [r["player"] for r in client.get(board).json()["rows"]] == ["eve"]
    assert [r["player"] for r in client.get(all_time).json()["rows"]] == ["eve"]
    assert "player_deactivate" in actions()


def test_a_suspension_takes_a_players_results_off_the_boards_until_lifted(
        admin_client, daily, finish, client, today, winnable_deal, django_capture_on_commit_callbacks):
    day = daily(number=6)
    dora = finish("dora", day.deal, daily=day).player
    finish("dora", winnable_deal("freecell", 7))
    board = f"/api/leaderboards/daily/{today}/freecell/"
    deal_board = "/api/leaderboards/deal/freecell/7/"
    assert len(client.get(board).json()["rows"]) == len(client.get(deal_board).json()["rows"]) == 1
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post("/admin/auth/user/", {"action": "suspend", "_selected_action": [dora.pk],
                                                "confirm": "yes", "reason": "bot finishes"})
    assert client.get(board).json()["rows"] == []
    assert client.get("/api/leaderboards/all-time/freecell/").json()["rows"] == []
    assert client.get(deal_board).json()["rows"] == []
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post("/admin/auth/user/", {"action": "lift_suspension", "_selected_action": [dora.pk],
                                                "confirm": "yes", "reason": "appeal accepted"})
    assert [r["player"] for r in client.get(board).json()["rows"]] == ["dora"]
    assert actions() == ["player_suspend", "player_unsuspend"]


def test_a_suspension_needs_a_reason(staff_api, make_player):
    make_player("dora")
    response = staff_api.post("/api/staff/players/dora/suspension/", {"reason": ""}, format="json")
    assert response.status_code == 400
    assert not Suspension.objects.exists()
    with pytest.raises(InvalidRequest) as refused:
        player_suspend(player=get_user_model().objects.get(username="dora"), act=StaffAct(reason="  "))
    assert refused.value.code == "reason_required"


# 5. No trail, no confirmation.
def test_every_staff_action_leaves_a_trail_with_who_and_why(admin_client, staff_api, daily, finish, today,
                                                            winnable_deal):
    day = daily(number=6)
    flagged = finish("dora", day.deal, daily=day, flagged=True)
    other = finish("eve", day.deal, daily=day)
    deal = winnable_deal("freecell", 7)
    confirm = {"confirm": "yes", "reason": "checked"}
    admin_client.post("/admin/games/deal/", {"action": "feature", "_selected_action": [deal.pk], **confirm})
    admin_client.post("/admin/games/result/", {"action": "void", "_selected_action": [other.pk], **confirm})
    admin_client.post("/admin/games/result/", {"action": "clear_flag", "_selected_action": [flagged.pk],
                                               **confirm})
    admin_client.post("/admin/games/deal/", {"action": "void", "_selected_action": [deal.pk], **confirm})
    staff_api.post("/api/staff/schedule/", {"variant": "freecell", "number": 8, "reason": "by script",
                                            "date": (today + dt.timedelta(days=3)).isoformat()}, format="json")
    trail = list(LogEntry.objects.order_by("timestamp"))
    assert [(e.additional_data["action"], e.additional_data["via"]) for e in trail] == [
        ("deal_feature", "admin"), ("result_void", "admin"), ("result_flag_clear", "admin"),
        ("deal_void", "admin"), ("schedule_request", "api"),
    ]
    assert {e.actor.username for e in trail} == {"admin"}
    assert [e.additional_data["reason"] for e in trail] == ["checked"] * 4 + ["by script"]


def test_actions_ask_for_confirmation_first(admin_client, winnable_deal):
    deal = winnable_deal("freecell", 7)
    page = admin_client.post("/admin/games/deal/", {"action": "void", "_selected_action": [deal.pk]})
    assert "Void these deals" in page.content.decode() and 'name="confirm"' in page.content.decode()
    assert not Deal.objects.get().voided and not LogEntry.objects.exists()


# 6. The staff API cannot schedule a number nobody has opened.
def test_the_staff_api_sends_an_unopened_number_to_the_worker_and_schedules_it(
        staff_api, today, django_capture_on_commit_callbacks):
    day = today + dt.timedelta(days=3)
    with django_capture_on_commit_callbacks() as rung:
        response = staff_api.post("/api/staff/schedule/", {"variant": "freecell", "number": 5,
                                                          "date": day.isoformat()}, format="json")
    assert response.status_code == 202
    assert response.json()["request"]["status"] == "pending"
    assert len(rung) == 1  # the worker's doorbell
    settled = schedule_request_settle(request_id=response.json()["request"]["id"])  # what the worker runs
    assert settled.status == "scheduled"
    daily = Daily.objects.select_related("deal").get()
    assert (daily.date, daily.deal.number, daily.deal.status) == (day, 5, "winnable")
    assert daily.deal.difficulty in ("easy", "medium", "hard")
    polled = staff_api.get(f"/api/staff/schedule-requests/{settled.pk}/").json()
    assert polled["status"] == "scheduled"


def test_the_worker_reports_why_it_did_not_schedule(staff_api, today):
    day = today + dt.timedelta(days=3)
    response = staff_api.post("/api/staff/schedule/", {"variant": "freecell", "number": IMPOSSIBLE_NUMBER,
                                                      "date": day.isoformat()}, format="json")
    assert response.status_code == 202
    settled = schedule_request_settle(request_id=response.json()["request"]["id"])
    assert settled.status == "refused" and "impossible" in settled.outcome
    assert not Daily.objects.exists()
    again = staff_api.post("/api/staff/schedule/", {"variant": "freecell", "number": IMPOSSIBLE_NUMBER,
                                                   "date": day.isoformat()}, format="json")
    assert again.status_code == 400
    assert again.json()["error"]["code"] == "deal_impossible"
    assert "impossible" in again.json()["error"]["message"]


def test_featuring_an_impossible_deal_warns(admin_client):
    deal = Deal.objects.create(variant="freecell", number=IMPOSSIBLE_NUMBER, status="impossible",
                               scope="no winning line without foundation returns exists")
    page = admin_client.post("/admin/games/deal/", {"action": "feature", "_selected_action": [deal.pk]})
    assert "proven impossible" in page.content.decode()
    done = admin_client.post("/admin/games/deal/", {"action": "feature", "_selected_action": [deal.pk],
                                                    "confirm": "yes", "reason": "the famous one"}, follow=True)
    assert "proven impossible" in done.content.decode()
    assert Deal.objects.get().featured


# 7. Confusing forms, search, variants, evidence, no un-feature.
def test_the_daily_form_takes_a_number_and_offers_only_daily_variants(admin_client, winnable_deal, today):
    winnable_deal("forecell", 6)
    page = admin_client.get("/admin/games/daily/add/").content.decode()
    assert 'name="number"' in page and 'name="deal"' not in page
    assert 'value="forecell"' in page and 'value="freecell-classic"' not in page
    winnable_deal("freecell", 6)  # same number, other variant: the form picks by variant
    response = admin_client.post("/admin/games/daily/add/", {"variant": "forecell", "number": 6,
                                                              "date": today + dt.timedelta(days=2)})
    assert response.status_code == 302
    assert Daily.objects.select_related("deal").get().deal.variant == "forecell"


def test_number_search_is_exact(admin_client):
    for number in (4, 14, 40, 400):
        Deal.objects.create(variant="freecell", number=number)
    page = admin_client.get("/admin/games/deal/?q=4")
    assert [d.number for d in page.context["cl"].result_list] == [4]


def test_flag_evidence_is_on_the_list_and_plotted_on_the_result(admin_client, daily, finish):
    day = daily(number=6)
    result = finish("dora", day.deal, daily=day, flagged=True)
    Result.objects.filter(pk=result.pk).update(flag_reason="14 decisions arrived in a single request")
    game = result.game
    game.moves, game.server_times, game.client_times = "3a 3h 5a 6b", [900, 900, 950, 960], [800, 850, 900, 910]
    game.save()
    listing = admin_client.get("/admin/games/result/?flagged__exact=1").content.decode()
    assert "14 decisions arrived in a single request" in listing
    page = admin_client.get(f"/admin/games/result/{result.pk}/change/").content.decode()
    assert '<svg class="fc-plot" id="timing-plot"' in page and "<polyline" in page


def test_results_filter_by_daily_and_variant(admin_client, daily, finish, today, winnable_deal):
    day = daily(number=6)
    finish("dora", day.deal, daily=day)
    finish("eve", winnable_deal("forecell", 9))
    by_daily = admin_client.get(f"/admin/games/result/?daily={day.pk}").context["cl"].result_list
    assert [r.player.username for r in by_daily] == ["dora"]
    free = admin_client.get("/admin/games/result/?daily=none&deal__variant=forecell").context["cl"].result_list
    assert [r.player.username for r in free] == ["eve"]


def test_a_deal_can_be_unfeatured(admin_client, winnable_deal):
    deal = winnable_deal("freecell", 7)
    Deal.objects.filter(pk=deal.pk).update(featured=True)
    asked = admin_client.post("/admin/games/deal/", {"action": "unfeature", "_selected_action": [deal.pk]})
    assert "Un-feature these deals" in asked.content.decode() and Deal.objects.get().featured
    admin_client.post("/admin/games/deal/", {"action": "unfeature", "_selected_action": [deal.pk],
                                             "confirm": "yes"})
    assert not Deal.objects.get().featured
    assert actions() == ["deal_unfeature"]


def test_an_unproven_number_added_in_the_admin_waits_for_the_worker(admin_client, today,
                                                                    django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as rung:
        response = admin_client.post("/admin/games/daily/add/", {"variant": "freecell", "number": 5,
                                                                 "date": today + dt.timedelta(days=2)})
    assert response.status_code == 302 and response.url.endswith("/admin/games/schedulerequest/")
    assert len(rung) == 1 and ScheduleRequest.objects.get().status == "pending"
    assert not Daily.objects.exists()


def test_a_request_nobody_settled_is_swept_back_to_the_worker(staff_api, today):
    from django.utils import timezone

    from games.services.schedule_requests import SWEEP_AFTER, schedule_requests_stale

    response = staff_api.post("/api/staff/schedule/", {"variant": "freecell", "number": 5,
                                                      "date": (today + dt.timedelta(days=3)).isoformat()},
                              format="json")
    request_id = response.json()["request"]["id"]
    assert schedule_requests_stale() == []
    ScheduleRequest.objects.filter(pk=request_id).update(created_at=timezone.now() - 2 * SWEEP_AFTER)
    assert schedule_requests_stale() == [request_id]
    schedule_request_settle(request_id=request_id)
    schedule_request_settle(request_id=request_id)  # twice, as a redelivered message would: no harm
    assert schedule_requests_stale() == [] and Daily.objects.count() == 1
