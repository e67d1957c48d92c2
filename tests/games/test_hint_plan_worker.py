"""The real worker plans a hint its request could not answer, on the real broker, and the
game's next hints follow that plan to a win."""

import pytest
from rest_framework.test import APIClient

import engine
from games.models import Game
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.slow]


def test_a_real_worker_plans_the_hint_and_pressing_hint_wins(live_stack, celery_worker_process, make_player,
                                                              settings):
    settings.HINT_STOCK_BUDGET = 2_000  # this process's hint finds no line on Spider 4 suits #1
    api = APIClient()
    api.force_authenticate(make_player("planner"))
    game_id = api.post("/api/games/", {"variant": "spider-4suits", "number": 1}, format="json").json()["id"]

    def hint():
        response = api.post(f"/api/games/{game_id}/hint/")
        assert response.status_code == 200, response.json()
        return response.json()

    assert hint()["status"] == "planning"
    answer = wait_for(lambda: (body := hint())["status"] != "planning" and body, timeout=120, step=1.0,
                      explain=lambda: f"{live_stack.broker_state()}\nworker:\n{celery_worker_process.tail(40)}")
    log = []
    while answer["status"] == "move":
        move = answer["move"]
        response = api.post(f"/api/games/{game_id}/moves/",
                            {"expected_ply": len(log), "moves": [move], "client_times": [len(log) + 1]},
                            format="json")
        assert response.status_code == 200, response.json()
        log.append(move)
        if response.json()["state"] == "won":
            break
        answer = hint()
    game = Game.objects.get(pk=game_id)
    assert game.state == Game.State.WON and game.hints == len(log)
    positions = [engine.deal("spider-4suits", 1)]
    for move in log:
        positions.append(engine.apply_move(positions[-1], move))
    assert len(set(positions)) == len(positions)
