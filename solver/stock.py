"""Solving the games with a stock and face-down cards (Klondike, Spider):
the searches' lines in our notation, replayed by the engine before anyone
sees them.

- Klondike from its starting deal: first a proof without a search
  (``klondike_blocked.py``: a card that can never be uncovered, whatever is
  played), then Klondike-Solver (``ksolve.py``): its fast search, then its
  minimal (A*) search, whose exhaustion is the other ``impossible`` we report;
  each with its scope. Mid-game positions (hints, verdicts):
  our own bounded searches (``klondike_search.py``, best-first; ``klondike_native``,
  depth-first, compiled).
- Spider: our beam search (``spider_search.py``); it never proves a loss.

Budgets count positions (Klondike-Solver's closed states, our searches'
visited positions); Spider also stops at a time limit.

>>> from engine import deal
>>> solve_stock(deal("spider-1suit", 3), budget=100_000).status
'winnable'
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence

from engine import VARIANTS, EngineError, StockPosition, family_of, get_ruleset, replay, to_layout
from engine.canonical import canonical_suffix
from engine.families.klondike import KLONDIKE
from engine.families.spider import SPIDER
from solver import klondike_blocked, klondike_native, klondike_search, ksolve, spider_search
from solver.errors import UnsupportedPositionError
from solver.results import (
    IMPOSSIBLE,
    SCOPE_UNDECIDED,
    SCOPE_WINNABLE,
    UNDECIDED,
    WINNABLE,
    ParResult,
    SolveResult,
)

#: What an exhausted minimal search of Klondike-Solver proves: every line of
#: its move set, which leaves out a few moves it deems useless (a partial run
#: moved unless it frees a card for a foundation; foundation returns below
#: the lowest foundation + 2).
SCOPE_KSOLVE = "no winning line in Klondike-Solver's exhaustive search"
#: What ``klondike_blocked`` proves: no line at all, whatever is played (it reasons
#: about a game that allows more than Klondike does).
SCOPE_BLOCKED = "no winning line exists: a card can never be uncovered, whatever is played"

#: A narrower, deeper fast search tried next: it solved Draw 1 deals the first
#: one left "could not complete" (8 and 15) in a few seconds.
KLONDIKE_NARROW_CAP = 1_000_000
KLONDIKE_NARROW_SHIFTS = (2, 4)
#: Positions a search may visit when the caller gives no budget: Klondike-Solver's
#: minimal search holds them all (about 3 s per million here).
DEFAULT_STOCK_BUDGET = 1_000_000
#: Positions of a Spider search when the caller gives none: more than it visits in its
#: seconds (``SPIDER_SECONDS``, or the caller's), so that the clock ends it. Its memory is
#: that of its widest level, whatever the positions (docs/solver.md, The Spider search).
SPIDER_DEFAULT_BUDGET = 100_000_000
#: States of Klondike-Solver's fast search (about 3 s per million here);
#: past this, its minimal search is the better use of the budget.
KLONDIKE_FAST_CAP = 300_000
#: The fast search's time grows with the states it is allowed even when it finds its line
#: early, so it runs with these first and with the whole budget only when they find nothing:
#: on 80 Draw 3 numbers from 10^12 up with 75,000 states, the same 56 were won for 0.76 x the
#: CPU; 43 of the 56 lines came out the same length, 13 longer, and par (the shorter of that
#: line and the minimal search's) 0.36 moves longer on average (bench/klondike_stages.py).
KLONDIKE_FAST_STAGES = (10_000, 30_000)
#: Positions of our best-first search in a hint's mid-game Klondike search, whatever its
#: budget (the compiled depth-first search, run first, takes the whole budget): about
#: 15,000 a second here, so a larger share would only matter where there is no clock.
KLONDIKE_BEST_FIRST_HINT_CAP = 200_000
#: A hint's share of its seconds for the depth-first search, run first: within a hint's
#: 1.5 s the best-first search visits some 20,000 positions and rarely wins where 300,000
#: depth-first ones did not.
KLONDIKE_DFS_SHARE = 0.75
#: Spider attempts run at once by a verdict's or par's search (``minimal``; a hint's and a
#: pool's stay on one thread): the compiled search releases the GIL, so on two cores two
#: weight sets search side by side within the same seconds. ``SPIDER_SEARCH_THREADS`` in the
#: environment sets it (1: one attempt at a time, the same line for the same budget).
def _spider_threads() -> int:
    configured = os.environ.get("SPIDER_SEARCH_THREADS", "").strip()
    if configured:
        return max(1, int(configured))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return min(2, cores)  # the cores this process may run on (a container's cpuset), at most 2


SPIDER_THREADS = _spider_threads()
#: Seconds a Spider search may take by default, per suit count.
SPIDER_SECONDS = {1: 10.0, 2: 20.0, 4: 30.0}
_SPIDER_COLUMNS = "1234567890"


def is_stock_game(position) -> bool:
    """Whether ``position`` belongs to a variant these searches play."""
    return getattr(position, "variant", None) in STOCK_VARIANTS


def check_stock(position: StockPosition) -> StockPosition:
    """``position`` when it is a well-formed position of a variant we solve."""
    if position.variant not in STOCK_VARIANTS:
        raise UnsupportedPositionError(f"no solver plays {position.variant!r}")
    if not isinstance(position, family_of(position.variant).position_type):
        raise UnsupportedPositionError(f"not a position of {position.variant}")
    try:
        family_of(position.variant).check(position)
    except EngineError as error:
        raise UnsupportedPositionError(str(error)) from error
    return position


def solve_stock(position: StockPosition, *, budget: int, seconds: float | None = None,
                minimal: bool = True) -> SolveResult:
    """Decide a Klondike or Spider position; see the module notes."""
    started = time.perf_counter()
    search = _SEARCHES[family_of(position.variant)]
    return search(position, budget, seconds, started, minimal)


def _klondike(position, budget, seconds, started, minimal) -> SolveResult:
    if is_starting_deal(position):
        return _klondike_deal(position, budget, started, minimal)
    return _klondike_search(position, budget, seconds, started, quick=not minimal)


def is_starting_deal(position: StockPosition) -> bool:
    """A Klondike position as dealt: nothing turned, played or uncovered."""
    return (not position.waste and not any(position.foundations)
            and position.face_down == tuple(range(len(position.columns)))
            and all(len(c) == i + 1 for i, c in enumerate(position.columns)))


def _klondike_deal(position, budget, started, minimal) -> SolveResult:
    if klondike_blocked.blocked(position) is not None:  # a proof in about a millisecond, no search
        return _result(IMPOSSIBLE, (), 0, started, "klondike-blocked", SCOPE_BLOCKED, [])
    draw = get_ruleset(position.variant).draw_count
    layout = to_layout(position)
    spent, rejected = 0, []
    fast = min(budget, KLONDIKE_FAST_CAP)
    stages = dict.fromkeys(states for states in (*KLONDIKE_FAST_STAGES, fast) if states <= fast)
    runs = [("ksolve-fast", False, states, (0, 0)) for states in stages]
    if minimal:
        runs.append(("ksolve-narrow", False, min(budget, KLONDIKE_NARROW_CAP), KLONDIKE_NARROW_SHIFTS))
        runs.append(("ksolve-minimal", True, budget, (0, 0)))
    for name, exhaustive, states, shifts in runs:
        run = ksolve.run(layout, draw, states, minimal=exhaustive, shifts=shifts)
        spent += run.states
        if run.outcome == ksolve.SOLVED:
            line = verified(position, run.line)
            if line is not None:
                return _result(WINNABLE, line, spent, started, name, SCOPE_WINNABLE, rejected)
            if name not in rejected:
                rejected.append(name)
        elif run.outcome == ksolve.EXHAUSTED:
            return _result(IMPOSSIBLE, (), spent, started, name, SCOPE_KSOLVE, rejected)
    return _result(UNDECIDED, (), spent, started, runs[-1][0], SCOPE_UNDECIDED, rejected)


def _klondike_search(position, budget, seconds, started, *, quick: bool = False) -> SolveResult:
    """A mid-game position: our best-first search (short lines) and the compiled
    depth-first search (``klondike_native``: 300,000-400,000 positions a second here,
    where the best-first search visits about 15,000, so it decides far more positions
    within a hint's clock, with longer lines). ``quick`` (a hint's search, ``minimal=False``):
    the depth-first search first, with ``KLONDIKE_DFS_SHARE`` of the seconds, then the best-first one with
    at most ``KLONDIKE_BEST_FIRST_HINT_CAP`` positions. Otherwise (a verdict, par's
    refinement) the best-first search first, so its shorter lines stay the ones found,
    and the depth-first one only when it found none."""
    deadline = started + (seconds or 10.0)
    spent, rejected = 0, []
    native = klondike_native.available()
    if quick and native:
        line, states = _klondike_dfs(position, budget, (deadline - time.perf_counter()) * KLONDIKE_DFS_SHARE)
        spent += states
        if line is not None:
            return _result(WINNABLE, line, spent, started, "klondike-dfs", SCOPE_WINNABLE, rejected)
    first = min(budget, KLONDIKE_BEST_FIRST_HINT_CAP) if quick else budget
    found = klondike_search.search(position, states=first, seconds=max(0.0, deadline - time.perf_counter()))
    spent += found.states
    if found.moves is not None:
        line = verified(position, found.moves)
        if line is not None:
            return _result(WINNABLE, line, spent, started, "klondike-search", SCOPE_WINNABLE, rejected)
        rejected.append("klondike-search")
    if not quick and native and deadline > time.perf_counter():
        line, states = _klondike_dfs(position, budget, deadline - time.perf_counter())
        spent += states
        if line is not None:
            return _result(WINNABLE, line, spent, started, "klondike-dfs", SCOPE_WINNABLE, rejected)
    return _result(UNDECIDED, (), spent, started, "klondike-search", SCOPE_UNDECIDED, rejected)


def _klondike_dfs(position, budget, seconds) -> tuple[tuple[str, ...] | None, int]:
    """The compiled depth-first search's verified line (or ``None``) and the positions it closed.
    Its exhaustion is not reported: a hint or a mid-game verdict never says ``lost``."""
    if seconds <= 0:
        return None, 0
    run = klondike_native.run(position, states=budget, seconds=seconds)
    if run.outcome != klondike_native.SOLVED:
        return None, run.states
    return verified(position, run.line), run.states


def _spider(position, budget, seconds, started, minimal) -> SolveResult:
    suits = len(set(get_ruleset(position.variant).deck_suits))
    columns, rows = spider_columns(position)
    limit = SPIDER_SECONDS.get(suits, 30.0) if seconds is None else seconds
    found = spider_search.search(columns, rows, states=budget, seconds=limit,
                                 threads=SPIDER_THREADS if minimal else 1)
    moves = None if found.moves is None else spider_notation(columns, rows, found.moves)
    return _from_search(position, moves, found.states, started, "spider-beam")


def default_stock_budget(variant: str) -> int:
    """Positions a Klondike or Spider search gets when the caller gives no budget."""
    return SPIDER_DEFAULT_BUDGET if family_of(variant) is SPIDER else DEFAULT_STOCK_BUDGET


#: The search of each family these searches play.
_SEARCHES = {KLONDIKE: _klondike, SPIDER: _spider}
#: The variants these searches play.
STOCK_VARIANTS = tuple(v for v in VARIANTS if family_of(v) in _SEARCHES)


def _from_search(position, moves, states, started, name) -> SolveResult:
    if moves is not None:
        line = verified(position, moves)
        if line is not None:
            return _result(WINNABLE, line, states, started, name, SCOPE_WINNABLE, [])
        return _result(UNDECIDED, (), states, started, name, SCOPE_UNDECIDED, [name])
    return _result(UNDECIDED, (), states, started, name, SCOPE_UNDECIDED, [])


def verified(position: StockPosition, line: Sequence[str]) -> tuple[str, ...] | None:
    """``line`` in canonical form (``41v1``, never ``41``, for one card into an
    empty Spider column) when the engine replays it from ``position`` to a win,
    else ``None``."""
    result = replay(position, list(line))
    if result.error is not None or not result.won:
        return None
    return canonical_suffix(position, line)


def _result(status, line, states, started, preset, scope, rejected) -> SolveResult:
    return SolveResult(status, tuple(line), states, time.perf_counter() - started, preset, scope,
                       tuple(rejected))


def spider_columns(position: StockPosition) -> tuple[list[tuple], list[tuple]]:
    """The search's columns and stock rows (next row first) of a Spider position."""
    suits = get_ruleset(position.variant).deck_suits
    order = {suit: i for i, suit in enumerate(dict.fromkeys(suits + "CSHD"))}

    def code(card) -> int:
        return order[card.suit] * 13 + card.rank - 1

    columns = []
    for column, down in zip(position.columns, position.face_down, strict=True):
        columns.append(tuple(code(c) + (spider_search.DOWN if i < down else 0)
                             for i, c in enumerate(column)))
    stock = [code(c) for c in reversed(position.stock)]  # the top card first
    width = len(columns)
    rows = [tuple(stock[i:i + width]) for i in range(0, len(stock), width)]
    return columns, rows


