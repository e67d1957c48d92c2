"""Klondike and Spider dailies: 20-digit deal numbers, a reserve from the whole PySolFC range,
secret numbers, and ranked wins judged by the worker's replay like FreeCell's."""

import datetime as dt
import json
import random
from functools import lru_cache

import pytest
from rest_framework.test import APIClient

import engine
import solver
from games.models import Daily, Deal, Game, Result, SolverStatus, Submission
from games.selectors import player_games
from games.services.dailies import daily_game_start
from games.services.deals import HIDDEN_DAILY_FLOOR
from games.services.games import deal_game_start, game_undo, moves_append
from games.services.results import submission_validate
from games.services.solving import pool_fill
from games.share_links import share_code
from tests.games.conftest import schedule
from tests.support.factors import factor_enrol

pytestmark = pytest.mark.django_db

BIGGEST = 10**20 - 1  # PySolFC's largest deal number, past bigint's 2**63 - 1
DAILY_STOCK = ("klondike-draw3", "spider-2suits")


@lru_cache(maxsize=8)
def stock_line(variant: str, number: int) -> tuple[str, ...]:
    result = solver.solve(engine.deal(variant, number))
    assert result.status == "winnable", result
    return tuple(result.moves)


def proven(variant: str, number: int, **flags) -> Deal:
    """A deal as the worker leaves it: winnable, its line stored, par the line's length."""
    line = stock_line(variant, number)
    deal, _ = Deal.objects.update_or_create(
        variant=variant, number=number,
        defaults={"status": SolverStatus.WINNABLE, "par": len(line), "solution": " ".join(line), **flags},
    )
    return deal


def play_line(game: Game, player, line):
    """One move per request, as the client sends them (a move that turns a card ends a batch)."""
    for ply, move in enumerate(line):
        appended = moves_append(game_id=game.pk, player=player, expected_ply=ply, moves=[move],
                                client_times=[4000 * (ply + 1)])
    return appended


def backdate(game_id: str, minutes: int) -> None:
    game = Game.objects.get(pk=game_id)
    Game.objects.filter(pk=game_id).update(started_at=game.started_at - dt.timedelta(minutes=minutes))


# 1. Deal numbers up to 10**20 - 1.

def test_a_20_digit_stock_deal_is_stored_scheduled_played_and_looked_up(api, player, staff, today):
    proven("klondike-draw3", BIGGEST)
    assert Deal.objects.get(number=BIGGEST).number == BIGGEST  # an int back from numeric(20, 0)
    tomorrow = today + dt.timedelta(days=1)
    scheduled = schedule(staff, "klondike-draw3", tomorrow, BIGGEST)
    assert scheduled.status_code == 201, scheduled.json()
    assert scheduled.json()["number"] == BIGGEST
    secret = api.get(f"/api/deals/klondike-draw3/{BIGGEST}/")
    assert secret.status_code == 400 and secret.json()["error"]["code"] == "deal_unavailable"

    yesterday = today - dt.timedelta(days=1)
    Daily.objects.filter(date=tomorrow).update(date=yesterday)  # its day has closed
    archive = api.get(f"/api/dailies/archive/klondike-draw3/?month={yesterday:%Y-%m}").json()["dailies"]
    assert [(d["date"], d["number"]) for d in archive] == [(yesterday.isoformat(), BIGGEST)]
    assert api.get(f"/play/klondike-draw3/{BIGGEST}").status_code == 200
    assert api.get(f"/s/{share_code('klondike-draw3', BIGGEST)}")["Location"] == (
        f"/play/klondike-draw3/{BIGGEST}?shared=1")
    assert api.get(f"/api/leaderboards/deal/klondike-draw3/{BIGGEST}/").status_code == 200

    deal = api.get(f"/api/deals/klondike-draw3/{BIGGEST}/").json()
    assert (deal["number"], deal["status"], deal["par"]) == (BIGGEST, "winnable", len(stock_line(
        "klondike-draw3", BIGGEST)))
    started = api.post("/api/games/", {"variant": "klondike-draw3", "number": BIGGEST}, format="json")
    assert started.status_code == 201 and started.json()["deal"]["number"] == BIGGEST
    assert [g["id"] for g in api.get(f"/api/games/?number={BIGGEST}").json()["games"]] == [started.json()["id"]]

    game = deal_game_start(player=player, variant="klondike-draw3", number=BIGGEST)
    won = play_line(game, player, stock_line("klondike-draw3", BIGGEST))
    assert won.game.state == Game.State.WON and won.game.deal.number == BIGGEST
    assert {str(g.pk) for g in player_games(player=player, number=BIGGEST)} == {str(game.pk), started.json()["id"]}
    assert Deal.objects.filter(variant="klondike-draw3", number=BIGGEST).count() == 1


