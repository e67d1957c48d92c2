"""Solver benchmark: the adapter's whole path against raw fc-solve, ForeCell
verdicts, and hint latency.

1. Microsoft deals 1..N (freecell-classic) through ``solver.solve``:
   search, decoding and the engine's replay of every line. Baselines measured
   in the same run: fc-solve's own range solver over the same deals (one
   process, ``-l lg``, no moves printed) and the bindings' search alone.
   Target: every deal solved and verified, median 2 ms per deal or less.
2. ForeCell deals 1..M: winnable / impossible / undecided and the time per
   deal. Target: all decided, none above 0.25 s.
3. Hints on mid-game positions: along each deal's winning line (cut at a
   seeded random point) and after seeded random play (which may be lost, and
   then bisects the log). Target: p50 5 ms, p99 50 ms.

4. Klondike deals (``--klondike FIRST-LAST``, Draw 1 and Draw 3): winnable,
   impossible, undecided against the published anchors; Spider deals
   (``--spider FIRST-LAST``, 1, 2 and 4 suits) solved against the targets.
   See ``bench/stock_solver.py``.

5. With ``--presets N``: the preset survey behind ``solver/presets.py``,
   each candidate preset on deals 1..N of freecell-classic and forecell:
   verified wins, refused (illegal) lines, no answer, mean line length, time.

Preset loading (40-90 ms, once per process and thread) is measured apart.
Times are wall clock; CPU time of the calling thread is shown beside them,
since other work on the machine inflates the wall-clock tail.

    .venv/bin/python bench/solver.py [--deals N] [--forecell M] [--hints H] [--presets N]
        [--klondike FIRST-LAST] [--spider FIRST-LAST] [--spider-suits 1,2,4] [--random N [--seed S]]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stock_solver import bench_klondike, bench_spider  # noqa: E402
from engine import apply_move, deal, format_move, legal_moves, to_board  # noqa: E402
from solver import hint, library_check, solve  # noqa: E402
from solver import library as fcs  # noqa: E402
from solver.lines import line_from  # noqa: E402

SURVEY = ("lg", "cm", "as", "ct", "obf", "eo", "fn", "gut", "sp", "cpb", "mfi", "ve", "qs", "mo")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def timed(call, *args):
    """(result, wall seconds, CPU seconds of this thread)."""
    wall, cpu = time.perf_counter(), time.thread_time()
    result = call(*args)
    return result, time.perf_counter() - wall, time.thread_time() - cpu


def spread(label: str, wall: list[float], cpu: list[float]) -> str:
    return (f"{label}: median {ms(statistics.median(wall))}, p99 {ms(percentile(wall, 0.99))}, "
            f"max {ms(max(wall))} (CPU: median {ms(statistics.median(cpu))}, "
            f"p99 {ms(percentile(cpu, 0.99))}, max {ms(max(cpu))})")


def warm_up() -> None:
    started = time.perf_counter()
    for variant in ("freecell-classic", "forecell"):
        solve(deal(variant, 2))
    print(f"library: {library_check()}; preset loading (once per thread) "
          f"{ms(time.perf_counter() - started)}")


def raw_range_seconds(count: int) -> float:
    """fc-solve's range solver: the same deals, one process, -l lg."""
    started = time.perf_counter()
    subprocess.run(
        ["freecell-solver-range-parallel-solve", "1", str(count), str(count), "-l", "lg"],
        check=True, capture_output=True,
    )
    return time.perf_counter() - started


def raw_search_times(positions) -> list[float]:
    """The bindings' search alone (no moves read, no replay), same object reused."""
    times = []
    for position in positions:
        board = to_board(position)
        started = time.perf_counter()
        fcs.run(("-l", "lg"), board, 200_000)
        times.append(time.perf_counter() - started)
    return times


