"""Load on the real stack: gunicorn on loopback, the Celery worker, Postgres and Redis, at a constant rate.

    .venv/bin/python bench/load.py [--board-rate 300] [--board-seconds 30] [--append-rate 100]
                                   [--wins 20] [--web-workers 2] [--web-threads 8] [--json out.json]

Starts its own database, worker and web node (``bench/stack.py``): by default as
``docker-compose.yml`` runs it, ``--web-workers`` gunicorn servers of one worker and
``--web-threads`` threads each behind HAProxy, which sends each request to the server
with the fewest in flight; ``--direct``: one gunicorn of ``--web-workers`` workers and no
proxy (the shape before). The appends come from each player's own keep-alive connection,
as browsers send them (``--shared-connections``: one pool for every player). Then it seeds
today's FreeCell daily with 100 ranked results, then measures, open loop
(``bench/openloop.py``: latency counted from each request's due time):

1. a static file (``/static/fc/js/main.js``, served by whitenoise from the
   collected files, as in production) at ``--board-rate`` req/s: the baseline of
   this run, through the same proxy and gunicorn;
2. the daily leaderboard at ``--board-rate``: p50/p90/p99/max and errors, and
   its p99 as a ratio of the static file's; then the same with the ETag the
   client already holds (answered 304);
3. the board at rising rates (``--ramp``, ``--ramp-seconds`` each) until its
   p99 passes 50 ms or a request fails: the highest rate it holds;
4. move appends (one move per request, many players' games) at ``--append-rate`` req/s;
5. win to leaderboard through the real worker: a player sends the winning move
   and polls the board every 10 ms until their row is there; ``--wins`` wins one
   after another on an idle server, then as many again while the board is read at
   ``--board-rate`` and moves are appended at half ``--append-rate``. Their moves
   before the winning one are written at seeding, not sent; the fair-play walks the
   worker makes while a ranked daily is played (``fairplay_warm``, every few
   decisions) are made then, in this process, unless ``--cold-fairplay``.

``--social [--rate 300] [--seconds 30] [--members 20]`` runs ``bench/social_boards.py``
instead: the daily board among a league's members and among followed players
against the public board (target: their p99 within 2x the public board's).

Targets on a 2-core machine: board p99 within 2x the static file's with 0
errors at 300 req/s; p99 under 50 ms up to 600 req/s or more; win to
leaderboard p95 under 1 s. The figures are printed, never asserted.

The generator is this process's event loop, so a pause of this process counts
as latency: after seeding (and the fair-play walks, made here) its heap is
frozen out of the garbage collector (``gc.freeze``), whose full collections
over it paused the loop for tens of milliseconds in the middle of a run and
showed up as the server's tail. The collector's pauses during the runs are
printed; ``--no-gc-freeze`` measures without the freeze.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import gc
import itertools
import json
import math
import os
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.openloop import Connections, Run, constant_rate, wall  # noqa: E402
from bench.stack import WEB_CLASS, WEB_THREADS, WEB_WORKERS, live_stack  # noqa: E402
from bench.write_load import (  # noqa: E402
    Appenders,
    ServerCpu,
    append_ramp,
    client_batch_sizes,
    mix,
    report_writes,
)
from bench.yardstick import yardstick  # noqa: E402

BOARD = "/api/leaderboards/daily/today/freecell/"
STATIC = "/static/fc/js/main.js"
P99_LIMIT_MS = 50
DEAL = ("freecell", 24)
SEEDED = 100


def seed(append_games: int, winners: int, *, warm: bool = True, sessions: bool = False) -> dict:
    """Today's daily with SEEDED ranked results; players with tokens for appends (or logged-in
    browser sessions: ``sessions``) and wins."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    import engine
    from games.models import Daily, Deal, Game, Result, SolverStatus, Submission
    from games.services.dailies import today_utc
    from tests.support.lines import human_line
    from tests.support.synthetic import human_line as person_line

    User = get_user_model()
    deal = Deal.objects.create(variant=DEAL[0], number=DEAL[1], status=SolverStatus.WINNABLE, par=80)
    daily = Daily.objects.create(variant=DEAL[0], date=today_utc(), deal=deal)
    # A person's line: a ranked win along the solver's own line is held for review
    # as engine-assisted (fairplay/) and would never reach the board.
    line = human_line(*DEAL)
    now = timezone.now()
    # Each finisher plays a line of its own: people diverge after a few moves, and
    # the fair-play check keeps the solver's lines per position (one shared line
    # would be searched once and flatter every later finisher).
    lines = [person_line(engine.deal(*DEAL), seed=i) for i in range(winners)]
    longest = max(map(len, [line, *lines]))
    for i in range(SEEDED):  # all worse than every line, so that every new finisher makes the top 100
        player = User.objects.create_user(f"seeded{i:03d}")
        game = Game.objects.create(player=player, deal=deal, daily=daily, ranked=True, state="won",
                                   moves=" ".join(line), ply=len(line), finished_at=now)
        submission = Submission.objects.create(game=game, moves=game.moves, status="accepted")
        moves = longest + 1 + i % 60  # the board ranks by counted_moves (no undos here)
        Result.objects.create(submission=submission, game=game, player=player, deal=deal, daily=daily,
                              ranked=True, moves=moves, counted_moves=moves, duration_ms=600_000 + 1000 * i,
                              finished_at=now)
    appenders = appenders_seed(append_games, deal, sessions=sessions)
    finishers = []
    for i in range(winners):
        player = User.objects.create_user(f"finisher{i:03d}")
        # All but the winning move already played at a person's uneven pace (fair
        # play holds a whole solution sent in one request, and a fixed pace too).
        prefix = lines[i][:-1]
        rng = random.Random(i)
        paced = list(itertools.accumulate(int(rng.lognormvariate(math.log(3500), 0.8)) for _ in prefix))
        game = Game.objects.create(player=player, deal=deal, daily=daily, ranked=True, moves=" ".join(prefix),
                                   ply=len(prefix), server_times=paced, client_times=paced)
        finishers.append({"token": Token.objects.create(user=player).key, "game": str(game.pk),
                          "username": player.username, "client_ms": paced[-1], "line": lines[i]})
    backdate([f["game"] for f in finishers], 30)  # human-paced: fair play would hold back a faster finish
    if warm:
        fairplay_walks_as_played(finishers)
    return {"line": list(line), "appenders": appenders, "finishers": finishers, "daily": daily}


