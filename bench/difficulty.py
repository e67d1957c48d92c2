"""What the solver reports per deal, for calibrating games/difficulty.py.

    .venv/bin/python bench/difficulty.py freecell 1 300

Prints the terciles of iterations and par over the range, how often each
share of presets found a line, and how the estimate splits the range.
"""

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.difficulty import difficulty_estimate  # noqa: E402
from solver import decide_deals  # noqa: E402


def terciles(values: list[int]) -> tuple[int, int]:
    ordered = sorted(values)
    return ordered[len(ordered) // 3], ordered[2 * len(ordered) // 3]


def main(variant: str, first: int, last: int) -> None:
    iterations, pars, shares, estimates = [], [], Counter(), Counter()
    for _, result in decide_deals(variant, range(first, last + 1), par=True):
        if result.status != "winnable":
            estimates[result.status] += 1
            continue
        iterations.append(result.iterations)
        pars.append(result.par)
        shares[f"{len(result.solved)}/{len(result.presets)}"] += 1
        level = difficulty_estimate(variant=variant, iterations=result.iterations, par=result.par,
                                    presets_solved=len(result.solved), presets_tried=len(result.presets))
        estimates[level] += 1
    print(f"{variant} {first}..{last}: {len(pars)} winnable")
    print("iterations terciles", terciles(iterations), "max", max(iterations))
    print("par terciles", terciles(pars), "min", min(pars), "max", max(pars))
    print("presets that found a line:", dict(shares.most_common()))
    print("estimate:", dict(estimates.most_common()))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
