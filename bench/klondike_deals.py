"""Klondike deal verdicts on random big numbers, one JSON line per deal, and the
summary issue 24 asks for: how many are left undecided, which search decided the
others, and how long each took (wall time, the verdict's own clock).

    .venv/bin/python -u bench/klondike_deals.py --count 200 [--seed S] --out var/klondike.jsonl
    .venv/bin/python bench/klondike_deals.py --summary var/klondike.jsonl [--before var/old.jsonl]

The numbers are drawn as ``bench/solver.py --random`` draws them (the same seed
gives the same numbers), each dealt as Draw 1 and as Draw 3 and decided by
``solver.solve`` with its default budget, as the site's worker decides a deal.
``--before``: a file of an earlier run on the same numbers (older code), set
beside this one deal by deal. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: Issue 24: at most this share undecided, each deal decided within these seconds.
UNDECIDED_MAX, SECONDS = 0.01, 10.0


def run(seed: int, count: int, out: Path, draws: tuple[int, ...] = (1, 3)) -> None:
    from engine import deal
    from solver import solve

    rng = random.Random(seed)
    numbers = [rng.randrange(10**12, 10**20) for _ in range(count)]
    print(f"seed {seed}, {count} numbers; load average {os.getloadavg()}", flush=True)
    with out.open("w") as sink:
        for draw in draws:
            for number in numbers:
                started = time.perf_counter()
                result = solve(deal(f"klondike-draw{draw}", number))
                row = {"draw": draw, "n": number, "status": result.status, "preset": result.preset,
                       "wall": round(time.perf_counter() - started, 2)}
                sink.write(json.dumps(row) + "\n")
                sink.flush()
    print(f"load average at the end {os.getloadavg()}")
    summary(out, None)


def summary(path: Path, before: Path | None) -> None:
    rows = [json.loads(line) for line in path.open()]
    old = {(r["draw"], r["n"]): r for r in map(json.loads, before.open())} if before else None
    for draw in (1, 3):
        mine = [r for r in rows if r["draw"] == draw]
        if not mine:
            continue
        now = Counter(r["status"] for r in mine)
        share = now["undecided"] / len(mine)
        walls = sorted(r["wall"] for r in mine)
        late = sum(1 for r in mine if r["status"] != "undecided" and r["wall"] > SECONDS)
        print(f"\nklondike-draw{draw}: {len(mine)} deals: winnable {now['winnable']}, impossible "
              f"{now['impossible']}, undecided {now['undecided']} ({100 * share:.1f}%)")
        if old is not None:
            then = Counter(old[(draw, r["n"])]["status"] for r in mine)
            print(f"  before ({before.name}): winnable {then['winnable']}, impossible {then['impossible']}, "
                  f"undecided {then['undecided']} ({100 * then['undecided'] / len(mine):.1f}%)")
            for r in mine:
                was = old[(draw, r["n"])]["status"]
                if was != r["status"]:
                    print(f"    {r['n']}: {was} -> {r['status']} ({r['preset']})")
        by = Counter((r["status"], r["preset"]) for r in mine)
        print("  by search: " + ", ".join(f"{s} by {p}: {n}" for (s, p), n in sorted(by.items())))
        print(f"  wall: median {walls[len(walls) // 2]:.2f} s, p90 {walls[int(0.9 * len(walls))]:.2f} s, "
              f"max {walls[-1]:.2f} s; decided after {SECONDS:.0f} s: {late}")
        print("  undecided: " + " ".join(str(r["n"]) for r in mine if r["status"] == "undecided"))
        met = share <= UNDECIDED_MAX and late == 0
        print(f"  target at most {100 * UNDECIDED_MAX:.0f}% undecided, each within {SECONDS:.0f} s: "
              f"{'met' if met else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--out", type=Path, default=Path("var/klondike-deals.jsonl"))
    parser.add_argument("--draws", default="1,3", help="draw counts, in turn: 1,3 (both), 1 or 3")
    parser.add_argument("--summary", type=Path, help="summarise an earlier run's file instead")
    parser.add_argument("--before", type=Path, help="with --summary: an earlier run on the same numbers")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary, args.before)
        return
    args.out.parent.mkdir(parents=True, exist_ok=True)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    run(seed, args.count, args.out, tuple(int(d) for d in args.draws.split(",")))


if __name__ == "__main__":
    main()
