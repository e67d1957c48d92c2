"""Concurrency on the real stack (gunicorn, the Celery worker, Postgres, Redis): no 5xx, nothing lost or doubled.

50 identical concurrent submissions of one game are covered by
``tests/games/test_worker_integration.py``; here: 20 players finishing the same
daily at the same moment, one player starting the daily from many tabs at once,
and two devices appending the same ply at once.
"""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import engine
from games.models import Game, Result
from tests.reliability.conftest import backdate, players_bulk, post_moves, todays_daily, token_session
from tests.support.lines import human_line, winning_line

pytestmark = [pytest.mark.worker, pytest.mark.slow]

PLAYERS = 20
FINAL = 5  # moves in the winning batch that everyone sends at once


def padded(line: tuple[str, ...], pairs: int) -> list[str]:
    """The line with ``pairs`` back-and-forth cell-to-cell moves: legal, still a win, 2 x pairs longer."""
    position = engine.deal("freecell", 24)
    for ply, move in enumerate(line):
        full = [i for i, card in enumerate(position.cells) if card is not None]
        empty = [i for i, card in enumerate(position.cells) if card is None]
        if full and empty:
            there, back = f"{'abcd'[full[0]]}{'abcd'[empty[0]]}", f"{'abcd'[empty[0]]}{'abcd'[full[0]]}"
            moves = [*line[:ply], *[there, back] * pairs, *line[ply:]]
            assert engine.replay(engine.deal("freecell", 24), moves).won
            return moves
        position = engine.apply_move(position, move)
    raise AssertionError("no ply with a full and an empty cell")


def test_twenty_players_finishing_the_same_daily_at_once_all_appear_in_order(live_url, wait_for):
    daily = todays_daily("freecell", 24)
    line = human_line("freecell", 24)  # honest players: a solver's own line would be held for review
    players = players_bulk(PLAYERS, "racer")
    sessions = [token_session(p) for p in players]
    # Player i: 0-3 extra pairs of moves, and a distinct head start; the board ranks moves, then time.
    plans = [{"pairs": i % 4, "minutes": 20 + (i * 7) % PLAYERS} for i in range(PLAYERS)]
    games, logs = [], []
    for session, plan in zip(sessions, plans, strict=True):
        game = session.post(f"{live_url}/api/dailies/today/freecell/games/", timeout=30).json()
        assert game["ranked"]
        backdate(game["id"], plan["minutes"])
        games.append(game["id"])
        logs.append(padded(line, plan["pairs"]))

    def play_up_to_the_end(i):
        # One move per request, as the client sends them (a whole solution in
        # one request would be flagged, and this test is about honest players).
        prefix = logs[i][:-FINAL]
        return [post_moves(sessions[i], live_url, games[i], ply, [move]).status_code
                for ply, move in enumerate(prefix)]

    with ThreadPoolExecutor(max_workers=4) as pool:
        statuses = [code for codes in pool.map(play_up_to_the_end, range(PLAYERS)) for code in codes]

    # The winning batches go out on new connections: a kept-alive one left idle past
    # gunicorn's keep-alive (2 s) while the others caught up can be closed by the
    # server just as the POST is sent, and a POST is never retried by the client.
    for session in sessions:
        session.close()
    barrier = threading.Barrier(PLAYERS + 1)
    stop = threading.Event()

    def finish(i):
        barrier.wait()
        return post_moves(sessions[i], live_url, games[i], len(logs[i]) - FINAL, logs[i][-FINAL:])

    def read_board():
        codes = []
        barrier.wait()
        while not stop.is_set():
            codes.append(sessions[0].get(f"{live_url}/api/leaderboards/daily/today/freecell/", timeout=30)
                         .status_code)
        return codes

    with ThreadPoolExecutor(max_workers=PLAYERS + 1) as pool:
        reader = pool.submit(read_board)
        try:
            finishes = list(pool.map(finish, range(PLAYERS)))
            wait_for(lambda: Result.objects.filter(daily=daily).count() == PLAYERS, timeout=60)
        finally:
            stop.set()  # a failure above stops the reader too, so the test fails instead of hanging
        reads = reader.result()

    statuses += [r.status_code for r in finishes] + reads
    assert all(code == 200 for code in statuses), sorted(set(statuses))
    assert all(r.json()["state"] == "won" for r in finishes)
    board = sessions[1].get(f"{live_url}/api/leaderboards/daily/today/freecell/", timeout=30).json()
    expected = sorted(range(PLAYERS), key=lambda i: (len(logs[i]), plans[i]["minutes"]))
    assert [row["player"] for row in board["rows"]] == [players[i].username for i in expected]
    assert [row["rank"] for row in board["rows"]] == list(range(1, PLAYERS + 1))
    assert [row["moves"] for row in board["rows"]] == [len(logs[i]) for i in expected]
    assert board["histogram"] == [{"moves": len(line) + 2 * k, "players": PLAYERS // 4} for k in range(4)]
    assert Result.objects.filter(daily=daily, ranked=True, flagged=False).count() == PLAYERS


def test_many_tabs_starting_the_daily_at_once_get_one_ranked_game(live_url):
    todays_daily("freecell", 24)
    [player] = players_bulk(1, "tabs")
    session = token_session(player)
    with ThreadPoolExecutor(max_workers=12) as pool:
        responses = list(pool.map(
            lambda _: session.post(f"{live_url}/api/dailies/today/freecell/games/", timeout=30), range(12)
        ))
    assert sorted(r.status_code for r in responses) == [200] * 11 + [201]
    assert {r.json()["id"] for r in responses} == {str(Game.objects.get(player=player, ranked=True).pk)}
    assert Game.objects.filter(player=player).count() == 1


def test_two_devices_appending_the_same_ply_at_once_never_interleave(live_url):
    [player] = players_bulk(1, "devices")
    session = token_session(player)
    line = list(winning_line("freecell", 24))
    game = session.post(f"{live_url}/api/games/", json={"variant": "freecell", "number": 24}, timeout=30).json()
    outcomes = []
    for ply in range(0, 30, 3):
        barrier = threading.Barrier(2)

        def append(_, ply=ply, barrier=barrier):
            barrier.wait()
            return post_moves(session, live_url, game["id"], ply, line[ply:ply + 3])

        with ThreadPoolExecutor(max_workers=2) as pool:
            pair = sorted(r.status_code for r in pool.map(append, range(2)))
        outcomes.append(pair)
    assert outcomes == [[200, 409]] * 10
    stored = Game.objects.get(pk=game["id"])
    assert stored.move_list == line[:30] and len(stored.server_times) == len(stored.client_times) == 30
