"""The Spider search's native code is built by the package's own build: ``pip install .``
in a fresh virtual environment compiles and loads it, ``scripts/setup`` and the Dockerfile
run the same build, and the search the service runs is the compiled one."""

import importlib.util
import re
import shlex
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from engine import deal
from solver import spider_native, spider_search
from solver.stock import spider_columns

ROOT = Path(__file__).resolve().parents[2]


def test_the_service_runs_the_compiled_spider_search_not_the_python_one():
    assert spider_native.available(), "solver/_spider is not built: scripts/setup runs setup.py"
    columns, rows = spider_columns(deal("spider-1suit", 3))
    called = []
    real = spider_native.search

    def spy(*args, **kwargs):
        called.append(True)
        return real(*args, **kwargs)

    spider_native.search = spy
    try:
        found = spider_search.search(columns, rows, states=20_000, seconds=60)
    finally:
        spider_native.search = real
    assert called and found.moves is not None


@pytest.mark.slow
def test_pip_install_in_a_fresh_environment_builds_and_loads_the_native_search(tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    # No dependencies: this is about the package's own build (setuptools from the
    # build-system table, in pip's isolated build environment).
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "--no-deps", str(ROOT)], check=True, cwd=tmp_path, timeout=600)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    installed = Path(site) / "solver"
    assert list(installed.glob("_spider*.so")), "pip install . built no native search"
    # Load the installed module on its own (its package imports the fc-solve bindings,
    # which --no-deps left out) and ask it for the compiled search.
    probe = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('spider_native', {str(installed / 'spider_native.py')!r})\n"
        "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
        "sys.exit(0 if module.available() else 1)\n"
    )
    assert subprocess.run([str(python), "-c", probe], cwd=tmp_path).returncode == 0


def _stages(dockerfile: str) -> list[str]:
    return re.split(r"^FROM ", dockerfile, flags=re.MULTILINE)[1:]


def test_the_dockerfile_builds_the_native_search_in_a_build_stage_and_ships_it_to_a_slim_runtime():
    build, runtime = _stages((ROOT / "Dockerfile").read_text())
    assert " AS build" in build.splitlines()[0]
    assert "gcc" in build and "setup.py -q build_ext --inplace" in build
    assert "gcc" not in runtime and "build-essential" not in runtime
    assert "COPY --from=build /src/solver/_spider*.so solver/" in runtime
    # the runtime refuses to build without it
    assert "n.available()" in runtime
    assert "setup.py -q build_ext --inplace" in (ROOT / "scripts" / "setup").read_text()


def test_the_dockerfiles_build_step_is_the_one_that_builds_here(tmp_path):
    """The build stage's command, run as written on a copy of the tree, yields a loadable search."""
    build = _stages((ROOT / "Dockerfile").read_text())[0]
    command = next(line.removeprefix("RUN ").strip() for line in build.splitlines()
                   if line.startswith("RUN python setup.py"))
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "*.so", "__pycache__", "artifacts", "var", "staticfiles",
        "node_modules", ".pytest_cache", ".ruff_cache", ".hypothesis"))
    program, *arguments = shlex.split(command)
    assert program == "python"
    subprocess.run([sys.executable, *arguments], check=True, cwd=source, timeout=300)
    spec = importlib.util.spec_from_file_location("built_native", source / "solver/spider_native.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.available()
