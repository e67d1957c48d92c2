"""Pressing Hint until the game is won, through the API, and the verdict's answer
time on and off the deal's stored line.

    .venv/bin/python bench/hints.py [--deals 20] [--random 20] [--variants freecell,klondike-draw1,...]
        [--verdicts 20] [--seed S] [--starts both|deal|play]

Uses a fresh database of its own (test settings, as ``bench/stack.py``) and the
API in process (Django's test client through every middleware, view and
service; no gunicorn: what is measured is whether hints win, not the network).

1. For each variant, ``--deals`` deal numbers drawn at random (FreeCell family
   1..2^33-1, Klondike and Spider 10^12..10^20-1, new numbers every run unless
   ``--seed``) that the solver proves winnable (``deal_solve``, as the worker
   stores them). A game is started on each and Hint is pressed, its move played,
   until the game is won or a hint is not a move. Then ``--random`` games that
   first play 5..40 random legal moves and are still proven winnable from there
   (on those deals in turn, and on more winnable deals drawn when a deal had no
   such opening in 5 tries).
   A hint whose own search finds no line in time is planned by the worker
   (``games/services/hint_plans.py``); its stages run here, inside the request.
   Printed per variant and start: games won, hints per game, positions repeated,
   how many of those the rules forced (``repeat_forced``: from the first hint on,
   every other move returns to a seen position or loses, by an exhaustive search;
   after random play a Klondike stock can have to come round to where the player
   was) and how many no search could tell, hints that were not a move, hint time
   median / p90 / max (the request's own time, the worker's stages left out), the
   plans the worker was asked for, their stages, and the most seconds of stages one
   game took. Every repeat must be forced; each is listed.
2. Verdicts (Klondike and Spider): for ``--verdicts`` deals, the verdict after
   k moves on the stored line and after k moves off it (a random first move,
   then the line's moves where legal, else random ones), k from 1..30. Printed:
   each distribution's median, p90, max, the best accuracy a single time
   threshold reaches at telling the two apart (0.5 = cannot tell), and how often
   shuffling the on/off labels reaches that accuracy too (a permutation test: a
   best threshold always finds some edge in a small sample; under 0.05 is a leak).
   ``--live``: the verdicts go to the real gunicorn (``bench/stack.py``) over
   HTTP with a token, as a player's page asks them, and the web processes use
   production's verdict clock (``HINT_MAX_SECONDS``, ``VERDICT_ANSWER_SECONDS``,
   ``VERDICT_MARGIN_SECONDS`` of ``settings/base.py``, or the environment's);
   without it the test settings answer verdicts as soon as found, with no clock.
   ``--crowd`` (with ``--live``): while each verdict runs, a second connection
   reads a cheap page (``/api/variants/``) back to back, as a player would who
   times the server's load rather than the answer; the medians of those reads
   are compared on and off the line the same way.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stack import django_setup  # noqa: E402

VARIANTS = ("freecell", "forecell", "klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits",
            "spider-4suits")
STOCK = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")
MAX_HINTS = 1000
#: The search that tells whether a move other than the hinted one loses (``lost``).
LOST_STATES, LOST_SECONDS = 20_000_000, 30.0


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def number_of(variant: str, rng: random.Random) -> int:
    return rng.randrange(10**12, 10**20) if variant in STOCK else rng.randrange(1, 2**33)


def winnable_deals(variant: str, count: int, rng: random.Random, tries: int):
    """``count`` deal rows proven winnable, with their stored lines."""
    from games.services.deals import deal_get_or_create
    from games.services.solving import deal_solve

    found = []
    for _ in range(tries):
        if len(found) == count:
            break
        deal = deal_solve(deal=deal_get_or_create(variant=variant, number=number_of(variant, rng)))
        if deal.status == "winnable":
            found.append(deal)
    return found


class Player:
    """A player's API client."""

    def __init__(self, name: str) -> None:
        from django.contrib.auth import get_user_model
        from rest_framework.test import APIClient

        self.user = get_user_model().objects.create_user(username=name)
        self.api = APIClient()
        self.api.force_authenticate(self.user)

    def start(self, deal) -> str:
        body = {"variant": deal.variant, "number": deal.number}
        response = self.api.post("/api/games/", body, format="json")
        assert response.status_code == 201, response.content
        return response.json()["id"]

    def play(self, game_id: str, ply: int, move: str) -> dict:
        body = {"expected_ply": ply, "moves": [move], "client_times": [ply + 1]}
        response = self.api.post(f"/api/games/{game_id}/moves/", body, format="json")
        assert response.status_code == 200, response.content
        return response.json()

    def ask(self, game_id: str, what: str) -> tuple[dict, float]:
        started = time.perf_counter()
        response = self.api.post(f"/api/games/{game_id}/{what}/")
        seconds = time.perf_counter() - started
        assert response.status_code == 200, response.content
        return response.json(), seconds