def appenders_seed(count: int, deal, *, sessions: bool = False) -> list[dict]:
    """``count`` players with a fresh game each on the deal (in bulk: the ramp needs hundreds),
    and the headers each append carries: a script's token, or with ``sessions`` a browser's
    (the session cookie of a player logged in by password, the CSRF cookie and header, as
    the page sends them)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games.models import Game

    User = get_user_model()
    unusable = "!"  # no password: these players use their tokens or sessions
    users = User.objects.bulk_create([User(username=f"mover{i:04d}", password=unusable)
                                      for i in range(count)])
    games = Game.objects.bulk_create([Game(player=user, deal=deal) for user in users])
    if sessions:
        headers = browser_sessions(users)
    else:
        tokens = Token.objects.bulk_create([Token(user=user, key=Token.generate_key()) for user in users])
        headers = [auth(token.key) for token in tokens]
    return [{"headers": header, "game": str(game.pk), "ply": 0}
            for header, game in zip(headers, games, strict=True)]


def browser_sessions(users) -> list[dict]:
    """A logged-in session per user, as a password log-in leaves it (``accounts.backends``),
    and the headers the page sends with it."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.models import Session
    from django.middleware.csrf import _get_new_csrf_string
    from django.utils import timezone
    from django.utils.crypto import get_random_string

    from accounts.backends import MODEL_BACKEND
    from accounts.sessions import SessionStore

    store, expires = SessionStore(), timezone.now() + dt.timedelta(seconds=settings.SESSION_COOKIE_AGE)
    rows, headers = [], []
    for user in users:
        key, csrf = get_random_string(32, "abcdefghijklmnopqrstuvwxyz0123456789"), _get_new_csrf_string()
        data = {SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: MODEL_BACKEND,
                HASH_SESSION_KEY: user.get_session_auth_hash()}
        rows.append(Session(session_key=key, session_data=store.encode(data), expire_date=expires))
        headers.append({"Cookie": f"{settings.SESSION_COOKIE_NAME}={key}; csrftoken={csrf}",
                        "X-CSRFToken": csrf, "Accept": "application/json"})
    Session.objects.bulk_create(rows)
    return headers


