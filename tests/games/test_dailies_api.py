"""Dailies: one per UTC date and variant, login required, first attempt ranked, number secret."""

import datetime as dt
import json
import time

import pytest
from rest_framework.test import APIClient

from games.catalogue import daily_variants
from games.models import Daily
from games.services.dailies import dailies_prepare
from games.share_links import share_code

pytestmark = pytest.mark.django_db

SECRET = 7_654_321_987  # distinctive, so that any leak is visible in a response body


def test_dailies_need_an_account(anon, daily, today):
    daily()
    assert anon.get("/api/dailies/today/").status_code == 401
    assert anon.get(f"/api/dailies/{today}/freecell/").status_code == 401
    assert anon.post(f"/api/dailies/{today}/freecell/games/").status_code == 401


def test_today_lists_one_daily_per_daily_variant_without_numbers(api, daily, today):
    assert daily_variants() == ("freecell", "forecell", "klondike-draw3", "spider-2suits")
    for variant in daily_variants():
        daily(variant, number=SECRET)
    body = api.get("/api/dailies/today/").json()
    assert body["date"] == today.isoformat()
    assert [(d["variant"], d["open"], d["number"]) for d in body["dailies"]] == [
        ("freecell", True, None), ("forecell", True, None), ("klondike-draw3", True, None),
        ("spider-2suits", True, None),
    ]


def test_todays_daily_is_made_from_the_reserve_when_nobody_scheduled_one(api, winnable_deal, today):
    winnable_deal("freecell", 5_123_456_789, in_pool=False, reserve=True)
    body = api.get(f"/api/dailies/{today}/freecell/").json()
    assert body["open"] and body["number"] is None
    assert Daily.objects.get(variant="freecell", date=today).deal.number == 5_123_456_789


def _no_search_here(**kwargs):
    raise AssertionError(f"a read ran a solver search: {kwargs}")


def test_a_read_with_an_empty_reserve_answers_not_ready_at_once_and_queues_the_top_up(
    api, today, monkeypatch, django_capture_on_commit_callbacks
):
    """No multi-second search inside a request: the worker is asked to fill the reserve instead."""
    from games import tasks
    from games.services import dailies

    monkeypatch.setattr(dailies, "pool_fill", _no_search_here)
    queued = []
    monkeypatch.setattr(tasks.pool_fill_task, "delay", lambda *args, **kwargs: queued.append((args, kwargs)))
    with django_capture_on_commit_callbacks(execute=True):
        response = api.get(f"/api/dailies/{today}/freecell/")
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "daily_not_ready"
    with django_capture_on_commit_callbacks(execute=True):
        listed = api.get("/api/dailies/today/").json()
    assert listed["dailies"] == []
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(f"/api/dailies/{today}/freecell/games/")
    assert started.status_code == 503 and started.json()["error"]["code"] == "daily_not_ready"
    assert not Daily.objects.exists()
    assert (("freecell",), {"reserve": True}) in queued
    assert {args[0] for args, _ in queued} == set(daily_variants())


def test_prepare_searches_several_rounds_for_todays_daily_and_one_for_a_day_ahead(today, monkeypatch):
    """Startup and beat may search, bounded: today's gets TODAY_FILL_ROUNDS rounds, the days ahead one."""
    from games.services import dailies

    rounds = []
    monkeypatch.setattr(dailies, "pool_fill", lambda **kwargs: rounds.append(kwargs) or 0)
    assert dailies.dailies_prepare(days_ahead=1) == []
    per_variant = dailies.TODAY_FILL_ROUNDS + 1
    assert len(rounds) == per_variant * len(daily_variants())
    assert all(r["reserve"] and r["seconds"] == dailies.FILL_SECONDS for r in rounds)


def test_a_future_daily_is_not_open_and_reveals_nothing(api, daily, today):
    daily(date=today + dt.timedelta(days=1), number=SECRET)
    response = api.get(f"/api/dailies/{today + dt.timedelta(days=1)}/freecell/")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "daily_not_open"
    assert "columns" not in json.dumps(response.json())
    start = api.post(f"/api/dailies/{today + dt.timedelta(days=1)}/freecell/games/")
    assert start.status_code == 400 and start.json()["error"]["code"] == "daily_not_open"