def bench_microsoft(count: int) -> float:
    positions = [deal("freecell-classic", n) for n in range(1, count + 1)]
    times, cpu, statuses, others = [], [], Counter(), []
    for number, position in enumerate(positions, 1):
        result, wall, used = timed(solve, position)
        times.append(wall)
        cpu.append(used)
        statuses[result.status] += 1
        if result.status != "winnable":
            others.append(f"#{number} {result.status} by {result.preset} ({ms(wall)})")
    raw_total = raw_range_seconds(count)
    search = raw_search_times(positions)
    total, median = sum(times), statistics.median(times)
    print(f"\n[1] MS deals 1..{count}, freecell-classic, solve() = search + decode + replay")
    print(f"    solved and verified {statuses['winnable']}/{count}; others: {', '.join(others) or '-'}")
    print("    " + spread("per deal", times, cpu) + f"; total {total:.2f} s")
    print(f"    raw fc-solve range solver, same deals: {raw_total:.2f} s "
          f"({ms(raw_total / count)} per deal, process start included)")
    print(f"    raw search through the bindings: median {ms(statistics.median(search))}, "
          f"total {sum(search):.2f} s")
    print(f"    ratio adapter / range solver (total): {total / raw_total:.2f}x; "
          f"adapter / raw search (median): {median / statistics.median(search):.2f}x")
    met = statuses["undecided"] == 0 and min(median, statistics.median(cpu)) <= 0.002
    print(f"    target every deal decided (wins verified), median <= 2 ms: "
          f"{'met' if met else 'NOT met'}")
    return median


def bench_forecell(count: int) -> None:
    times, cpu, statuses, slowest = [], [], Counter(), []
    for number in range(1, count + 1):
        result, wall, used = timed(solve, deal("forecell", number))
        times.append(wall)
        cpu.append(used)
        statuses[result.status] += 1
        slowest.append((used, number, result.status, result.preset, result.iterations))
    slowest.sort(reverse=True)
    over = sum(1 for t in times if t > 0.25)
    over_cpu = sum(1 for t in cpu if t > 0.25)
    decided = statuses["winnable"] + statuses["impossible"]
    print(f"\n[2] ForeCell deals 1..{count}, solve()")
    print(f"    winnable {statuses['winnable']}, impossible {statuses['impossible']}, "
          f"undecided {statuses['undecided']}")
    print("    " + spread("per deal", times, cpu) + f"; above 0.25 s: {over} (CPU: {over_cpu})")
    print("    slowest (CPU): " + "; ".join(
        f"#{n} {status} by {preset} {ms(t)} {it} it" for t, n, status, preset, it in slowest[:3]))
    met = decided == count and over_cpu == 0
    print(f"    target {count} decided, none above 0.25 s: {'met' if met else 'NOT met'}")


def along_line(rng: random.Random, variant: str, number: int):
    start = deal(variant, number)
    line = solve(start).moves
    if len(line) < 4:
        return None
    return start, list(line[: rng.randint(1, len(line) - 2)])


def random_play(rng: random.Random, variant: str, number: int):
    position = start = deal(variant, number)
    log = []
    for _ in range(rng.randint(5, 40)):
        moves = legal_moves(position)
        if not moves:
            break
        move = rng.choice(moves)
        position = apply_move(position, move)
        log.append(format_move(move))
    return start, log


def bench_hints(count: int) -> None:
    rng = random.Random(20260101)
    print(f"\n[3] hint() on mid-game positions ({count} per set, freecell and forecell)")
    for label, make in (("along a winning line", along_line), ("after random play", random_play)):
        times, cpu, statuses = [], [], Counter()
        for i in range(count):
            variant = "freecell" if i % 2 == 0 else "forecell"
            game = make(rng, variant, rng.randint(1, 32000))
            if game is None:  # an impossible deal has no line to cut
                continue
            # No kept verdicts: each hint pays for its own searches, as on a cold cache.
            result, wall, used = timed(lambda start, log: hint(start, log, verdicts=None), *game)
            times.append(wall)
            cpu.append(used)
            statuses[result.status] += 1
        print(f"    {label} {dict(statuses)}")
        print("      " + spread("per hint", times, cpu))
        p50, p99 = percentile(cpu, 0.5), percentile(cpu, 0.99)
        verdict = "met" if p50 <= 0.005 and p99 <= 0.050 else "NOT met"
        print(f"      target p50 5 ms, p99 50 ms (CPU): {verdict}")


