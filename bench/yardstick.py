"""This machine's speed now: the CPU time of a fixed pure-Python loop.

The 2-core machines these benches run on change speed from one boot to the next,
and within a boot (the same loop has taken from 0.9 to 1.8 s in one minute here,
with nothing else of the project running). A figure in CPU milliseconds is only
comparable with another taken at the same speed; divided by the yardstick it
becomes a count of yardsticks, which can be compared across runs and machines
of this kind (to the extent that the loop and the code measured slow down alike).

    >>> yardstick(rounds=1) > 0
    True
"""

from __future__ import annotations

import time

#: The loop's size: about 20-40 ms of CPU on these machines.
LOOP = 300_000


def _loop() -> float:
    started = time.thread_time()
    total = 0
    for i in range(LOOP):
        total += i * i % 7
    return (time.thread_time() - started) * 1000


def yardstick(rounds: int = 7) -> float:
    """The fastest of ``rounds`` runs of the loop, in CPU milliseconds of this thread."""
    return round(min(_loop() for _ in range(rounds)), 2)
