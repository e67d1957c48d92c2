"""``hint``: the next move of a verified winning line from wherever a game is,
or, when the game is lost, how far back a win was still possible.

>>> from games.engine import deal
>>> h = hint(deal("freecell", 1), ["5a", "5b"])
>>> h.status, h.move == h.line[0]
('move', True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from games.engine import Position, is_won, replay
from games.solver.errors import IllegalLogError, SolverError
from games.solver.results import (
    LOST,
    MOVE,
    UNDECIDED,
    WINNABLE,
    WON,
    HintResult,
    SolveResult,
)
from games.solver.search import check_budget, plan_for_position, run_scans

#: Iterations allowed to each search of a hint when the caller gives none.
DEFAULT_HINT_BUDGET = 100_000
#: Iterations allowed to each search that probes an earlier position of a lost
#: game. On 118 lost games from random play, 20,000 gave an earlier K than
#: 100,000 in 1 to 3 of them and about half the p99 latency (docs/solver.md).
DEFAULT_PROBE_BUDGET = 20_000


def hint(
    start: Position,
    log: Sequence[str],
    *,
    budget: int | None = None,
    probe_budget: int | None = None,
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

    >>> from games.engine import deal
    >>> hint(deal("forecell", 1), []).status  # every cell full, nothing moves
    'lost'
    """
    limit = check_budget(budget, DEFAULT_HINT_BUDGET)
    probe_limit = check_budget(probe_budget, min(limit, DEFAULT_PROBE_BUDGET))
    started = time.perf_counter()
    log = _checked_log(log)
    plan = plan_for_position(start)
    current = _reached(start, log)
    if is_won(current):
        return HintResult(WON, None, (), None, 0, time.perf_counter() - started)
    verdict = run_scans(current, plan, plan.scans(), limit)
    if verdict.status == WINNABLE:
        return _hint(MOVE, verdict.moves[0], verdict.moves, None, verdict.iterations, started,
                     verdict.scope)
    if verdict.status == UNDECIDED:
        return _hint(UNDECIDED, None, (), None, verdict.iterations, started, verdict.scope)
    index, line, spent = _last_good(start, log, plan, probe_limit)
    if index is None and probe_limit < limit:  # no undo point at all: search harder
        index, line, more = _last_good(start, log, plan, limit)
        spent += more
    return _hint(LOST, None, line, index, verdict.iterations + spent, started, verdict.scope)


def _hint(status, move, line, index, iterations, started, scope) -> HintResult:
    seconds = time.perf_counter() - started
    return HintResult(status, move, tuple(line), index, iterations, seconds, scope)


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


def _last_good(start: Position, log: list[str], plan, limit: int):
    """(K, winning line from there, iterations): the latest log index proven
    winnable, found by galloping back from the lost end and then bisecting."""
    spent = 0
    memo: dict[int, SolveResult] = {}

    def winnable(k: int) -> bool:
        nonlocal spent
        result = run_scans(_reached(start, log[:k]), plan, plan.probe_scans(), limit)
        memo[k], spent = result, spent + result.iterations
        return result.status == WINNABLE

    lost, good, step = len(log), None, 1
    while lost > 0:
        probe = max(lost - step, 0)
        if winnable(probe):
            good = probe
            break
        lost, step = probe, step * 2
    while good is not None and lost - good > 1:
        middle = (good + lost) // 2
        if winnable(middle):
            good = middle
        else:
            lost = middle
    line = memo[good].moves if good is not None else ()
    return good, line, spent

