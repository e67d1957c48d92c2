"""Issue 27, point 2, in the admin: a daily switch asks for a reason and a date (tomorrow by default),
shows what changes before anything does, and is audited; a switched-off variant's future dailies
keep their own variant on their edit page, save, and can be unscheduled."""

import datetime as dt

import pytest
from auditlog.models import LogEntry

from games.catalogue import daily_variants
from games.models import Daily, DailyVariant
from games.services.audit import StaffAct
from games.services.daily_variants import daily_variant_set

pytestmark = pytest.mark.django_db

ADD = "/admin/games/dailyvariant/add/"


def test_the_switch_page_asks_for_a_date_defaulting_to_tomorrow_and_a_reason(admin_client, today):
    page = admin_client.get(ADD).content.decode()
    assert f'name="effective_from" value="{today + dt.timedelta(days=1)}"' in page
    refused = admin_client.post(ADD, {"variant": "forecell", "state": "off",
                                      "effective_from": str(today + dt.timedelta(days=1)), "reason": ""})
    assert refused.status_code == 200 and "This field is required." in refused.content.decode()
    assert not DailyVariant.objects.exists() and not LogEntry.objects.exists()


def test_a_switch_off_for_today_is_refused_on_the_form(admin_client, today):
    refused = admin_client.post(ADD, {"variant": "forecell", "state": "off", "effective_from": str(today),
                                      "reason": "retired"})
    assert refused.status_code == 200 and "is too early" in refused.content.decode()
    assert not DailyVariant.objects.exists()


def test_the_confirmation_lists_what_changes_and_the_switch_waits_for_it(
        admin_client, admin_user, winnable_deal, today, django_capture_on_commit_callbacks):
    tomorrow = today + dt.timedelta(days=1)
    later = today + dt.timedelta(days=3)
    Daily.objects.create(variant="forecell", date=later, deal=winnable_deal("forecell", 6, in_pool=False),
                         source=Daily.Source.SCHEDULE)
    asked = {"variant": "forecell", "state": "off", "effective_from": str(tomorrow), "reason": "retired"}
    page = admin_client.post(ADD, asked).content.decode()
    assert f"The forecell daily is switched off from {tomorrow} (UTC)." in page
    assert "Today&#x27;s and every earlier daily stay as they are" in page
    assert f"{later}: the forecell daily #6 (schedule) stays in the calendar" in page
    assert 'name="confirm"' in page
    assert not DailyVariant.objects.exists() and not LogEntry.objects.exists()

    with django_capture_on_commit_callbacks(execute=True):
        done = admin_client.post(ADD, {**asked, "confirm": "yes"}, follow=True)
    assert f"The forecell daily is switched off from {tomorrow}." in done.content.decode()
    assert f"Dailies today: {', '.join(daily_variants())}" in done.content.decode()
    row = DailyVariant.objects.get()
    assert (row.variant, row.enabled, row.effective_from, row.reason) == ("forecell", False, tomorrow, "retired")
    entry = LogEntry.objects.get()
    assert (entry.actor, entry.additional_data["action"], entry.additional_data["reason"],
            entry.additional_data["via"]) == (admin_user, "daily_variant_off", "retired", "admin")
    assert entry.changes["effective_from"] == ["None", str(tomorrow)]
    assert "forecell" in daily_variants()  # today's stays


def test_a_switched_off_variants_future_daily_shows_its_variant_saves_and_can_be_unscheduled(
        admin_client, winnable_deal, today, days_pass, django_capture_on_commit_callbacks):
    later = today + dt.timedelta(days=3)
    daily = Daily.objects.create(variant="forecell", date=later, deal=winnable_deal("forecell", 6, in_pool=False))
    winnable_deal("forecell", 7, in_pool=False, reserve=True)
    with django_capture_on_commit_callbacks(execute=True):
        daily_variant_set(variant="forecell", enabled=False, act=StaffAct(reason="retired", via="command"))
    days_pass(1)  # the switch holds: ForeCell is no longer a daily
    assert "forecell" not in daily_variants()

    page = admin_client.get(f"/admin/games/daily/{daily.pk}/change/").content.decode()
    assert '<option value="forecell" selected>' in page
    saved = admin_client.post(f"/admin/games/daily/{daily.pk}/change/",
                              {"date": later.isoformat(), "number": 7, "reason": "a better deal"})
    assert saved.status_code == 302
    assert Daily.objects.select_related("deal").get().deal.number == 7

    removed = admin_client.post("/admin/games/daily/", {"action": "unschedule", "_selected_action": [daily.pk],
                                                        "confirm": "yes", "reason": "variant retired"})
    assert removed.status_code == 302
    assert not Daily.objects.exists()
    assert list(LogEntry.objects.order_by("timestamp").values_list("additional_data__action", flat=True)) == [
        "daily_variant_off", "schedule_replace", "schedule_remove"]


@pytest.mark.parametrize("query", ["?variant__exact=%00", "?variant__exact=nope", "?effective_from=%00"])
def test_the_switch_list_answers_a_bad_filter_without_a_500(admin_client, query):
    assert admin_client.get(f"/admin/games/dailyvariant/{query}").status_code in (200, 302, 400)


def test_a_bad_switch_form_is_refused_without_a_500(admin_client):
    refused = admin_client.post(ADD, {"variant": "\x00", "state": "sideways", "effective_from": "\x00",
                                      "reason": "x"})
    assert refused.status_code in (200, 400)
    assert not DailyVariant.objects.exists()


def test_the_calendar_keeps_a_switched_off_variant_and_marks_its_days_off(
        admin_client, winnable_deal, today, days_pass, django_capture_on_commit_callbacks):
    later = today + dt.timedelta(days=3)
    Daily.objects.create(variant="forecell", date=later, deal=winnable_deal("forecell", 6, in_pool=False))
    with django_capture_on_commit_callbacks(execute=True):
        daily_variant_set(variant="forecell", enabled=False, act=StaffAct(reason="retired", via="command"))
    days_pass(1)
    page = admin_client.get(f"/admin/games/daily/calendar/?variant=forecell&month={later:%Y-%m}")
    cells = {day["date"]: day for week in page.context["weeks"] for day in week}
    assert page.context["variant"] == "forecell"
    assert cells[later]["daily"].deal.number == 6 and cells[later]["off"]
    assert "daily switched off" in page.content.decode()
