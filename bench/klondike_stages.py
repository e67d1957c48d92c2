"""Klondike-Solver's fast search in stages against one run with the whole budget.

    .venv/bin/python bench/klondike_stages.py [DEALS] [STATES]     # 80 deals, 75,000 states

The fast search's time grows with the states it is allowed even when it finds its line early;
``solver.stock`` therefore runs it with ``KLONDIKE_FAST_STAGES`` first and with the whole
budget only when they find nothing. On the same random Draw 3 numbers (10^12 and up, as the
reserve draws them), this prints for each way the deals won, the CPU time, their ratio, and
how many lines came out the same length, shorter or longer in stages.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import deal, to_layout  # noqa: E402
from solver import ksolve  # noqa: E402
from solver.stock import KLONDIKE_FAST_STAGES, verified  # noqa: E402


def fast_line(position, layout: str, stages: tuple[int, ...]) -> tuple[int, ...] | None:
    """The first verified line of the stages, as ``solver.stock`` runs them."""
    for states in stages:
        run = ksolve.run(layout, 3, states)
        if run.outcome == ksolve.SOLVED:
            line = verified(position, run.line)
            if line is not None:
                return line
    return None


def main(count: int, states: int) -> None:
    rng = random.Random(2027)
    positions = [deal("klondike-draw3", rng.randint(10**12, 10**20 - 1)) for _ in range(count)]
    layouts = [to_layout(p) for p in positions]
    ways = {"one run": (states,), "stages": (*[s for s in KLONDIKE_FAST_STAGES if s < states], states)}
    lines, cpu = {}, {}
    for name, stages in ways.items():
        began = time.process_time()
        lines[name] = [fast_line(p, layout, stages) for p, layout in zip(positions, layouts, strict=True)]
        cpu[name] = time.process_time() - began
        won = sum(line is not None for line in lines[name])
        print(f"{name:8} {stages}: won {won} of {count}, CPU {cpu[name]:.1f} s", flush=True)
    pairs = [(a, b) for a, b in zip(lines["one run"], lines["stages"], strict=True) if a and b]
    same = sum(len(a) == len(b) for a, b in pairs)
    shorter = sum(len(b) < len(a) for a, b in pairs)
    print(f"stages / one run CPU: {cpu['stages'] / cpu['one run']:.2f}; of {len(pairs)} deals both won, "
          f"{same} lines the same length, {shorter} shorter in stages, {len(pairs) - same - shorter} longer")
    # Par as stock_par takes it: the shorter of the fast line and the minimal search's.
    pars = {"one run": 0, "stages": 0}
    for index, (a, b) in enumerate(zip(lines["one run"], lines["stages"], strict=True)):
        if not (a and b):
            continue
        run = ksolve.run(layouts[index], 3, states, minimal=True)
        least = verified(positions[index], run.line) if run.outcome == ksolve.SOLVED else None
        pars["one run"] += min(len(a), len(least) if least else len(a))
        pars["stages"] += min(len(b), len(least) if least else len(b))
    print(f"par (the shorter of the fast line and a minimal search of {states:,} states), summed over "
          f"those deals: one run {pars['one run']}, stages {pars['stages']}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 80, int(sys.argv[2]) if len(sys.argv) > 2 else 75_000)
