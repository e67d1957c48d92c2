"""One move's server answer on loopback: Klondike and Spider against a FreeCell baseline in the same run.

    .venv/bin/python bench/moves.py [--moves 120] [--rounds 3] [--json out.json]

Starts its own throwaway stack (``bench/stack.py``: gunicorn as the Dockerfile
runs it, Postgres, Redis), then, for each variant, starts a game on a deal the
solver wins and appends its winning line one move per request, as the client
does (closed loop: one request in flight, a kept-alive connection, token
authentication), stopping short of the win. Each answer is the whole ``Game``:
the player's view of start and position and, for Klondike and Spider, the
reveals of the whole log, found in the replay that checks the move. The time
is from sending the request to reading the whole answer. Printed per variant:
median, p90, p99 and max in ms over ``--rounds`` games of ``--moves`` moves,
and the median as a ratio of FreeCell's in the same run. The target is an
answer "well under 50 ms"; the figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stack import live_stack  # noqa: E402

#: A deal the solver wins quickly, per variant; FreeCell first (the baseline).
DEALS = {"freecell": 24, "klondike-draw1": 2, "klondike-draw3": 5, "spider-1suit": 3, "spider-2suits": 4,
         "spider-4suits": 1}


def lines(moves: int) -> dict[str, list[str]]:
    import engine
    import solver

    found = {}
    for variant, number in DEALS.items():
        result = solver.solve(engine.deal(variant, number))
        assert result.status == "winnable", (variant, result)
        found[variant] = list(result.moves)[: min(moves, len(result.moves) - 1)]
    return found


def seed(rounds: int) -> dict[str, list[dict]]:
    """A player with a token and ``rounds`` fresh games per variant."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games.services.games import deal_game_start

    player = get_user_model().objects.create_user(username="bencher")  # token only
    token = Token.objects.create(user=player).key
    return {variant: [{"token": token, "game": str(deal_game_start(player=player, variant=variant,
                                                                  number=number).pk)}
                      for _ in range(rounds)]
            for variant, number in DEALS.items()}


def play(url: str, game: dict, line: list[str]) -> list[float]:
    import requests

    session = requests.Session()
    session.headers.update({"Authorization": f"Token {game['token']}", "Content-Type": "application/json"})
    times = []
    for ply, move in enumerate(line):
        body = json.dumps({"expected_ply": ply, "moves": [move], "client_times": [1000 * ply]})
        started = time.perf_counter()
        response = session.post(f"{url}/api/games/{game['game']}/moves/", data=body)
        response.content  # noqa: B018 - read the whole answer
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.text[:300]
    return times


def summary(samples: list[float]) -> dict:
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"n": len(ordered), "median": round(statistics.median(ordered), 2), "p90": at(0.9),
            "p99": at(0.99), "max": round(ordered[-1], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=120, help="moves per game (short of the win)")
    parser.add_argument("--rounds", type=int, default=3, help="games per variant")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    with live_stack() as stack:
        winning = lines(args.moves)
        games = seed(args.rounds)
        before = [round(x, 2) for x in os.getloadavg()]
        samples: dict[str, list[float]] = {variant: [] for variant in DEALS}
        for _ in range(args.rounds):  # variants interleaved, so that drift hits each alike
            for variant in DEALS:
                samples[variant] += play(stack.url, games[variant].pop(), winning[variant])
        after = [round(x, 2) for x in os.getloadavg()]
    figures = {variant: summary(times) for variant, times in samples.items()}
    base = figures["freecell"]["median"]
    print(f"one move appended, answered with the whole Game (ms; load average {before} -> {after})")
    head = f"  {'variant':15} {'moves':>6} {'median':>7} {'p90':>7} {'p99':>7} {'max':>7}"
    print(f"{head}  median / FreeCell's")
    for variant, f in figures.items():
        print(f"  {variant:15} {f['n']:>6} {f['median']:>7} {f['p90']:>7} {f['p99']:>7} {f['max']:>7}"
              f"  {f['median'] / base:.2f}")
    if args.json:
        args.json.write_text(json.dumps({"args": {k: str(v) for k, v in vars(args).items()},
                                         "loadavg": [before, after], "figures": figures}, indent=2))


if __name__ == "__main__":
    main()
