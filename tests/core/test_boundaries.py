"""The ground floor stays the ground floor: ``core`` imports no app of the
project, and ``accounts`` does not reach into ``games``."""

import ast
from pathlib import Path

import pytest

from core.responses import error_body

ROOT = Path(__file__).resolve().parents[2]
PROJECT_APPS = {"accounts", "games", "frontend", "freecell_site", "core"}


def _imported_apps(package: str) -> dict[str, set[str]]:
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names & PROJECT_APPS
    return found


def test_core_imports_no_other_app_of_the_project():
    for path, apps in _imported_apps("core").items():
        assert apps <= {"core"}, f"{path} imports {apps - {'core'}}"


@pytest.mark.parametrize("other", ["games", "frontend"])
def test_accounts_does_not_import_the_games_or_the_pages(other):
    for path, apps in _imported_apps("accounts").items():
        assert other not in apps, f"{path} imports {other}"


def test_the_error_body_has_one_shape():
    assert error_body("not_found", "No such game.") == {"error": {"code": "not_found", "message": "No such game."}}
    assert error_body("illegal_move", "no", index=2)["error"]["index"] == 2
