"""Engine-assistance detection against synthetic bots and synthetic people.

Plays, in this process and against the real scoring code
(``fairplay.score.assess``, as the worker calls it for a ranked daily):

(a) solver bots: the site's own solver line (``solver.solve``) and the par line
    (``solver.solve_with_par``, the deal's stored solution) at 300 ms per
    decision sent in batches of three (as the probe did), at 1 s per move, at a
    random 1-4 s per move, and at a random 1-4 s with small random detours
    (a random legal move now and then, 5 %, then a fresh solve); and disguised
    ones: a person's log-normal think times (median 3.6 s), with and without
    detours, and a detour on one decision in five;
    and issue 23's preset-dodging bot (``tests/support/dodging.py``: 8 opening
    decisions no shipped preset plays, then fc-solve ``-l eo -opt``, log-normal waits);
(b) human-like players: a heuristic player (best-first search on a board
    evaluation, no solver) playing its own line with log-normal think times
    that grow with the options on the board, a few moves taken back and a few
    detours; plus "steady" people (fast, even pace, nothing taken back), the
    hardest people to tell from a script;
(c) a stress case for the dodged-opening signals: a steady person whose opening
    happened to dodge every preset (the dodging bot's opening, then the heuristic
    player's own line from there), counted apart from the people.

Prints each game's score and the detection and false-positive rates at the
threshold in the settings (and at a few others).

    .venv/bin/python bench/fairplay.py --deals 8 --seed 1
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freecell_site.settings.test")

import engine  # noqa: E402
import solver  # noqa: E402
from fairplay.score import assess  # noqa: E402
from tests.support.dodging import dodging_line, lognormal_session, person_after_dodge  # noqa: E402
from tests.support.synthetic import bot_session, human_line, human_session  # noqa: E402

BOTS = {
    "solve 300ms x3": dict(line="solve", ms_per_decision=300, batch=3),
    "par 300ms x3": dict(line="par", ms_per_decision=300, batch=3),
    "solve 1s": dict(line="solve", ms_per_decision=1000),
    "solve 1-4s": dict(line="solve", ms_per_decision=(1000, 4000)),
    "solve 1-4s detours": dict(line="solve", ms_per_decision=(1000, 4000), detour_rate=0.05),
    "par 1-4s detours": dict(line="par", ms_per_decision=(1000, 4000), detour_rate=0.05),
    # Disguised: a person's log-normal think times, or many detours.
    "solve lognormal": dict(line="solve", ms_per_decision=lambda rng: rng.lognormvariate(8.2, 0.8)),
    "solve lognormal detours": dict(line="solve", ms_per_decision=lambda rng: rng.lognormvariate(8.2, 0.8),
                                    detour_rate=0.05),
    "solve 1-4s 20% detours": dict(line="solve", ms_per_decision=(1000, 4000), detour_rate=0.2),
}
DODGER = "dodging opening, eo -opt"
CHANCE = "steady, dodged by chance"
GROUPS = frozenset({"bots", "dodger", "people", "chance"})
PEOPLE = {
    "person": dict(median_ms=3500, sigma=0.8, undo_rate=0.05, detour_rate=0.03),
    "quick person": dict(median_ms=2000, sigma=0.7, undo_rate=0.03, detour_rate=0.02),
    "steady person": dict(median_ms=1500, sigma=0.3, undo_rate=0.0, detour_rate=0.0),
}


def _solver_for(kind: str):
    if kind == "solve":
        return lambda position: solver.solve(position).moves
    return lambda position: solver.solve_with_par(position).line


def _deals(count: int, rng: random.Random) -> list[int]:
    numbers = []
    while len(numbers) < count:
        number = rng.randint(1, engine.MAX_DEAL_NUMBER["freecell"])
        if solver.solve(engine.deal("freecell", number)).status == "winnable":
            numbers.append(number)
    return numbers


def _score(start, session, seconds: float) -> float:
    return assess(start, session.moves, session.server_times, session.client_times,
                  undos=session.undos, seconds=seconds)


def run(deals: int, seed: int, seconds: float, groups: frozenset[str] = GROUPS) -> dict[str, list[float]]:
    """``groups``: which players to score (the others' random draws are still made, so
    that a subset scores the same games as a whole run)."""
    rng = random.Random(seed)
    names = [*(BOTS if "bots" in groups else ()), *((DODGER,) if "dodger" in groups else ()),
             *(PEOPLE if "people" in groups else ()), *((CHANCE,) if "chance" in groups else ())]
    scores: dict[str, list[float]] = {name: [] for name in names}
    costs: list[float] = []
    for number in _deals(deals, rng):
        start = engine.deal("freecell", number)
        for name, how in BOTS.items():
            how = dict(how)
            bot_seed = rng.randint(0, 10**6)
            if "bots" not in groups:
                continue
            session = bot_session(start, _solver_for(how.pop("line")), bot_seed, **how)
            result = _score(start, session, seconds)
            scores[name].append(result.score)
            costs.append(result.seconds)
            print(f"#{number:<10} {name:22} score {result.score:.2f} {result.signals} "
                  f"best {result.agreement.best.preset} {result.agreement.best.rate:.2f}", flush=True)
        # Issue 23's preset-dodging bot: 8 opening decisions no preset plays, then fc-solve -l eo -opt.
        line_seed, pace_seed = rng.randint(0, 10**6), rng.randint(0, 10**6)
        if {"dodger", "chance"} & groups:
            dodging = dodging_line(start, line_seed)
        if "dodger" in groups:
            session = lognormal_session(dodging, pace_seed)
            result = _score(start, session, seconds)
            scores[DODGER].append(result.score)
            costs.append(result.seconds)
            print(f"#{number:<10} {DODGER:22} score {result.score:.2f} {result.signals} "
                  f"followed {result.followed}", flush=True)
        if "chance" in groups:  # its seeds are not drawn from rng: the other players' stay as they were
            session = human_session(start, person_after_dodge(start, dodging, seed), number % 10**6,
                                    **PEOPLE["steady person"])
            result = _score(start, session, seconds)
            scores[CHANCE].append(result.score)
            costs.append(result.seconds)
            print(f"#{number:<10} {CHANCE:22} score {result.score:.2f} {result.signals} "
                  f"followed {result.followed}", flush=True)
        line = human_line(start, seed) if "people" in groups else None
        for name, how in PEOPLE.items():
            person_seed = rng.randint(0, 10**6)
            if line is None:
                continue
            session = human_session(start, line, person_seed, **how)
            result = _score(start, session, seconds)
            scores[name].append(result.score)
            costs.append(result.seconds)
            print(f"#{number:<10} {name:22} score {result.score:.2f} {result.signals} "
                  f"best {result.agreement.best.preset} {result.agreement.best.rate:.2f}", flush=True)
    scores["_cost"] = costs
    return scores


def report(scores: dict[str, list[float]], threshold: float) -> None:
    costs = scores.pop("_cost")
    print(f"\nassessment time per game: median {statistics.median(costs):.2f} s, max {max(costs):.2f} s")
    print(f"{'player':22} {'n':>3} {'min':>5} {'median':>6} {'max':>5}  held at " +
          " ".join(f"{t:.2f}" for t in (0.4, 0.5, threshold, 0.6, 0.7)))
    for name, values in scores.items():
        held = [sum(v >= t for v in values) / len(values) for t in (0.4, 0.5, threshold, 0.6, 0.7)]
        print(f"{name:22} {len(values):>3} {min(values):5.2f} {statistics.median(values):6.2f} "
              f"{max(values):5.2f}  " + " ".join(f"{h:4.0%}" for h in held))
    bots = [v for n, vs in scores.items() if n in BOTS or n == DODGER for v in vs]
    people = [v for n, vs in scores.items() if n in PEOPLE for v in vs]
    dodger, chance = scores.get(DODGER, []), scores.get(CHANCE, [])
    print(f"\nthreshold {threshold:.2f}: bots held {sum(v >= threshold for v in bots)}/{len(bots)} "
          f"(the dodging bot {sum(v >= threshold for v in dodger)}/{len(dodger)}), "
          f"people held {sum(v >= threshold for v in people)}/{len(people)}; "
          f"steady people after a dodged opening held {sum(v >= threshold for v in chance)}/{len(chance)}")


def main() -> None:
    import django

    django.setup()
    from django.conf import settings

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=settings.FAIRPLAY_ASSESS_SECONDS)
    parser.add_argument("--players", default=",".join(sorted(GROUPS)),
                        help="comma-separated groups to score: bots, dodger, people, chance (default all)")
    args = parser.parse_args()
    groups = frozenset(args.players.split(","))
    if not groups <= GROUPS:
        parser.error(f"unknown players: {', '.join(sorted(groups - GROUPS))}")
    started = time.monotonic()
    scores = run(args.deals, args.seed, args.seconds, groups)
    report(scores, settings.FAIRPLAY_HOLD_SCORE)
    print(f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
