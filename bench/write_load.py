"""The write side of ``bench/load.py``: an append ramp, and a mix of reads, batched
appends and wins with what it costs the server's processes per core.

Appends go to many players' games (``seed`` makes them), one request in flight per
game as the page keeps it, each player on a keep-alive connection of their own. A ramp
step sends single moves at a constant rate; the highest rate whose p99 stays under
``P99_LIMIT_MS`` with no error, and that was reached (97 % of it, none skipped for a
busy game), is the figure. Each step also prints the server's CPU per append, and keeps
when (seconds into the step) its answers over the limit were due: a stall shows as a
cluster, a step past the server's capacity as a spread.

The mix is what a day of play sends, per second: board reads, appends in batches as
the page sends them (``--mix-batch``: a few quick moves go up together, mostly one),
and wins. Its cost is the CPU time of every server process over the run (gunicorn,
the Celery worker, this run's Postgres backends, read from ``/proc``), per request
and as requests per core-second: what ``docs/scaling.md`` turns into machines.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
from pathlib import Path

from bench.openloop import Connections, Run, constant_rate

P99_LIMIT_MS = 50
TICK = os.sysconf("SC_CLK_TCK")


def moves_body(ply: int, moves: list[str]) -> bytes:
    times = [4000 * (ply + i + 1) for i in range(len(moves))]
    return json.dumps({"expected_ply": ply, "moves": moves, "client_times": times}).encode()


class Appenders:
    """Games to append to, each at most one request in flight; ``batch`` draws how many
    moves a request carries.

    ``own_connections``: each game's player sends on a keep-alive connection of their own,
    as a browser does (the default of ``bench/load.py``); otherwise every game shares the
    generator's pool, where the connection returned last is taken first (``--shared-
    connections``: a few connections, on whichever server processes accepted them, carry
    every request)."""

    def __init__(self, games: list[dict], line: list[str], batch=lambda rng: 1, seed: int = 0,
                 own_connections: bool = True) -> None:
        self.games, self.line, self.batch = games, line, batch
        self.rng = random.Random(seed)
        self.next = 0
        self.moves_sent = 0
        self.own_connections = own_connections

    async def open(self, conns: Connections, path: str, rate: float = 300) -> None:
        """Each player's connection opened before the ramp, as a page's load opens it before
        the first move: one GET of ``path`` each (a static file of the page) at ``rate``, so
        that the first step does not also measure the opening of hundreds of connections.
        No move is sent. (Not the health check: it waits up to a second for the workers'
        answer to a ping, holding a server thread.)"""
        if not self.own_connections:
            return

        async def one(i: int) -> int:
            game = self.games[i]
            game.setdefault("connection", Connections(conns.url, limit=1))
            return (await game["connection"].request("GET", path))[0]

        await constant_rate("connections opened", rate, len(self.games) / rate, one)

    def close(self) -> None:
        for game in self.games:
            if "connection" in game:
                game.pop("connection").close()

    async def send(self, conns: Connections) -> int:
        for _ in range(len(self.games)):
            game = self.games[self.next % len(self.games)]
            self.next += 1
            if not game.get("busy") and game["ply"] < len(self.line) - 2:
                break
        else:
            return 299  # every game busy or played out: counted as skipped, never as sent
        game["busy"] = True
        try:
            ply = game["ply"]
            moves = self.line[ply:min(ply + self.batch(self.rng), len(self.line) - 2)]
            path = f"/api/games/{game['game']}/moves/"
            if self.own_connections:
                if "connection" not in game:
                    game["connection"] = Connections(conns.url, limit=1)
                conns = game["connection"]
            status, _ = await conns.request("POST", path, moves_body(ply, moves), game["headers"])
            if status == 200:
                game["ply"] = ply + len(moves)
                self.moves_sent += len(moves)
            return status
        finally:
            game["busy"] = False


def held(run: dict, rate: float) -> bool:
    skipped = run["statuses"].get(299, 0)
    return (run["p99_ms"] <= P99_LIMIT_MS and not run["errors"] and not skipped
            and run["achieved_rate"] >= 0.97 * rate)


async def append_ramp(conns: Connections, appenders: Appenders, rates: list[float], seconds: float,
                      cpu: ServerCpu | None = None) -> dict:
    """Single moves at each rate in turn until one is not held; with ``cpu``, each step's
    server CPU per append (``cost``)."""
    runs, best = [], None
    for rate in rates:
        before = cpu.read() if cpu else None
        timed = await constant_rate(f"appends {rate:g}/s (ramp)", rate, seconds,
                                    lambda _: appenders.send(conns))
        run = timed.summary()
        if cpu:
            run["cost"] = cost(before, cpu.read(), [timed])
        # Where the slow answers were: a stall at a step's start (a server warming up) or spread out.
        slow = [due for due, latency in timed.timeline if latency * 1000 > P99_LIMIT_MS]
        run["over_limit"], run["over_limit_first_second"] = len(slow), sum(due < 1.0 for due in slow)
        run["over_limit_at"] = [round(due, 2) for due in slow]  # seconds into the step
        runs.append(run)
        spent = ""
        if cpu:
            c = run["cost"]
            spent = (f"; server CPU {c['cpu_ms_per_request']} ms an append (web "
                     f"{round(1000 * c['cpu_seconds']['web'] / max(1, c['requests']), 2)} ms)")
        print(f"  appends {rate:g}/s: p50 {run['p50_ms']} p99 {run['p99_ms']} ms, "
              f"{run['achieved_rate']}/s reached, errors {run['errors']}, "
              f"skipped {run['statuses'].get(299, 0)}; over {P99_LIMIT_MS} ms: {len(slow)} "
              f"({run['over_limit_first_second']} in the first second){spent}", flush=True)
        if not held(run, rate):
            break
        best = rate
        await asyncio.sleep(1.0)
    return {"runs": runs, "held_rate": best}


class ServerCpu:
    """CPU seconds used by the server's processes: the process groups of gunicorn and
    the worker, and the Postgres backends connected to this run's database."""

    def __init__(self, stack, database: str) -> None:
        extra = getattr(stack, "extra", [])  # a second node (bench/stack.py, --two-nodes)
        self.webs = {stack.web.popen.pid, *(p.popen.pid for p in extra if p.name.startswith("web"))}
        self.workers = {stack.worker.popen.pid, *(p.popen.pid for p in extra if p.name.startswith("worker"))}
        self.proxy = {p.popen.pid for p in extra if p.name == "proxy"}
        self.database = database

    def _backend(self, entry: Path) -> bool:
        """A Postgres backend serving this run's database (its process title names it)."""
        try:
            title = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            return False
        return title.startswith("postgres: ") and f" {self.database} " in title

    def read(self) -> dict[tuple[str, int], float]:
        """CPU seconds so far of each server process, by (role, pid): a process that ends
        during a run takes its time with it (a backend past ``CONN_MAX_AGE``), one that
        starts counts from nothing, so ``cost`` compares process by process."""
        out = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            pgid, cpu, pid = int(fields[2]), (int(fields[11]) + int(fields[12])) / TICK, int(entry.name)
            for role, groups in (("web", self.webs), ("worker", self.workers), ("proxy", self.proxy)):
                if pgid in groups:
                    out[role, pid] = cpu
                    break
            else:
                if self._backend(entry):
                    out["postgres", pid] = cpu
        return out


