"""The dailies archive (a month of dailies with the player's marks) and a
closed daily's lines for the replay viewer; an open daily's stay secret."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_archive_lists_only_days_that_had_a_daily_with_the_players_marks(daily, finish, today, make_player):
    first = today.replace(day=1)
    days = sorted({first, today})
    made = {day: daily(date=day, number=30 + i) for i, day in enumerate(days)}
    result = finish("alice", made[days[0]].deal, daily=made[days[0]], moves=77, ms=61_500)
    client = APIClient()
    client.force_authenticate(result.player)
    body = client.get("/api/dailies/archive/freecell/").json()
    assert body["month"] == today.strftime("%Y-%m")
    assert [d["date"] for d in body["dailies"]] == [day.isoformat() for day in days]
    won = body["dailies"][0]
    assert (won["played"], won["won"], won["moves"], won["seconds"]) == (True, True, 77, 61.5)
    assert body["dailies"][-1]["open"] is True and body["dailies"][-1]["number"] is None


def test_a_game_started_and_not_won_marks_the_day_played_only(daily, today, make_player):
    day = daily(date=today)
    player = make_player("bob")
    Game.objects.create(player=player, deal=day.deal, daily=day)
    client = APIClient()
    client.force_authenticate(player)
    entry = client.get("/api/dailies/archive/freecell/").json()["dailies"][-1]
    assert (entry["played"], entry["won"], entry["moves"]) == (True, False, None)


def test_a_guest_sees_the_archive_without_marks_and_a_bad_month_is_a_400(anon, daily, today):
    daily(date=today)
    body = anon.get("/api/dailies/archive/freecell/").json()
    assert body["dailies"][0]["played"] is False
    answer = anon.get("/api/dailies/archive/freecell/?month=2026-13")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "invalid_date"
    assert anon.get("/api/dailies/archive/freecell-classic/").status_code in (400, 404)


def test_a_closed_dailys_lines_are_the_best_ranked_logs_and_the_par_line(anon, daily, finish, today):
    yesterday = today - dt.timedelta(days=1)
    day = daily(date=yesterday, number=31)
    day.deal.solution = "6a 6b 6h"
    day.deal.save()
    slow = finish("carl", day.deal, daily=day, moves=90)
    fast = finish("dana", day.deal, daily=day, moves=80)
    for result, line in ((slow, "1a 1b"), (fast, "2a")):
        Game.objects.filter(pk=result.game_id).update(moves=line)
    body = anon.get(f"/api/dailies/{yesterday}/freecell/lines/").json()
    assert body["number"] == 31 and body["par_line"] == ["6a", "6b", "6h"]
    assert [(p["rank"], p["player"], p["moves"]) for p in body["players"]] == [
        (1, "dana", ["2a"]), (2, "carl", ["1a", "1b"]),
    ]
    assert len(body["start"]["columns"]) == 8


def test_an_open_dailys_lines_are_refused_and_a_missing_one_is_a_404(anon, daily, today):
    daily(date=today)
    answer = anon.get(f"/api/dailies/{today}/freecell/lines/")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "daily_not_closed"
    assert anon.get("/api/dailies/2020-01-01/freecell/lines/").status_code == 404
