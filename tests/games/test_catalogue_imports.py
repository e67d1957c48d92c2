"""The site's catalogue and the models import each other in one direction only:
the models take their variant choices from ``games.variant_catalogue`` (no
database), and ``games.catalogue``, which reads the daily switches, imports the
models at module level, with no function-local import holding a circle."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imports(path: Path, *, local: bool) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    scopes = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)] if local \
        else [tree]
    found = []
    for scope in scopes:
        nodes = ast.walk(scope) if local else scope.body
        for node in nodes:
            if isinstance(node, ast.ImportFrom) and node.module:
                found.append(node.module)
            elif isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
    return found


def test_the_models_take_their_choices_from_the_catalogue_that_needs_no_database():
    for models in ("games/models.py", "races/models.py"):
        names = imports(ROOT / models, local=False)
        assert "games.catalogue" not in names, models
    assert not [n for n in imports(ROOT / "games/variant_catalogue.py", local=False) if n.startswith("games")]


def test_the_catalogue_imports_the_models_at_module_level_only():
    catalogue = ROOT / "games/catalogue.py"
    assert "games.models" in imports(catalogue, local=False)
    assert imports(catalogue, local=True) == []
