"""Think times: how long each decision took, and how regular that was.

The server's receive times are the clock a script cannot forge; a batch of
moves shares one receive time, so the wait before a batch is shared by its
decisions, as the client's clock spaced them when it is given. Foundation
moves are not decisions (autoplay sends them), so the wait before a batch of
foundation moves only is counted into the next decision's. The client's own
clock is kept beside it for the plot.

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


def think_times(moves: Sequence[str], times: Sequence[int],
                client_times: Sequence[int] | None = None) -> list[int]:
    """Milliseconds of thought behind each decision, by one clock (one time per move).

    With ``client_times`` (the client's clock of each move), the wait before a batch
    is shared among its decisions as the client's clock spaced them, so that each
    decision keeps its own time while the batch's total stays the server's: the page
    sends quick moves together, and equal shares would read as a fixed pace. A batch
    whose client clock gives a decision no time at all is shared equally.

    >>> think_times(["1a", "2b", "3c"], [1000, 4000, 4000], [900, 1200, 3900])
    [1000, 300, 2700]
    """
    out: list[int] = []
    previous, previous_client = 0, 0
    clock = client_times if client_times is not None else times
    rows = zip(times, moves, clock, strict=False)
    for at, group in groupby(rows, key=lambda row: row[0]):
        spaced = []
        for _, move, client_ms in group:
            if is_decision(move):
                spaced.append(max(0, client_ms - previous_client))
                previous_client = client_ms
        if spaced:
            wait = max(0, at - previous)
            total = sum(spaced)
            if client_times is None or min(spaced) <= 0:  # a client that claims no time at all for one
                out.extend([wait // len(spaced)] * len(spaced))
            else:
                out.extend(wait * gap // total for gap in spaced)
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
