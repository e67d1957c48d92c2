"""Race sockets under load: races of 4 players at a person's pace over loopback, and the board meanwhile.

    .venv/bin/python -u bench/races_load.py [--asgi uvicorn|daphne|uvicorn,daphne] [--races 50]
        [--players 4] [--seconds 30] [--think 1.5] [--board-rate 300] [--board-seconds 10] [--json out.json]

Starts its own stack as ``scripts/run`` runs it (``bench/stack.py``: a fresh
Postgres database, Redis for the channel layer and Celery, the Celery worker,
gunicorn for HTTP shaped as the Dockerfile's, and the ASGI server of ``/ws/``),
makes the races through the services (FreeCell deals from 1001, dealt ten
seconds ago, an hour to run) and connects every player on a socket of its own by
its API token (``?token=``). Play starts once every socket has its race and its
game (players wait in the lobby before a start). Each player then plays its deal one legal move at a
time (a walk through the engine's ``legal_moves``, foundation moves first),
after a log-normal think time of median ``--think`` seconds, and waits for its
answer before the next: a person's pace (200 players at 1.5 s make about 120
moves a second).

For each ASGI server of ``--asgi`` in turn (the same stack, the socket server
restarted with it):

1. board alone: the public daily board (``bench/load.py``'s) at ``--board-rate``
   through gunicorn, with no race running: the baseline of the board;
2. fan-out alone: one race by itself for ``--baseline-seconds``;
3. load: every race at once for ``--seconds``, the board read at the same rate
   meanwhile, from 2 s into the play (from a process of its own, so that neither
   generator slows the other).

Printed: a move's fan-out latency (from its send to its ``progress`` frame at
each other player of the race; one process, one clock) p50/p90/p99/max with its
count, the frames that never came, the mover's own answer, errors (refused
frames by code, sockets that failed or closed), the board's p99 with the races
as a ratio of its p99 alone, the socket server's CPU per accepted move while
they play (``/proc``), the generator's own event-loop lag (a late loop
reads as latency), and the machine's load average. Figures are printed, never
asserted; the exit status is 0 unless the stack did not start.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load import STATIC, board_run, get_run, seed  # noqa: E402
from bench.openloop import Connections  # noqa: E402
from bench.race_players import legal_walk, play  # noqa: E402
from bench.stack import live_stack  # noqa: E402

SERVERS = ("uvicorn", "daphne")
FIRST_DEAL = 1001  # bench/load.py's seeded daily (deal 24) is not open for free play


def server_argv(name: str, port: int) -> list[str]:
    """The socket server as scripts/run starts it (uvicorn), or daphne with the same quiet log."""
    from tests.support.processes import VENV_BIN, asgi_argv

    if name == "uvicorn":
        return asgi_argv(port)
    # -v 0: warnings only and no access log (which would hold the API tokens of the socket URLs).
    return [str(VENV_BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), "-v", "0",
            "freecell_site.asgi:application"]


def make_races(count: int, players: int, prefix: str) -> list[dict]:
    """``count`` FreeCell races of ``players`` players with API tokens, dealt ten seconds ago."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from races.services.races import race_create, race_join, race_start

    User = get_user_model()
    races = []
    for r in range(count):
        users = [User.objects.create_user(f"racer{prefix}{r:03d}x{p}") for p in range(players)]
        race = race_create(host=users[0], variant="freecell", number=FIRST_DEAL + r, minutes=60)
        for user in users[1:]:
            race_join(code=race.code, player=user)
        race_start(code=race.code, player=users[0], now=timezone.now() - dt.timedelta(seconds=10))
        races.append({"code": race.code, "line": legal_walk(FIRST_DEAL + r, 150, r),
                      "players": [{"username": u.username, "token": Token.objects.create(user=u).key}
                                  for u in users]})
    return races


