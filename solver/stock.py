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

import ctypes
import dataclasses
import logging
import os
import threading
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

logger = logging.getLogger(__name__)

#: What an exhausted minimal search of Klondike-Solver proves: every line of
#: its move set, which leaves out a few moves it deems useless (a partial run
#: moved unless it frees a card for a foundation; foundation returns below
#: the lowest foundation + 2).
SCOPE_KSOLVE = "no winning line in Klondike-Solver's exhaustive search"
#: What ``klondike_blocked`` proves: no line at all, whatever is played (it reasons
#: about a game that allows more than Klondike does).
SCOPE_BLOCKED = "no winning line exists: a card can never be uncovered, whatever is played"
#: What an exhausted depth-first search (``klondike_dfs.c``) proves: every line of its move
#: set, which leaves out a King run moved whole from one empty column to another and the
#: return of a card no column card could take (the C file's notes). In Draw 1 it plays a talon
#: card onto a column only to cover it at once, which loses no win (``flags=8``, the C file).
SCOPE_DFS = "no winning line in our exhaustive search"
#: The same search exhausted on the deal played as Draw 1: Draw 1 can turn any Draw 3
#: line's cards one at a time, so a deal lost in Draw 1 is lost in Draw 3.
SCOPE_DFS_DRAW1 = "no winning line even in Draw 1, in our exhaustive search"

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
#: A deal's full verdict (``minimal``) also runs our compiled depth-first searches, on a
#: second thread beside Klondike-Solver, when there are two cores (the same setting as
#: ``SPIDER_THREADS``; ``SPIDER_SEARCH_THREADS=1`` turns it off): the narrow one
#: (``KLONDIKE_DFS_NARROW_FLAGS``, at most ``KLONDIKE_DFS_NARROW_SECONDS``) for a win, then the
#: exhaustive one for a proof or a win (a Draw 3 deal: first played as Draw 1, then as dealt).
#: They end ``KLONDIKE_DEAL_SECONDS`` after the verdict started (wall time), or as soon as
#: Klondike-Solver decides the deal.
KLONDIKE_DEAL_HELPER = SPIDER_THREADS > 1
KLONDIKE_DEAL_SECONDS = 9.5
#: The narrow search's CPU seconds by draw count. In Draw 3 it runs on Klondike-Solver's side,
#: after its fast searches and before its narrow one, so that the exhaustive searches have
#: the second core from the start (the deal played as Draw 1, whose wins do not count, then as dealt).
KLONDIKE_DFS_NARROW_SECONDS = {1: 2.0, 3: 3.5}
#: In Draw 3, the wall-clock seconds before the verdict's limit at which our narrow search, run
#: before Klondike-Solver's narrow one on the same thread, ends at the latest, and under which
#: that search does not start: it cannot be stopped, takes 1-3 s of a core, and shares the
#: cores with our exhaustive searches (so its CPU seconds and ours stretch). A verdict that
#: waited for it took up to 11.4 s.
KLONDIKE_KSOLVE_NARROW_RESERVE = 4.0
#: The narrow search's move set by draw count: ``flags`` 3 (runs split only to send the card
#: beneath home, no returns), and in Draw 1 also 8 (a talon card goes onto a column only
#: when the next move covers it: ``klondike_dfs.c``; the C file ignores it in Draw 3).
KLONDIKE_DFS_NARROW_FLAGS = {1: 11, 3: 3}
#: The exhaustive search's flags, each of which keeps the proof: a talon card played onto a
#: column only when the next move covers it (8: Draw 1 only, the C file ignores it in Draw 3),
#: a part of a run moved off a card only when the next move uses that card (16), a column
#: emptied only when a King fills it next (32), and in Draw 3 a position passed by when the turns
#: reach it from one met already (64: fewer cards turned; the C file ignores it in Draw 1).
KLONDIKE_DFS_FULL_FLAGS = (klondike_native.DEFER_TALON | klondike_native.DEFER_PARTIAL
                           | klondike_native.DEFER_EMPTIED | klondike_native.PASS_TURNED)
