"""The pure libraries (the rules engine, the solvers, the fair-play scoring)
are libraries: no Django, DRF or Celery anywhere in them, and no import circle
held together by the order in which modules happen to load."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIBRARIES = ("engine", "solver", "fairplay")
FORBIDDEN = {"django", "rest_framework", "celery", "kombu", "drf_spectacular", "channels", "games", "races"}


def sources(library: str) -> list[Path]:
    return sorted((ROOT / library).rglob("*.py"))


def modules(library: str) -> list[str]:
    return [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in sources(library) if path.name != "__main__.py"
    ]


def test_importing_the_libraries_loads_no_web_framework():
    code = (
        "import sys, engine, engine.cli, engine.vectors, solver, solver.cli, fairplay.score, fairplay.honest\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("library", LIBRARIES)
def test_no_library_module_imports_a_web_framework(library):
    for path in sources(library):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.relative_to(ROOT)} imports {name}"


# Each module imported alone: the libraries' own modules are forgotten before
# each import, so a circle that only works when one module happens to load
# before another fails here, and so does a module that loads the web framework.
ALONE = """
import importlib, sys
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m.split(".")[0] in {libraries!r}]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as error:
        print(f"{{name}}: {{type(error).__name__}}: {{error}}"); sys.exit(1)
    bad = sorted(m for m in sys.modules if m.split(".")[0] in {forbidden!r})
    if bad:
        print(f"{{name}} loads {{bad}}"); sys.exit(1)
"""


@pytest.mark.parametrize("library", LIBRARIES)
def test_every_library_module_imports_alone_with_no_web_framework(library):
    code = ALONE.format(libraries=LIBRARIES, forbidden=FORBIDDEN)
    done = subprocess.run([sys.executable, "-c", code, *modules(library)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("library", LIBRARIES)
def test_library_modules_import_each_other_at_module_level_only(library):
    # A function-local import of the libraries' own modules is how a circle is
    # hidden. (A native extension loaded when first needed is not one of them.)
    for path in sources(library):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                own = [n for n in names if n.split(".")[0] in LIBRARIES or not n]
                assert not own, f"{path.relative_to(ROOT)}: {function.name} imports {own} inside a function"


def test_the_isolation_check_catches_a_circle(tmp_path):
    # Two modules that import each other's names at module level: importing either alone fails.
    package = tmp_path / "engine_circle_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from engine_circle_probe.b import B\nA = 1\n")
    (package / "b.py").write_text("from engine_circle_probe.a import A\nB = 2\n")
    code = ALONE.format(libraries=("engine_circle_probe",), forbidden=FORBIDDEN)
    done = subprocess.run([sys.executable, "-c", code, "engine_circle_probe.a"], cwd=tmp_path,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "ImportError" in done.stdout
