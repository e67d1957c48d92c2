"""Race sockets under load: races of 4 players at human pace over loopback, and the board meanwhile.

    .venv/bin/python bench/races.py [--races 50] [--players 4] [--seconds 60] [--pace 3.0]
                                    [--servers uvicorn,daphne] [--board-rate 300] [--json out.json]

Starts its own stack (``bench/stack.py``: database, Celery worker, gunicorn for
HTTP as the Dockerfile runs it, and the ASGI server of ``/ws/``), makes the
races through the services (FreeCell deals from 1001, dealt already), and connects
every player by its API token (``?token=``). Each player then sends one move of
its deal's winning line at a time, after an exponential think time of mean
``--pace`` seconds (a person's pace; 200 players at 3 s make about 67 moves a
second), and waits for its answer before the next.

Measured, for each ASGI server in ``--servers`` in turn:

1. baseline: one race alone for ``--seconds / 3``: a move's fan-out latency,
   from its send to its ``progress`` frame at each other player of the race
   (one process, one clock), p50/p90/p99/max;
2. load: all the races at once for ``--seconds``: the same figures, their p99
   as a ratio of the baseline's, the mover's own answer, and the frames refused;
3. the public board (``bench/load.py``'s daily leaderboard through gunicorn, its
   p99 as a ratio of a static file's) at ``--board-rate``, alone and then while
   the races run (first server only).

The figures are printed, never asserted. The machine's load average is printed
with them: on a shared machine it moves every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load import STATIC, board_run, get_run, seed  # noqa: E402
from bench.openloop import Connections  # noqa: E402
from bench.stack import live_stack  # noqa: E402


def servers_argv(name: str, port: int) -> list[str]:
    from tests.support.processes import VENV_BIN, asgi_argv

    if name == "uvicorn":
        return asgi_argv(port)
    return [str(VENV_BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), "freecell_site.asgi:application"]


def make_races(count: int, players: int, prefix: str) -> list[dict]:
    """``count`` FreeCell races of ``players`` players with API tokens, dealt ten seconds ago."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from races.services.races import race_create, race_join, race_start
    from tests.support.lines import winning_line

    User = get_user_model()
    races = []
    for r in range(count):
        users = [User.objects.create_user(f"racer{prefix}{r:03d}x{p}") for p in range(players)]
        # Deals from 1001 on: bench/load.py's seeded daily (deal 24) is not open for free play.
        race = race_create(host=users[0], variant="freecell", number=1001 + r, minutes=60)
        for user in users[1:]:
            race_join(code=race.code, player=user)
        race_start(code=race.code, player=users[0], now=timezone.now() - dt.timedelta(seconds=10))
        races.append({"code": race.code, "line": list(winning_line("freecell", 1001 + r)),
                      "players": [{"username": u.username, "token": Token.objects.create(user=u).key}
                                  for u in users]})
    return races


def percentiles(samples: list[float]) -> dict:
    if not samples:
        return {"n": 0}
    ordered = sorted(samples)

    def at(q):
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    return {"n": len(ordered), "p50_ms": at(0.50), "p90_ms": at(0.90), "p99_ms": at(0.99),
            "max_ms": round(ordered[-1] * 1000, 1), "mean_ms": round(statistics.fmean(ordered) * 1000, 1)}


async def play(ws_url: str, races: list[dict], seconds: float, pace: float, seed_: int) -> dict:
    """Every player of ``races`` on its own socket for ``seconds``; the latencies seen."""
    from websockets.asyncio.client import connect

    sent: dict[tuple, float] = {}
    fanout, answers = [], []
    refused: dict[str, int] = {}
    ready = asyncio.Event()
    connected = 0
    total = sum(len(r["players"]) for r in races)

    async def player(race: dict, me: dict, index: int) -> None:
        nonlocal connected
        rng = random.Random(seed_ * 1000 + index)
        waiting: dict[int, asyncio.Future] = {}
        async with connect(f"{ws_url}/ws/races/{race['code']}/?token={me['token']}", max_queue=None,
                           open_timeout=60) as ws:
            async def read():
                async for text in ws:
                    now = time.perf_counter()
                    frame = json.loads(text)
                    if frame["type"] == "progress":
                        who = frame["player"]
                        key = (race["code"], who["username"], who["moves"])
                        if who["username"] != me["username"] and key in sent:
                            fanout.append(now - sent[key])
                    elif frame.get("id") in waiting:
                        waiting.pop(frame["id"]).set_result((now, frame))

            reader = asyncio.create_task(read())
            connected += 1
            if connected == total:
                ready.set()
            await ready.wait()
            stop = time.perf_counter() + seconds
            ply, clock = 0, 0
            while ply < len(race["line"]) - 1:  # never the winning move: the race goes on
                think = rng.expovariate(1 / pace)
                if time.perf_counter() + think > stop:
                    break
                await asyncio.sleep(think)
                clock += int(think * 1000) + 1
                answer = asyncio.get_running_loop().create_future()
                waiting[ply + 1] = answer
                started = time.perf_counter()
                sent[(race["code"], me["username"], ply + 1)] = started
                await ws.send(json.dumps({"type": "moves", "id": ply + 1, "expected_ply": ply,
                                          "moves": [race["line"][ply]], "client_times": [clock]}))
                try:
                    done, frame = await asyncio.wait_for(answer, 30)
                except TimeoutError:
                    refused["no answer in 30 s"] = refused.get("no answer in 30 s", 0) + 1
                    break
                answers.append(done - started)
                if frame["type"] == "error":
                    refused[frame["error"]["code"]] = refused.get(frame["error"]["code"], 0) + 1
                    break
                ply += 1
            await asyncio.sleep(1.0)  # the last progress frames reach the others
            reader.cancel()

    await asyncio.gather(*(player(race, me, i * 10 + j) for i, race in enumerate(races)
                           for j, me in enumerate(race["players"])))
    return {"fanout": percentiles(fanout), "answer": percentiles(answers), "refused": refused,
            "moves": len(answers)}


