"""Par and the winnable pools: verdicts on whole deals, for the web team's
management command and Celery tasks.

Par is the shortest verified line that the variant's small portfolio of
presets finds within the budget; it is an upper bound on the true par, found
the same way for every deal.

>>> from engine import deal
>>> result = solve_with_par(deal("freecell", 1), budget=100_000)
>>> result.status, result.par == len(result.line), result.presets
('winnable', True, ('lg', 'sp', 'cpb', 've'))
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

from engine import EngineError, Position, deal, get_ruleset, to_board
from solver import library
from solver.errors import SolverError, UnsupportedPositionError
from solver.lines import line_from
from solver.presets import plan_for
from solver.results import WINNABLE, ParResult, SolveResult
from solver.search import DEFAULT_BUDGET, check_budget, plan_for_position, solve
from solver.stock import DEFAULT_STOCK_BUDGET, STOCK_VARIANTS, check_stock, is_stock_game, stock_par


def solve_with_par(position: Position, *, budget: int | None = None,
                   seconds: float | None = None, quick: bool = False) -> ParResult:
    """Decide ``position`` (as ``solve`` does), and when it is winnable run the
    par portfolio too, each preset with up to ``budget`` iterations; ``par`` is
    the length of the shortest verified line, ``presets`` what was run.
    Klondike and Spider: ``stock_par`` (``budget`` counts positions there,
    ``seconds`` caps a Spider search; ``quick``: a Klondike deal its fast search does
    not win is left undecided, for a caller that only wants winnable deals).

    >>> from engine import deal
    >>> solve_with_par(deal("freecell-classic", 11982)).par is None
    True
    """
    if is_stock_game(position):  # Klondike and Spider: solver/stock.py
        limit = check_budget(budget, DEFAULT_STOCK_BUDGET)
        return stock_par(check_stock(position), budget=limit, seconds=seconds, quick=quick)
    limit = check_budget(budget)
    plan = plan_for_position(position)
    started = time.perf_counter()
    verdict = solve(position, budget=limit)
    tried = [verdict.preset, *verdict.rejected]
    best, best_preset, iterations = verdict.moves, verdict.preset, verdict.iterations
    solved = [verdict.preset] if verdict.status == WINNABLE else []
    if verdict.status == WINNABLE:
        board = to_board(position)
        for scan in plan.par:
            run = library.run(plan.args(scan), board, plan.limit(scan, limit))
            iterations += run.iterations
            tried.append(scan.name)
            line = line_from(position, run.moves) if run.solved else None
            if line is not None:
                solved.append(scan.name)
            if line is not None and len(line) < len(best):
                best, best_preset = line, scan.name
    return ParResult(
        status=verdict.status,
        par=len(best) if verdict.status == WINNABLE else None,
        line=best,
        presets=tuple(dict.fromkeys(tried)),
        scope=verdict.scope,
        iterations=iterations,
        seconds=time.perf_counter() - started,
        preset=best_preset,
        solved=tuple(dict.fromkeys(solved)),
    )


def find_winnable(
    variant: str,
    start_number: int,
    count: int,
    *,
    budget: int | None = None,
    max_deals: int | None = None,
    seconds: float | None = None,
) -> list[tuple[int, SolveResult]]:
    """Up to ``count`` proven-winnable deals of ``variant``, looking at deal
    numbers ``start_number``, ``start_number + 1``, ... and stopping after
    ``max_deals`` numbers (default ``4 * count``), at the variant's last deal,
    or once ``seconds`` have passed. Each deal is decided with ``solve``.

    >>> [number for number, _ in find_winnable("forecell", 1, 2)]
    [2, 3]
    """
    if type(count) is not int or count < 0:
        raise SolverError("count is a whole number of deals")
    limit = check_budget(budget, DEFAULT_STOCK_BUDGET if variant in STOCK_VARIANTS else DEFAULT_BUDGET)
    found: list[tuple[int, SolveResult]] = []
    deadline = None if seconds is None else time.monotonic() + seconds
    numbers = range(start_number, start_number + (max_deals or 4 * count))
    for number, result in decide_deals(variant, numbers, budget=limit):
        if result.status == WINNABLE:
            found.append((number, result))
        if len(found) >= count or (deadline is not None and time.monotonic() >= deadline):
            break
    return found


def decide_deals(
    variant: str, numbers: Iterable[int], *, budget: int | None = None, par: bool = False
) -> Iterator[tuple[int, SolveResult | ParResult]]:
    """Yield ``(number, verdict)`` for each deal number, lazily, so that a caller
    can show progress and store rows as it goes (``par=True`` gives ``ParResult``).
    Stops quietly at the first number past the variant's last deal.

    >>> [(n, r.status) for n, r in decide_deals("forecell", [1, 2])]
    [(1, 'impossible'), (2, 'winnable')]
    """
    stock = variant in STOCK_VARIANTS
    limit = check_budget(budget, DEFAULT_STOCK_BUDGET if stock else DEFAULT_BUDGET)
    if not stock:
        plan_for(variant)
    for number in numbers:
        if type(number) is int and number > get_ruleset(variant).max_deal_number:
            return
        try:
            position = deal(variant, number)
        except EngineError as error:
            raise UnsupportedPositionError(str(error)) from error
        if par:
            yield number, solve_with_par(position, budget=limit)
        else:
            yield number, solve(position, budget=limit)