class LivePlayer(Player):
    """The same player over HTTP, against the live stack's gunicorn, with a token."""

    def __init__(self, name: str, url: str) -> None:
        from django.contrib.auth import get_user_model
        from rest_framework.authtoken.models import Token

        self.user = get_user_model().objects.create_user(username=name)
        self.token = Token.objects.create(user=self.user).key
        self.url = url
        self.crowd, self.crowd_ms = False, []

    def _post(self, path: str, body: dict | None = None) -> tuple[int, dict]:
        import requests

        response = requests.post(f"{self.url}{path}", json=body or {}, timeout=120,
                                 headers={"Authorization": f"Token {self.token}"})
        return response.status_code, response.json()

    def start(self, deal) -> str:
        status, body = self._post("/api/games/", {"variant": deal.variant, "number": deal.number})
        assert status == 201, body
        return body["id"]

    def play(self, game_id: str, ply: int, move: str) -> dict:
        status, body = self._post(f"/api/games/{game_id}/moves/",
                                  {"expected_ply": ply, "moves": [move], "client_times": [ply + 1]})
        assert status == 200, body
        return body

    def ask(self, game_id: str, what: str) -> tuple[dict, float]:
        """The answer and its time; meanwhile (``crowd``) a second connection reads a cheap
        page back to back, as a player timing the server's load would, and the median of
        those reads is kept in ``self.crowd_ms``."""
        import threading

        import requests

        reads, done = [], threading.Event()

        def read_meanwhile():
            with requests.Session() as session:
                while not done.is_set():
                    began = time.perf_counter()
                    session.get(f"{self.url}/api/variants/", timeout=60)
                    reads.append(time.perf_counter() - began)

        reader = threading.Thread(target=read_meanwhile)
        if self.crowd:
            reader.start()
        started = time.perf_counter()
        status, body = self._post(f"/api/games/{game_id}/{what}/")
        seconds = time.perf_counter() - started
        done.set()
        if self.crowd:
            reader.join()
            self.crowd_ms.append(statistics.median(reads) if reads else float("nan"))
        assert status == 200, body
        return body, seconds


def random_opening(deal, rng: random.Random, tries: int = 5) -> list[str] | None:
    """5..40 random legal moves after which the position is still proven winnable
    (``None`` when ``tries`` openings all lost it or were not decided)."""
    for _ in range(tries):
        log = _random_moves(deal, rng)
        if log is not None:
            return log
    return None


def _random_moves(deal, rng: random.Random) -> list[str] | None:
    import engine
    import solver

    start = engine.deal(deal.variant, deal.number)
    position, log = start, []
    for _ in range(rng.randint(5, 40)):
        moves = [m for m in engine.legal_moves(position) if m.source != "foundation"]
        if not moves:
            break
        move = rng.choice(moves)
        log.append(str(move))
        position = engine.apply_move(position, move)
    verdict = solver.solve(position, **({"seconds": 20} if deal.variant in STOCK else {}))
    return log if verdict.status == "winnable" else None


def random_games(variant: str, deals: list, count: int, rng: random.Random) -> list[tuple]:
    """``count`` (deal, opening) pairs whose opening leaves the deal proven winnable: the
    deals in turn, then more winnable deals drawn when some had no such opening."""
    games, queue = [], list(deals)
    for _ in range(count * 4):
        if len(games) == count:
            break
        if not queue:
            queue = winnable_deals(variant, 1, rng, tries=5)
            if not queue:
                continue
        deal = queue.pop(0)
        opening = random_opening(deal, rng)
        if opening is not None:
            games.append((deal, opening))
    return games


