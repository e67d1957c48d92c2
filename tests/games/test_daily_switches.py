"""Which variants have a daily: the catalogue's default, until staff switch one on or off;
every reader (schedule, today's dailies, pages, beat) follows the switch."""

import datetime as dt
import re

import pytest
from auditlog.models import LogEntry
from rest_framework.test import APIClient

from core.errors import InvalidRequest
from games.catalogue import daily_variants
from games.models import Daily, DailyVariant
from games.services.audit import StaffAct
from games.services.dailies import dailies_prepare
from games.services.daily_variants import daily_variant_set
from games.services.schedule import schedule_fill

pytestmark = pytest.mark.django_db

DEFAULTS = ("freecell", "forecell", "klondike-draw3", "spider-2suits")


def switch(variant, enabled, capture, reason="because"):
    with capture(execute=True):
        return daily_variant_set(variant=variant, enabled=enabled, act=StaffAct(reason=reason, via="command"))


def test_the_catalogue_says_which_variants_have_a_daily_by_default():
    assert daily_variants() == DEFAULTS
    assert not DailyVariant.objects.exists()


def test_staff_switch_a_variant_on_and_another_off_and_the_audit_log_says_so(
        django_capture_on_commit_callbacks):
    assert daily_variants() == DEFAULTS  # read once: the switches are cached from here on
    switch("spider-1suit", True, django_capture_on_commit_callbacks)
    switch("forecell", False, django_capture_on_commit_callbacks)
    assert daily_variants() == ("freecell", "klondike-draw3", "spider-1suit", "spider-2suits")
    trail = LogEntry.objects.order_by("timestamp")
    assert [(e.additional_data["action"], e.object_repr) for e in trail] == [
        ("daily_variant_on", "spider-1suit daily on"), ("daily_variant_off", "forecell daily off")]
    switch("forecell", True, django_capture_on_commit_callbacks)  # back to the default: a row stays
    assert daily_variants() == ("freecell", "forecell", "klondike-draw3", "spider-1suit", "spider-2suits")
    assert LogEntry.objects.count() == 3


def test_a_switch_that_changes_nothing_records_nothing(django_capture_on_commit_callbacks):
    switch("freecell", True, django_capture_on_commit_callbacks)
    assert not LogEntry.objects.exists()


def test_the_switches_are_read_from_the_cache_until_one_changes(django_capture_on_commit_callbacks):
    assert "forecell" in daily_variants()
    DailyVariant.objects.create(variant="forecell", enabled=False)  # behind the service's back
    assert "forecell" in daily_variants()  # the cached switches hold, no query
    switch("spider-4suits", True, django_capture_on_commit_callbacks)
    assert "forecell" not in daily_variants() and "spider-4suits" in daily_variants()


def test_only_a_variant_on_the_site_can_be_switched(django_capture_on_commit_callbacks):
    with pytest.raises(InvalidRequest) as refused:
        switch("pyramid", True, django_capture_on_commit_callbacks)
    assert refused.value.code == "unknown_variant"


def test_today_the_schedule_pages_and_beat_follow_a_switch(api, client, player, winnable_deal, today,
                                                          django_capture_on_commit_callbacks):
    switch("forecell", False, django_capture_on_commit_callbacks)
    switch("freecell-classic", True, django_capture_on_commit_callbacks)
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
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "unknown_variant"
    assert APIClient().get("/api/variants/").json()["daily_variants"] == [
        "freecell", "freecell-classic", "klondike-draw3", "spider-2suits"]
    client.force_login(player)
    home = client.get("/").content.decode()
    tiles = re.findall(r'data-daily-tile data-variant="([a-z0-9-]+)"', home)
    assert tiles == ["freecell", "freecell-classic", "klondike-draw3", "spider-2suits"]

    first = today + dt.timedelta(days=5)
    with pytest.raises(InvalidRequest) as off:
        schedule_fill(variant="forecell", first=first, last=first, act=StaffAct(via="command"))
    assert off.value.code == "unknown_variant"
    winnable_deal("freecell-classic", 3_000_001, in_pool=False, reserve=True)
    filled, empty = schedule_fill(variant="freecell-classic", first=first, last=first, act=StaffAct(via="command"))
    assert [d.date for d in filled] == [first] and empty == []


def test_the_pools_task_fills_the_reserve_of_a_variant_switched_on_and_not_of_one_switched_off(
        settings, monkeypatch, django_capture_on_commit_callbacks):
    from games import tasks

    rung = []
    monkeypatch.setattr(tasks.pool_fill_task, "delay", lambda *args, **kwargs: rung.append((args, kwargs)))
    settings.POOL_TARGET = 0
    settings.DAILY_RESERVE_TARGET = 1
    switch("freecell-classic", True, django_capture_on_commit_callbacks)
    switch("forecell", False, django_capture_on_commit_callbacks)
    switch("spider-1suit", True, django_capture_on_commit_callbacks)
    added = tasks.pools_fill_task.run()
    assert added["freecell-classic daily reserve"] == 1 and "forecell daily reserve" not in added
    reserves = sorted(args[0] for args, kwargs in rung if kwargs.get("reserve"))
    assert reserves == ["klondike-draw3", "spider-1suit", "spider-2suits"]


def test_staff_switch_a_daily_in_the_admin(admin_client, django_capture_on_commit_callbacks):
    assert "spider-1suit" not in daily_variants()
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post("/admin/games/dailyvariant/add/",
                                     {"variant": "spider-1suit", "enabled": "on", "reason": "a weekend trial"})
    assert response.status_code == 302
    assert "spider-1suit" in daily_variants()
    entry = LogEntry.objects.get()
    assert (entry.actor.username, entry.additional_data["reason"], entry.additional_data["via"]) == (
        "admin", "a weekend trial", "admin")
    row = DailyVariant.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(f"/admin/games/dailyvariant/{row.pk}/change/", {"reason": "over"})
    assert "spider-1suit" not in daily_variants()
    page = admin_client.get("/admin/games/dailyvariant/").content.decode()
    assert "Dailies now: freecell, forecell, klondike-draw3, spider-2suits." in page
