"""Par before and after refinement: the deal's par as ``solve_with_par`` finds it
(the old par) against ``refine_par`` run on that line to its end (the new par, as
the worker's ``games.par_refine`` finds it once per daily).

- FreeCell: Microsoft deals FIRST..LAST (``--freecell 1-1000``, variant ``freecell``; ``--variant
  forecell`` for ForeCell's deals).
- Klondike and Spider: ``--stock N`` random numbers from 10^12..10^20 per variant of
  ``--stock-variants``, drawn from ``--seed`` (printed; a new seed each run).

Each deal's figures go to ``--out`` as one JSON line as soon as it is done (so a
long run can be split over processes and summed with ``--summary FILE ...``);
the summary gives, per variant, the deals won, mean and median old and new par,
how many were shortened, and the time per deal (CPU of this process, and wall).

    nice -n 19 .venv/bin/python bench/par.py --freecell 1-1000 --out var/par-fc.jsonl
    nice -n 19 .venv/bin/python bench/par.py --freecell 0 --stock 100 --out var/par-stock.jsonl
    .venv/bin/python bench/par.py --summary var/par-fc.jsonl var/par-stock.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import deal, replay  # noqa: E402
from solver import WINNABLE, solve_with_par  # noqa: E402
from solver.par import refine_par  # noqa: E402

STOCK = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")


def one(variant: str, number: int, *, step: int | None, seconds: float | None, shorten: bool) -> dict:
    start = deal(variant, number)
    cpu, wall = time.process_time(), time.perf_counter()
    old = solve_with_par(start, seconds=seconds)
    row = {"variant": variant, "number": number, "status": old.status,
           "old_cpu": time.process_time() - cpu, "old_wall": time.perf_counter() - wall}
    if old.status != WINNABLE:
        return row
    cpu, wall = time.process_time(), time.perf_counter()
    new = refine_par(start, old.line, old.preset, step=step, **({} if shorten else {"shorten_budget": 0}))
    assert new.done and new.par <= old.par and replay(start, new.line).won, (variant, number)
    row.update(old=old.par, old_method=old.preset, new=new.par, method=new.method, solves=new.solves,
               new_cpu=time.process_time() - cpu, new_wall=time.perf_counter() - wall)
    return row


def summary(rows: list[dict]) -> None:
    print(f"{'variant':15} {'deals':>5} {'won':>4} {'old mean':>8} {'median':>6} {'new mean':>8} "
          f"{'median':>6} {'shorter':>7} {'saved':>5} {'solve CPU s':>11} {'refine CPU s':>12} "
          f"{'max':>5} {'refine wall s':>13}")
    for variant in dict.fromkeys(row["variant"] for row in rows):
        mine = [row for row in rows if row["variant"] == variant]
        won = [row for row in mine if "new" in row]
        if not won:
            print(f"{variant:15} {len(mine):5} {0:4}")
            continue
        old = [row["old"] for row in won]
        new = [row["new"] for row in won]
        shorter = sum(row["new"] < row["old"] for row in won)
        refine = [row["new_cpu"] for row in won]
        print(f"{variant:15} {len(mine):5} {len(won):4} {statistics.mean(old):8.1f} "
              f"{statistics.median(old):6.1f} {statistics.mean(new):8.1f} {statistics.median(new):6.1f} "
              f"{shorter:7} {statistics.mean(old) - statistics.mean(new):5.2f} "
              f"{statistics.median(row['old_cpu'] for row in mine):11.2f} {statistics.median(refine):12.2f} "
              f"{max(refine):5.1f} {statistics.median(row['new_wall'] for row in won):13.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--freecell", default="1-1000", help="FIRST-LAST Microsoft deals, or 0 for none")
    parser.add_argument("--variant", default="freecell", help="the FreeCell-family variant of --freecell")
    parser.add_argument("--stock", type=int, default=0, help="random numbers per Klondike and Spider variant")
    parser.add_argument("--stock-variants", default=",".join(STOCK))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--step", type=int, default=None,
                        help="search again from every STEP-th position (default: the worker's)")
    parser.add_argument("--no-shorten", action="store_true", help="without the peephole search at the end")
    parser.add_argument("--spider-seconds", type=float, default=None,
                        help="cap of the verdict's Spider search (default: solve's, 10/20/30 s)")
    parser.add_argument("--out", default=None, help="append one JSON line per deal here")
    parser.add_argument("--summary", nargs="*", default=None, help="only summarise these files")
    args = parser.parse_args()
    if args.summary is not None:
        rows = [json.loads(line) for name in args.summary for line in Path(name).read_text().splitlines()]
        summary(list({(row["variant"], row["number"]): row for row in rows}.values()))  # a deal once
        return
    print(f"load average at the start: {os.getloadavg()}; {' '.join(sys.argv[1:])}", flush=True)
    deals: list[tuple[str, int]] = []
    if args.freecell != "0":
        first, last = (int(part) for part in args.freecell.split("-"))
        deals += [(args.variant, number) for number in range(first, last + 1)]
    if args.stock:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
        print(f"random numbers: seed {seed}", flush=True)
        rng = random.Random(seed)
        for variant in args.stock_variants.split(","):
            deals += [(variant, rng.randrange(10**12, 10**20)) for _ in range(args.stock)]
    out = open(args.out, "a") if args.out else None  # noqa: SIM115 - kept open for the whole run
    rows = []
    for variant, number in deals:
        seconds = args.spider_seconds if variant.startswith("spider") else None
        row = one(variant, number, step=args.step, seconds=seconds, shorten=not args.no_shorten)
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        print(variant, number, row.get("old"), "->", row.get("new"), row.get("method", row["status"]),
              f"{row.get('new_cpu', 0):.2f} s", flush=True)
    print(f"load average at the end: {os.getloadavg()}")
    summary(rows)


if __name__ == "__main__":
    main()