def lost(position) -> bool | None:
    """``True`` when no winning line exists from ``position`` (a search closed every
    position it can reach), ``False`` when one was found, ``None`` when the search ran
    out first. Klondike mid-game: our exhaustive depth-first search (its pruning keeps
    a winning line whenever one exists: ``solver/klondike_dfs.c``); otherwise
    ``solve``, whose ``impossible`` is its complete scan run out."""
    from solver import IMPOSSIBLE, MAX_BUDGET, WINNABLE, klondike_native, solve
    from solver.stock import check_stock, is_stock_game

    if position.variant.startswith("klondike") and klondike_native.available():
        run = klondike_native.run(check_stock(position), states=LOST_STATES, seconds=LOST_SECONDS)
        return {klondike_native.EXHAUSTED: True, klondike_native.SOLVED: False}.get(run.outcome)
    if is_stock_game(position):
        status = solve(position, budget=LOST_STATES, seconds=LOST_SECONDS).status
    else:  # fc-solve: its complete scan, within what guards its memory
        status = solve(position, budget=MAX_BUDGET).status
    return {IMPOSSIBLE: True, WINNABLE: False}.get(status)


def repeat_forced(positions: list, log: list[str], first_hint: int, at: int) -> bool | None:
    """Whether the repeat at ``positions[at]`` (a position the game had been in) could
    not be avoided from ``positions[first_hint]``, where the hints took over: ``True``
    when, at every position from there to the repeat, each legal move other than the
    one played leads to a position the game had already been in or to one with no
    winning line (``lost``). Every winning line from ``positions[first_hint]`` then
    repeats a position, whatever a player does. ``False`` when some other move leads
    to a new position a line wins from, ``None`` when a search could not tell."""
    import engine

    unknown = False
    for index in range(first_hint, at):
        before = positions[:index + 1]
        for move in engine.legal_moves(positions[index]):
            if str(move) == log[index]:
                continue
            after = engine.apply_move(positions[index], move)
            if after in before:
                continue
            verdict = lost(after)
            if verdict is False:
                return False
            unknown |= verdict is None
    return None if unknown else True


def press_to_win(player: Player, deal, opening: list[str]) -> dict:
    import engine

    game_id = player.start(deal)
    position = engine.deal(deal.variant, deal.number)
    seen = {position}
    positions = [position]
    log = []
    for move in opening:
        player.play(game_id, len(log), move)
        log.append(move)
        position = engine.apply_move(position, move)
        seen.add(position)
        positions.append(position)
    times, repeats, not_moves, won, stopped = [], [], 0, False, None
    staged = len(STAGES)
    for _ in range(MAX_HINTS):
        before = len(STAGES)
        body, seconds = player.ask(game_id, "hint")
        while body["status"] == "planning":  # a worker of the live stack is planning: ask again
            time.sleep(body["retry_after"])
            body, more = player.ask(game_id, "hint")
            seconds += more
        times.append(seconds - sum(s for _, _, s in STAGES[before:]))  # the request's own time
        if body["status"] == "won":
            won = True
            break
        if body["status"] != "move":
            not_moves += 1
            stopped = (f"{deal.number} at ply {len(log)}: {body['status']} after {seconds:.1f} s; "
                       f"log {' '.join(log)}")
            break
        answer = player.play(game_id, len(log), body["move"])
        log.append(body["move"])
        position = engine.apply_move(position, body["move"])
        if position in seen:
            repeats.append(len(positions))
        seen.add(position)
        positions.append(position)
        if answer["state"] == "won":
            won = True
            break
    forced = [repeat_forced(positions, log, len(opening), at) for at in repeats]
    stages = STAGES[staged:]
    return {"won": won, "hints": len(times), "repeats": len(repeats), "forced": forced.count(True),
            "unproven": forced.count(None), "not_moves": not_moves, "times": times, "stopped": stopped,
            "repeated": [(deal.number, " ".join(opening), at) for at in repeats],
            "plans": len({ply for ply, _, _ in stages}), "stages": stages}