@pytest.mark.parametrize("variant", ["klondike-draw1", "spider-4suits", "forecell"])
def test_a_number_past_the_variants_largest_is_invalid_deal_number(api, staff, today, variant):
    for response in (
        api.post("/api/games/", {"variant": variant, "number": BIGGEST + 1}, format="json"),
        schedule(staff, "spider-2suits", today + dt.timedelta(days=2), BIGGEST + 1),
    ):
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_deal_number"
    assert api.get(f"/api/deals/{variant}/{BIGGEST + 1}/").status_code == 404  # 21 digits: no such address
    assert api.get(f"/api/games/?number={BIGGEST + 1}").status_code == 400
    assert not Deal.objects.exists()


# 2. The reserve draws from the whole range, and the number stays secret.

class RecordingRandom(random.Random):
    """Draws each deal number at the top of the range asked for, and records the range."""

    def __init__(self):
        super().__init__(1)
        self.ranges = []

    def randint(self, a, b):
        self.ranges.append((a, b))
        return b - len(self.ranges) + 1


def test_a_stock_dailys_reserve_draws_up_to_pysolfcs_largest_number_and_freecells_keeps_its_own():
    rng = RecordingRandom()
    assert pool_fill(variant="spider-2suits", target=1, seconds=60, rng=rng, reserve=True) == 1
    assert rng.ranges[0] == (HIDDEN_DAILY_FLOOR, BIGGEST)
    kept = Deal.objects.get(variant="spider-2suits", daily_reserve=True)
    assert kept.number > 2**63 - 1 and kept.status == SolverStatus.WINNABLE
    freecell = RecordingRandom()
    assert pool_fill(variant="freecell", target=1, seconds=60, rng=freecell, reserve=True) == 1
    assert freecell.ranges[0] == (1, engine.rules.MS_MAX_DEAL)


SECRET = 73_857_190_264_518_093_627  # 20 digits, distinctive: any leak shows in a response body


@pytest.mark.parametrize("variant", DAILY_STOCK)
def test_a_stock_dailys_number_appears_in_no_response_while_the_day_is_open(api, client, player, winnable_deal,
                                                                             today, variant):
    for other in ("freecell", "forecell", *DAILY_STOCK):  # today's dailies exist: none is drawn here
        if other != variant:
            Daily.objects.create(variant=other, date=today, deal=winnable_deal(other, 7, in_pool=False))
    Daily.objects.create(variant=variant, date=today, deal=winnable_deal(variant, SECRET, in_pool=False))
    game = api.post(f"/api/dailies/{today}/{variant}/games/").json()
    gid = game["id"]
    turned = api.post(f"/api/games/{gid}/moves/", {"expected_ply": 0, "moves": ["s"], "client_times": [900]},
                      format="json")
    assert turned.status_code == 200, turned.json()
    client.force_login(player)
    bodies = [
        json.dumps(game),
        turned.content.decode(),
        api.get("/api/dailies/today/").content.decode(),
        api.get(f"/api/dailies/{today}/{variant}/").content.decode(),
        api.get(f"/api/games/{gid}/").content.decode(),
        api.get("/api/games/").content.decode(),
        api.post(f"/api/games/{gid}/undo/", {"expected_ply": 1, "to_ply": 0}, format="json").content.decode(),
        api.post(f"/api/games/{gid}/hint/").content.decode(),
        api.get(f"/api/leaderboards/daily/{today}/{variant}/").content.decode(),
        api.get(f"/api/players/{player.username}/stats/").content.decode(),
        api.get(f"/api/dailies/archive/{variant}/").content.decode(),
        APIClient().get(f"/api/leaderboards/daily/{today}/{variant}/").content.decode(),
        APIClient().get(f"/api/deals/{variant}/random/").content.decode(),
        client.get("/").content.decode(),
        client.get(f"/daily/{variant}").content.decode(),
    ]
    for body in bodies:
        assert str(SECRET) not in body
        assert share_code(variant, SECRET) not in body  # nor its share code, which encodes it
    refused = api.get(f"/api/deals/{variant}/{SECRET}/")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "deal_unavailable"
    Daily.objects.filter(variant=variant).update(date=today - dt.timedelta(days=1))
    assert api.get(f"/api/dailies/{today - dt.timedelta(days=1)}/{variant}/").json()["number"] == SECRET


# 4. Ranked wins: every move counts, undone ones too; then server time; then who finished first.