async def board_figures(url: str, rate: float, seconds: float) -> dict:
    conns = Connections(url)
    await get_run(conns, "warm-up", STATIC, 50, 2)
    static = (await get_run(conns, f"static {rate:g}/s", STATIC, rate, seconds)).summary()
    board = (await board_run(conns, f"board {rate:g}/s", rate, seconds)).summary()
    conns.close()
    return {"static_p99_ms": static["p99_ms"], "board_p99_ms": board["p99_ms"],
            "board_errors": board["errors"],
            "board_p99_vs_static": round(board["p99_ms"] / static["p99_ms"], 2),
            "achieved_rate": board["achieved_rate"]}


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


async def measure(services, args) -> dict:
    out = {"load_average_start": load_average(), "servers": {}}
    for index, name in enumerate(args.servers):
        services.sockets.stop()
        services.sockets.argv = servers_argv(name, services.socket_port)
        services.sockets.start()
        services._sockets_ready()
        ws_url = f"ws://127.0.0.1:{services.socket_port}"
        all_races = make_races(args.races + 1, args.players, name)
        alone, loaded = all_races[:1], all_races[1:]
        baseline = await play(ws_url, alone, args.seconds / 3, args.pace, index)
        figures = {"baseline": baseline, "load_average_before": load_average()}
        if index == 0:
            figures["board_alone"] = await board_figures(services.url, args.board_rate, args.board_seconds)
            under, board = await asyncio.gather(
                play(ws_url, loaded, args.seconds, args.pace, index),
                _after(3.0, board_figures(services.url, args.board_rate, args.board_seconds)))
            figures["board_with_races"] = board
        else:
            under = await play(ws_url, loaded, args.seconds, args.pace, index)
        figures["load"] = under
        figures["load_average_after"] = load_average()
        base = baseline["fanout"].get("p99_ms") or float("nan")
        figures["fanout_p99_vs_baseline"] = round(under["fanout"].get("p99_ms", float("nan")) / base, 2)
        out["servers"][name] = figures
        report(name, figures, args)
    return out


async def measured(services, args) -> dict:
    """``measure``, then this event loop's own database connection closed (Django keeps one per
    async context: left open, it would keep the database from being dropped)."""
    from django.db import connections

    try:
        return await measure(services, args)
    finally:
        connections.close_all()


async def _after(delay: float, awaitable):
    await asyncio.sleep(delay)
    return await awaitable


def report(name: str, f: dict, args) -> None:
    def line(label, p):
        if not p.get("n"):
            return f"  {label}: no samples"
        return (f"  {label}: n={p['n']} p50 {p['p50_ms']} ms, p90 {p['p90_ms']} ms, p99 {p['p99_ms']} ms, "
                f"max {p['max_ms']} ms")

    print(f"\n== {name} (load average before {f['load_average_before']}, after {f['load_average_after']})")
    print(line("baseline fan-out, 1 race", f["baseline"]["fanout"]))
    print(line(f"fan-out, {args.races} races x {args.players}", f["load"]["fanout"]))
    print(f"  fan-out p99 x{f['fanout_p99_vs_baseline']} the baseline's; moves {f['load']['moves']}, "
          f"refused {f['load']['refused'] or 'none'}")
    print(line("mover's own answer", f["load"]["answer"]))
    for key in ("board_alone", "board_with_races"):
        if key in f:
            b = f[key]
            print(f"  {key.replace('_', ' ')}: board p99 {b['board_p99_ms']} ms "
                  f"= x{b['board_p99_vs_static']} "
                  f"the static file's ({b['static_p99_ms']} ms), errors {b['board_errors']}, "
                  f"{b['achieved_rate']} req/s")


def _sessions_gone(timeout: float = 30) -> None:
    """Wait for the stopped servers' database sessions to close, so that the database can be dropped."""
    from django.db import connection

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND pid <> pg_backend_pid()")
            if cursor.fetchone()[0] == 0:
                return
        time.sleep(0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--pace", type=float, default=3.0, help="mean think time per move, seconds")
    parser.add_argument("--servers", type=lambda text: text.split(","), default=["uvicorn", "daphne"])
    parser.add_argument("--board-rate", type=float, default=300)
    parser.add_argument("--board-seconds", type=float, default=15)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    # The races are made through the services between runs, from this script's event loop.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    os.environ.setdefault("RACE_SOCKET_DB_POOL", "1")  # as production runs the sockets
    with live_stack() as services:
        try:
            seed(0, 0, warm=False)
            out = asyncio.run(measured(services, args))
        finally:
            services.stop()
            _sessions_gone()
    out["load_average_end"] = load_average()
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
