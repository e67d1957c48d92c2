"""Replay speed of this tree's engine against the engine of another revision, in one process.

``bench/engine.py`` times one engine by the wall clock, which moves with the
machine's load more than a change of the engine does. This script loads both
engines side by side (the other revision's ``engine/`` from ``git archive``,
renamed ``engine_base``), replays the same games with each, alternating, and
keeps the best CPU time (``time.process_time``) of each over the rounds, so
both see the same machine. It prints microseconds per move and the ratio
this / base per workload: below 1.0 this tree is faster.

Workloads: fc-solve's ``-l lg`` solutions of MS deals 1-N (``freecell-classic``)
and seeded random games (legal moves only, stock moves included, 300 moves or
until stuck) on deals 1-M of each Klondike and Spider variant, as bench/engine.py.

    .venv/bin/python bench/engine_versus.py --base 5f9a665 [--deals 300] [--stock-deals 100] [--rounds 25]
    .venv/bin/python bench/engine_versus.py --base 497057e~1 --base-path games/engine
"""

from __future__ import annotations

import argparse
import importlib
import io
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.stock_vectors import random_game  # noqa: E402

STOCK_VARIANTS = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")


def base_engine(revision: str, into: Path, where: str = "engine"):
    """The engine of ``revision`` (the package at ``where`` in that tree: ``games/engine`` before the
    families moved it to the top level) imported as ``engine_base`` from a copy under ``into``."""
    archive = subprocess.run(["git", "archive", revision, where], cwd=ROOT, capture_output=True,
                             check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    (into / where).rename(into / "engine_base")
    dotted = where.replace("/", ".")
    own = re.compile(rf"\b(from|import) {re.escape(dotted)}\b")
    for path in (into / "engine_base").rglob("*.py"):
        text = path.read_text(encoding="utf-8").replace(f"from {dotted}.", "from engine_base.")
        path.write_text(own.sub(r"\1 engine_base", text), encoding="utf-8")
    sys.path.insert(0, str(into))
    return importlib.import_module("engine_base")


def freecell_games(count: int) -> list[tuple[str, int, list[str]]]:
    """fc-solve ``-l lg`` solutions, in-process through the solver library."""
    from solver.library import run  # the solver is needed for this workload only
    from solver.lines import decode

    games = []
    for number in range(1, count + 1):
        position = engine.deal("freecell-classic", number)
        result = run(("-l", "lg"), engine.to_board(position), 1_000_000)
        if result.solved:
            games.append(("freecell-classic", number, [str(m) for m in decode(position, result.moves)]))
    return games


def stock_games(variant: str, count: int) -> list[tuple[str, int, list[str]]]:
    return [(variant, n, [str(m) for m in random_game(variant, n, 300, home_share=0.7)[1]])
            for n in range(1, count + 1)]


def cpu_time(module, games) -> float:
    started = time.process_time()
    for position, moves in games:
        module.replay(position, moves)
    return time.process_time() - started


def cpu_time_per_move(module, games) -> float:
    """The general path: ``apply_move`` once per move (what a single append asks of the engine)."""
    apply_move = module.apply_move
    started = time.process_time()
    for position, moves in games:
        for text in moves:
            position = apply_move(position, text)
    return time.process_time() - started


def compare(base, games, rounds: int, timer=cpu_time) -> tuple[float, float]:
    """Best CPU seconds of (this engine, base engine) over ``rounds`` alternating rounds."""
    ours = [(engine.deal(v, n), m) for v, n, m in games]
    theirs = [(base.deal(v, n), m) for v, n, m in games]
    if [engine.replay(p, m).moves for p, m in ours] != [base.replay(p, m).moves for p, m in theirs]:
        raise SystemExit("the two engines replay these games differently")
    best_ours = best_theirs = float("inf")
    for _ in range(rounds):
        best_theirs = min(best_theirs, timer(base, theirs))
        best_ours = min(best_ours, timer(engine, ours))
    return best_ours, best_theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the git revision to compare with")
    parser.add_argument("--base-path", default="engine",
                        help="where the engine lives in that revision (games/engine before 497057e)")
    parser.add_argument("--deals", type=int, default=300, help="MS deals solved by fc-solve")
    parser.add_argument("--stock-deals", type=int, default=100, help="Klondike/Spider deals per variant")
    parser.add_argument("--rounds", type=int, default=25, help="best of R alternating rounds")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = base_engine(args.base, Path(folder), args.base_path)
        workloads = {"freecell-classic": freecell_games(args.deals)}
        workloads.update({variant: stock_games(variant, args.stock_deals) for variant in STOCK_VARIANTS})
        print(f"replay, this tree against {args.base}: best CPU time of {args.rounds} alternating rounds")
        for name, games in workloads.items():
            moves = sum(len(m) for *_, m in games)
            ours, theirs = compare(base, games, args.rounds)
            print(f"  {name:16} {moves:6} moves  this {ours / moves * 1e6:5.2f} us/move  "
                  f"base {theirs / moves * 1e6:5.2f} us/move  this/base {ours / theirs:5.3f}")
        rounds = max(1, args.rounds // 5)
        print(f"apply_move once per move, this tree against {args.base}: best CPU time of {rounds} "
              "alternating rounds")
        for name, games in workloads.items():
            moves = sum(len(m) for *_, m in games)
            ours, theirs = compare(base, games, rounds, cpu_time_per_move)
            print(f"  {name:16} {moves:6} moves  this {ours / moves * 1e6:5.2f} us/move  "
                  f"base {theirs / moves * 1e6:5.2f} us/move  this/base {ours / theirs:5.3f}")


if __name__ == "__main__":
    main()