#: In Draw 3, the share of the seconds left after the narrow search that the deal played as
#: Draw 1 may take; the deal itself, as Draw 3, gets the rest (all of it when Draw 1 wins).
KLONDIKE_DFS_DRAW1_SHARE = 0.75
#: Positions the depth-first searches may close: more than they close in those seconds
#: (1,000,000-1,500,000 a second per thread here, the exhaustive search on two threads: a
#: verdict's closed about 21,000,000 at most in December 2026); the table is 256 MB (8 bytes
#: a slot, in 2 MB pages where the system grants them, a quarter or more of the slots left free).
KLONDIKE_DFS_STATES = 24_000_000
#: The narrow search's: it runs 3.5 s at most, on one thread (a table of 128 MB).
KLONDIKE_DFS_NARROW_STATES = 10_000_000
#: Threads of the exhaustive search of a deal's verdict (one table of positions shared:
#: ``klondike_native.run_parallel``): the cores, at most 2.
KLONDIKE_DFS_THREADS = SPIDER_THREADS
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
        return _klondike_deal(position, budget, started, minimal, seconds)
    return _klondike_search(position, budget, seconds, started, quick=not minimal)


def is_starting_deal(position: StockPosition) -> bool:
    """A Klondike position as dealt: nothing turned, played or uncovered."""
    return (not position.waste and not any(position.foundations)
            and position.face_down == tuple(range(len(position.columns)))
            and all(len(c) == i + 1 for i, c in enumerate(position.columns)))


def _klondike_deal(position, budget, started, minimal, seconds=None) -> SolveResult:
    """A deal as dealt. Klondike-Solver's fast searches run first, as they always did, and
    their answer is the verdict whenever they win (the same line every run). With
    ``minimal``, our depth-first searches (``_DealSearches``) start beside them on the
    second core; once the fast searches have not won, the narrow one runs on a thread of
    its own (in Draw 3 after our narrow search), and the first of the two sides to decide
    the deal answers. Klondike-Solver's minimal search runs only without our side (its
    proofs were of deals ours closes as fast; ours has both cores: ``KLONDIKE_DFS_THREADS``).
    Our side is stopped at the wall-clock limit.
    Klondike-Solver cannot be stopped inside a search: when our side answers first, its
    running search ends in the background (one stage at most: seconds of one core) and
    the stages after it are not started. ``seconds``: the caller's limit for our searches
    (a worker's task: ``STOCK_TASK_SECONDS``), at most ``KLONDIKE_DEAL_SECONDS``."""
    if klondike_blocked.blocked(position) is not None:  # a proof in about a millisecond, no search
        return _result(IMPOSSIBLE, (), 0, started, "klondike-blocked", SCOPE_BLOCKED, [])
    fast = min(budget, KLONDIKE_FAST_CAP)
    stages = dict.fromkeys(states for states in (*KLONDIKE_FAST_STAGES, fast) if states <= fast)
    fast_runs = [("ksolve-fast", False, states, (0, 0)) for states in stages]
    slow_runs = [("ksolve-narrow", False, min(budget, KLONDIKE_NARROW_CAP), KLONDIKE_NARROW_SHIFTS),
                 ("ksolve-minimal", True, budget, (0, 0))] if minimal else []
    decided = threading.Event()  # set by either side when it decides the deal or ends
    ours = None
    limit = KLONDIKE_DEAL_SECONDS if seconds is None else min(seconds, KLONDIKE_DEAL_SECONDS)
    if minimal and KLONDIKE_DEAL_HELPER and klondike_native.available():
        draw = get_ruleset(position.variant).draw_count
        ours = _DealSearches(position, started + limit, decided, narrow=draw == 1)
        ours.start()
        # Klondike-Solver's minimal search is left out: its proofs were of deals our exhaustive
        # search (both cores once the narrow searches end) closes as fast, and it cannot be stopped
        slow_runs = slow_runs[:1]
        if draw == 3:  # our narrow search before Klondike-Solver's, on this side
            slow_runs = [("klondike-dfs-narrow", False, KLONDIKE_DFS_NARROW_STATES, (0, 0)), *slow_runs]
    theirs = _KsolveStages(position, fast_runs, decided, deadline=started + limit)
    try:
        theirs.run()  # the fast stages, on this thread
        if theirs.answer is not None or not slow_runs:
            return theirs.result(started)
        if ours is not None and ours.answer is not None:
            return ours.result(started, theirs)
        theirs = _KsolveStages(position, slow_runs, decided, before=theirs, deadline=started + limit)
        theirs.start()
        while True:
            decided.wait(0.05)
            decided.clear()
            if ours is not None and time.perf_counter() > started + limit:
                ours.stop.value = 1  # its seconds are CPU seconds: a busy machine stretches them
            if theirs.answer is not None:
                return theirs.result(started, ours)
            if ours is not None and ours.answer is not None:
                return ours.result(started, theirs)
            if not theirs.is_alive() and (ours is None or not ours.is_alive()):
                return theirs.result(started, ours)
    finally:
        for side in (ours, theirs):
            if side is not None:
                side.stop.value = 1
        if ours is not None:
            ours.join()  # stops within milliseconds (the stop flag)