def survey_presets(count: int) -> None:
    print(f"\n[4] preset survey, deals 1..{count}, 200,000 iterations each")
    for variant, game in (("freecell-classic", ()), ("forecell", ("--game", "forecell"))):
        positions = [deal(variant, n) for n in range(1, count + 1)]
        print(f"    {variant}: preset, verified wins, refused lines, no answer, "
              f"mean moves, median and mean time")
        for preset in SURVEY:
            args = (*game, "-l", preset)
            fcs.preload(args)
            refused, lengths, times = 0, [], []
            for position in positions:
                run, wall, _ = timed(fcs.run, args, to_board(position), 200_000)
                times.append(wall)
                line = line_from(position, run.moves) if run.solved else None
                if line is not None:
                    lengths.append(len(line))
                elif run.solved:
                    refused += 1
            wins = len(lengths)
            mean = statistics.mean(lengths) if lengths else 0.0
            print(f"      {preset:4s} {wins:4d} {refused:4d} {count - wins - refused:4d} "
                  f"{mean:7.1f} {ms(statistics.median(times)):>10s} {ms(statistics.mean(times)):>10s}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="MS deals 1..N")
    parser.add_argument("--forecell", type=int, default=100, help="ForeCell deals 1..M")
    parser.add_argument("--hints", type=int, default=200, help="positions per hint set")
    parser.add_argument("--presets", type=int, default=0, help="survey presets on deals 1..N")
    parser.add_argument("--klondike", default="1-1000", help="Klondike deals FIRST-LAST (0: none)")
    parser.add_argument("--klondike-budget", type=int, default=1_000_000, help="states per search")
    parser.add_argument("--klondike-draws", default="1,3", help="draw counts, e.g. 3")
    parser.add_argument("--spider", default="1-100", help="Spider deals FIRST-LAST (0: none)")
    parser.add_argument("--spider-suits", default="1,2,4", help="suit counts, e.g. 1,2")
    parser.add_argument("--spider-seconds", type=float, default=30.0, help="time limit per deal")
    parser.add_argument("--spider-budget", type=int, default=None,
                        help="positions per Spider deal (default 100,000,000: the seconds end each search; "
                        "a worker's task: --spider-seconds 9)")
    parser.add_argument("--random", type=int, default=0,
                        help="Klondike, Spider: this many random numbers from 10^12..10^20, not ranges")
    parser.add_argument("--seed", type=int, default=None, help="with --random: the numbers of an earlier run")
    args = parser.parse_args()
    numbers = None
    if args.random:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
        print(f"random numbers: seed {seed}")
        rng = random.Random(seed)
        numbers = [rng.randrange(10**12, 10**20) for _ in range(args.random)]
    warm_up()
    freecell_median = None
    if args.deals:
        freecell_median = bench_microsoft(args.deals)
    if args.forecell:
        bench_forecell(args.forecell)
    if args.hints:
        bench_hints(args.hints)
    if args.presets:
        survey_presets(args.presets)
    if args.klondike != "0":
        draws = tuple(int(d) for d in args.klondike_draws.split(","))
        first, last = (0, 0) if numbers else _range(args.klondike)
        bench_klondike(first, last, args.klondike_budget, draws, numbers=numbers)
    if args.spider != "0":
        names = {"1": "spider-1suit", "2": "spider-2suits", "4": "spider-4suits"}
        variants = [names[s] for s in args.spider_suits.split(",")]
        first, last = (0, 0) if numbers else _range(args.spider)
        bench_spider(variants, first, last, args.spider_seconds, freecell_median, numbers=numbers,
                     **({"budget": args.spider_budget} if args.spider_budget else {}))


def _range(text: str) -> tuple[int, int]:
    first, _, last = text.partition("-")
    return int(first), int(last or first)


if __name__ == "__main__":
    main()