def test_a_closed_daily_reveals_its_number_and_plays_unranked(api, daily, today):
    daily(date=today - dt.timedelta(days=1), number=SECRET)
    body = api.get(f"/api/dailies/{today - dt.timedelta(days=1)}/freecell/").json()
    assert body["open"] is False and body["number"] == SECRET
    game = api.post(f"/api/dailies/{today - dt.timedelta(days=1)}/freecell/games/").json()
    assert game["ranked"] is False and game["deal"]["number"] == SECRET


def test_the_first_attempt_is_ranked_and_a_later_start_answers_it(api, daily, today):
    daily()
    first = api.post(f"/api/dailies/{today}/freecell/games/")
    second = api.post(f"/api/dailies/{today}/freecell/games/")
    assert (first.status_code, second.status_code) == (201, 200)
    assert first.json()["ranked"] is True and second.json()["id"] == first.json()["id"]
    assert first.json()["daily"] == {"date": today.isoformat(), "variant": "freecell"}


def test_free_play_of_an_open_dailys_deal_waits_until_the_day_closes(api, anon, daily, today):
    day = daily(number=24)
    refused = api.post("/api/games/", {"variant": "freecell", "number": 24}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "deal_unavailable"
    hint = anon.post("/api/deals/freecell/24/hint/", {"moves": []}, format="json")
    assert hint.status_code == 400 and hint.json()["error"]["code"] == "deal_unavailable"
    day.date = today - dt.timedelta(days=1)
    day.save()
    game = api.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()
    assert game["ranked"] is False and game["daily"] is None


def test_an_earlier_game_on_the_same_deal_counts_as_the_attempt(api, daily, today):
    earlier = api.post("/api/games/", {"variant": "freecell", "number": 30}, format="json").json()
    daily(number=30)
    refused = api.post(f"/api/dailies/{today}/freecell/games/")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "daily_layout_played"
    assert refused.json()["error"]["game"] == earlier["id"]


def test_a_deal_taken_for_a_daily_leaves_the_pools(anon, winnable_deal, today):
    from games.services.dailies import daily_ensure

    winnable_deal("freecell", 41, in_pool=True, reserve=True)
    assert daily_ensure(variant="freecell", date=today).deal.number == 41
    deal = Daily.objects.get().deal
    assert not deal.in_pool and not deal.daily_reserve
    response = anon.get("/api/deals/freecell/winnable/")
    assert response.status_code == 404  # the only pooled deal is today's daily


def test_a_daily_never_comes_from_the_play_pool(winnable_deal, today):
    from games.services.dailies import daily_ensure

    winnable_deal("freecell", 41, in_pool=True)  # a low number the random-deal endpoints hand out
    daily = daily_ensure(variant="freecell", date=today)  # the empty reserve is topped up on the spot
    assert daily.deal.number != 41 and daily.deal.number > 1_000_000
    assert daily.deal.status == "winnable"


@pytest.mark.parametrize(
    ("path", "code"),
    [("/api/dailies/2026-13-01/freecell/", "invalid_date"), ("/api/dailies/today/x/", "unknown_variant"),
     ("/api/dailies/yesterday/freecell/", "invalid_date")],
)
def test_bad_daily_addresses_are_refused(api, path, code):
    response = api.get(path)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code


def test_today_is_an_alias_for_the_utc_date(api, daily):
    daily()
    assert api.get("/api/dailies/today/freecell/").json()["open"] is True


def test_there_is_no_daily_for_other_variants(api, today):
    response = api.get(f"/api/dailies/{today}/freecell-classic/")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_variant"


def test_the_daily_number_appears_in_no_response_while_the_day_is_open(api, daily, today, player):
    daily("freecell", number=SECRET)
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    gid = game["id"]
    api.post(f"/api/games/{gid}/moves/", {"expected_ply": 0, "moves": ["1a"], "client_times": [900]},
             format="json")
    bodies = [
        json.dumps(game),
        api.get("/api/dailies/today/").content.decode(),
        api.get(f"/api/dailies/{today}/freecell/").content.decode(),
        api.get(f"/api/games/{gid}/").content.decode(),
        api.get("/api/games/").content.decode(),
        api.post(f"/api/games/{gid}/undo/", {"expected_ply": 1, "to_ply": 0}, format="json").content.decode(),
        api.get(f"/api/leaderboards/daily/{today}/freecell/").content.decode(),
        api.get(f"/api/players/{player.username}/stats/").content.decode(),
        APIClient().get(f"/api/leaderboards/daily/{today}/freecell/").content.decode(),
        APIClient().get("/api/deals/freecell/winnable/").content.decode(),
        APIClient().get("/api/deals/freecell/random/").content.decode(),
    ]
    for body in bodies:
        assert str(SECRET) not in body
        assert share_code("freecell", SECRET) not in body  # nor its share code, which encodes it


def test_prepare_fills_a_week_ahead_from_the_pool_for_every_daily_variant(winnable_deal, today):
    for n in range(1, 9):
        for offset, variant in enumerate(daily_variants()):
            winnable_deal(variant, n, par=50 + 10 * offset + n, in_pool=False, reserve=True)
    made = dailies_prepare()
    assert len(made) == 8 * len(daily_variants()) == 32
    for variant in daily_variants():
        dates = sorted(Daily.objects.filter(variant=variant).values_list("date", flat=True))
        assert dates == [today + dt.timedelta(days=i) for i in range(8)]
        deals = Daily.objects.filter(variant=variant).values_list("deal_id", flat=True)
        assert len(set(deals)) == 8  # no deal is used twice
    assert dailies_prepare() and Daily.objects.count() == 32  # idempotent


def test_a_day_beat_left_without_a_deal_is_dealt_by_the_reserve_fill_that_proves_one(winnable_deal, today,
                                                                                      settings):
    """Beat's task stops starting searches at its deadline (two variants' rounds went past its time
    limit on a busy worker); the day it could not deal waited for the next quarter hour's run.
    Now the worker's reserve fill deals it as soon as it proves a deal."""
    from games.tasks import pool_fill_task

    settings.DAILY_RESERVE_TARGET = 2
    week = [today + dt.timedelta(days=i) for i in range(8)]
    before = {day: Daily.objects.create(variant="freecell", date=day,
                                        deal=winnable_deal("freecell", 100 + i, in_pool=False)).deal_id
              for i, day in enumerate(week[:-1])}
    made = dailies_prepare(deadline=time.monotonic())  # the reserve is empty and no search may begin
    assert {d.date for d in made if d.variant == "freecell"} == set(week[:-1])
    assert not Daily.objects.filter(variant="freecell", date=week[-1]).exists()
    assert not Daily.objects.exclude(variant="freecell").exists()

    assert pool_fill_task("freecell", reserve=True) >= 1  # fc-solve proves random reserve numbers
    last = Daily.objects.select_related("deal").get(variant="freecell", date=week[-1])
    assert last.source == Daily.Source.RESERVE and last.deal.pk not in before.values()
    assert last.deal.par and not last.deal.daily_reserve
    assert dict(Daily.objects.filter(variant="freecell", date__lt=week[-1]).values_list("date", "deal_id")) == before
    assert not Daily.objects.exclude(variant="freecell").exists()  # only the variant whose reserve grew


def test_a_daily_says_how_many_players_have_played_it(api, daily, today, make_player):
    daily()
    assert api.get(f"/api/dailies/{today}/freecell/").json()["players"] == 0
    for name in ("ann", "bob"):
        other = APIClient()
        other.force_authenticate(make_player(name))
        assert other.post(f"/api/dailies/{today}/freecell/games/").status_code == 201
    assert api.get(f"/api/dailies/{today}/freecell/").json()["players"] == 2