class _KsolveStages(threading.Thread):
    """Klondike-Solver's searches in turn, each until it decides the deal; on a thread of
    their own or run in place (``run()``). ``stop`` keeps the next stage from starting."""

    def __init__(self, position, runs, decided: threading.Event, before: _KsolveStages | None = None,
                 deadline: float | None = None):
        super().__init__(name="klondike-deal-ksolve", daemon=True)
        self.position, self.runs, self.decided, self.deadline = position, runs, decided, deadline
        self.stop = ctypes.c_int(0)
        self.answer: tuple | None = None
        self.states = before.states if before else 0
        self.rejected: list[str] = list(before.rejected) if before else []
        self.last = runs[-1][0]

    def run(self) -> None:
        try:
            self._stages()
        finally:
            self.decided.set()

    def _stages(self) -> None:
        draw = get_ruleset(self.position.variant).draw_count
        layout = to_layout(self.position)
        for name, exhaustive, states, shifts in self.runs:
            if self.stop.value:
                return
            if (name == "ksolve-narrow" and self.deadline is not None
                    and self.deadline - time.perf_counter() < KLONDIKE_KSOLVE_NARROW_RESERVE / 2):
                continue  # it would answer after the verdict's limit
            if name == "klondike-dfs-narrow":  # ours, between Klondike-Solver's stages (Draw 3)
                if self._narrow(draw, states):
                    return
                continue
            run = ksolve.run(layout, draw, states, minimal=exhaustive, shifts=shifts)
            self.states += run.states
            if run.outcome == ksolve.SOLVED:
                line = verified(self.position, run.line)
                if line is not None:
                    self.answer = (WINNABLE, line, name, SCOPE_WINNABLE)
                    return
                if name not in self.rejected:
                    self.rejected.append(name)
            elif run.outcome == ksolve.EXHAUSTED:
                self.answer = (IMPOSSIBLE, (), name, SCOPE_KSOLVE)
                return

    def _narrow(self, draw, states) -> bool:
        """Our narrow search, ended (wall clock) in time for Klondike-Solver's narrow one."""
        seconds = KLONDIKE_DFS_NARROW_SECONDS[draw]
        wall = seconds
        if self.deadline is not None:
            wall = self.deadline - KLONDIKE_KSOLVE_NARROW_RESERVE - time.perf_counter()
            seconds = min(seconds, wall)
        if seconds <= 0:
            return False
        end = ctypes.c_int(0)
        timer = threading.Timer(wall, lambda: setattr(end, "value", 1))
        timer.daemon = True
        timer.start()
        try:
            run = klondike_native.run(self.position, states=states, flags=KLONDIKE_DFS_NARROW_FLAGS[draw],
                                      stop=self.stop, seconds=seconds, end=end)
        finally:
            timer.cancel()
        self.states += run.states
        line = verified(self.position, run.line) if run.outcome == klondike_native.SOLVED else None
        if line is not None:
            self.answer = (WINNABLE, line, "klondike-dfs-narrow", SCOPE_WINNABLE)
        return line is not None

    def result(self, started, other=None) -> SolveResult:
        states = self.states + (other.states if other is not None else 0)
        if self.answer is None:
            return _result(UNDECIDED, (), states, started, self.last, SCOPE_UNDECIDED, self.rejected)
        status, line, name, scope = self.answer
        return _result(status, line, states, started, name, scope, self.rejected)