#: The worker's plan stages run in this process (``(ply, stage, seconds)``): the tasks run
#: eagerly here, inside the hint's request; they are counted apart (the table's last three
#: columns: plans the worker was asked for, the stages they took, and the most seconds of
#: stages one game took), and the hint times printed leave them out.
STAGES: list[tuple[int, int, float]] = []


def stages_counted() -> None:
    from freecell_site.celery import app
    from games.services import hint_plans

    app.conf.task_always_eager = True
    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)  # the other tasks, run eagerly too
    staged = hint_plans.hint_plan_stage

    def counted(*, game_id, ply, stage):
        began = time.perf_counter()
        try:
            return staged(game_id=game_id, ply=ply, stage=stage)
        finally:
            STAGES.append((ply, stage, time.perf_counter() - began))

    hint_plans.hint_plan_stage = counted


def bench_variant(variant: str, args, rng: random.Random) -> None:
    deals = winnable_deals(variant, args.deals, rng, tries=args.deals * 3)
    player = Player(f"hints-{variant}")
    played = random_games(variant, deals, args.random, rng)
    starts = (("from the deal", [(deal, []) for deal in deals]), ("after random play", played))
    for label, games in starts:
        if args.starts != "both" and not label.endswith(args.starts):
            continue
        runs = [press_to_win(player, deal, opening) for deal, opening in games]
        if not runs:
            print(f"| {variant} | {label} | no game |")
            continue
        times = [t for run in runs for t in run["times"]]
        stage_seconds = [seconds for run in runs for _, _, seconds in run["stages"]]
        planned_by = [sum(s for _, _, s in run["stages"]) for run in runs if run["stages"]]
        print(f"| {variant} | {label} | {sum(r['won'] for r in runs)}/{len(runs)} "
              f"| {statistics.mean(r['hints'] for r in runs):.0f} | {sum(r['repeats'] for r in runs)} "
              f"| {sum(r['forced'] for r in runs)} | {sum(r['unproven'] for r in runs)} "
              f"| {sum(r['not_moves'] for r in runs)} | {statistics.median(times) * 1000:.0f} "
              f"| {percentile(times, 0.9) * 1000:.0f} | {max(times) * 1000:.0f} "
              f"| {sum(r['plans'] for r in runs)} | {len(stage_seconds)} "
              f"| {max(planned_by, default=0):.1f} |", flush=True)
        for run in runs:
            for number, opening, at in run["repeated"]:
                print(f"  position repeated: deal {number} after {opening or 'nothing'}, at ply {at}",
                      flush=True)
            if run["stopped"]:
                print(f"  hint not a move: deal {run['stopped']}", flush=True)


def separability(a: list[float], b: list[float]) -> float:
    """The best accuracy of one threshold at telling ``a`` (below) from ``b`` (above), or the reverse."""
    best = 0.5
    for cut in sorted(a + b):
        below = sum(x <= cut for x in a) + sum(x > cut for x in b)
        best = max(best, below / (len(a) + len(b)), 1 - below / (len(a) + len(b)))
    return best


def chance_of(a: list[float], b: list[float], rounds: int = 2000, seed: int = 0) -> float:
    """How often ``separability`` reaches its value on ``a`` and ``b`` when the on/off labels
    are shuffled (a permutation test): small means the two are told apart beyond chance."""
    observed = separability(a, b)
    pooled, rng, hits = a + b, random.Random(seed), 0
    for _ in range(rounds):
        rng.shuffle(pooled)
        hits += separability(pooled[:len(a)], pooled[len(a):]) >= observed
    return (hits + 1) / (rounds + 1)


