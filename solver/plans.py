"""One plan per game: the winning line a game's hints follow.

A plan is a whole line from the deal, in canonical notation (``41v1``, never
``41``), whose beginning is the game's log while the player follows it. A hint
is then the plan's next move. Once the log leaves the plan, a new plan is made
from the position reached: the log, then a winning line from there. Whatever
the plan, a hint never

- returns to a position already seen in the game: the inverse of the move just
  played is one (``3a`` then ``a3`` is a loop). Moving a run aside to turn a
  face-down card and then back is not: the card turned makes it a new position,
  and Klondike and Spider lines need such moves.
- takes a card back from a foundation, unless the plan's own line needs it
  (a line from a search keeps its returns; a new first move never is one).

A line from a search that breaks these rules is first shortened (a loop inside
it is cut out: the line still wins); if it still would return to a position of
the game, other first moves are tried, each followed by a search from the
position it leads to, until one gives a clean line or the hint's time is up.

>>> from engine import deal
>>> first = planned_hint(deal("freecell", 1), [])
>>> first.hint.status, first.hint.move == first.plan[0]
('move', True)
>>> planned_hint(deal("freecell", 1), [first.plan[0]], plan=first.plan).hint.move == first.plan[1]
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine import EngineError, apply_move, canonical_suffix, is_won, legal_moves, resolve_move
from solver.errors import IllegalLogError
from solver.hints import HintLimits, hint
from solver.results import MOVE, SCOPE_WINNABLE, UNDECIDED, WINNABLE, WON, HintResult
from solver.search import solve
from solver.stock import is_stock_game, solve_stock, solve_stock_stage
from solver.verdicts import MemoryVerdicts, VerdictStore

_MEMORY = MemoryVerdicts()
#: Iterations of each FreeCell-family search behind a candidate first move: a
#: candidate that leads to a lost position must not cost a whole complete scan.
DETOUR_BUDGET = 20_000


@dataclass(frozen=True, slots=True)
class PlannedHint:
    """A hint and the plan it comes from: the whole line from the deal (the log,
    then the moves still to play), canonical; ``()`` when no winning line is
    known (the hint is then ``undecided`` or ``lost``). ``replanned`` says
    whether a search made a new plan (the log had left the old one, or there
    was none)."""

    hint: HintResult
    plan: tuple[str, ...]
    replanned: bool


def planned_hint(
    start,
    log: Sequence[str],
    *,
    plan: Sequence[str] | None = None,
    fallback: Sequence[str] | None = None,
    budget: int | None = None,
    limits: HintLimits | None = None,
    verdicts: VerdictStore | None = _MEMORY,
    stock_budget: int | None = None,
) -> PlannedHint:
    """The next move of ``plan`` while ``log`` follows it, else a new plan from
    the position ``log`` reaches (see the module notes). ``budget``, ``limits``
    and ``verdicts`` are those of ``hint``; every search of the call together
    stays within ``limits.seconds``.

    ``fallback`` (the deal's stored line, say) is used only after the search:
    when it finds no clean line and the log follows ``fallback``, the plan
    becomes ``fallback``. The search runs the same whether the log is on
    ``fallback`` or not, so the answer's time does not tell."""
    started = time.perf_counter()
    limits = limits or HintLimits()
    game = _Game.of(start, log)
    if is_won(game.current):
        return PlannedHint(HintResult(WON, None, (), None, 0, 0.0), game.log, False)
    rest = game.rest_of(plan)
    if rest is not None:
        return PlannedHint(_move(rest, 0, started), (*game.log, *rest), False)
    found = hint(start, list(game.log), budget=budget, limits=limits, verdicts=verdicts,
                 stock_budget=stock_budget)
    line = None
    if found.status == MOVE:
        line = game.cleaned(found.line)
        if line is None:
            line = game.detour(found.line[0], (stock_budget or budget) if is_stock_game(start) else budget,
                               started + limits.seconds)
    if line is None and found.status in (MOVE, UNDECIDED):
        line = game.rest_of(fallback)
    if line is None and found.status == MOVE:
        # Every line found, and every other first move, goes back to a position the game has
        # been in: a Klondike stock that must be turned round to where the player already was
        # (after "73 26 s 56 s" in Draw 3 #46995889260701530859, "s" is the only legal move and
        # every line found comes round to that position). The line still wins, with its inner
        # loops cut; its first move is the hint, and the next hint plans again from there, so
        # the game goes back to a seen position only if no line from there avoids it.
        line = game.cleaned(found.line, revisit=True)
    if line is not None:
        return PlannedHint(_move(line, found.iterations, started), (*game.log, *line), True)
    if found.status != MOVE:
        return PlannedHint(found, (), True)
    return PlannedHint(HintResult(UNDECIDED, None, (), None, found.iterations,
                                  time.perf_counter() - started, found.scope), (), True)


@dataclass(frozen=True, slots=True)
class DeepPlan:
    """What a longer search behind a hint found (``deep_plan``): ``plan``, the whole
    line from the deal (the log, then a clean win), or ``()``; ``resume``, where a
    next stage would go on (``None``: nothing is left to try)."""

    plan: tuple[str, ...]
    resume: int | None
    states: int
    seconds: float


def deep_plan(start, log: Sequence[str], *, seconds: float, resume: int = 0,
              budget: int | None = None) -> DeepPlan:
    """A plan for a Klondike or Spider game whose hint found none within a hint's
    limits: one stage of a longer search from the position ``log`` reaches
    (``solve_stock_stage``: ``seconds`` on every core, going on from ``resume``),
    its line cleaned as a hint's is (inner loops cut; back to a position of the
    game only when the line cannot avoid it). A worker runs it, stage after stage,
    and keeps the plan with the game; the next hint follows it."""
    started = time.perf_counter()
    if not is_stock_game(start):
        raise ValueError(f"deep plans are for Klondike and Spider, not {getattr(start, 'variant', start)!r}")
    game = _Game.of(start, log)
    if is_won(game.current):
        return DeepPlan(game.log, None, 0, 0.0)
    result, following = solve_stock_stage(game.current, seconds=seconds, first=resume, budget=budget)
    plan: tuple[str, ...] = ()
    if result.status == WINNABLE:
        line = game.cleaned(result.moves) or game.cleaned(result.moves, revisit=True)
        if line is not None:
            plan, following = (*game.log, *line), None
    return DeepPlan(plan, following, result.iterations, time.perf_counter() - started)


def _move(line: Sequence[str], iterations: int, started: float) -> HintResult:
    return HintResult(MOVE, line[0], tuple(line), None, iterations, time.perf_counter() - started,
                      SCOPE_WINNABLE)


class _Game:
    """A game's log in canonical form, the positions it went through, and the
    checks a line from its current position must pass."""

    def __init__(self, start, log: tuple[str, ...], positions: list) -> None:
        self.start, self.log, self.positions = start, log, positions
        self.current = positions[-1]
        self.seen = set(positions)

    @classmethod
    def of(cls, start, log: Sequence[str]) -> _Game:
        if isinstance(log, str):
            raise IllegalLogError(1, "a log is a sequence of moves, not one string")
        positions, written = [start], []
        for index, move in enumerate(log, 1):
            try:
                resolved = resolve_move(positions[-1], move)
                positions.append(apply_move(positions[-1], resolved))
            except (EngineError, TypeError) as error:
                raise IllegalLogError(index, str(error)) from None
            written.append(str(resolved))
        return cls(start, tuple(written), positions)

    def rest_of(self, plan: Sequence[str] | None) -> tuple[str, ...] | None:
        """What is left of ``plan`` when the log is its beginning and the rest is
        still a clean win from here; else ``None``."""
        if not plan or len(plan) <= len(self.log):
            return None
        head = tuple(plan[:len(self.log)])
        if head != self.log and canonical_suffix(self.start, list(head)) != self.log:
            return None
        walked = self._walk(plan[len(self.log):])
        if walked is None or not is_won(walked[-1][1]):
            return None
        if any(position in self.seen for _, position in walked):
            return None
        return tuple(str(move) for move, _ in walked)

    def cleaned(self, line: Sequence[str], *, revisit: bool = False) -> tuple[str, ...] | None:
        """``line`` (a winning line from here) with its inner loops cut out, or
        ``None`` when it does not win or (unless ``revisit``) returns to a position the game has seen."""
        walked = self._walk(line)
        if not walked or not is_won(walked[-1][1]):
            return None
        kept, index = [], {self.current: 0}
        for move, after in walked:
            if after in index:  # a loop inside the line: cut it out
                del kept[index[after]:]
                index = {position: i + 1 for i, (_, position) in enumerate(kept)}
                index[self.current] = 0
                continue
            if after in self.seen and not revisit:
                return None
            kept.append((move, after))
            index[after] = len(kept)
        if not kept:
            return None
        return tuple(str(move) for move, _ in kept)

    def _walk(self, line: Sequence[str]) -> list | None:
        """``(canonical move, position after it)`` along ``line``, ``None`` when
        a move of it is illegal."""
        walked, at = [], self.current
        try:
            for move in line:
                resolved = resolve_move(at, move)
                at = apply_move(at, resolved)
                walked.append((resolved, at))
        except EngineError:
            return None
        return walked

    def detour(self, avoid: str, budget: int | None, deadline: float) -> tuple[str, ...] | None:
        """A clean winning line that starts with another first move: each candidate
        (not back to a seen position, no foundation return) followed by a search
        from where it leads."""
        candidates = self._candidates(avoid)
        for tried, move in enumerate(candidates):
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            after = apply_move(self.current, move)
            # each candidate gets a fair share of what is left, so one hard one does not take it all
            found = _search(after, budget, left / min(4, len(candidates) - tried))
            if found is None:
                continue
            line = self.cleaned((move, *found))
            if line is not None:
                return line
        return None

    def _candidates(self, avoid: str) -> list[str]:
        moves = []
        for move in legal_moves(self.current):
            text = str(move)
            if text == avoid or move.source == "foundation":
                continue
            if apply_move(self.current, move) in self.seen:
                continue
            moves.append(text)
        # foundation moves first, then the rest in the engine's order
        return sorted(moves, key=lambda text: not text.endswith("h"))


def _search(position, budget: int | None, seconds: float) -> tuple[str, ...] | None:
    """A winning line from ``position`` within ``seconds``, or ``None``."""
    if is_won(position):
        return ()
    if is_stock_game(position):
        result = solve_stock(position, budget=budget or 200_000, seconds=seconds, minimal=False)
    else:  # the fast presets settle nearly every winnable position well within this
        result = solve(position, budget=min(budget or DETOUR_BUDGET, DETOUR_BUDGET))
    return result.moves if result.status == WINNABLE else None
