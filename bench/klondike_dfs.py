"""Our exhaustive Klondike search alone (``klondike_native.run_parallel``) on random big
numbers, with each of several move sets (``--flags``), one JSON line per search, then a
summary per move set and the numbers won with one and proven lost with another (there
must be none: every flag that keeps the proof keeps every win).

    .venv/bin/python -u bench/klondike_dfs.py --count 80 --seed 777 --seconds 10 --flags 8 56

The numbers: ``random.Random(seed).randrange(10**12, 10**20)``, ``count`` of them; each is
searched with every move set in turn (all numbers with the first, then with the next).
``--seconds``: CPU seconds of each thread. ``--numbers``: these deals instead (one deal with
``--threads 1`` gives an exact count of positions, the same on every run). Figures are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=80)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--states", type=int, default=12_000_000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--flags", type=int, nargs="+", default=[8, 56])
    parser.add_argument("--numbers", type=int, nargs="+", help="these deal numbers instead of random ones")
    options = parser.parse_args()

    from engine import deal
    from solver import klondike_native

    if not klondike_native.available():
        sys.exit("solver/_klondike is not built: run scripts/setup")
    draw = random.Random(options.seed)
    numbers = options.numbers or [draw.randrange(10**12, 10**20) for _ in range(options.count)]
    outcomes: dict[int, dict[int, str]] = {flags: {} for flags in options.flags}
    seconds: Counter = Counter()
    for flags in options.flags:
        for number in numbers:
            start = time.perf_counter()
            position = deal(f"klondike-draw{options.draw}", number)
            run = klondike_native.run_parallel(position, states=options.states, seconds=options.seconds,
                                               flags=flags, threads=options.threads)
            wall = time.perf_counter() - start
            outcomes[flags][number] = run.outcome
            seconds[flags] += wall
            print(json.dumps({"n": number, "draw": options.draw, "flags": flags, "outcome": run.outcome,
                              "states": run.states, "wall": round(wall, 2)}), flush=True)
    print()
    for flags in options.flags:
        counts = Counter(outcomes[flags].values())
        names = (klondike_native.SOLVED, klondike_native.EXHAUSTED, klondike_native.UNFINISHED)
        tally = ", ".join(f"{name} {counts[name]}" for name in names)
        print(f"flags {flags}: {tally}; {seconds[flags]:.1f} s in all")
    contradictions = [number for number in numbers
                      if {outcomes[flags][number] for flags in options.flags}
                      >= {klondike_native.SOLVED, klondike_native.EXHAUSTED}]
    print(f"won with one move set and proven lost with another: {contradictions or 'none'}")


if __name__ == "__main__":
    main()
