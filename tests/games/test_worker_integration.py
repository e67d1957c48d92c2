"""The real worker on the real Redis broker judges wins; the leaderboard shows what it accepts."""

import datetime as dt
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from games.models import Daily, Deal, Game, Result, SolverStatus, Submission
from games.services.dailies import today_utc
from tests.support.lines import human_line, winning_line
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.slow]


def player_session(name: str) -> requests.Session:
    user = get_user_model().objects.create_user(username=name, password="correct horse battery")
    session = requests.Session()
    session.headers["Authorization"] = f"Token {Token.objects.create(user=user).key}"
    return session


def todays_daily(number: int = 24) -> Daily:
    deal = Deal.objects.create(variant="freecell", number=number, status=SolverStatus.WINNABLE, par=80)
    return Daily.objects.create(variant="freecell", date=today_utc(), deal=deal)


def backdate(game_id: str, minutes: int) -> None:
    """As if the player had started this long ago (the server's clock decides the time)."""
    game = Game.objects.get(pk=game_id)
    Game.objects.filter(pk=game_id).update(started_at=game.started_at - dt.timedelta(minutes=minutes))


def test_a_real_worker_validates_a_daily_win_and_the_leaderboard_shows_it(live_url):
    todays_daily(24)
    alice = player_session("alice")
    game = alice.post(f"{live_url}/api/dailies/today/freecell/games/").json()
    assert game["ranked"] is True
    backdate(game["id"], 12)
    line = human_line("freecell", 24)  # a solver's own line would be held for review
    for ply, move in enumerate(line):  # one request per move, as the client sends them
        response = alice.post(f"{live_url}/api/games/{game['id']}/moves/",
                              json={"expected_ply": ply, "moves": [move], "client_times": [5000 * (ply + 1)]})
        assert response.status_code == 200, response.text
    assert response.json()["state"] == "won"
    board = wait_for(lambda: requests.get(f"{live_url}/api/leaderboards/daily/today/freecell/", timeout=10).json()["rows"])
    assert board == [{
        "rank": 1, "player": "alice", "moves": len(line), "counted_moves": len(line), "seconds": board[0]["seconds"],
        "finished_at": board[0]["finished_at"], "undos": 0, "hints": 0,
    }]
    assert board[0]["seconds"] >= 12 * 60
    submission = alice.get(f"{live_url}/api/games/{game['id']}/submission/").json()
    assert submission["status"] == "accepted" and submission["result"]["ranked"] is True


def test_fifty_identical_concurrent_submissions_record_exactly_one_result(live_services, live_url):
    alice = player_session("alice")
    game = alice.post(f"{live_url}/api/games/", json={"variant": "freecell", "number": 24}).json()
    line = list(winning_line("freecell", 24))
    body = {"moves": line, "client_times": [3000 * (i + 1) for i in range(len(line))]}

    def claim(_):
        return alice.post(f"{live_url}/api/games/{game['id']}/submission/", json=body).status_code

    with ThreadPoolExecutor(max_workers=50) as pool:
        statuses = list(pool.map(claim, range(50)))
    assert all(status < 500 for status in statuses), statuses
    assert statuses.count(202) == 50  # the same claim answers with the same submission
    wait_for(lambda: Submission.objects.filter(game_id=game["id"], status="accepted").exists())
    # Every delivery the claims caused has run (none waiting, none held by the worker),
    # so a late duplicate would have done its harm by now.
    wait_for(lambda: live_services.drained(), timeout=60)
    assert Submission.objects.filter(game_id=game["id"]).count() == 1
    assert Result.objects.filter(game_id=game["id"]).count() == 1


@pytest.mark.parametrize("variant", ["klondike-draw3", "spider-2suits"])
def test_a_real_worker_ranks_stock_daily_wins_by_every_move_played(live_url, variant):
    """Klondike Draw 3 and Spider 2 suits: the worker replays each log (stock turns, row deals
    and the cards they turn) before ranking; fewest counted moves first, a move taken back
    counting too, then server time."""
    number = 10**20 - 1  # PySolFC's largest number, as the daily reserve may draw it
    line = list(winning_line(variant, number))
    assert "s" in line
    deal = Deal.objects.create(variant=variant, number=number, status=SolverStatus.WINNABLE, par=len(line),
                               solution=" ".join(line))
    Daily.objects.create(variant=variant, date=today_utc(), deal=deal)

    def play(name: str, minutes: int, undo_at: int | None = None) -> None:
        session = player_session(name)
        game = session.post(f"{live_url}/api/dailies/today/{variant}/games/").json()
        assert game["ranked"] is True
        backdate(game["id"], minutes)
        log = line[:undo_at] + line[undo_at - 2:] if undo_at else line
        ply = 0
        for sent, move in enumerate(log, start=1):
            if undo_at and sent - 1 == undo_at:
                undone = session.post(f"{live_url}/api/games/{game['id']}/undo/",
                                      json={"expected_ply": ply, "to_ply": ply - 2})
                assert undone.status_code == 200, undone.text
                ply -= 2
            response = session.post(f"{live_url}/api/games/{game['id']}/moves/",
                                    json={"expected_ply": ply, "moves": [move], "client_times": [5000 * sent]})
            assert response.status_code == 200, response.text
            ply += 1
        assert response.json()["state"] == "won"

    play("alice", minutes=5, undo_at=12)  # the fastest, but two moves taken back count
    play("bob", minutes=10)
    rows = wait_for(lambda: (r := requests.get(f"{live_url}/api/leaderboards/daily/today/{variant}/",
                                               timeout=10).json()["rows"]) and len(r) == 2 and r)
    assert [(row["rank"], row["player"], row["moves"], row["counted_moves"], row["undos"]) for row in rows] == [
        (1, "bob", len(line), len(line), 0), (2, "alice", len(line), len(line) + 2, 2)]
    assert all(result.fairplay_evidence["presets"] == [] for result in Result.objects.all())
