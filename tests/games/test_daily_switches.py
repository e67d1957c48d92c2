"""Which variants have a daily, day by day: the catalogue's default, until staff switch one on or off
from a date (tomorrow unless they pick another); every reader (schedule, today's dailies, pages,
beat) follows the switch from that day, and the days before it stay as they were."""

import datetime as dt
import re

import pytest
from auditlog.models import LogEntry
from rest_framework.test import APIClient

from core.errors import InvalidRequest
from games.catalogue import daily_on, daily_variants
from games.models import Daily, DailyVariant
from games.services.audit import StaffAct
from games.services.dailies import dailies_prepare
from games.services.daily_variants import daily_variant_set
from games.services.schedule import schedule_add, schedule_fill

pytestmark = pytest.mark.django_db

DEFAULTS = ("freecell", "forecell", "klondike-draw3", "spider-2suits")


def switch(variant, enabled, capture, reason="because", effective_from=None):
    with capture(execute=True):
        return daily_variant_set(variant=variant, enabled=enabled, effective_from=effective_from,
                                 act=StaffAct(reason=reason, via="command"))


def test_the_catalogue_says_which_variants_have_a_daily_by_default():
    assert daily_variants() == DEFAULTS
    assert not DailyVariant.objects.exists()


def test_a_switch_holds_from_tomorrow_and_the_audit_log_says_so(days_pass, today,
                                                                django_capture_on_commit_callbacks):
    tomorrow = today + dt.timedelta(days=1)
    assert daily_variants() == DEFAULTS  # read once: the switches are cached from here on
    switch("spider-1suit", True, django_capture_on_commit_callbacks)
    switch("forecell", False, django_capture_on_commit_callbacks)
    assert daily_variants() == DEFAULTS  # today is as it was
    assert daily_variants(on=tomorrow) == ("freecell", "klondike-draw3", "spider-1suit", "spider-2suits")
    trail = LogEntry.objects.order_by("timestamp")
    assert [(e.additional_data["action"], e.object_repr) for e in trail] == [
        ("daily_variant_on", f"spider-1suit daily on from {tomorrow}"),
        ("daily_variant_off", f"forecell daily off from {tomorrow}")]
    assert trail.last().changes["effective_from"] == ["None", tomorrow.isoformat()]
    days_pass(1)
    assert daily_variants() == ("freecell", "klondike-draw3", "spider-1suit", "spider-2suits")
    switch("forecell", True, django_capture_on_commit_callbacks)  # back to the default: a row stays
    assert "forecell" not in daily_variants() and "forecell" in daily_variants(on=tomorrow + dt.timedelta(days=1))
    assert LogEntry.objects.count() == 3


def test_a_past_day_is_judged_by_the_switch_that_held_then(django_capture_on_commit_callbacks, today):
    DailyVariant.objects.create(variant="forecell", enabled=False, effective_from=today - dt.timedelta(days=5))
    DailyVariant.objects.create(variant="forecell", enabled=True, effective_from=today - dt.timedelta(days=2))
    assert daily_on("forecell", today - dt.timedelta(days=6))
    assert not daily_on("forecell", today - dt.timedelta(days=3))
    assert daily_on("forecell", today) and "forecell" in daily_variants()


def test_a_switch_that_changes_nothing_records_nothing(django_capture_on_commit_callbacks):
    assert switch("freecell", True, django_capture_on_commit_callbacks) is None
    assert not LogEntry.objects.exists()


def test_a_new_switch_supersedes_one_still_pending_after_its_day(today, django_capture_on_commit_callbacks):
    later = today + dt.timedelta(days=10)
    switch("forecell", False, django_capture_on_commit_callbacks, effective_from=later)
    switch("forecell", False, django_capture_on_commit_callbacks, effective_from=today + dt.timedelta(days=3))
    switch("forecell", True, django_capture_on_commit_callbacks, effective_from=today + dt.timedelta(days=5))
    assert [(row.effective_from, row.enabled) for row in DailyVariant.objects.all()] == [
        (today + dt.timedelta(days=3), False), (today + dt.timedelta(days=5), True)]
    assert daily_on("forecell", later)
    assert LogEntry.objects.order_by("timestamp")[1].changes["superseded"] == [f"forecell daily off from {later}",
                                                                               "None"]


@pytest.mark.parametrize(("enabled", "days", "code"), [
    (False, 0, "switch_date_too_early"),  # today's daily is open: off from tomorrow at the earliest
    (True, -1, "switch_date_too_early"),
])
def test_a_switch_cannot_reach_a_day_that_has_begun(today, enabled, days, code, django_capture_on_commit_callbacks):
    with pytest.raises(InvalidRequest) as refused:
        switch("forecell" if not enabled else "spider-1suit", enabled, django_capture_on_commit_callbacks,
               effective_from=today + dt.timedelta(days=days))
    assert refused.value.code == code
    assert not DailyVariant.objects.exists() and not LogEntry.objects.exists()


def test_a_switch_needs_a_reason(django_capture_on_commit_callbacks):
    with pytest.raises(InvalidRequest) as refused:
        switch("forecell", False, django_capture_on_commit_callbacks, reason="  ")
    assert refused.value.code == "reason_required"
    assert not DailyVariant.objects.exists()