class _DealSearches(threading.Thread):
    """A deal's depth-first searches on their own thread (the compiled search releases the
    GIL): ``answer`` is ``(status, line, preset, scope)`` once one decides the deal; ``stop``
    ends them early. A failure of theirs leaves the verdict to Klondike-Solver, logged."""

    def __init__(self, position, deadline: float, decided: threading.Event, narrow: bool = True) -> None:
        super().__init__(name="klondike-deal-dfs", daemon=True)
        self.position, self.deadline, self.decided, self.narrow = position, deadline, decided, narrow
        self.stop = ctypes.c_int(0)
        self.answer: tuple | None = None
        self.states = 0

    def _left(self) -> float:
        return self.deadline - time.perf_counter()

    def run(self) -> None:
        try:
            self._search()
        except Exception:  # noqa: BLE001 - Klondike-Solver's side still answers
            logger.exception("Klondike depth-first searches failed on a deal")
        finally:
            self.decided.set()

    def result(self, started, other) -> SolveResult:
        status, line, name, scope = self.answer
        return _result(status, line, self.states + other.states, started, name, scope, other.rejected)

    def _search(self) -> None:
        position = self.position
        draw = get_ruleset(position.variant).draw_count
        if self.narrow:
            narrow = klondike_native.run(position, states=KLONDIKE_DFS_NARROW_STATES, stop=self.stop,
                                         flags=KLONDIKE_DFS_NARROW_FLAGS[draw],
                                         seconds=min(KLONDIKE_DFS_NARROW_SECONDS[draw], self._left()))
            self.states += narrow.states
            if narrow.outcome == klondike_native.SOLVED and self._won(narrow.line, "klondike-dfs-narrow"):
                return
            if self.stop.value or self._left() <= 0:
                return
        if draw == 1:
            full = self._full(position, self._left())
            if full.outcome == klondike_native.EXHAUSTED:
                self.answer = (IMPOSSIBLE, (), "klondike-dfs", SCOPE_DFS)
            elif full.outcome == klondike_native.SOLVED:
                self._won(full.line, "klondike-dfs")
            return
        # Draw 3: first the deal played as Draw 1 (a loss there is a loss here), with part of
        # the time; when Draw 1 wins it or is left unfinished, the deal itself as Draw 3.
        played = dataclasses.replace(position, variant="klondike-draw1")
        full = self._full(played, self._left() * KLONDIKE_DFS_DRAW1_SHARE)
        if full.outcome == klondike_native.EXHAUSTED:
            self.answer = (IMPOSSIBLE, (), "klondike-dfs", SCOPE_DFS_DRAW1)
            return
        if self.stop.value or self._left() <= 0:
            return
        full = self._full(position, self._left())
        if full.outcome == klondike_native.EXHAUSTED:
            self.answer = (IMPOSSIBLE, (), "klondike-dfs", SCOPE_DFS)
        elif full.outcome == klondike_native.SOLVED:
            self._won(full.line, "klondike-dfs")

    def _full(self, played, seconds: float):
        """The exhaustive search (talon cards deferred until covered in Draw 1: ``flags=8``), on
        ``KLONDIKE_DFS_THREADS`` threads sharing its table."""
        full = klondike_native.run_parallel(played, states=KLONDIKE_DFS_STATES, flags=KLONDIKE_DFS_FULL_FLAGS,
                                            stop=self.stop, seconds=seconds, threads=KLONDIKE_DFS_THREADS)
        self.states += full.states
        return full

    def _won(self, line, name) -> bool:
        line = verified(self.position, line)
        if line is None:
            return False
        self.answer = (WINNABLE, line, name, SCOPE_WINNABLE)
        return True


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


def solve_stock_stage(position: StockPosition, *, seconds: float, first: int = 0,
                      budget: int | None = None) -> tuple[SolveResult, int | None]:
    """A search of ``seconds`` from ``position`` that a later one may go on from:
    ``(result, resume)``, where ``resume`` is what to pass as ``first`` to the next
    stage (``None``: nothing is left to try, or the family's search cannot be resumed).

    Spider: the attempts of ``spider_search.attempts()`` from ``first`` on, on every
    core (``SPIDER_THREADS``); stages one after the other try what one search of their
    seconds together would. Klondike: one search of ``seconds`` (a deal as dealt: its
    whole verdict), never resumed."""
    started = time.perf_counter()
    if family_of(position.variant) is not SPIDER:
        return solve_stock(position, budget=budget or KLONDIKE_DFS_STATES, seconds=seconds,
                           minimal=is_starting_deal(position)), None
    columns, rows = spider_columns(position)
    found = spider_search.search(columns, rows, states=budget or SPIDER_DEFAULT_BUDGET, seconds=seconds,
                                 threads=SPIDER_THREADS, first=first)
    moves = None if found.moves is None else spider_notation(columns, rows, found.moves)
    done = found.moves is not None or found.resume >= len(spider_search.attempts())
    resume = None if done else found.resume
    return _from_search(position, moves, found.states, started, "spider-beam"), resume


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