def walked_while_played(prefix: list[str]) -> list[str]:
    """The part of a log, sent a move per request, that the worker had walked against the
    fair-play presets by its last move: up to the last multiple of WARM_EVERY_DECISIONS decisions."""
    from games.services.fairplay import WARM_EVERY_DECISIONS

    decisions, walked = 0, 0
    for index, move in enumerate(prefix):
        decisions += not move.endswith("h")
        if not move.endswith("h") and decisions % WARM_EVERY_DECISIONS == 0:
            walked = index + 1
    return prefix[:walked]


def fairplay_walks_as_played(finishers: list[dict]) -> None:
    """What the site's worker did while the finishers played their seeded moves (they were
    written here, not sent): each line walked against the fair-play presets, its preset
    lines kept in the cache the worker reads (``games.services.fairplay.fairplay_warm``)."""
    import time

    from games.services.fairplay import fairplay_warm_line

    began, searches = time.monotonic(), 0
    for finisher in finishers:
        searches += fairplay_warm_line(variant=DEAL[0], number=DEAL[1],
                                       moves=walked_while_played(finisher["line"][:-1]))
    print(f"  fair-play walks while the {len(finishers)} finishers played: {searches} searches, "
          f"{time.monotonic() - began:.1f} s (before the runs)", flush=True)


def backdate(game_ids: list[str], minutes: int) -> None:
    from django.db.models import F

    from games.models import Game

    Game.objects.filter(pk__in=game_ids).update(started_at=F("started_at") - dt.timedelta(minutes=minutes))


def auth(token: str) -> dict:
    return {"Authorization": f"Token {token}"}


def moves_body(ply: int, moves: list[str], after_ms: int | None = None) -> bytes:
    """A batch of ``moves`` at ``ply``, 4 s of the client's clock apart (after ``after_ms``)."""
    first = 4000 * ply if after_ms is None else after_ms
    times = [first + 4000 * (i + 1) for i in range(len(moves))]
    return json.dumps({"expected_ply": ply, "moves": moves, "client_times": times}).encode()


async def get_run(conns: Connections, name: str, path: str, rate: float, seconds: float,
                  headers: dict | None = None) -> Run:
    async def send(_):
        status, _ = await conns.request("GET", path, headers=headers)
        return status

    return await constant_rate(name, rate, seconds, send)


async def board_run(conns: Connections, name: str, rate: float, seconds: float) -> Run:
    return await get_run(conns, name, BOARD, rate, seconds)


async def ramp(conns: Connections, rates: list[float], seconds: float) -> dict:
    """The board at each rate in turn until p99 passes P99_LIMIT_MS or a request fails."""
    runs, held = [], None
    for rate in rates:
        run = (await board_run(conns, f"board {rate:g}/s (ramp)", rate, seconds)).summary()
        runs.append(run)
        if run["p99_ms"] > P99_LIMIT_MS or run["errors"] or run["achieved_rate"] < 0.97 * rate:
            break
        held = rate
        await asyncio.sleep(1.0)
    return {"runs": runs, "held_rate": held}