async def board_figures(url: str, rate: float, seconds: float, delay: float = 0.0) -> dict:
    await asyncio.sleep(delay)
    conns = Connections(url)
    await get_run(conns, "warm-up", STATIC, 50, 2)
    static = (await get_run(conns, f"static {rate:g}/s", STATIC, rate, seconds)).summary()
    board = (await board_run(conns, f"board {rate:g}/s", rate, seconds)).summary()
    conns.close()
    return {"static_p99_ms": static["p99_ms"], "board_p50_ms": board["p50_ms"],
            "board_p99_ms": board["p99_ms"], "board_errors": board["errors"],
            "achieved_rate": board["achieved_rate"], "send_lag_p99_ms": board["send_lag_p99_ms"]}


def board_in_process(url: str, rate: float, seconds: float, delay: float) -> dict:
    return asyncio.run(board_figures(url, rate, seconds, delay))


def cpu_seconds(pid: int) -> float:
    """The user + system CPU a process has used (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def play_counted(services, ws_url: str, races: list[dict], seconds: float, args,
                       board=None) -> tuple[dict, dict | None]:
    """``play``, with the socket server's CPU per accepted move while they play (a figure the
    machine's other work moves far less than a latency: what the server itself spends), and
    ``board()`` (the board's reads, in the pool's process) started as play starts."""
    pid, mark, reads = services.sockets.popen.pid, {}, []

    def ready():
        mark.update(cpu=cpu_seconds(pid), at=time.perf_counter())
        if board is not None:
            reads.append(board())

    out = await play(ws_url, races, seconds, args, on_ready=ready)
    used, wall_ = cpu_seconds(pid) - mark["cpu"], time.perf_counter() - mark["at"]
    out["server_cpu"] = {"seconds": round(used, 1), "percent_of_a_core": round(100 * used / wall_, 1),
                         "ms_per_move": round(1000 * used / out["moves"], 1) if out["moves"] else None}
    return out, (await reads[0] if reads else None)


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


async def measure_server(services, name: str, args, pool: ProcessPoolExecutor) -> dict:
    services.sockets.stop()
    services.sockets.argv = server_argv(name, services.socket_port)
    services.sockets.start()
    services._sockets_ready()
    ws_url = f"ws://127.0.0.1:{services.socket_port}"
    loop = asyncio.get_running_loop()
    races = make_races(args.races + 1, args.players, name)
    f = {"load_average_before": load_average()}
    f["board_alone"] = await loop.run_in_executor(pool, board_in_process, services.url, args.board_rate,
                                                  args.board_seconds, 0.0)
    f["baseline"], _ = await play_counted(services, ws_url, races[:1], args.baseline_seconds, args)

    def board():  # 2 s into the play, while every race runs
        return loop.run_in_executor(pool, board_in_process, services.url, args.board_rate,
                                    args.board_seconds, 2.0)

    f["load"], f["board_with_races"] = await play_counted(services, ws_url, races[1:], args.seconds, args,
                                                          board)
    f["load_average_after"] = load_average()
    f["fanout_p99_vs_alone"] = _ratio(f["load"]["fanout"].get("p99_ms"),
                                      f["baseline"]["fanout"].get("p99_ms"))
    f["board_p99_with_races_vs_alone"] = _ratio(f["board_with_races"]["board_p99_ms"],
                                                f["board_alone"]["board_p99_ms"])
    return f


def _ratio(a, b):
    return round(a / b, 2) if a and b else None


def report(name: str, f: dict, args) -> None:
    def line(label, p):
        if not p.get("n"):
            return f"  {label}: no samples"
        return (f"  {label}: n={p['n']} p50 {p['p50_ms']} ms, p90 {p['p90_ms']} ms, p99 {p['p99_ms']} ms, "
                f"max {p['max_ms']} ms")

    load = f["load"]
    print(f"\n== {name}: load average before {f['load_average_before']}, after {f['load_average_after']} "
          f"({os.cpu_count()} cores; other work on the machine counts in every figure)")
    print(line("fan-out, 1 race alone", f["baseline"]["fanout"]))
    print(line(f"fan-out, {args.races} races x {args.players} ({load['sockets']} sockets)", load["fanout"]))
    print("  fan-out p99 by 5 s of play: " + ", ".join(
        f"{w['from_s']:.0f}s {w['p99_ms']} ms (n={w['n']})" for w in load.get("fanout_windows", [])))
    print(f"  fan-out p99 x{f['fanout_p99_vs_alone']} the race alone's; target p99 < 100 ms: "
          f"{'met' if load['fanout'].get('p99_ms', 1e9) < 100 else 'MISSED'}")
    print(f"  moves accepted {load['moves']}, progress frames missing {load['fanout_missing']} "
          f"of {load['fanout_expected']}, errors {load['errors'] or 'none'}; "
          f"sockets connected in {load['connect_seconds']} s")
    print(line("mover's own answer", load["answer"]))
    print(line("generator's loop lag", load["loop_lag"]))
    for label, phase in (("1 race alone", f["baseline"]), ("all races", load)):
        cpu = phase["server_cpu"]
        print(f"  socket server CPU, {label}: {cpu['seconds']} s, {cpu['percent_of_a_core']} % of a core, "
              f"{cpu['ms_per_move']} ms per move accepted (connects and fan-out included)")
    for key in ("board_alone", "board_with_races"):
        b = f[key]
        print(f"  {key.replace('_', ' ')}: board p50 {b['board_p50_ms']} ms, p99 {b['board_p99_ms']} ms, "
              f"errors {b['board_errors']}, {b['achieved_rate']} req/s "
              f"(static file p99 {b['static_p99_ms']} ms)")
    print(f"  board p99 with the races x{f['board_p99_with_races_vs_alone']} its p99 alone")
    # bench/load.py's board figure: its p99 over the static file's, read through the same server in
    # the same seconds, which cancels what the machine's other work (here the races) adds to both.
    over = [_ratio(f[key]["board_p99_ms"], f[key]["static_p99_ms"])
            for key in ("board_alone", "board_with_races")]
    print(f"  board p99 over the static file's (bench/load.py's figure): alone x{over[0]}, with the races "
          f"x{over[1]}: {'no worse' if None not in over and over[1] <= over[0] else 'WORSE'} with the races")


async def measure(services, args) -> dict:
    """Each server in turn; then this event loop's database connection closed (Django keeps one
    per async context: left open, it would keep the database from being dropped)."""
    from django.db import connections

    out = {"load_average_start": load_average(), "servers": {}}
    context = multiprocessing.get_context("spawn")  # a clean process: no copy of this one's connections
    try:
        with ProcessPoolExecutor(1, mp_context=context) as pool:
            for name in args.asgi:
                out["servers"][name] = await measure_server(services, name, args, pool)
                report(name, out["servers"][name], args)
    finally:
        connections.close_all()
    return out


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


def servers(text: str) -> list[str]:
    names = text.split(",")
    if not names or any(name not in SERVERS for name in names):
        raise argparse.ArgumentTypeError(f"one or more of {', '.join(SERVERS)}, comma-separated")
    return names


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--asgi", type=servers, default=list(SERVERS),
                        help="socket server(s) to measure in turn: uvicorn, daphne or uvicorn,daphne")
    parser.add_argument("--races", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30, help="of play with every race at once")
    parser.add_argument("--baseline-seconds", type=float, default=10, help="of play with one race alone")
    parser.add_argument("--think", type=float, default=1.5, help="median think time per move, seconds")
    parser.add_argument("--board-rate", type=float, default=300)
    parser.add_argument("--board-seconds", type=float, default=10)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    # The races are made through the services between runs, from this script's event loop.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    os.environ.setdefault("RACE_SOCKET_DB_POOL", "1")  # as production runs the sockets
    with live_stack() as services:
        try:
            seed(0, 0, warm=False)
            out = asyncio.run(measure(services, args))
        finally:
            services.stop()
            _sessions_gone()
    out["load_average_end"] = load_average()
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
