"""``hint``: the next move of a verified winning line from wherever a game is,
or, when the game is lost, how far back a win was still possible.

>>> from engine import deal
>>> h = hint(deal("freecell", 1), ["5a", "5b"])
>>> h.status, h.move == h.line[0]
('move', True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Position, is_won, replay
from solver.errors import IllegalLogError, SolverError
from solver.results import (
    LOST,
    MOVE,
    UNDECIDED,
    WINNABLE,
    WON,
    HintResult,
    SolveResult,
)
from solver.search import Allowance, check_budget, plan_for_position, run_scans
from solver.stock import is_stock_game
from solver.stock_hints import DEFAULT_STOCK_HINT_BUDGET, stock_hint
from solver.verdicts import MemoryVerdicts, VerdictStore, attempt_name, verdict_keep, verdict_recall

#: Iterations allowed to each search of a hint when the caller gives none.
DEFAULT_HINT_BUDGET = 100_000
#: Iterations allowed to each search that probes an earlier position of a lost
#: game. On 118 lost games from random play, 20,000 gave an earlier K than
#: 100,000 in 1 to 3 of them and about half the p99 latency (docs/solver.md).
DEFAULT_PROBE_BUDGET = 20_000


@dataclass(frozen=True, slots=True)
class HintLimits:
    """The hard ceiling of one hint, whatever the log: every search of it together
    may spend ``iterations`` and ``seconds`` (no search starts after that), and a
    lost game's earlier positions get at most ``probes`` probes. A 999-move log
    on a lost deal took 1.2 million iterations before these existed.

    >>> HintLimits().probes
    16
    """

    iterations: int = 400_000
    seconds: float = 1.5
    probes: int = 16


#: Verdicts kept in this process when the caller gives no store.
_MEMORY = MemoryVerdicts()


def hint(
    start: Position,
    log: Sequence[str],
    *,
    budget: int | None = None,
    probe_budget: int | None = None,
    limits: HintLimits | None = None,
    verdicts: VerdictStore | None = _MEMORY,
    line: Sequence[str] | None = None,
    stock_budget: int | None = None,
) -> HintResult:
    """Advice from the position that ``log`` reaches from ``start``.

    Each search of the verdict may use ``budget`` iterations (default
    ``DEFAULT_HINT_BUDGET``). When the position is lost, earlier positions of
    the log are probed from the end backwards (1, 2, 4, ... moves back, then
    bisection), each with a short complete scan then the fast presets
    (``Plan.probe_scans``), each search with up to ``probe_budget`` iterations
    (default: the smaller of ``budget`` and ``DEFAULT_PROBE_BUDGET``): about
    2 log2(len(log)) probes, repeated with ``budget`` when they prove no
    position winnable. ``last_good_index`` is then a position proven winnable:
    the latest one when every probe decided, else possibly earlier.

    Whatever the log, the whole call stays within ``limits`` (``HintLimits()``
    by default): past its iterations or seconds the verdict is ``undecided``
    and the probing stops with what it has proven. Decided verdicts are kept
    per position in ``verdicts`` (this process's memory by default, ``None``
    for none), so asking again from a known position costs no search.

    Klondike and Spider hints (``stock_hints.py``) follow ``line`` (a known
    winning line, e.g. the deal's stored one) while the log is its prefix,
    else search from the position; they answer ``move`` or ``undecided``
    (never ``lost``) and carry only the move.

    >>> from engine import deal
    >>> hint(deal("forecell", 1), []).status  # every cell full, nothing moves
    'lost'
    """
    if is_stock_game(start):  # Klondike and Spider: solver/stock_hints.py
        # Klondike and Spider count positions of compiled searches, far cheaper than fc-solve's
        # iterations: ``stock_budget`` when given, else ``budget``; the clock bounds both.
        positions = check_budget(stock_budget or budget, DEFAULT_STOCK_HINT_BUDGET)
        return stock_hint(start, _checked_log(log), budget=positions,
                          seconds=limits.seconds if limits else None, line=line)
    limit = check_budget(budget, DEFAULT_HINT_BUDGET)
    probe_limit = check_budget(probe_budget, min(limit, DEFAULT_PROBE_BUDGET))
    limits = limits or HintLimits()
    started = time.perf_counter()
    log = _checked_log(log)
    plan = plan_for_position(start)
    current = _reached(start, log)
    if is_won(current):
        return HintResult(WON, None, (), None, 0, time.perf_counter() - started)
    search = _Search(plan, Allowance(iterations=limits.iterations, seconds=limits.seconds), verdicts)
    verdict = search.decide(current, plan.scans(), limit)
    if verdict.status == WINNABLE:
        return _hint(MOVE, verdict.moves[0], verdict.moves, None, search, started, verdict.scope)
    if verdict.status == UNDECIDED:
        return _hint(UNDECIDED, None, (), None, search, started, verdict.scope)
    probes = _Probes(start, log, search, limits.probes)
    index, line = probes.last_good(probe_limit)
    if index is None and probe_limit < limit:  # no undo point at all: search harder
        index, line = probes.last_good(limit)
    return _hint(LOST, None, line, index, search, started, verdict.scope, probes.count)


def _hint(status, move, line, index, search, started, scope, probes=0) -> HintResult:
    seconds = time.perf_counter() - started
    return HintResult(status, move, tuple(line), index, search.iterations, seconds, scope, probes)


class _Search:
    """The searches of one hint: one allowance, verdicts recalled and kept per position."""

    def __init__(self, plan, allowance: Allowance, verdicts: VerdictStore | None) -> None:
        self.plan, self.allowance, self.verdicts = plan, allowance, verdicts
        self.iterations = 0

    def decide(self, position: Position, scans, limit: int) -> SolveResult:
        attempt = attempt_name(scans, limit)
        known = verdict_recall(self.verdicts, position, attempt)
        if known is not None:
            return known
        whole = self.allowance.left >= sum(self.plan.limit(scan, limit) for scan in scans)
        result = run_scans(position, self.plan, scans, limit, self.allowance)
        self.iterations += result.iterations
        # An undecided search cut short by the allowance says nothing about the next one.
        whole = whole and not self.allowance.out_of_time
        verdict_keep(self.verdicts, position, result, attempt if whole else "")
        return result


def _checked_log(log: Sequence[str]) -> list[str]:
    if isinstance(log, str):
        raise SolverError("a log is a sequence of moves, not one string")
    moves = list(log)
    for index, move in enumerate(moves, 1):
        if not isinstance(move, str):
            raise IllegalLogError(index, f"{move!r} is not a move in standard notation")
    return moves


def _reached(start: Position, log: list[str]) -> Position:
    result = replay(start, log)  # unreadable moves come back as errors too
    if result.error is not None:
        raise IllegalLogError(result.error_index, str(result.error))
    return result.position


class _Probes:
    """Earlier positions of a lost game, probed until one is proven winnable,
    at most ``cap`` probes in all and none once the allowance is spent."""

    def __init__(self, start: Position, log: list[str], search: _Search, cap: int) -> None:
        self.start, self.log, self.search, self.cap = start, log, search, cap
        self.count = 0
        self.lines: dict[int, tuple[str, ...]] = {}

    def winnable(self, k: int, limit: int) -> bool | None:
        """Whether the position after ``k`` moves is proven winnable; ``None``
        when no probe may run any more."""
        if self.count >= self.cap or self.search.allowance.spent:
            return None
        self.count += 1
        position = _reached(self.start, self.log[:k])
        result = self.search.decide(position, self.search.plan.probe_scans(), limit)
        if result.status == WINNABLE:
            self.lines[k] = result.moves
        return result.status == WINNABLE

    def last_good(self, limit: int):
        """(K, winning line from there): the latest log index proven winnable,
        found by galloping back from the lost end and then bisecting."""
        lost, good, step = len(self.log), None, 1
        while lost > 0:
            probe = max(lost - step, 0)
            found = self.winnable(probe, limit)
            if found is None:
                return None, ()
            if found:
                good = probe
                break
            lost, step = probe, step * 2
        while good is not None and lost - good > 1:
            middle = (good + lost) // 2
            found = self.winnable(middle, limit)
            if found is None:
                break
            if found:
                good = middle
            else:
                lost = middle
        return good, (self.lines[good] if good is not None else ())
