"""The engine is a library: no Django, DRF or Celery anywhere in it."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
FORBIDDEN = {"django", "rest_framework", "celery", "kombu", "drf_spectacular"}


def test_importing_the_engine_loads_no_web_framework():
    code = (
        "import sys, engine, engine.cli, engine.vectors\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_engine_module_imports_a_web_framework():
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def engine_modules() -> list[str]:
    return sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in ENGINE.rglob("*.py") if path.name != "__main__.py"
    )


def test_every_engine_module_imports_alone_with_no_web_framework():
    # One fresh interpreter per module: an import circle held together only by
    # the order in which modules happen to load fails here.
    for module in engine_modules():
        code = (
            f"import sys, {module}\n"
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
            "print(bad); sys.exit(1 if bad else 0)"
        )
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{module}: {done.stdout}{done.stderr}"


def test_engine_modules_import_at_module_level_only():
    # A function-local import is how a circle is hidden; type-only imports are fine.
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                local = [n for n in ast.walk(function) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not local, f"{path.name}: {function.name} imports inside a function"
