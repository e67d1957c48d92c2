"""CPU seconds per test, for keeping the suite fast on a busy machine (wall time is not).

    .venv/bin/python -m pytest -p tests.support.cpu_report [-n 3] ...

Counts, around each test's setup, call and teardown, the CPU of this test process and of
every process below it (the live web server, the worker, the browser), as the kernel
accounts it in /proc (a child that exits is counted through its parent), and of the
PostgreSQL backends serving this run's test database while they live. Prints the tests
and the files that cost most at the end of the run, and writes them to
``artifacts/cpu/<worker>.tsv``; a parallel run's workers each report their own share.
"""

import os
import time
from collections import Counter
from pathlib import Path

import pytest

TICK = os.sysconf("SC_CLK_TCK")
REPO = Path(__file__).resolve().parents[2]


def _database() -> str:
    """This run's test database, once it is made ("" before)."""
    from django.db import connection

    name = connection.settings_dict["NAME"]
    return name if name.startswith("test_") else ""


def _snapshot(root: int, database: str) -> tuple[int, dict[int, int]]:
    """The ticks of ``root``'s process tree, and of each backend serving ``database``."""
    children: dict[int, list[int]] = {}
    ticks: dict[int, int] = {}
    backends: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as handle:
                stat = handle.read().decode()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        pid, ppid = int(entry.name), int(fields[1])
        children.setdefault(ppid, []).append(pid)
        ticks[pid] = sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
        if database and stat[stat.index("(") + 1:stat.rindex(")")] == "postgres":
            try:
                with open(f"/proc/{entry.name}/cmdline", "rb") as handle:
                    title = handle.read().decode(errors="replace").split()  # postgres: 15/main: USER DB ...
            except OSError:
                continue
            if len(title) > 3 and title[3] == database:
                backends[pid] = ticks[pid]
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += ticks.get(pid, 0)
        todo += children.get(pid, [])
    return total, backends


def _spent(before, after) -> int:
    """Ticks between two snapshots (a backend that ended between them is not counted)."""
    return after[0] - before[0] + sum(t - before[1].get(pid, 0) for pid, t in after[1].items())


class CpuReport:
    def __init__(self) -> None:
        self.spent: Counter = Counter()
        self.wall: Counter = Counter()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        before, started = _snapshot(os.getpid(), _database()), time.monotonic()
        yield
        self.spent[item.nodeid] += _spent(before, _snapshot(os.getpid(), _database())) / TICK
        self.wall[item.nodeid] += time.monotonic() - started

    def pytest_sessionfinish(self, session):
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        out = REPO / "artifacts" / "cpu"
        out.mkdir(parents=True, exist_ok=True)
        with open(out / f"{worker}.tsv", "w") as handle:
            for nodeid, cpu in self.spent.most_common():
                handle.write(f"{cpu:.2f}\t{self.wall[nodeid]:.2f}\t{nodeid}\n")

    def pytest_terminal_summary(self, terminalreporter):
        files: Counter = Counter()
        for nodeid, cpu in self.spent.items():
            files[nodeid.split("::")[0]] += cpu
        write = terminalreporter.write_line
        write(f"CPU seconds (this process and below): {sum(self.spent.values()):.0f} in all")
        for path, cpu in files.most_common(25):
            write(f"{cpu:9.1f}  {path}")
        for nodeid, cpu in self.spent.most_common(25):
            write(f"{cpu:9.1f}  {nodeid}")


def pytest_configure(config):
    config.pluginmanager.register(CpuReport(), "cpu-report")