@pytest.mark.parametrize("variant", DAILY_STOCK)
def test_stock_daily_wins_rank_by_counted_moves_then_server_time(make_player, today, variant, settings):
    # The three players share one line for the test's convenience: a shared line is no hold here
    # (linked accounts: test_fairplay_links.py).
    settings.FAIRPLAY_LINK_HOLD = ["browser", "address"]
    number = BIGGEST
    deal = proven(variant, number, in_pool=False)
    Daily.objects.create(variant=variant, date=today, deal=deal)
    line = list(stock_line(variant, number))
    assert "s" in line  # stock turns (Klondike) or row deals (Spider) are moves like any other

    def play(name: str, minutes: int, undo_at: int | None = None) -> None:
        """One move per request, as the client sends them; ``undo_at``: the two moves before
        that index are taken back there and played again."""
        player = make_player(name)
        game = daily_game_start(player=player, variant=variant, date=today)
        assert game.ranked
        backdate(game.pk, minutes)
        log = line[:undo_at] + line[undo_at - 2:] if undo_at else line
        for sent, move in enumerate(log, start=1):
            if undo_at and sent - 1 == undo_at:
                game_undo(game_id=game.pk, player=player, expected_ply=undo_at, to_ply=undo_at - 2)
            ply = Game.objects.get(pk=game.pk).ply
            moves_append(game_id=game.pk, player=player, expected_ply=ply, moves=[move],
                         client_times=[4000 * sent])
        submission_validate(submission_id=Submission.objects.get(game_id=game.pk).pk)  # the worker's job

    play("alice", minutes=5, undo_at=20)  # fastest, but two moves taken back count
    play("bob", minutes=10)
    play("carol", minutes=20)
    results = {r.player.username: r for r in Result.objects.select_related("player")}
    assert all(r.ranked and not r.flagged for r in results.values()), {
        n: r.flag_reason for n, r in results.items()}
    assert results["alice"].moves == len(line) and results["alice"].counted_moves == len(line) + 2
    assert results["bob"].counted_moves == results["carol"].counted_moves == len(line)
    assert all(r.fairplay_evidence["presets"] == [] for r in results.values())  # no fc-solve preset plays it

    board = APIClient().get(f"/api/leaderboards/daily/{today}/{variant}/").json()
    assert [(row["rank"], row["player"], row["counted_moves"]) for row in board["rows"]] == [
        (1, "bob", len(line)), (2, "carol", len(line)), (3, "alice", len(line) + 2)]
    assert board["par"] == len(line)
    assert board["histogram"] == [{"moves": len(line), "players": 2}, {"moves": len(line) + 2, "players": 1}]
    stats = APIClient().get("/api/players/alice/stats/").json()["variants"][variant]
    assert (stats["won"], stats["daily_wins"], stats["current_streak"], stats["average_over_par"]) == (1, 1, 1, 0)
    all_time = APIClient().get(f"/api/leaderboards/all-time/{variant}/").json()["rows"]
    assert {row["player"] for row in all_time} == {"alice", "bob", "carol"}


def test_a_stock_daily_win_is_judged_by_the_clocks_when_no_preset_applies(make_player, today):
    """A whole Spider line played within seconds is no person's play: the server's clock holds it."""
    deal = proven("spider-2suits", BIGGEST, in_pool=False)
    Daily.objects.create(variant="spider-2suits", date=today, deal=deal)
    eve = make_player("eve")
    game = daily_game_start(player=eve, variant="spider-2suits", date=today)
    assert play_line(game, eve, stock_line("spider-2suits", BIGGEST)).game.state == Game.State.WON
    submission_validate(submission_id=Submission.objects.get().pk)
    result = Result.objects.get()
    assert result.ranked and result.flagged and "decisions (at least" in result.flag_reason
    assert result.fairplay_evidence["presets"] == [] and result.fairplay_score < 0.5


def test_a_stock_daily_replaced_by_a_guessable_unsolved_number_sends_nothing_to_the_worker(
        make_player, today, django_capture_on_commit_callbacks):
    proven("spider-2suits", BIGGEST)
    staff = APIClient()
    root = make_player("root", staff=True)
    factor_enrol(root)  # the staff API acts only for staff with a second factor
    staff.force_authenticate(root)
    day = today + dt.timedelta(days=2)
    assert staff.post("/api/staff/schedule/", {"variant": "spider-2suits", "date": day.isoformat(),
                                               "number": BIGGEST}, format="json").status_code == 201
    with django_capture_on_commit_callbacks() as rung:
        low = staff.patch(f"/api/staff/schedule/spider-2suits/{day}/", {"number": 5}, format="json")
    assert low.status_code == 400 and low.json()["error"]["code"] == "deal_number_guessable"
    assert rung == [] and not Deal.objects.filter(number=5).exists()
    with django_capture_on_commit_callbacks() as rung:
        high = staff.patch(f"/api/staff/schedule/spider-2suits/{day}/", {"number": BIGGEST - 1}, format="json")
    assert high.status_code == 400 and high.json()["error"]["code"] == "deal_not_proven"
    assert len(rung) == 1 and Deal.objects.get(number=BIGGEST - 1).status == SolverStatus.UNKNOWN


def test_the_worker_settles_a_stock_schedule_request_within_the_tasks_time(staff, today, solve_calls):
    """A Spider search can take tens of seconds: the request's solve gets the stock task's seconds."""
    from games import tasks
    from games.services import schedule_requests

    seen = solve_calls
    day = today + dt.timedelta(days=3)
    asked = schedule(staff, "spider-2suits", day, BIGGEST)
    assert asked.status_code == 202, asked.json()
    settled = schedule_requests.schedule_request_settle(request_id=asked.json()["request"]["id"])
    assert seen and all(k["seconds"] == tasks.STOCK_TASK_SECONDS for k in seen)
    assert settled.status == "scheduled" and Daily.objects.get(date=day).deal.number == BIGGEST