def bench_verdicts(variant: str, count: int, rng: random.Random, url: str | None = None,
                   crowd: bool = False) -> None:
    import engine

    deals = winnable_deals(variant, count, rng, tries=count * 3)
    player = LivePlayer(f"verdicts-{variant}", url) if url else Player(f"verdicts-{variant}")
    crowd_on, crowd_off = [], []
    if url and crowd:
        player.crowd = True
    on, off = [], []
    for deal in deals:
        line = deal.solution.split()
        k = rng.randint(1, min(30, len(line) - 1))
        game_id = player.start(deal)
        for ply, move in enumerate(line[:k]):
            player.play(game_id, ply, move)
        on.append(player.ask(game_id, "verdict")[1])
        crowd_on.extend(player.crowd_ms[-1:])
        start = engine.deal(deal.variant, deal.number)
        first = [str(m) for m in engine.legal_moves(start) if str(m) != line[0]]
        if not first:
            continue
        game_id, position, ply = player.start(deal), start, 0
        for move in [rng.choice(first), *line[1:k]]:
            legal = [str(m) for m in engine.legal_moves(position)]
            move = move if move in legal else rng.choice(legal)
            player.play(game_id, ply, move)
            position, ply = engine.apply_move(position, move), ply + 1
        off.append(player.ask(game_id, "verdict")[1])
        crowd_off.extend(player.crowd_ms[-1:])
    if not on or not off:
        print(f"| {variant} | no deal |")
        return
    table_row(variant, on, off)
    if crowd_on and crowd_off:
        table_row(f"{variant}: a cheap page read meanwhile (each verdict's median read)", crowd_on, crowd_off)


def table_row(label: str, on: list[float], off: list[float]) -> None:
    """``on`` and ``off`` in ms: count, median, p90, max, best threshold, its chance."""
    def ms(value):
        return f"{value * 1000:.0f}" if value >= 0.1 else f"{value * 1000:.1f}"

    print(f"| {label} | {len(on)} / {len(off)} | {ms(statistics.median(on))} / {ms(statistics.median(off))} "
          f"| {ms(percentile(on, 0.9))} / {ms(percentile(off, 0.9))} | {ms(max(on))} / {ms(max(off))} "
          f"| {separability(on, off):.2f} | {chance_of(on, off):.2f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="winnable deals per variant")
    parser.add_argument("--random", type=int, default=20, help="games after random play per variant")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--verdicts", type=int, default=20, help="stock deals, verdict times (0: none)")
    parser.add_argument("--seed", type=int, default=None, help="the same numbers as an earlier run")
    parser.add_argument("--starts", choices=["both", "deal", "play"], default="both",
                        help="games from the deal, after random play, or both (the same numbers either way)")
    parser.add_argument("--live", action="store_true",
                        help="verdicts through the real gunicorn with production's verdict clock")
    parser.add_argument("--crowd", action="store_true",
                        help="with --live: time a cheap page read back to back while each verdict runs")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    django_setup()
    if args.live:
        with contextlib.ExitStack() as stack:
            live_verdicts(args, rng, seed, stack)
        return
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        print(f"seed {seed}")
        if args.deals:
            stages_counted()
            print("| variant | start | won | hints per game | positions repeated | of them forced "
                  "| of them unproven | not a move | hint median ms | p90 ms | max ms | worker plans "
                  "| their stages | stage s per game, max |")
            print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
            for variant in args.variants.split(","):
                bench_variant(variant, args, rng)
        if args.verdicts:
            verdicts_table(args, rng)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def verdicts_table(args, rng: random.Random, url: str | None = None) -> None:
    crowd = bool(url and args.crowd)
    print("\n| variant | verdicts on / off the line | median ms | p90 ms | max ms "
          "| best threshold accuracy | its chance with the labels shuffled |")
    print("|---|---|---|---|---|---|---|")
    for variant in [v for v in args.variants.split(",") if v in STOCK]:
        bench_verdicts(variant, args.verdicts, rng, url=url, crowd=crowd)


def live_verdicts(args, rng: random.Random, seed: int, stack: contextlib.ExitStack) -> None:
    """The verdict table through the live stack, its web processes on production's verdict clock."""
    from bench.stack import live_stack
    from freecell_site.settings import base as production

    clock = {name: str(os.environ.get(name, getattr(production, name)))
             for name in ("HINT_MAX_SECONDS", "VERDICT_ANSWER_SECONDS", "VERDICT_MARGIN_SECONDS")}
    services = stack.enter_context(live_stack(extra_env=clock))
    print(f"seed {seed}; live gunicorn at {services.url}; " + ", ".join(f"{k}={v}" for k, v in clock.items()))
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    verdicts_table(args, rng, url=services.url)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