def spider_notation(columns, rows, moves) -> tuple[str, ...]:
    """The search's ``(source, destination, count)`` moves in our notation:
    ``s`` for a deal, ``35`` onto a card, ``35v4`` or ``35v1`` into an empty column (the
    columns are followed through the search's own moves, run removals included)."""
    cols = tuple(tuple(c) for c in columns)
    rows = list(rows)
    out = []
    for source, target, count in moves:
        if source < 0:
            out.append("s")
            cols, _ = spider_search.deal_row(cols, rows.pop(0))
            continue
        text = _SPIDER_COLUMNS[source] + _SPIDER_COLUMNS[target]
        if not cols[target]:
            text += f"v{count:x}"
        out.append(text)
        cols, _ = spider_search.apply(cols, source, target, count)
    return tuple(out)


#: Klondike-Solver's minimal (A*) search for par: states allowed.
KLONDIKE_PAR_STATES = 1_000_000


def stock_par(position: StockPosition, *, budget: int, seconds: float | None = None,
              quick: bool = False) -> ParResult:
    """The verdict, and for a winnable Klondike deal a second, minimal search:
    par is the shortest verified line found, an upper bound on the true par
    (Klondike-Solver's "minimal" counts its own moves, not ours). ``quick``: the
    verdict from the fast search alone (a deal it does not win is left undecided:
    the narrow and exhaustive searches, which only rescue it or prove a loss, are
    not spent on it)."""
    started = time.perf_counter()
    verdict = solve_stock(position, budget=budget, seconds=seconds, minimal=not quick)
    tried = [verdict.preset, *verdict.rejected]
    best, best_preset, states = verdict.moves, verdict.preset, verdict.iterations
    solved = [verdict.preset] if verdict.status == WINNABLE else []
    if verdict.status == WINNABLE and verdict.preset == "ksolve-fast":  # Klondike-Solver plays Klondike only
        draw = get_ruleset(position.variant).draw_count
        run = ksolve.run(to_layout(position), draw, min(budget, KLONDIKE_PAR_STATES), minimal=True)
        states += run.states
        tried.append("ksolve-minimal")
        line = verified(position, run.line) if run.outcome == ksolve.SOLVED else None
        if line is not None:
            solved.append("ksolve-minimal")
        if line is not None and len(line) < len(best):
            best, best_preset = line, "ksolve-minimal"
    winnable = verdict.status == WINNABLE
    return ParResult(verdict.status, len(best) if winnable else None, best,
                     tuple(dict.fromkeys(tried)), verdict.scope, states,
                     time.perf_counter() - started, best_preset, tuple(solved))