async def append_run(conns: Connections, name: str, rate: float, seconds: float, data: dict) -> Run:
    games, line = data["appenders"], data["line"]
    busy: set[int] = set()

    async def send(i):
        game = games[i % len(games)]
        if i % len(games) in busy or game["ply"] >= len(line) - 1:
            return 299  # this game's previous move is still in flight (or it is one move from a win): skipped
        busy.add(i % len(games))
        try:
            ply = game["ply"]
            status, _ = await conns.request("POST", f"/api/games/{game['game']}/moves/",
                                            moves_body(ply, [line[ply]]), game["headers"])
            if status == 200:
                game["ply"] = ply + 1
            return status
        finally:
            busy.discard(i % len(games))

    return await constant_rate(name, rate, seconds, send)


async def win_to_board(conns: Connections, finisher: dict, poll: float = 0.01) -> dict:
    """Seconds from sending the winning move to the first board read that shows the row."""
    line = finisher["line"]
    started = wall()
    status, body = await conns.request("POST", f"/api/games/{finisher['game']}/moves/",
                                       moves_body(len(line) - 1, line[-1:], finisher["client_ms"]),
                                       auth(finisher["token"]))
    answered = wall() - started
    assert status == 200 and json.loads(body)["state"] == "won", body[:300]
    needle = f'"player":"{finisher["username"]}"'.encode()
    while True:
        status, board = await conns.request("GET", BOARD)
        if status == 200 and needle in board:
            return {"seconds": wall() - started, "append_seconds": answered}
        if wall() - started > 60:
            return {"seconds": float("inf"), "append_seconds": answered}
        await asyncio.sleep(poll)


def stats(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": round(ordered[max(0, round(0.95 * len(ordered)) - 1)] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
    }


async def measure(stack, args, data: dict) -> dict:
    conns = Connections(stack.url)
    out = {} if args.writes_only else await reads_and_wins(conns, args, data)
    if not args.board_only:
        out.update(await writes(conns, stack, args, data))
    conns.close()
    return out


async def writes(conns: Connections, stack, args, data: dict) -> dict:
    """The append ramp, then the mix with its cost per core (bench/write_load.py)."""
    from django.db import connection

    await board_run(conns, "warm-up", 50, 2)
    own = not args.shared_connections
    ramping = Appenders(data["appenders"][args.mix_games:], data["line"], own_connections=own)
    await ramping.open(conns, STATIC)
    server_cpu = ServerCpu(stack, connection.settings_dict["NAME"])
    out = {"append_ramp": await append_ramp(conns, ramping, args.append_ramp, args.append_ramp_seconds,
                                            server_cpu)}
    ramping.close()
    await asyncio.sleep(2.0)
    sizes = client_batch_sizes()
    mixing = Appenders(data["appenders"][:args.mix_games], data["line"], lambda rng: rng.choice(sizes), 1,
                       own_connections=own)
    await mixing.open(conns, STATIC)
    out["mix"] = await mix(
        conns, cpu=server_cpu, board_path=BOARD, appenders=mixing,
        finishers=data["mix_finishers"], board_rate=args.mix_board_rate, append_rate=args.mix_append_rate,
        wins_rate=args.mix_wins_rate, seconds=args.mix_seconds)
    mixing.close()
    return out