def test_the_switches_are_read_from_the_cache_until_one_changes(django_capture_on_commit_callbacks, today):
    assert "forecell" in daily_variants()
    DailyVariant.objects.create(variant="forecell", enabled=False)  # behind the service's back
    assert "forecell" in daily_variants()  # the cached switches hold, no query
    switch("spider-4suits", True, django_capture_on_commit_callbacks, effective_from=today)
    assert "forecell" not in daily_variants() and "spider-4suits" in daily_variants()


def test_only_a_variant_on_the_site_can_be_switched(django_capture_on_commit_callbacks):
    with pytest.raises(InvalidRequest) as refused:
        switch("pyramid", True, django_capture_on_commit_callbacks)
    assert refused.value.code == "unknown_variant"


def test_from_its_day_the_schedule_pages_and_beat_follow_a_switch(api, client, player, winnable_deal, today,
                                                                  days_pass, django_capture_on_commit_callbacks):
    switch("forecell", False, django_capture_on_commit_callbacks)
    switch("freecell-classic", True, django_capture_on_commit_callbacks)
    today = days_pass(1)
    for variant in ("freecell", "freecell-classic", "klondike-draw3", "spider-2suits"):
        for number in range(1, 3):
            winnable_deal(variant, 1_000_000 * (1 + ["freecell", "freecell-classic"].count(variant)) + number,
                          in_pool=False, reserve=True)

    made = dailies_prepare(days_ahead=1)  # beat
    assert sorted({d.variant for d in made}) == ["freecell", "freecell-classic", "klondike-draw3", "spider-2suits"]
    assert not Daily.objects.filter(variant="forecell").exists()

    today_list = api.get("/api/dailies/today/").json()["dailies"]
    assert [d["variant"] for d in today_list] == ["freecell", "freecell-classic", "klondike-draw3", "spider-2suits"]
    refused = api.get(f"/api/dailies/{today}/forecell/")
    assert refused.status_code == 404  # a variant with past dailies: there is just none today
    assert APIClient().get("/api/variants/").json()["daily_variants"] == [
        "freecell", "freecell-classic", "klondike-draw3", "spider-2suits"]
    client.force_login(player)
    home = client.get("/").content.decode()
    tiles = re.findall(r'data-daily-tile data-variant="([a-z0-9-]+)"', home)
    assert tiles == ["freecell", "freecell-classic", "klondike-draw3", "spider-2suits"]

    first = today + dt.timedelta(days=5)
    with pytest.raises(InvalidRequest) as off:
        schedule_fill(variant="forecell", first=first, last=first, act=StaffAct(via="command"))
    assert off.value.code == "daily_variant_off"
    winnable_deal("freecell-classic", 3_000_001, in_pool=False, reserve=True)
    filled, empty = schedule_fill(variant="freecell-classic", first=first, last=first, act=StaffAct(via="command"))
    assert [d.date for d in filled] == [first] and empty == []


def test_a_variant_never_daily_is_still_an_unknown_variant(api, today):
    refused = api.get(f"/api/dailies/{today}/spider-1suit/")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "unknown_variant"


def test_no_new_daily_is_scheduled_on_a_day_its_variant_is_off(winnable_deal, today,
                                                               django_capture_on_commit_callbacks):
    switch("forecell", False, django_capture_on_commit_callbacks, effective_from=today + dt.timedelta(days=4))
    deal = winnable_deal("forecell", 6, in_pool=False)
    with pytest.raises(InvalidRequest) as off:
        schedule_add(variant="forecell", date=today + dt.timedelta(days=4), deal=deal, act=StaffAct(via="command"))
    assert off.value.code == "daily_variant_off"
    made = schedule_add(variant="forecell", date=today + dt.timedelta(days=3), deal=deal, act=StaffAct(via="command"))
    assert made.date == today + dt.timedelta(days=3)


def test_the_pools_task_fills_the_reserve_of_a_variant_switched_on_and_not_of_one_switched_off(
        settings, monkeypatch, days_pass, django_capture_on_commit_callbacks):
    from games import tasks

    rung = []
    monkeypatch.setattr(tasks.pool_fill_task, "delay", lambda *args, **kwargs: rung.append((args, kwargs)))
    monkeypatch.setattr(tasks.dailies_prepare_task, "delay", lambda *args, **kwargs: None)
    settings.POOL_TARGET = 0
    settings.DAILY_RESERVE_TARGET = 1
    switch("freecell-classic", True, django_capture_on_commit_callbacks)
    switch("forecell", False, django_capture_on_commit_callbacks)
    switch("spider-1suit", True, django_capture_on_commit_callbacks)
    days_pass(1)
    rung.clear()
    tasks.pools_fill_task.run()
    reserves = sorted(args[0] for args, kwargs in rung if kwargs.get("reserve"))
    assert reserves == ["freecell", "freecell-classic", "klondike-draw3", "spider-1suit", "spider-2suits"]
    assert tasks.pool_fill_task.run("freecell-classic", reserve=True) == 1
