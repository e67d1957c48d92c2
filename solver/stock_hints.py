"""Hints in Klondike and Spider: the next move of a verified winning line.

1. On a known winning line (``line``, e.g. the deal's stored line) whose
   first moves are the log: its next move, once the rest of it is replayed
   to a win from the position reached.
2. A Klondike game not yet begun: Klondike-Solver's fast search.
3. Otherwise our own bounded search from the position reached, with the
   server's knowledge of every card; ``undecided`` when the budget or the
   time runs out. These searches never prove a game lost.

A hint names a move (``3h``, ``s``, ``35``), never a card. The result's
``line`` is the whole verified line from the position (the game's plan,
``plans.py``): it stays on the server, and the site sends only the move.

>>> from engine import deal
>>> stock_hint(deal("klondike-draw1", 2), [], budget=100_000, seconds=5).status
'move'
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from engine import StockPosition, is_won, replay
from engine.canonical import canonical_suffix
from solver.errors import IllegalLogError
from solver.results import MOVE, SCOPE_WINNABLE, UNDECIDED, WINNABLE, WON, HintResult
from solver.stock import KLONDIKE_FAST_CAP, check_stock, solve_stock, verified

#: Positions and seconds a hint's search may take by default.
DEFAULT_STOCK_HINT_BUDGET = 200_000
DEFAULT_STOCK_HINT_SECONDS = 1.5


def stock_hint(start: StockPosition, log: Sequence[str], *, budget: int | None = None,
               seconds: float | None = None, line: Sequence[str] | None = None) -> HintResult:
    """Advice from the position ``log`` reaches from ``start`` (see the module notes)."""
    started = time.perf_counter()
    limit = budget or DEFAULT_STOCK_HINT_BUDGET
    check_stock(start)
    moves = list(log)
    current = _reached(start, moves)
    if is_won(current):
        return HintResult(WON, None, (), None, 0, time.perf_counter() - started)
    if line is not None and len(line) > len(moves) and _on_line(start, moves, line):
        rest = verified(current, line[len(moves):])
        if rest is not None:
            return _move(rest, 0, started)
    result = solve_stock(current, budget=min(limit, KLONDIKE_FAST_CAP) if not moves else limit,
                         seconds=seconds or DEFAULT_STOCK_HINT_SECONDS, minimal=False)
    if result.status == WINNABLE:
        return _move(result.moves, result.iterations, started)
    return HintResult(UNDECIDED, None, (), None, result.iterations,
                      time.perf_counter() - started, result.scope)


def _on_line(start: StockPosition, moves: list[str], line: Sequence[str]) -> bool:
    """Whether the log is the line's beginning, move for move in canonical form
    (``41`` and ``41v1`` are one Spider move)."""
    return canonical_suffix(start, moves) == canonical_suffix(start, line[:len(moves)])


def _move(line: Sequence[str], iterations: int, started: float) -> HintResult:
    return HintResult(MOVE, line[0], tuple(line), None, iterations, time.perf_counter() - started,
                      SCOPE_WINNABLE)


def _reached(start: StockPosition, log: list[str]) -> StockPosition:
    for index, move in enumerate(log, 1):
        if not isinstance(move, str):
            raise IllegalLogError(index, f"{move!r} is not a move in standard notation")
    result = replay(start, log)
    if result.error is not None:
        raise IllegalLogError(result.error_index, str(result.error))
    return result.position