async def reads_and_wins(conns: Connections, args, data: dict) -> dict:
    """The static file, the board, its ramp, appends at one rate and win to leaderboard."""
    finishers = data["finishers"]
    idle_finishers, loaded_finishers = finishers[:args.wins], finishers[args.wins:]

    rate, seconds = args.board_rate, args.board_seconds
    await get_run(conns, "warm-up", STATIC, 50, 2)
    await board_run(conns, "warm-up", 50, 3)
    out = {"static": (await get_run(conns, f"static file {rate:g}/s", STATIC, rate, seconds)).summary()}
    out["board"] = (await board_run(conns, f"board {rate:g}/s", rate, seconds)).summary()
    out["board"]["p99_vs_static"] = round(out["board"]["p99_ms"] / out["static"]["p99_ms"], 2)
    _, fields, _ = await conns.exchange("GET", BOARD)
    etag = {"If-None-Match": fields["etag"]}
    out["board_304"] = (await get_run(conns, f"board {rate:g}/s, ETag held (304)", BOARD, rate,
                                      seconds / 2, etag)).summary()
    out["ramp"] = await ramp(conns, args.ramp, args.ramp_seconds)
    if args.board_only:
        return out
    out["appends"] = (await append_run(conns, f"appends {args.append_rate:g}/s", args.append_rate,
                                       args.append_seconds, data)).summary()

    idle = []
    for finisher in idle_finishers:
        idle.append(await win_to_board(conns, finisher))
        await asyncio.sleep(0.3)
    out["win_to_board_idle"] = stats([w["seconds"] for w in idle])
    out["win_to_board_idle"]["winning_append"] = stats([w["append_seconds"] for w in idle])

    async def wins_under_load():
        await asyncio.sleep(1.0)
        done = []
        for finisher in loaded_finishers:
            done.append(await win_to_board(conns, finisher))
            await asyncio.sleep(0.3)
        return done

    seconds = max(args.board_seconds, 2 + len(loaded_finishers) * 0.8)
    board, appends, loaded = await asyncio.gather(
        board_run(conns, f"board {args.board_rate:g}/s with appends and wins", args.board_rate, seconds),
        append_run(conns, f"appends {args.append_rate / 2:g}/s with board reads and wins",
                   args.append_rate / 2, seconds, data),
        wins_under_load(),
    )
    out["mixed_board"], out["mixed_appends"] = board.summary(), appends.summary()
    out["win_to_board_loaded"] = stats([w["seconds"] for w in loaded])
    out["win_to_board_loaded"]["winning_append"] = stats([w["append_seconds"] for w in loaded])
    return out


