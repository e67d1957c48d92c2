"""The daily board among a league's members and among the players someone follows, against
the public board and a static file, on the real stack at a constant rate.

    .venv/bin/python bench/social_boards.py [--rate 300] [--seconds 30] [--members 20] [--json out.json]

Starts its own database, worker and gunicorn (``bench/stack.py``), seeds today's
FreeCell daily with 100 ranked results (``bench/load.py``'s seeding), makes a
league of ``--members`` of those players plus a reader, and a reader who follows
as many, both logged in with a session cookie as a browser is. Then, open loop
(``bench/openloop.py``) at ``--rate`` req/s each, one after another: the static
file (the baseline of this run), the public board, the league board
(``?league=<code>``) and the following board (``?among=following``). The narrowed
boards are stored bytes per league and per follower (``social/selectors/stored.py``)
answered before DRF runs; what they cost more than the public board is the
session's lookup (a query for the session, one for the user) and a third cache key.

Last, the same three reads in this process through Django's whole stack (the
test client), best of three rounds: what a read costs in CPU, apart from queueing.

Target: league and following boards' p99 within 2x the public board's at 300 req/s,
0 errors. The figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load import BOARD, DEAL, SEEDED, STATIC, get_run, run_line  # noqa: E402
from bench.openloop import Connections  # noqa: E402
from bench.stack import live_stack  # noqa: E402


def board_seed() -> None:
    """Today's FreeCell daily with SEEDED ranked results (as bench/load.py's board, without
    the lines its appends and wins need: a board read reads only the result rows)."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Daily, Deal, Game, Result, SolverStatus, Submission
    from games.services.dailies import today_utc

    deal = Deal.objects.create(variant=DEAL[0], number=DEAL[1], status=SolverStatus.WINNABLE, par=80)
    daily = Daily.objects.create(variant=DEAL[0], date=today_utc(), deal=deal)
    now = timezone.now()
    for i in range(SEEDED):
        player = get_user_model().objects.create_user(f"seeded{i:03d}")
        game = Game.objects.create(player=player, deal=deal, daily=daily, ranked=True, state="won",
                                   finished_at=now)
        submission = Submission.objects.create(game=game, moves="", status="accepted")
        Result.objects.create(submission=submission, game=game, player=player, deal=deal, daily=daily,
                              ranked=True, moves=90 + i % 60, counted_moves=90 + i % 60,
                              duration_ms=600_000 + 1000 * i, finished_at=now)


def social_seed(members: int) -> dict:
    """A league of ``members`` seeded finishers and its owner; a reader following as many."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from social.services.follows import follow_add
    from social.services.leagues import league_create, league_join

    User = get_user_model()
    owner, follower = User.objects.create_user("leagueowner"), User.objects.create_user("follower")
    league = league_create(owner=owner, name="Bench League")
    for i in range(members):
        league_join(player=User.objects.get(username=f"seeded{i:03d}"), code=league.code)
        follow_add(follower=follower, username=f"seeded{i * 3 % 100:03d}")

    def cookie(user) -> str:
        client = Client()
        client.force_login(user)
        return f"sessionid={client.cookies['sessionid'].value}"

    return {"league": league.code, "owner_cookie": cookie(owner), "follower_cookie": cookie(follower)}


async def measure(url: str, args, social: dict) -> dict:
    conns = Connections(url)
    rate, seconds = args.rate, args.seconds
    league_path = f"{BOARD}?league={social['league']}"
    following_path = f"{BOARD}?among=following"
    owner, follower = {"Cookie": social["owner_cookie"]}, {"Cookie": social["follower_cookie"]}
    for path, headers in ((STATIC, None), (BOARD, None), (league_path, owner), (following_path, follower)):
        status, body = await conns.request("GET", path, headers=headers)
        assert status == 200, (path, status, body[:300])
        await get_run(conns, "warm-up", path, 50, 2, headers)
    out = {
        "static": (await get_run(conns, f"static file {rate:g}/s", STATIC, rate, seconds)).summary(),
        "board": (await get_run(conns, f"public board {rate:g}/s", BOARD, rate, seconds)).summary(),
        "league": (await get_run(conns, f"league board {rate:g}/s", league_path, rate, seconds,
                                 owner)).summary(),
        "following": (await get_run(conns, f"following board {rate:g}/s", following_path, rate, seconds,
                                    follower)).summary(),
    }
    conns.close()
    for key in ("board", "league", "following"):
        out[key]["p99_vs_static"] = round(out[key]["p99_ms"] / out["static"]["p99_ms"], 2)
    for key in ("league", "following"):
        out[key]["p99_vs_board"] = round(out[key]["p99_ms"] / out["board"]["p99_ms"], 2)
    return out


def in_process(social: dict, reads: int) -> dict:
    """Mean per read through Django's whole stack in this process (the test client: every
    middleware, no network, no gunicorn), each path in turn, three rounds: the CPU a read costs."""
    import time

    from django.test import Client

    paths = {"board": (BOARD, None),
             "league": (f"{BOARD}?league={social['league']}", social["owner_cookie"]),
             "following": (f"{BOARD}?among=following", social["follower_cookie"])}
    clients = {}
    for name, (path, cookie) in paths.items():
        clients[name] = Client()
        if cookie:
            clients[name].cookies["sessionid"] = cookie.split("=", 1)[1]
        assert clients[name].get(path).status_code == 200
    best: dict[str, float] = {}
    for _ in range(3):
        for name, (path, _cookie) in paths.items():
            began = time.perf_counter()
            for _ in range(reads):
                clients[name].get(path)
            best[name] = min(best.get(name, float("inf")), (time.perf_counter() - began) / reads)
    return {name: round(seconds * 1000, 2) for name, seconds in best.items()}


def report(out: dict, args) -> None:
    print(f"\nload average before / after: {out['loadavg_before']} / {out['loadavg_after']} "
          "(other processes on the machine share the cores)")
    print(f"bench/social_boards.py on {os.cpu_count()} cores; a league of {args.members + 1}, "
          f"a reader following {args.members}; 100 rows on the public board")
    for key in ("static", "board", "league", "following"):
        run_line(out[key])
    for key in ("league", "following"):
        r = out[key]
        print(f"  {key} board p99 x{r['p99_vs_board']} the public board's (x{r['p99_vs_static']} the static "
              f"file's; the public board x{out['board']['p99_vs_static']})")
    ms = out["in_process_ms"]
    print(f"  in-process, best of three rounds of {args.in_process_reads} reads: "
          f"public board {ms['board']} ms, league {ms['league']} ms "
          f"(x{round(ms['league'] / ms['board'], 2)}), following {ms['following']} ms "
          f"(x{round(ms['following'] / ms['board'], 2)})")
    met = all(out[k]["p99_vs_board"] <= 2 and out[k]["errors"] == 0 for k in ("league", "following"))
    print(f"  target: league and following p99 within 2x the public board's, 0 errors: "
          f"{'met' if met else 'MISSED'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=300)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--members", type=int, default=20)
    parser.add_argument("--in-process-reads", type=int, default=200)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    with live_stack() as stack:
        board_seed()
        social = social_seed(args.members)
        gc.collect()
        gc.freeze()  # as bench/load.py: the generator's collections would count as latency
        before = [round(x, 2) for x in os.getloadavg()]
        out = asyncio.run(measure(stack.url, args, social))
        out["in_process_ms"] = in_process(social, args.in_process_reads)
        out["loadavg_before"], out["loadavg_after"] = before, [round(x, 2) for x in os.getloadavg()]
    report(out, args)
    if args.json:
        figures = {"args": {k: str(v) for k, v in vars(args).items()}, **out}
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
