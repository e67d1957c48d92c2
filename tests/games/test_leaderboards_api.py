"""Leaderboards and stats are built from validated results only, in the documented order."""

import datetime as dt

import pytest
from django.utils import timezone

from games.models import Game, Submission

pytestmark = pytest.mark.django_db

NOON = dt.time(12, 0)


def test_daily_board_orders_by_moves_then_server_time_then_who_finished_first(anon, daily, finish, today):
    day = daily()
    base = timezone.now()
    finish("dora", day.deal, daily=day, moves=80, ms=400_000, at=base)
    finish("erin", day.deal, daily=day, moves=75, ms=900_000, at=base)
    finish("fred", day.deal, daily=day, moves=80, ms=300_000, at=base)
    finish("gina", day.deal, daily=day, moves=80, ms=400_000, at=base - dt.timedelta(seconds=5))
    body = anon.get(f"/api/leaderboards/daily/{today}/freecell/").json()
    assert [(r["rank"], r["player"], r["moves"]) for r in body["rows"]] == [
        (1, "erin", 75), (2, "fred", 80), (3, "gina", 80), (4, "dora", 80),
    ]
    assert body["rows"][1]["seconds"] == 300.0
    assert body["histogram"] == [{"moves": 75, "players": 1}, {"moves": 80, "players": 3}]
    assert body["players"] == 4


def test_flagged_voided_and_unranked_results_stay_off_the_daily_board(anon, daily, finish, today):
    day = daily()
    finish("dora", day.deal, daily=day, moves=80)
    finish("erin", day.deal, daily=day, moves=20, flagged=True)
    finish("fred", day.deal, daily=day, moves=30, voided=True)
    finish("gina", day.deal, daily=day, moves=40, ranked=False)
    body = anon.get(f"/api/leaderboards/daily/{today}/freecell/").json()
    assert [r["player"] for r in body["rows"]] == ["dora"]
    assert body["histogram"] == [{"moves": 80, "players": 1}]


def test_the_daily_board_refreshes_when_the_worker_records_a_result(
    api, daily, today, django_capture_on_commit_callbacks
):
    from games.services.results import submission_validate
    from tests.support.lines import human_line
    from tests.support.play import play_one_by_one

    daily(number=24)
    board = f"/api/leaderboards/daily/{today}/freecell/"
    assert api.get(board).json()["rows"] == []  # now cached, empty
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    Game.objects.filter(pk=game["id"]).update(started_at=timezone.now() - dt.timedelta(minutes=10))
    play_one_by_one(api, game["id"], human_line("freecell", 24))  # a solver's line is held
    with django_capture_on_commit_callbacks(execute=True):
        submission_validate(submission_id=Submission.objects.get().pk)
    assert [row["player"] for row in api.get(board).json()["rows"]] == ["alice"]


def test_deal_board_keeps_each_players_best(anon, winnable_deal, finish):
    deal = winnable_deal("freecell", 77)
    finish("dora", deal, moves=99)
    finish("dora", deal, moves=88)
    finish("erin", deal, moves=95)
    body = anon.get("/api/leaderboards/deal/freecell/77/").json()
    assert [(r["player"], r["moves"]) for r in body["rows"]] == [("dora", 88), ("erin", 95)]
    assert anon.get("/api/leaderboards/deal/freecell/78/").json()["rows"] == []


def test_deal_board_hides_the_results_of_an_open_daily(anon, daily, finish):
    day = daily(number=77)
    finish("dora", day.deal, daily=day, moves=80)
    assert anon.get("/api/leaderboards/deal/freecell/77/").json()["rows"] == []


def test_all_time_board_counts_daily_wins_and_streaks(anon, daily, finish, today):
    days = [daily(date=today - dt.timedelta(days=i), number=100 + i) for i in range(5)]
    for i in (0, 1, 3, 4):  # today, yesterday, then a gap, then two more
        finish("dora", days[i].deal, daily=days[i])
    for i in (2, 3, 4):  # three in a row, ending two days ago
        finish("erin", days[i].deal, daily=days[i])
    rows = anon.get("/api/leaderboards/all-time/freecell/").json()["rows"]
    assert rows == [
        {"rank": 1, "player": "dora", "daily_wins": 4, "current_streak": 2, "best_streak": 2},
        {"rank": 2, "player": "erin", "daily_wins": 3, "current_streak": 0, "best_streak": 3},
    ]


def test_player_stats_count_games_wins_streaks_and_moves_over_par(anon, daily, finish, winnable_deal, make_player):
    day = daily(number=24)  # par 80
    finish("dora", day.deal, daily=day, moves=90, ms=200_000)
    other = winnable_deal("freecell", 25, par=70)
    finish("dora", other, moves=75, ms=100_000)
    dora = Game.objects.filter(player__username="dora").first().player
    Game.objects.create(player=dora, deal=other, ply=3, moves="1a 2b 3c")  # an unfinished game
    Game.objects.create(player=dora, deal=other)  # opened, never played: not counted
    stats = anon.get("/api/players/dora/stats/").json()["variants"]["freecell"]
    assert stats == {
        "played": 3, "won": 2, "win_rate": 0.667, "fewest_moves": 75, "fastest_seconds": 100.0,
        "daily_wins": 1, "current_streak": 1, "best_streak": 1, "average_over_par": 7.5, "under_review": 0,
    }
    assert anon.get("/api/players/nobody/stats/").status_code == 404


def test_a_held_win_is_under_review_in_the_stats_and_won_nowhere_until_staff_decide(anon, daily, finish):
    day = daily(number=24)
    finish("hana", day.deal, daily=day, moves=90, flagged=True)
    stats = anon.get("/api/players/hana/stats/").json()["variants"]["freecell"]
    assert (stats["won"], stats["daily_wins"], stats["under_review"]) == (0, 0, 1)


def test_unknown_variants_are_refused_on_boards(anon):
    response = anon.get("/api/leaderboards/all-time/spider/")
    assert response.status_code == 400 and response.json()["error"]["code"] == "unknown_variant"