class CollectorPauses:
    """The garbage collector's pauses of this process (the generator's loop) while active."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._began = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = wall()
        else:
            self.pauses.append(wall() - self._began)

    def __enter__(self):
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc) -> None:
        gc.callbacks.remove(self)

    def summary(self) -> dict:
        return {"collections": len(self.pauses), "total_ms": round(1000 * sum(self.pauses), 1),
                "max_ms": round(1000 * max(self.pauses, default=0.0), 1)}


def run_line(r: dict) -> None:
    skipped = r["statuses"].get(299, 0)
    extra = f", {skipped} skipped (game busy)" if skipped else ""
    print(f"  {r['name']:<48} {r['requests']:>6} req at {r['achieved_rate']:>6}/s"
          f"  p50 {r['p50_ms']:>7} ms  p90 {r['p90_ms']:>7}  p99 {r['p99_ms']:>7}  max {r['max_ms']:>7}"
          f"  errors {r['errors']}"
          f"{extra}  (generator: send lag p99 {r['send_lag_p99_ms']} ms, {r['client_cpu_percent']}% CPU)")


def report(out: dict, args) -> None:
    print(f"\nload average before / after: {out['loadavg_before']} / {out['loadavg_after']} "
          "(other processes on the machine share the cores)")
    server = "granian" if args.web_class == "granian" else f"gunicorn {args.web_class}"
    proxied = not args.direct and args.web_class == "gthread" and not args.two_nodes
    if args.two_nodes:
        shape = (f"two web nodes of {server} {args.web_workers} x {args.web_threads} and two workers, "
                 "HAProxy (round robin) in front")
    elif proxied:
        shape = (f"HAProxy (leastconn) in front of {args.web_workers} {server} servers "
                 f"of 1 x {args.web_threads}")
    else:
        shape = f"{server} {args.web_workers} x {args.web_threads}, no proxy"
    clients = "one pool of connections" if args.shared_connections else "a connection per player"
    print(f"bench/load.py on {os.cpu_count()} cores; {shape}, "
          f"worker concurrency {args.concurrency}; {SEEDED} rows on the board; appends on {clients}")
    speed = out["yardstick_ms"]
    print(f"  the machine's speed, before / after the runs: the yardstick loop in {speed[0]} / {speed[1]} ms "
          "of CPU (bench/yardstick.py; less is faster)")
    pauses = out["generator_gc"]
    print(f"  the generator's garbage collections during the runs: {pauses['collections']}, "
          f"{pauses['total_ms']} ms in all, longest {pauses['max_ms']} ms "
          f"({'heap frozen' if not args.no_gc_freeze else 'heap not frozen: --no-gc-freeze'})")
    if "board" in out:
        report_reads(out, args)
    if "mix" in out:
        report_writes(out, run_line, sum(speed) / 2)


def report_reads(out: dict, args) -> None:
    for key in ("static", "board", "board_304"):
        run_line(out[key])
    for run in out["ramp"]["runs"]:
        run_line(run)
    for key in ("appends", "mixed_board", "mixed_appends"):
        if key in out:
            run_line(out[key])
    board = out["board"]
    print(f"  board p99 at {args.board_rate:g}/s as a ratio of the static file's in this run: "
          f"x{board['p99_vs_static']} ({board['p99_ms']} / {out['static']['p99_ms']} ms)")
    held = out["ramp"]["held_rate"]
    climbed = ", ".join(f"{r:g}" for r in args.ramp)
    print(f"  highest rate the board holds with p99 under {P99_LIMIT_MS} ms and 0 errors: "
          f"{f'{held:g} req/s' if held else 'none of the ramp'} (of {climbed})")
    board_ok = board["p99_vs_static"] <= 2 and board["errors"] == 0
    ramp_ok = held is not None and held >= 600
    verdicts = [f"board p99 within 2x the static file's with 0 errors: {'met' if board_ok else 'MISSED'}",
                f"p99 < {P99_LIMIT_MS} ms at 600 req/s or more: {'met' if ramp_ok else 'MISSED'}"]
    if not args.board_only:
        for key, label in (("win_to_board_idle", "idle"), ("win_to_board_loaded", "under load")):
            w = out[key]
            print(f"  win to leaderboard, {label:<10} n={w['n']}: median {w['median_ms']} ms, "
                  f"p95 {w['p95_ms']} ms, max {w['max_ms']} ms "
                  f"(the winning append itself: median {w['winning_append']['median_ms']} ms)")
        win_ok = out["win_to_board_idle"]["p95_ms"] < 1000 and out["win_to_board_loaded"]["p95_ms"] < 1000
        verdicts.append(f"win to leaderboard p95 < 1 s: {'met' if win_ok else 'MISSED'}")
    print("  targets: " + "; ".join(verdicts))


def _loop_run(coroutine, plain: bool):
    """The generator's event loop: uvloop's (a dependency of the service's sockets server
    already), which took about a sixth less CPU than asyncio's at 600 appends/s (10.4 % of a
    core against 12.4-12.5 %), CPU the server shares; ``--asyncio-loop``: asyncio's own, as
    before 7 December 2026."""
    if plain:
        return asyncio.run(coroutine)
    import uvloop

    return uvloop.run(coroutine)


def main() -> None:
    if "--social" in sys.argv[1:]:  # the boards among a league and among followed players
        sys.argv.remove("--social")
        from bench.social_boards import main as social_main

        social_main()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board-rate", type=float, default=300)
    parser.add_argument("--board-seconds", type=float, default=30)
    parser.add_argument("--append-rate", type=float, default=100)
    parser.add_argument("--append-seconds", type=float, default=20)
    parser.add_argument("--append-games", type=int, default=600,
                        help="games to append to: the first --mix-games for the mix, the rest for the rest")
    parser.add_argument("--append-ramp", type=lambda text: [float(r) for r in text.split(",")],
                        default=[150, 300, 450, 600, 800, 1000], help="append rates to climb (single moves)")
    parser.add_argument("--append-ramp-seconds", type=float, default=10)
    parser.add_argument("--mix-games", type=int, default=150)
    parser.add_argument("--mix-board-rate", type=float, default=100)
    parser.add_argument("--mix-append-rate", type=float, default=300, help="append requests per second")
    parser.add_argument("--mix-wins-rate", type=float, default=0.5)
    parser.add_argument("--mix-seconds", type=float, default=20)
    parser.add_argument("--two-nodes", action="store_true",
                        help="a second web node and worker, and HAProxy in front of both (bench/stack.py)")
    parser.add_argument("--writes-only", action="store_true",
                        help="only the append ramp and the mix (no static file, board or win-to-board runs)")
    parser.add_argument("--shared-connections", action="store_true",
                        help="the appends share the generator's pool of connections (the last one returned "
                             "is taken first), not a keep-alive connection per player as browsers send")
    parser.add_argument("--sessions", action="store_true",
                        help="appends from logged-in browser sessions (cookie, CSRF token), not tokens")
    parser.add_argument("--wins", type=int, default=20)
    parser.add_argument("--ramp", type=lambda text: [float(r) for r in text.split(",")],
                        default=[300, 450, 600, 800, 1000, 1200], help="board rates to climb: 300,450,...")
    parser.add_argument("--ramp-seconds", type=float, default=10)
    parser.add_argument("--web-workers", type=int, default=WEB_WORKERS,
                        help="gunicorn processes (with --direct: workers of one gunicorn)")
    parser.add_argument("--direct", action="store_true",
                        help="one gunicorn of --web-workers workers, no proxy, as before the node was "
                             "deployed behind HAProxy (default: the node as docker-compose.yml runs it, "
                             "--web-workers gunicorn servers of one worker each behind HAProxy)")
    parser.add_argument("--web-threads", type=int, default=WEB_THREADS)
    parser.add_argument("--web-class", default=WEB_CLASS,
                        help="gunicorn worker class (as the Dockerfile); granian: granian's WSGI server "
                        "instead (a comparison: pip install granian)")
    parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes")
    parser.add_argument("--board-only", action="store_true", help="only the leaderboard runs")
    parser.add_argument("--cold-fairplay", action="store_true",
                        help="leave out the fair-play walks the worker makes while the finishers play")
    parser.add_argument("--no-gc-freeze", action="store_true",
                        help="leave the generator's heap to the garbage collector during the runs")
    parser.add_argument("--asyncio-loop", action="store_true",
                        help="the generator on asyncio's own event loop instead of uvloop's")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    with live_stack(concurrency=args.concurrency, web_workers=args.web_workers, web_threads=args.web_threads,
                    web_class=args.web_class, two_nodes=args.two_nodes, proxied=not args.direct) as stack:
        mix_wins = math.ceil(args.mix_wins_rate * args.mix_seconds)
        wins = 0 if args.writes_only else 2 * args.wins  # the win-to-board runs' finishers
        data = seed(args.append_games, wins + mix_wins, warm=not args.cold_fairplay, sessions=args.sessions)
        data["mix_finishers"] = data["finishers"][wins:]
        data["finishers"] = data["finishers"][:wins]
        if not args.no_gc_freeze:  # see the module notes
            gc.collect()
            gc.freeze()
        before = [round(x, 2) for x in os.getloadavg()]
        speed = yardstick()
        with CollectorPauses() as pauses:
            out = _loop_run(measure(stack, args, data), args.asyncio_loop)
        out["generator_gc"] = pauses.summary()
        out["loadavg_before"], out["loadavg_after"] = before, [round(x, 2) for x in os.getloadavg()]
        out["yardstick_ms"] = [speed, yardstick()]
    report(out, args)
    if args.json:
        figures = {"args": {k: str(v) for k, v in vars(args).items()}, **out}
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
