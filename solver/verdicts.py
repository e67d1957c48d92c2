"""Decided verdicts kept per position, so that asking again costs no search.

A position's verdict never changes: a winning line stays winning, a proof of
loss stays a proof. The key is the variant and the board text, so two logs
that reach one position share its verdict. An undecided search is kept too,
but only under the searches and limit it ran with (``attempt``): fc-solve is
deterministic, so the same searches would end the same way, while more
iterations may still decide. Any object with ``get(key)`` and
``set(key, value)`` can hold them (the site passes one over Django's cache, shared by
every process); ``MemoryVerdicts`` is the bounded in-process default.

>>> from engine import deal
>>> from solver.results import IMPOSSIBLE, SolveResult
>>> verdicts = MemoryVerdicts(size=2)
>>> position = deal("freecell-classic", 11982)
>>> verdict_recall(verdicts, position) is None
True
>>> proof = SolveResult(IMPOSSIBLE, (), 900, 0.3, "complete", "no winning line exists")
>>> verdict_keep(verdicts, position, proof)
>>> recalled = verdict_recall(verdicts, position)
>>> recalled.status, recalled.iterations, recalled.preset
('impossible', 0, 'cache')
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import Protocol

from engine import Position, to_board
from solver.results import IMPOSSIBLE, UNDECIDED, WINNABLE, SolveResult

#: Positions the in-process default remembers (a verdict is at most a few KB).
MEMORY_SIZE = 4096


class VerdictStore(Protocol):
    def get(self, key: str): ...

    def set(self, key: str, value) -> None: ...


class MemoryVerdicts:
    """A thread-safe least-recently-used map of at most ``size`` verdicts."""

    def __init__(self, size: int = MEMORY_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[str, object] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str):
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def set(self, key: str, value) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def attempt_name(scans, limit: int) -> str:
    """What an undecided verdict is kept under: its searches, their caps and the limit.

    >>> from solver.presets import plan_for
    >>> attempt_name(plan_for("forecell").scans(), 1000)
    'ct:None+as:None+complete:None@1000'
    """
    return "+".join(f"{scan.name}:{scan.cap}" for scan in scans) + f"@{limit}"


def verdict_key(position: Position) -> str:
    """A short stable key for ``position`` (its variant and board text)."""
    text = f"{position.variant}\n{to_board(position)}"
    return "verdict:" + hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def verdict_recall(store: VerdictStore | None, position: Position, attempt: str = "") -> SolveResult | None:
    """The kept verdict of ``position`` (no iterations spent): a decided one, else
    an undecided one of the same ``attempt``; ``None`` when there is neither."""
    if store is None:
        return None
    key = verdict_key(position)
    kept = store.get(key) or (store.get(f"{key}:{attempt}") if attempt else None)
    if not kept:
        return None
    status, moves, scope = kept
    return SolveResult(status, tuple(moves), 0, 0.0, "cache", scope)


def verdict_keep(
    store: VerdictStore | None, position: Position, result: SolveResult, attempt: str = ""
) -> None:
    """Keep ``result`` for ``position``: a decided verdict under the position, an
    undecided one under the ``attempt`` that ran in full (none if not given)."""
    if store is None:
        return
    key = verdict_key(position)
    if result.status in (WINNABLE, IMPOSSIBLE):
        store.set(key, (result.status, list(result.moves), result.scope))
    elif result.status == UNDECIDED and attempt:
        store.set(f"{key}:{attempt}", (UNDECIDED, [], result.scope))
