"""The proof without a search (``solver/klondike_blocked.py``) held against won lines:
for Klondike deals FIRST..LAST of both draw counts, every position along each line the
fast search wins is checked, and must never be blocked (a blocked position on a won line
would make the proof unsound). Also printed: the deals it blocks, with the fast search's
verdict beside them (never ``winnable``), and its mean time on a deal.

    .venv/bin/python -u bench/klondike_blocked_sweep.py 1 300
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    from engine import deal
    from engine.play import apply_move
    from solver.klondike_blocked import blocked
    from solver.stock import solve_stock

    first, last = int(sys.argv[1]), int(sys.argv[2])
    checked = flagged = won = unsound = 0
    cost = 0.0
    for draw in (1, 3):
        for number in range(first, last + 1):
            start = deal(f"klondike-draw{draw}", number)
            started = time.perf_counter()
            found = blocked(start)
            cost += time.perf_counter() - started
            result = solve_stock(start, budget=300_000, minimal=False)
            if found is not None:
                flagged += 1
                print(f"blocked: draw {draw} #{number}: {found} (fast search: {result.status})", flush=True)
                unsound += result.status == "winnable"
            if result.status != "winnable":
                continue
            won += 1
            position = start
            for move in result.moves:
                if blocked(position) is not None:
                    unsound += 1
                    print(f"UNSOUND: draw {draw} #{number}, before {move}", flush=True)
                    break
                checked += 1
                position = apply_move(position, move)
    each = 1000 * cost / (2 * (last - first + 1))
    print(f"deals {first}..{last}, both draw counts: {won} won lines, {checked} positions along them "
          f"checked, {flagged} deals blocked, {unsound} contradictions; blocked() {each:.2f} ms a deal")


if __name__ == "__main__":
    main()
