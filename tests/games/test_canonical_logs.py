"""Game logs keep one canonical form per move: a Spider card sent into an empty
column as ``41`` is logged ``41v1``, as the client writes it."""

import pytest

import engine
import solver
from games.models import Game

pytestmark = pytest.mark.django_db


def test_a_move_written_41_is_logged_41v1(api):
    start = engine.deal("spider-1suit", 8)
    line = list(solver.solve(start).moves)
    into_gap = next(i for i, move in enumerate(line) if move.endswith("v1"))
    game_id = api.post("/api/games/", {"variant": "spider-1suit", "number": 8}, format="json").json()["id"]
    for ply, move in enumerate(line[:into_gap + 1]):
        sent = move[:-2] if move.endswith("v1") else move
        response = api.post(f"/api/games/{game_id}/moves/",
                            {"expected_ply": ply, "moves": [sent], "client_times": [ply + 1]}, format="json")
        assert response.status_code == 200, response.json()
    assert Game.objects.get(pk=game_id).move_list == line[:into_gap + 1]


def test_a_whole_log_may_spell_the_moves_already_held_either_way(api):
    start = engine.deal("freecell", 24)
    line = list(solver.solve(start).moves)
    spelled = [f"{move}v1" if move[0].isdigit() and move[1].isdigit() and "v" not in move else move
               for move in line]
    changed = [i for i, (a, b) in enumerate(zip(line, spelled, strict=True))
               if a != b and engine.replay(start, [*line[:i], b]).error is None]
    assert changed
    game_id = api.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()["id"]
    cut = changed[0] + 1
    api.post(f"/api/games/{game_id}/moves/",
             {"expected_ply": 0, "moves": line[:cut], "client_times": list(range(1, cut + 1))}, format="json")
    log = [*line[:changed[0]], spelled[changed[0]], *line[cut:]]
    response = api.post(f"/api/games/{game_id}/submission/",
                        {"moves": log, "client_times": list(range(1, len(log) + 1))}, format="json")
    assert response.status_code in (200, 201, 202), response.json()
    assert Game.objects.get(pk=game_id).move_list == line
