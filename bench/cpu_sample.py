"""Where a command's CPU goes: by kind of process, and by the test each pytest process runs.

    .venv/bin/python bench/cpu_sample.py [--out FILE] -- ./scripts/test -p tests.support.current_test

Runs the command and reads every process's CPU in /proc once a second until it ends,
then prints the machine's CPU over the run (user, system, idle, steal from /proc/stat),
the CPU by kind of process (Chromium by its process type, gunicorn, the Celery worker,
pytest's processes, PostgreSQL...), and, with ``tests.support.current_test`` loaded in
pytest, the CPU of each test: a pytest process's own and that of every process below it
(a live server, a worker, Chromium, a subprocess) counts for the test it was running.
A process that starts and ends between two readings is missed (the machine's total
counts it); the CPU a process had before the first reading is not counted.
"""

import argparse
import collections
import contextlib
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def kind(pid: str) -> str | None:
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return None
    line = " ".join(part.decode(errors="replace") for part in argv)
    program = argv[0].decode(errors="replace")
    if not line:
        return "kernel threads"
    if "chrom" in program:
        match = re.search(r"--type=(\S+)", line)
        return "chromium " + (match.group(1) if match else "browser")
    for name in ("gunicorn", "uvicorn", "daphne", "schemathesis", "postgres", "redis"):
        if name in line:
            return name
    if "celery" in line:
        return "celery beat" if " beat" in line else "celery worker"
    if "manage.py" in line:
        return "manage.py " + (argv[2].decode(errors="replace") if len(argv) > 2 else "")
    if "node" in program:
        return "node"
    if "python" in program and "exec(eval(" in line:
        return "pytest test process"
    if "python" in program and "pytest" in line:
        return "pytest main"
    if "python" in program:
        return "python, other"
    return os.path.basename(program)


def machine() -> list[int]:
    with open("/proc/stat") as handle:
        return [int(value) for value in handle.readline().split()[1:]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="also write the report here")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- and the command to run")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")

    current = Path(tempfile.mkdtemp(prefix="fc-cpu-current-"))
    kinds: dict[str, str] = {}
    parents: dict[str, str] = {}
    last: dict[str, int] = {}
    by_kind: collections.Counter = collections.Counter()
    by_test: collections.Counter = collections.Counter()
    start, started = machine(), time.monotonic()
    process = subprocess.Popen(command, env={**os.environ, "FC_CPU_CURRENT": str(current)})
    first = True
    while True:
        done = process.poll() is not None
        running = {}
        for entry in current.iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):  # a process ending
                    running[entry.name] = entry.read_text()
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            ticks = int(fields[11]) + int(fields[12])
            if pid not in kinds:
                found = kind(pid)
                if found is None:
                    continue
                kinds[pid], parents[pid] = found, fields[1]
                last[pid] = ticks if first else 0
            spent, last[pid] = ticks - last[pid], ticks
            if not spent:
                continue
            by_kind[kinds[pid]] += spent
            owner, hops = pid, 0
            while owner and owner not in running and hops < 40:
                owner, hops = parents.get(owner), hops + 1
            by_test[running.get(owner, "(no pytest process)")] += spent
        first = False
        if done:
            break
        time.sleep(1)
    end, wall = machine(), time.monotonic() - started
    spent = [(b - a) / TICK for a, b in zip(start, end, strict=False)]
    lines = [f"command: {' '.join(command)} (exit {process.returncode}), {wall:.0f} s",
             f"machine CPU s: user {spent[0] + spent[1]:.0f}, system {spent[2]:.0f}, idle {spent[3]:.0f}, "
             f"steal {spent[7]:.0f}; read per process {sum(by_kind.values()) / TICK:.0f}",
             "", "CPU s by kind of process:"]
    lines += [f"  {ticks / TICK:8.1f}  {name}" for name, ticks in by_kind.most_common()]
    if len(by_test) > 1:
        folders: collections.Counter = collections.Counter()
        for test, ticks in by_test.items():
            folders["/".join(test.split("::")[0].split("/")[:2]) if "/" in test else test] += ticks
        lines += ["", "CPU s by test folder:"]
        lines += [f"  {ticks / TICK:8.1f}  {name}" for name, ticks in folders.most_common()]
        lines += ["", "CPU s by test, the 40 largest:"]
        lines += [f"  {ticks / TICK:8.1f}  {name}" for name, ticks in by_test.most_common(40)]
    report = "\n".join(lines)
    print(report)
    if args.out:
        args.out.write_text(report + "\n")
    for entry in current.iterdir():
        entry.unlink()
    current.rmdir()
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
