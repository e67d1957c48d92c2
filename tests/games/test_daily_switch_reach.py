"""Issue 27, point 2: a daily variant switched off "from tomorrow" leaves today's daily playable and
ranked, and its board, archive and replays reachable for ever; dailies dealt for the days it is
off are not played; a stock variant switched on gets its first daily dealt before its day."""

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Daily, Game, Submission
from games.services.audit import StaffAct
from games.services.dailies import dailies_prepare
from games.services.daily_variants import daily_variant_set
from games.services.results import submission_validate
from tests.support.lines import human_line
from tests.support.play import play_one_by_one

pytestmark = pytest.mark.django_db

FORECELL_NUMBER = 2  # a person's line exists (tests/support/lines.py)


def switch_off_from_tomorrow(capture, variant="forecell"):
    with capture(execute=True):
        return daily_variant_set(variant=variant, enabled=False, act=StaffAct(reason="retired", via="command"))


def win(api, game_id, line):
    """Play ``line`` move by move at a person's pace and run the worker's validation."""
    Game.objects.filter(pk=game_id).update(started_at=timezone.now() - dt.timedelta(minutes=10))
    play_one_by_one(api, game_id, line)
    submission_validate(submission_id=Submission.objects.get(game_id=game_id).pk)
    return Game.objects.select_related("result").get(pk=game_id)


def board_players(date, variant="forecell"):
    response = APIClient().get(f"/api/leaderboards/daily/{date}/{variant}/")
    assert response.status_code == 200, response.content
    return [row["player"] for row in response.json()["rows"]]


def test_todays_forecell_daily_stays_playable_and_ranked_after_a_switch_off_from_tomorrow(
        api, player, winnable_deal, today, django_capture_on_commit_callbacks):
    Daily.objects.create(variant="forecell", date=today,
                         deal=winnable_deal("forecell", FORECELL_NUMBER, in_pool=False))
    started = api.post(f"/api/dailies/{today}/forecell/games/")
    assert started.status_code == 201 and started.json()["ranked"] is True

    switch_off_from_tomorrow(django_capture_on_commit_callbacks)  # while the player is mid-game

    assert [d["variant"] for d in api.get("/api/dailies/today/").json()["dailies"]].count("forecell") == 1
    assert api.get(f"/api/dailies/{today}/forecell/").status_code == 200
    again = api.post(f"/api/dailies/{today}/forecell/games/")
    assert again.status_code == 200 and again.json()["id"] == started.json()["id"]  # the same attempt
    game = win(api, started.json()["id"], list(human_line("forecell", FORECELL_NUMBER)))
    assert game.result.ranked and not game.result.flagged
    assert board_players(today) == [player.username]


def test_after_its_last_day_a_switched_off_variants_dailies_stay_reachable(
        api, anon, client, player, winnable_deal, today, days_pass, django_capture_on_commit_callbacks):
    yesterday = today
    Daily.objects.create(variant="forecell", date=yesterday,
                         deal=winnable_deal("forecell", FORECELL_NUMBER, in_pool=False))
    game = api.post(f"/api/dailies/{yesterday}/forecell/games/").json()
    win(api, game["id"], list(human_line("forecell", FORECELL_NUMBER)))
    switch_off_from_tomorrow(django_capture_on_commit_callbacks)

    today = days_pass(1)
    assert "forecell" not in [d["variant"] for d in api.get("/api/dailies/today/").json()["dailies"]]
    assert api.get(f"/api/dailies/{today}/forecell/").status_code == 404  # none today: not a 400
    assert board_players(yesterday) == [player.username]
    assert api.get(f"/api/dailies/{yesterday}/forecell/").json()["number"] == FORECELL_NUMBER
    archive = api.get(f"/api/dailies/archive/forecell/?month={yesterday:%Y-%m}").json()["dailies"]
    assert [(d["date"], d["won"]) for d in archive if d["date"] == yesterday.isoformat()] == [
        (yesterday.isoformat(), True)]
    lines = anon.get(f"/api/dailies/{yesterday}/forecell/lines/")
    assert lines.status_code == 200 and [p["player"] for p in lines.json()["players"]] == [player.username]
    replayed = api.post(f"/api/dailies/{yesterday}/forecell/games/")  # practice on a closed daily
    assert replayed.status_code == 201 and replayed.json()["ranked"] is False

    client.force_login(player)
    for page in ("/dailies/forecell/", f"/replay/{yesterday}/forecell/", f"/daily/forecell/{yesterday}",
                 f"/leaderboards/daily/{yesterday}/forecell/"):
        assert client.get(page).status_code == 200, page
    assert client.get("/daily/forecell").status_code == 404  # today has no ForeCell daily


def test_a_daily_dealt_for_a_day_its_variant_is_off_is_not_played(
        api, anon, winnable_deal, today, days_pass, django_capture_on_commit_callbacks):
    later = today + dt.timedelta(days=2)
    Daily.objects.create(variant="forecell", date=later, deal=winnable_deal("forecell", 6, in_pool=False))
    switch_off_from_tomorrow(django_capture_on_commit_callbacks)
    days_pass(2)
    assert api.get(f"/api/dailies/{later}/forecell/").status_code == 404
    assert api.post(f"/api/dailies/{later}/forecell/games/").status_code == 404
    assert anon.get(f"/api/leaderboards/daily/{later}/forecell/").status_code == 404
    assert api.get(f"/api/dailies/archive/forecell/?month={later:%Y-%m}").json()["dailies"] == []
    assert Daily.objects.filter(variant="forecell", date=later).exists()  # kept, for staff to remove


def test_a_stock_variant_switched_on_from_tomorrow_gets_its_daily_dealt_before_its_day(
        api, winnable_deal, today, monkeypatch, django_capture_on_commit_callbacks):
    from games import tasks

    rung = []
    monkeypatch.setattr(tasks.pool_fill_task, "delay", lambda *a, **k: rung.append(("pool_fill", a, k)))
    monkeypatch.setattr(tasks.dailies_prepare_task, "delay", lambda *a, **k: rung.append(("dailies_prepare", a, k)))
    with django_capture_on_commit_callbacks(execute=True):
        daily_variant_set(variant="spider-4suits", enabled=True, act=StaffAct(reason="weekend", via="command"))
    assert rung == [("pool_fill", ("spider-4suits",), {"reserve": True}), ("dailies_prepare", (), {})]
    # Today is as it was: no daily is promised, so none answers 503 while the worker deals it.
    refused = api.get(f"/api/dailies/{today}/spider-4suits/")
    assert refused.status_code == 404
    assert "spider-4suits" not in [d["variant"] for d in api.get("/api/dailies/today/").json()["dailies"]]

    winnable_deal("spider-4suits", 4_000_001, in_pool=False, reserve=True)
    monkeypatch.setattr("games.services.dailies.daily_variants_ever", lambda: ("spider-4suits",))
    made = dailies_prepare(days_ahead=1)  # what the worker's dailies_prepare runs
    assert [(d.variant, d.date) for d in made] == [("spider-4suits", today + dt.timedelta(days=1))]
