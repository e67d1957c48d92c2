"""Klondike and Spider sections of bench/solver.py: rates against the
published anchors and times against the targets of issue 13.

Every winnable verdict counted here carries a line the engine replayed to a
win (``games.solver.solve`` never returns another).
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from games.engine import deal
from games.solver import solve

#: Published anchors for thoughtful Klondike with unlimited passes.
KLONDIKE_ANCHORS = {
    "klondike-draw1": "about 92-93% (ShootMe 91.9% of 1,000 deals; KSolve 92.97%)",
    "klondike-draw3": "81.945% +- 0.084% (Blake and Gent, arXiv 1906.12314)",
}
#: Spider targets: (deals solved out of 100, median seconds or None, seconds each or None).
SPIDER_TARGETS = {
    "spider-1suit": (100, 1.0, None),
    "spider-2suits": (95, 5.0, None),
    "spider-4suits": (60, None, 30.0),
}


def _spread(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"median {statistics.median(times):.2f} s, p90 {p90:.2f} s, "
            f"max {max(times):.2f} s, total {sum(times):.0f} s")


def bench_klondike(first: int, last: int, budget: int, draws=(1, 3)) -> None:
    count = last - first + 1
    for variant in (f"klondike-draw{draw}" for draw in draws):
        statuses, times, by = Counter(), [], Counter()
        for number in range(first, last + 1):
            result = solve(deal(variant, number), budget=budget)
            statuses[result.status] += 1
            by[(result.status, result.preset)] += 1
            times.append(result.seconds)
        decided = statuses["winnable"] + statuses["impossible"]
        print(f"\n[K] {variant}, deals {first}..{last}, budget {budget:,} states")
        print(f"    winnable {statuses['winnable']} ({100 * statuses['winnable'] / count:.1f}%), "
              f"impossible {statuses['impossible']}, undecided {statuses['undecided']}; "
              f"decided {100 * decided / count:.1f}%")
        if statuses["undecided"]:
            low = 100 * statuses["winnable"] / count
            high = 100 * (statuses["winnable"] + statuses["undecided"]) / count
            print(f"    winnable rate between {low:.1f}% and {high:.1f}% (undecided either way)")
        print(f"    anchor: {KLONDIKE_ANCHORS[variant]}")
        print("    by search: " + ", ".join(f"{s} by {p}: {n}" for (s, p), n in sorted(by.items())))
        print("    per deal: " + _spread(times))


def bench_spider(variants: list[str], first: int, last: int, seconds: float,
                 freecell_median: float | None) -> None:
    for variant in variants:
        solved, times, states = 0, [], []
        for number in range(first, last + 1):
            started = time.perf_counter()
            result = solve(deal(variant, number), budget=5_000_000, seconds=seconds)
            times.append(time.perf_counter() - started)
            solved += result.status == "winnable"
            states.append(result.iterations)
        count = last - first + 1
        want, median_cap, each_cap = SPIDER_TARGETS[variant]
        median = statistics.median(times)
        print(f"\n[S] {variant}, deals {first}..{last}, at most {seconds:.0f} s each")
        print(f"    solved and verified {solved}/{count}, undecided {count - solved}; "
              + _spread(times) + f"; median {statistics.median(states):,.0f} positions")
        if freecell_median:
            print(f"    median against FreeCell's whole path in the same run: "
                  f"{median / freecell_median:,.0f}x")
        met = solved * 100 >= want * count
        if median_cap is not None:
            met = met and median <= median_cap
            goal = f"{want}/100 at <= {median_cap:.0f} s median"
        else:
            goal = f">= {want}/100 within {each_cap:.0f} s each"
        print(f"    target {goal}: {'met' if met else 'NOT met'}")
