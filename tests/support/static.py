"""Static files as production serves them: ``collectstatic`` with the site's storage
(stripped client code, hashed names, gzip copies), run as ``scripts/run`` runs it.

Run as ``.venv/bin/python -m tests.support.static`` it collects into a temporary
folder and prints the client's weight: its files, their sources gzipped (-9) and
what whitenoise serves of them (the .gz copies), in bytes."""

import gzip
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tests.support.processes import REPO, VENV_BIN

SOURCES = REPO / "frontend" / "static" / "fc"


def gzipped(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def client_files() -> list[str]:
    """Every JS module and stylesheet of the client, as static names (fc/js/rules.js)."""
    files = sorted([*SOURCES.glob("js/**/*.js"), *SOURCES.glob("css/*.css")])
    return [f"fc/{path.relative_to(SOURCES).as_posix()}" for path in files]


@dataclass
class Collected:
    root: Path
    manifest: dict

    def served(self, name: str) -> Path:
        """The file whitenoise sends for `name` under its hashed URL (the .gz copy to a gzip client)."""
        hashed = self.root / self.manifest[name]
        compressed = hashed.with_name(hashed.name + ".gz")
        return compressed if compressed.exists() else hashed


def collect(root: Path, env: dict) -> Collected:
    subprocess.run([str(VENV_BIN / "python"), "manage.py", "collectstatic", "--noinput"], cwd=REPO,
                   env={**env, "STATIC_ROOT": str(root)}, check=True, capture_output=True, timeout=180)
    return Collected(root, json.loads((root / "staticfiles.json").read_text())["paths"])


def weights(collected: Collected) -> dict:
    """The client's JS and CSS in bytes: sources as written, gzip -9; served, as whitenoise sends them."""
    files = client_files()
    source = sum(gzipped((SOURCES / name.removeprefix("fc/")).read_bytes()) for name in files)
    served = sum(collected.served(name).stat().st_size for name in files)
    return {"files": len(files), "source_gzip": source, "served_gzip": served}


if __name__ == "__main__":
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "freecell_site.settings.local"}
    env.pop("DEBUG", None)
    with tempfile.TemporaryDirectory() as folder:
        json.dump(weights(collect(Path(folder) / "static", env)), sys.stdout)
        print()
