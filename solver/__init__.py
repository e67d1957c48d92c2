"""The solver adapter: fc-solve (Debian's libfreecell-solver through the
``freecell_solver`` bindings) behind one entry point per question.

- ``solve(position, budget=..., preset=...)`` -> ``SolveResult``: ``winnable``
  with a line the engine has replayed to a win, ``impossible`` with the scope
  of the proof, or ``undecided``.
- ``hint(start, log, budget=...)`` -> ``HintResult``; ``planned_hint(start, log,
  plan=...)`` -> ``PlannedHint``: the hint and the game's plan it follows.
- ``solve_with_par(position, budget=...)`` -> ``ParResult``; ``refine_par(position, line,
  method)`` -> ``RefinedPar``: a shorter par line, searched for by the worker once per daily.
- ``find_winnable(variant, start_number, count, budget=...)`` for the pools,
  ``decide_deals(variant, numbers, budget=..., par=...)`` for ranges of deals.
- ``library_check()`` for the health endpoint, ``warm_up()`` for worker start-up.

>>> from engine import deal
>>> solve(deal("forecell", 2), budget=100_000).status
'winnable'
"""

from solver.errors import (
    BudgetError,
    IllegalLogError,
    LibraryError,
    SolverError,
    UnknownPresetError,
    UnsupportedPositionError,
)
from solver.hints import DEFAULT_HINT_BUDGET, DEFAULT_PROBE_BUDGET, HintLimits, hint
from solver.library import library_check
from solver.par import RefinedPar, decide_deals, find_winnable, refine_par, solve_with_par
from solver.plans import DeepPlan, PlannedHint, deep_plan, planned_hint
from solver.presets import COMPLETE, FCS_PRESETS
from solver.results import (
    IMPOSSIBLE,
    LOST,
    MOVE,
    SCOPE_NO_LINE,
    SCOPE_NO_LINE_WITHOUT_RETURNS,
    SCOPE_UNDECIDED,
    SCOPE_WINNABLE,
    UNDECIDED,
    WINNABLE,
    WON,
    HintResult,
    ParResult,
    SolveResult,
)
from solver.search import DEFAULT_BUDGET, MAX_BUDGET, solve, warm_up
from solver.stock import DEFAULT_STOCK_BUDGET, STOCK_VARIANTS

__all__ = [
    "COMPLETE", "DEFAULT_BUDGET", "DeepPlan", "DEFAULT_STOCK_BUDGET", "STOCK_VARIANTS",
    "DEFAULT_HINT_BUDGET", "DEFAULT_PROBE_BUDGET", "FCS_PRESETS", "HintLimits",
    "IMPOSSIBLE", "LOST", "MAX_BUDGET", "MOVE", "SCOPE_NO_LINE",
    "SCOPE_NO_LINE_WITHOUT_RETURNS", "SCOPE_UNDECIDED", "SCOPE_WINNABLE", "UNDECIDED",
    "WINNABLE", "WON", "BudgetError", "HintResult", "IllegalLogError", "LibraryError",
    "ParResult", "PlannedHint", "RefinedPar", "SolveResult", "SolverError", "UnknownPresetError",
    "UnsupportedPositionError",
    "decide_deals", "deep_plan", "find_winnable", "hint", "library_check", "planned_hint", "refine_par",
    "solve", "solve_with_par",
    "warm_up",
]