def cost(before: dict, after: dict, runs: list[Run]) -> dict:
    """CPU per request and requests per core-second over ``runs``, which ran together."""
    used = dict.fromkeys(("web", "worker", "postgres", "proxy"), 0.0)
    for (role, pid), cpu in after.items():
        used[role] += cpu - before.get((role, pid), 0.0)
    used = {role: round(cpu, 2) for role, cpu in used.items()}
    requests = sum(len(run.latencies) - run.statuses.get(299, 0) for run in runs)
    seconds = max(run.elapsed for run in runs)
    total = sum(used.values())
    return {"cpu_seconds": used, "requests": requests, "seconds": round(seconds, 1),
            "cores_busy": round(total / seconds, 2),
            "cpu_ms_per_request": round(1000 * total / requests, 2) if requests else None,
            "requests_per_core_second": round(requests / total, 1) if total else None}


def client_batch_sizes(pause_ms: float = 1500, cap: int = 8, moves: int = 20000, seed: int = 0) -> list[int]:
    """The sizes of the batches the page sends (``sync.js``: a pause of ``pause_ms`` or
    ``cap`` moves) for a person's think times, log-normal around 3.5 s as ``seed`` in
    bench/load.py paces its finishers; draw from the list for a realistic batch."""
    import math

    rng = random.Random(seed)
    sizes, size = [], 0
    for _ in range(moves):
        size += 1
        if size >= cap or rng.lognormvariate(math.log(3500), 0.8) >= pause_ms:
            sizes.append(size)
            size = 0
    return sizes


