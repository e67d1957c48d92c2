"""``solve``: one position in, one verdict out.

>>> from engine import deal
>>> result = solve(deal("freecell-classic", 11982))
>>> result.status, result.scope
('impossible', 'no winning line exists')
>>> solve(deal("freecell", 11982)).scope
'no winning line without foundation returns exists'
"""

from __future__ import annotations

import time

from engine import Position, check_position, to_board
from engine.errors import EngineError
from solver import library
from solver.errors import BudgetError, UnknownPresetError, UnsupportedPositionError
from solver.lines import line_from
from solver.presets import Plan, plan_for, solvable_variants
from solver.results import (
    IMPOSSIBLE,
    SCOPE_UNDECIDED,
    SCOPE_WINNABLE,
    UNDECIDED,
    WINNABLE,
    SolveResult,
)
from solver.stock import check_stock, default_stock_budget, is_stock_game, solve_stock

#: Iterations allowed to each fc-solve search when the caller gives none.
DEFAULT_BUDGET = 200_000
#: The most a single search may be given (about 15 s and 3.7 GB of states).
MAX_BUDGET = 5_000_000


def solve(
    position: Position, *, budget: int | None = None, preset: str | None = None,
    seconds: float | None = None,
) -> SolveResult:
    """Decide ``position`` in its own variant (``position.variant``).

    The variant's fast presets run first, then the complete scan; each search
    may use up to ``budget`` iterations (default ``DEFAULT_BUDGET``). ``preset``
    replaces the fast presets by one fc-solve preset (``"complete"`` runs only
    the complete scan). A winning line is returned only after the engine has
    replayed it to a win; ``impossible`` only when the complete scan ran out.

    Klondike and Spider positions go to their own searches (``stock.py``):
    ``budget`` counts positions there (default ``default_stock_budget``: Klondike's
    ``DEFAULT_STOCK_BUDGET``; Spider's so large that its seconds end it) and
    ``seconds`` caps a Spider or mid-game Klondike search.

    >>> from engine import deal
    >>> result = solve(deal("freecell", 1), budget=50_000)
    >>> result.status, len(result.moves), result.preset
    ('winnable', 115, 'lg')
    """
    if is_stock_game(position):
        if preset is not None:
            raise UnknownPresetError(f"presets are fc-solve's; {position.variant} has none")
        limit = check_budget(budget, default_stock_budget(position.variant))
        return solve_stock(check_stock(position), budget=limit, seconds=seconds)
    limit = check_budget(budget)
    plan = plan_for_position(position)
    return run_scans(position, plan, plan.scans(preset), limit)


class Allowance:
    """What every search of one call may spend together: iterations and wall time.
    A search is cut to the iterations left; none starts once either is spent.

    >>> allowance = Allowance(iterations=1000, seconds=60)
    >>> allowance.cap(600), allowance.spend(600), allowance.cap(600), allowance.spent
    (600, None, 400, False)
    >>> allowance.spend(400); allowance.spent
    True
    """

    def __init__(self, *, iterations: int, seconds: float) -> None:
        self.left = iterations
        self.deadline = time.monotonic() + seconds

    @property
    def out_of_time(self) -> bool:
        return time.monotonic() >= self.deadline

    @property
    def spent(self) -> bool:
        return self.left <= 0 or self.out_of_time

    def cap(self, limit: int) -> int:
        return max(0, min(limit, self.left))

    def spend(self, iterations: int) -> None:
        self.left -= iterations


def run_scans(
    position: Position, plan: Plan, scans, limit: int, allowance: Allowance | None = None
) -> SolveResult:
    """Run ``scans`` in order on ``position`` until one gives a verdict. Once a
    fast preset runs out or hits its limit, the other fast presets are skipped
    (complete scans still run); a line the engine refuses is dropped and the
    next search runs. Only a complete scan that runs out proves impossibility.
    With an ``allowance``, no search starts once it is spent (``undecided``)."""
    board = to_board(position)
    started = time.perf_counter()
    iterations, rejected, last, skip_fast = 0, [], "", False
    for scan in scans:
        if skip_fast and not scan.complete:
            continue
        cap = plan.limit(scan, limit)
        if allowance is not None:
            if allowance.spent:
                break
            cap = allowance.cap(cap)
        last = scan.name
        run = library.run(plan.args(scan), board, cap)
        iterations += run.iterations
        if allowance is not None:
            allowance.spend(run.iterations)
        if run.solved:
            line = line_from(position, run.moves)
            if line is not None:
                return _result(WINNABLE, line, iterations, started, last, SCOPE_WINNABLE, rejected)
            rejected.append(last)  # never shown: try the next search
        elif scan.complete and run.exhausted:
            return _result(IMPOSSIBLE, (), iterations, started, last, plan.scope, rejected)
        elif not scan.complete:
            skip_fast = True
    return _result(UNDECIDED, (), iterations, started, last, SCOPE_UNDECIDED, rejected)


def _result(status, line, iterations, started, preset, scope, rejected) -> SolveResult:
    return SolveResult(
        status=status,
        moves=tuple(line),
        iterations=iterations,
        seconds=time.perf_counter() - started,
        preset=preset,
        scope=scope,
        rejected=tuple(rejected),
    )


def warm_up(variants: tuple[str, ...] | None = None, *, par: bool = False) -> float:
    """Load the presets that ``variants`` (default: all) use into this thread's
    solver objects, so that the first hint or deal does not pay 40-90 ms per
    preset; ``par`` adds the par portfolios. Returns the seconds it took.
    Call it from a worker's start-up hook, in the thread that will solve.

    >>> warm_up(("freecell",)) >= 0
    True
    """
    started = time.perf_counter()
    fcs_variants = solvable_variants()
    for variant in variants or fcs_variants:
        if variant not in fcs_variants:
            continue  # Klondike-Solver and our own searches load nothing ahead
        plan = plan_for(variant)
        for scan in (*plan.scans(), *(plan.par if par else ())):
            library.preload(plan.args(scan))
    return time.perf_counter() - started


def check_budget(budget: int | None, default: int = DEFAULT_BUDGET) -> int:
    """The iteration limit of each search: ``budget``, or ``default`` when ``None``.

    >>> check_budget(None), check_budget(1000)
    (200000, 1000)
    """
    if budget is None:
        return default
    if type(budget) is not int or not 1 <= budget <= MAX_BUDGET:
        raise BudgetError(f"a budget is a whole number of iterations from 1 to {MAX_BUDGET:,}")
    return budget


def plan_for_position(position: Position) -> Plan:
    """The plan of ``position``'s variant, once the position is known to be well formed."""
    if not isinstance(position, Position):  # fc-solve plays the FreeCell family's positions only
        raise UnsupportedPositionError(f"expected an engine Position, not {position.__class__.__name__}")
    plan = plan_for(position.variant)
    try:
        check_position(position)
    except EngineError as error:
        raise UnsupportedPositionError(str(error)) from error
    return plan
