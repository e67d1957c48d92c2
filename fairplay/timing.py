"""Think times: how long each decision took, and how regular that was.

The server's receive times are the clock a script cannot forge; a batch of
moves shares one receive time, so the wait before a batch is shared by its
decisions. Foundation moves are not decisions (autoplay sends them), so the
wait before a batch of foundation moves only is counted into the next
decision's. The client's own clock is kept beside it for the plot.

>>> t = think_times(["1a", "2b", "1h", "3c"], [1000, 3000, 3000, 4000])
>>> t
[1000, 2000, 1000]
>>> round(spread(t), 2)
0.35
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from itertools import groupby


def is_decision(move: str) -> bool:
    """Every move but one to a foundation (those the client sends by itself)."""
    return not move.endswith("h")


def think_times(moves: Sequence[str], times: Sequence[int]) -> list[int]:
    """Milliseconds of thought behind each decision, by one clock (one time per move)."""
    out: list[int] = []
    previous = 0
    for at, group in groupby(zip(times, moves, strict=False), key=lambda pair: pair[0]):
        decisions = sum(is_decision(move) for _, move in group)
        if decisions:
            wait = max(0, at - previous)
            out.extend([wait // decisions] * decisions)
            previous = at
    return out


def spread(values: Sequence[float]) -> float:
    """Coefficient of variation (standard deviation over mean): 0 for a metronome,
    about 1 for a person's log-normal think times."""
    if len(values) < 2:
        return 0.0
    mean = statistics.fmean(values)
    return statistics.pstdev(values) / mean if mean > 0 else 0.0


def pause_share(values: Sequence[float]) -> float:
    """Share of decisions that took more than three times the median (long thoughts)."""
    if not values:
        return 0.0
    median = statistics.median(values)
    return sum(v > 3 * median for v in values) / len(values)


def rank_correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (0 when either side is constant).

    >>> rank_correlation([1, 2, 3], [10, 20, 30]), rank_correlation([1, 2, 3], [5, 5, 5])
    (1.0, 0.0)
    """
    if len(xs) < 3:
        return 0.0
    rx, ry = _ranks(xs), _ranks(ys)
    if len(set(rx)) < 2 or len(set(ry)) < 2:
        return 0.0
    return round(statistics.correlation(rx, ry), 3)


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks
