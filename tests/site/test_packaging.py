"""The package's declared dependencies: ``pip install .`` gets everything the site imports,
at the versions ``requirements.lock`` pins (the image and ``scripts/setup`` install the lock)."""

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "core", "engine", "fairplay", "freecell_site", "frontend", "games", "races", "social",
            "solver")
PIN = re.compile(r"^([A-Za-z0-9_.\[\]-]+?)(?:\[[^\]]*\])?==([^\s;]+)$")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lines) -> dict[str, str]:
    found = {}
    for line in lines:
        match = PIN.match(line.strip())
        if match:
            found[canonical(match[1].split("[")[0])] = match[2]
    return found


def project() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def declared() -> dict[str, str]:
    return pins(project()["dependencies"])


def closure(names) -> set[str]:
    """The distributions ``names`` bring with them, themselves included."""
    seen, todo = set(), [canonical(n) for n in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for line in metadata.requires(name) or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(canonical(requirement.name))
    return seen


def imported_modules() -> set[str]:
    """Top-level modules the site's packages import (tests, benches and scripts left out)."""
    names = set()
    for package in PACKAGES:
        for path in (REPO / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Import):
                    names |= {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - set(PACKAGES) - {"__future__"}


def test_every_declared_pin_is_the_locked_version():
    locked = pins((REPO / "requirements.lock").read_text().splitlines())
    wanted = {**declared(), **pins(line for extra in project()["optional-dependencies"].values() for line in extra)}
    assert {name: (version, locked.get(name)) for name, version in wanted.items() if locked.get(name) != version} == {}


def test_every_module_the_site_imports_comes_with_a_declared_dependency():
    provided = closure(declared())
    owners = metadata.packages_distributions()
    missing = {module: owners.get(module) for module in imported_modules()
               if not {canonical(d) for d in owners.get(module, [])} & provided}
    assert missing == {}


def test_the_check_sees_a_module_no_declared_dependency_brings():
    """The import check can fail: pytest is installed here but is not a runtime dependency."""
    owners = metadata.packages_distributions()
    assert not {canonical(d) for d in owners["pytest"]} & closure(declared())