async def mix(conns: Connections, *, cpu: ServerCpu, board_path: str, appenders: Appenders,
              finishers: list[dict], board_rate: float, append_rate: float, wins_rate: float,
              seconds: float) -> dict:
    """Board reads, batched appends and wins at once, with the server's CPU over the run."""
    async def board(_):
        return (await conns.request("GET", board_path))[0]

    wins = iter(finishers)

    async def win(_):
        finisher = next(wins, None)
        if finisher is None:
            return 299
        line = finisher["line"]
        body = json.dumps({"expected_ply": len(line) - 1, "moves": line[-1:],
                           "client_times": [finisher["client_ms"] + 4000]}).encode()
        status, _ = await conns.request("POST", f"/api/games/{finisher['game']}/moves/", body,
                                        {"Authorization": f"Token {finisher['token']}"})
        return status

    sent_before = appenders.moves_sent
    before = cpu.read()
    runs = await asyncio.gather(
        constant_rate(f"mix: board {board_rate:g}/s", board_rate, seconds, board),
        constant_rate(f"mix: appends {append_rate:g}/s, batched", append_rate, seconds,
                      lambda _: appenders.send(conns)),
        constant_rate(f"mix: wins {wins_rate:g}/s", wins_rate, seconds, win),
    )
    after = cpu.read()
    out = {"runs": [run.summary() for run in runs], "cost": cost(before, after, list(runs))}
    appended = runs[1].statuses.get(200, 0)
    out["moves_per_append"] = round((appenders.moves_sent - sent_before) / appended, 2) if appended else None
    return out


def report_writes(out: dict, run_line, yardstick_ms: float | None = None) -> None:
    ramp = out["append_ramp"]
    for run in ramp["runs"]:
        run_line(run)
    rates = ", ".join(f"{r['rate']:g}" for r in ramp["runs"])
    best = ramp["held_rate"]
    print(f"  highest append rate with p99 under {P99_LIMIT_MS} ms, 0 errors, none skipped: "
          f"{f'{best:g}/s' if best else 'none of the ramp'} (climbed {rates}); "
          f"target 600/s: {'met' if best and best >= 600 else 'MISSED'}")
    mixed = out["mix"]
    for run in mixed["runs"]:
        run_line(run)
    c = mixed["cost"]
    used = ", ".join(f"{name} {cpu} s" for name, cpu in c["cpu_seconds"].items())
    print(f"  mix: {c['requests']} requests in {c['seconds']} s (exited Postgres backends not counted) "
          f"({mixed['moves_per_append']} moves per append); "
          f"server CPU {used}: {c['cores_busy']} cores busy, {c['cpu_ms_per_request']} ms per request, "
          f"{c['requests_per_core_second']} requests per core-second (Redis not counted: shared)")
    if yardstick_ms and c["cpu_ms_per_request"]:
        print(f"  mix: server CPU per request in yardsticks (bench/yardstick.py): "
              f"{c['cpu_ms_per_request'] / yardstick_ms:.3f}")
