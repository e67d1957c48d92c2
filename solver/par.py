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
from dataclasses import dataclass

from engine import EngineError, Position, deal, family_of, get_ruleset, to_board
from engine.families.spider import SPIDER
from solver import library
from solver.errors import SolverError, UnsupportedPositionError
from solver.lines import line_from
from solver.presets import plan_for
from solver.results import WINNABLE, ParResult, SolveResult
from solver.search import DEFAULT_BUDGET, check_budget, plan_for_position, solve
from solver.shorten import resolve_suffixes, shorten
from solver.stock import (
    STOCK_VARIANTS,
    check_stock,
    default_stock_budget,
    is_stock_game,
    solve_stock,
    stock_par,
)


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
        limit = check_budget(budget, default_stock_budget(position.variant))
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
    stock = variant in STOCK_VARIANTS
    limit = check_budget(budget, default_stock_budget(variant) if stock else DEFAULT_BUDGET)
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
    limit = check_budget(budget, default_stock_budget(variant) if stock else DEFAULT_BUDGET)
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


#: Iterations of each fc-solve search ``refine_par`` runs from a position of the line
#: (ve's searches from mid-game positions of MS 1..12 took 2,000-60,000).
REFINE_BUDGET = 100_000
#: Positions and seconds of each Klondike or Spider search from a position of the line.
REFINE_STOCK_BUDGET = 30_000
REFINE_STOCK_SECONDS = 2.0
#: Positions the peephole search (``solver.shorten.shorten``) may visit once the scan is done.
REFINE_SHORTEN_BUDGET = 60_000
REFINE_SHORTEN_DEPTH = 2


@dataclass(frozen=True, slots=True)
class RefinedPar:
    """A par line made shorter (or kept): ``par == len(line)``, never more than the
    line given; ``method`` says how it was found (``ve+suffix:ve+shorten``: ve's line,
    ve's searches from positions along it, then the peephole search); ``next_index``:
    where a later call goes on (``None``: done); ``solves``: searches run."""

    line: tuple[str, ...]
    par: int
    method: str
    next_index: int | None
    solves: int
    seconds: float

    @property
    def done(self) -> bool:
        return self.next_index is None


#: Positions of the line searched again: every one in the FreeCell family (ve from
#: every position of MS 1..12's lines: 93.6 -> 86.6 moves; every third: 87.7, at a third
#: of the time), every third in Spider.
REFINE_STEP = 1
REFINE_STOCK_STEP = 3


def refine_searches(position) -> tuple[list, int]:
    """The searches ``refine_par`` runs from positions of a line of ``position``'s variant,
    and the step between those positions: the FreeCell family's ``Plan.refine`` presets
    (ve; mfi for ForeCell, which ve wins less often), Spider's beam search from a position.
    Klondike gets none: our search from a mid-game position found no shorter rest of
    Klondike-Solver's lines (Draw 1 and 3 deals 1-3, every position tried)."""
    if is_stock_game(position):
        if family_of(position.variant) is not SPIDER:  # Klondike: none (above)
            return [], REFINE_STOCK_STEP

        def spider(here):
            found = solve_stock(here, budget=REFINE_STOCK_BUDGET, seconds=REFINE_STOCK_SECONDS)
            return found.moves if found.status == WINNABLE else None
        return [("spider-beam", spider)], REFINE_STOCK_STEP
    plan = plan_for_position(position)

    def fcs(scan):
        def search(here):
            run = library.run(plan.args(scan), to_board(here), plan.limit(scan, REFINE_BUDGET))
            return line_from(here, run.moves) if run.solved else None
        return search

    return [(scan.name, fcs(scan)) for scan in plan.refine], REFINE_STEP


def refine_par(position, line, method: str, *, first: int = 1, step: int | None = None,
               solves: int | None = None, seconds: float | None = None,
               shorten_budget: int = REFINE_SHORTEN_BUDGET) -> RefinedPar:
    """A shorter par line from ``line`` (a winning line of ``position``, found by
    ``method``): ``resolve_suffixes`` with ``refine_searches`` from positions ``first``,
    ``first + step``, ... and, once the scan reaches the end, the peephole search.
    ``solves`` and ``seconds`` bound one call; ``next_index`` carries the scan on;
    ``shorten_budget``: positions of the peephole search (0: none).

    >>> from engine import deal
    >>> start = deal("freecell", 3)
    >>> old = solve_with_par(start)
    >>> new = refine_par(start, old.line, old.preset)
    >>> (old.par, old.preset), (new.par, new.method, new.done)
    ((82, 've'), (80, 've+suffix:ve', True))
    """
    started = time.perf_counter()
    if is_stock_game(position):
        check_stock(position)
    searches, every = refine_searches(position)
    found = resolve_suffixes(position, line, searches, first=first, step=step or every,
                             solves=solves, seconds=seconds)
    best, shortened = found.line, False
    if found.next_index is None and shorten_budget:
        left = None if seconds is None else max(seconds - (time.perf_counter() - started), 0.1)
        peephole = shorten(position, best, depth=REFINE_SHORTEN_DEPTH, budget=shorten_budget,
                           seconds=left)
        if len(peephole.line) < len(best):
            best, shortened = peephole.line, True
    return RefinedPar(best, len(best), par_method(method, found.used, shortened), found.next_index,
                      found.solves, time.perf_counter() - started)


def par_method(method: str, used=(), shortened: bool = False) -> str:
    """``method`` with the searches ``used`` from positions of its line and the peephole
    search added, each named once.

    >>> par_method("ve", ["ve", "ve"]), par_method("ve+suffix:ve", ["mfi"], True)
    ('ve+suffix:ve', 've+suffix:mfi,ve+shorten')
    """
    base, *parts = method.split("+")
    names = set(used)
    for part in parts:
        if part.startswith("suffix:"):
            names.update(part.removeprefix("suffix:").split(","))
        shortened = shortened or part == "shorten"
    text = base + (f"+suffix:{','.join(sorted(names))}" if names else "")
    return text + ("+shorten" if shortened else "")
