"""Klondike and Spider sections of bench/solver.py: rates against the
published anchors and times against the targets of issue 13.

Every winnable verdict counted here carries a line the engine replayed to a
win (``solver.solve`` never returns another).
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from engine import deal
from solver import solve
from solver.stock import SPIDER_THREADS, check_stock, solve_stock

#: Published anchors for thoughtful Klondike with unlimited passes.
KLONDIKE_ANCHORS = {
    "klondike-draw1": "about 92-93% (ShootMe 91.9% of 1,000 deals; KSolve 92.97%)",
    "klondike-draw3": "81.945% +- 0.084% (Blake and Gent, arXiv 1906.12314)",
}
#: Spider targets (issue 24): (deals solved out of 100, median seconds or None, seconds each).
SPIDER_TARGETS = {
    "spider-1suit": (100, None, 30.0),
    "spider-2suits": (100, None, 30.0),
    "spider-4suits": (95, 2.0, 30.0),
}
#: Positions allowed per Spider deal: more than ``solve`` accepts (its
#: ``MAX_BUDGET``, 5,000,000, guards fc-solve's memory), so that the seconds,
#: not the positions, end a search (10-20 million positions in 30 s here). The
#: deals go to ``solve_stock``, the path ``solve`` takes for them, whose line
#: the engine replays to a win before it counts.
SPIDER_BUDGET = 100_000_000
#: Klondike target (issue 24): at most this share undecided, each deal within these seconds.
KLONDIKE_UNDECIDED_MAX, KLONDIKE_SECONDS = 0.01, 10.0


def _spread(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"median {statistics.median(times):.2f} s, p90 {p90:.2f} s, "
            f"max {max(times):.2f} s, total {sum(times):.0f} s")


def bench_klondike(first: int, last: int, budget: int, draws=(1, 3), numbers=None) -> None:
    """Deals ``first..last``, or the given ``numbers`` (random big numbers)."""
    numbers = list(numbers) if numbers is not None else list(range(first, last + 1))
    count = len(numbers)
    label = f"deals {first}..{last}" if first else f"{count} random numbers from 10^12..10^20"
    for variant in (f"klondike-draw{draw}" for draw in draws):
        statuses, times, by, late = Counter(), [], Counter(), 0
        for number in numbers:
            result = solve(deal(variant, number), budget=budget)
            statuses[result.status] += 1
            by[(result.status, result.preset)] += 1
            times.append(result.seconds)
            late += result.status != "undecided" and result.seconds > KLONDIKE_SECONDS
        decided = statuses["winnable"] + statuses["impossible"]
        print(f"\n[K] {variant}, {label}, budget {budget:,} states")
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
        open_share = (statuses["undecided"] + late) / count
        print(f"    undecided or over {KLONDIKE_SECONDS:.0f} s: {statuses['undecided'] + late} "
              f"({100 * open_share:.1f}%); target at most {100 * KLONDIKE_UNDECIDED_MAX:.0f}%: "
              f"{'met' if open_share <= KLONDIKE_UNDECIDED_MAX else 'NOT met'}")


def bench_spider(variants: list[str], first: int, last: int, seconds: float,
                 freecell_median: float | None, numbers=None, budget: int = SPIDER_BUDGET) -> None:
    """Deals ``first..last``, or the given ``numbers`` (random big numbers)."""
    numbers = list(numbers) if numbers is not None else list(range(first, last + 1))
    label = f"deals {first}..{last}" if first else f"{len(numbers)} random numbers from 10^12..10^20"
    for variant in variants:
        solved, times, states, won_times, undecided = 0, [], [], [], []
        for number in numbers:
            started = time.perf_counter()
            result = solve_stock(check_stock(deal(variant, number)), budget=budget,
                                 seconds=seconds)
            times.append(time.perf_counter() - started)
            solved += result.status == "winnable"
            if result.status == "winnable":
                won_times.append(times[-1])
            else:
                undecided.append(number)
            states.append(result.iterations)
        count = len(numbers)
        want, median_cap, each_cap = SPIDER_TARGETS[variant]
        median = statistics.median(times)
        print(f"\n[S] {variant}, {label}, at most {seconds:.0f} s and {budget:,} positions each, "
              f"{SPIDER_THREADS} attempt(s) at once (SPIDER_SEARCH_THREADS)")
        print(f"    solved and verified {solved}/{count}, undecided {count - solved}; "
              + _spread(times) + f"; median {statistics.median(states):,.0f} positions")
        if freecell_median:
            print(f"    median against FreeCell's whole path in the same run: "
                  f"{median / freecell_median:,.0f}x")
        if undecided:
            print("    undecided: " + " ".join(map(str, undecided)))
        # a deal counts when it is won within the seconds (an undecided one stops at them)
        within = sum(1 for t in won_times if t <= each_cap)
        print(f"    won within {each_cap:.0f} s: {within}/{count}")
        met = within * 100 >= want * count
        goal = f">= {want}/100 within {each_cap:.0f} s each"
        if median_cap is not None:
            met = met and median <= median_cap
            goal += f", median <= {median_cap:.0f} s"
        print(f"    target {goal}: {'met' if met else 'NOT met'}")
