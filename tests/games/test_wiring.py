"""Services ring tasks, tasks call services; an append replays only its new moves, from the game's kept position."""

import ast
from pathlib import Path

import pytest

import engine
from tests.support.lines import winning_line

GAMES = Path(__file__).resolve().parents[2] / "games"


def _top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_the_tasks_module_imports_no_service_at_its_top():
    assert not [name for name in _top_level_imports(GAMES / "tasks.py") if name.startswith("games.services")]


def test_services_that_enqueue_import_the_tasks_module_at_their_top():
    for path in (GAMES / "services").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if ".delay(" in text:
            assert "games.tasks" in _top_level_imports(path), f"{path.name} enqueues without importing games.tasks"
            assert "from games.tasks import" not in text, f"{path.name} imports a task inside a function"


@pytest.mark.django_db
def test_an_append_replays_only_its_new_moves_from_the_kept_position(api, monkeypatch):
    game = api.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()
    line = winning_line("freecell", 24)
    first = api.post(f"/api/games/{game['id']}/moves/",
                     {"expected_ply": 0, "moves": line[:10], "client_times": list(range(1000, 1010))},
                     format="json")
    assert first.status_code == 200
    replayed = []
    real_replay = engine.replay

    def counting_replay(start, moves, *args, **kwargs):
        replayed.append(len(moves))
        return real_replay(start, moves, *args, **kwargs)

    monkeypatch.setattr(engine, "replay", counting_replay)
    second = api.post(f"/api/games/{game['id']}/moves/",
                      {"expected_ply": 10, "moves": line[10:15], "client_times": list(range(2000, 2005))},
                      format="json")
    assert second.status_code == 200 and second.json()["ply"] == 15
    assert sum(replayed) == 5, replayed  # the first 10 moves are not replayed again
    assert second.json()["position"] == engine.position_to_json(real_replay(engine.deal("freecell", 24),
                                                                            line[:15]).position)
