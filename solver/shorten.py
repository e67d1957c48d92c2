"""Making a winning line shorter: a search of our own over the engine's moves.

A solver's line wanders: a card parked in a cell and taken back, a column
emptied one way when another was shorter, two moves where one group move does.
``shorten`` looks, from each position along the line, at every position the
engine's legal moves reach within ``depth`` moves (breadth first), and when one
of them is a *later* position of the line reached in fewer moves than the line
takes to get there, the line takes that shortcut. Sweeps run along the whole
line at depth 1, 2, ... up to ``depth``, each depth again until a sweep finds
nothing (a fixed point), within a budget of positions visited.

Positions match as the game sees them, not as they are written: in the
FreeCell family two positions that differ only in which cell holds which card,
or in the order of the columns, are the same position (every column and every
cell plays alike), and the rest of the line is renamed to the columns and cells
of the shortcut's end (``_FreeCellKeys``). Klondike and Spider positions match
only when equal (a Spider row deals onto the columns in order). The server
knows every card, so a shortcut may use a card the player has not seen yet:
that is fine for par, the shortest line known, never for a hint.

Each move is counted as the engine counts it (one per move of the line; a group
move is one), every line returned is the engine's canonical form and replays to
a win (``ShortenResult.line``; a candidate that does not replay is dropped), and
it is never longer than the line given. Deterministic: the same line, depth and
``budget`` give the same result; ``seconds`` is a safety cap only (a result cut
by it says so in ``complete``).

>>> from engine import deal
>>> import solver
>>> start = deal("freecell", 1)
>>> line = solver.solve(start, preset="lg").moves
>>> result = shorten(start, line, depth=1, budget=50_000)
>>> len(result.line) < len(line), replay(start, result.line).won
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from engine import CELL, COLUMN, EngineError, Move, apply_move, format_move, legal_moves, replay
from engine.canonical import canonical_suffix
from engine.families import family_of
from engine.families.freecell import FREECELL, parse_move

#: Positions a call may visit by default (15-40 µs each in the engine on these cores).
DEFAULT_SHORTEN_BUDGET = 400_000
DEFAULT_SHORTEN_DEPTH = 3


@dataclass(frozen=True, slots=True)
class ShortenResult:
    """``line``: the shortest line found (the given one when nothing shorter was);
    ``visited``: positions generated; ``depth``: the deepest sweep that ran to its
    end; ``complete``: every sweep ran to its fixed point within the budget and
    seconds; ``shortcuts``: how many were taken."""

    line: tuple[str, ...]
    visited: int
    depth: int
    complete: bool
    shortcuts: int
    seconds: float


class _Budget(Exception):
    """The positions or the seconds ran out."""


class _ExactKeys:
    """Positions match when equal (Klondike, Spider)."""

    @staticmethod
    def key(position):
        return position

    @staticmethod
    def rename(reached, target, moves: Sequence[str]) -> tuple[str, ...] | None:
        return tuple(moves) if reached == target else None


class _FreeCellKeys:
    """FreeCell family: the key forgets the order of the cells and of the columns."""

    @staticmethod
    def key(position):
        cells = tuple(sorted(card.code for card in position.cells if card is not None))
        columns = tuple(sorted(tuple(card.code for card in column) for column in position.columns))
        return position.foundations, cells, columns

    @staticmethod
    def rename(reached, target, moves: Sequence[str]) -> tuple[str, ...] | None:
        """``moves`` (played from ``target``) renamed to be played from ``reached``,
        a position with the same key: column and cell indexes follow the cards."""
        columns = _pairing([tuple(c) for c in target.columns], [tuple(c) for c in reached.columns])
        cells = _pairing(list(target.cells), list(reached.cells))
        if columns is None or cells is None:
            return None
        out = []
        for text in moves:
            try:
                move = parse_move(text)
            except EngineError:
                return None
            out.append(format_move(_renamed(move, columns, cells)))
        return tuple(out)


def _pairing(old: list, new: list) -> list[int] | None:
    """Index in ``new`` of each pile of ``old`` holding the same cards (empty piles
    are paired in order); ``None`` when the contents differ."""
    where: dict = {}
    empties = []
    for index, pile in enumerate(new):
        if pile:
            where[pile] = index
        else:
            empties.append(index)
    out = []
    for pile in old:
        if pile:
            if pile not in where:
                return None
            out.append(where[pile])
        elif empties:
            out.append(empties.pop(0))
        else:
            return None
    return out


def _renamed(move: Move, columns: list[int], cells: list[int]) -> Move:
    def index(kind, i):
        return columns[i] if kind == COLUMN else cells[i] if kind == CELL else i

    return replace(move, source_index=index(move.source, move.source_index),
                   destination_index=index(move.destination, move.destination_index))


def _keys_for(position):
    return _FreeCellKeys if family_of(position.variant) is FREECELL else _ExactKeys


def shorten(start, line: Sequence[str], *, depth: int = DEFAULT_SHORTEN_DEPTH,
            budget: int = DEFAULT_SHORTEN_BUDGET, seconds: float | None = None) -> ShortenResult:
    """The shortest line found from ``start`` by taking shortcuts off ``line`` (a
    winning line; ``ValueError`` if it is not one); see the module notes."""
    started = time.perf_counter()
    best = canonical_suffix(start, line)
    if best is None or not replay(start, best).won:
        raise ValueError("shorten needs a line that wins from start")
    keys = _keys_for(start)
    deadline = None if seconds is None else started + seconds
    state = _Search(keys, budget, deadline)
    reached_depth, taken, complete = 0, 0, True
    try:
        for level in range(1, depth + 1):
            while True:
                shorter, found = _sweep(start, best, level, state)
                taken += found
                if not found:
                    break
                best = shorter
            reached_depth = level
    except _Budget:
        complete = False
    return ShortenResult(best, state.visited, reached_depth, complete, taken,
                         time.perf_counter() - started)


class _Search:
    def __init__(self, keys, budget: int, deadline: float | None) -> None:
        self.keys = keys
        self.left = budget
        self.visited = 0
        self.deadline = deadline

    def children(self, position):
        if self.left <= 0 or (self.deadline is not None and time.perf_counter() > self.deadline):
            raise _Budget
        moves = legal_moves(position)
        self.left -= len(moves)
        self.visited += len(moves)
        for move in moves:
            yield move, apply_move(position, move)


def _positions(start, line):
    out = [start]
    for move in line:
        out.append(apply_move(out[-1], move))
    return out


def _sweep(start, line: tuple[str, ...], depth: int, state: _Search) -> tuple[tuple[str, ...], int]:
    """One pass along ``line``: from each position, the best shortcut within
    ``depth`` moves, taken at once. Returns the new line and how many were taken."""
    keys = state.keys
    positions = _positions(start, line)
    latest = _latest(positions, keys.key)
    taken = 0
    i = 0
    while i < len(line):
        found = _shortcut(positions[i], i, latest, depth, state)
        if found is None:
            i += 1
            continue
        path, reached, j = found
        tail = keys.rename(reached, positions[j], line[j:])
        candidate = None if tail is None else _verified(positions[i], path + tail)
        if candidate is None:
            i += 1
            continue
        line = line[:i] + candidate
        positions = positions[:i + 1] + _positions(positions[i], candidate)[1:]
        latest = _latest(positions, keys.key)
        taken += 1
        i += max(len(path), 1)
    return line, taken


def _latest(positions, key: Callable) -> dict:
    return {key(p): index for index, p in enumerate(positions)}


def _shortcut(position, i: int, latest: dict, depth: int, state: _Search):
    """``(moves, position reached, j)``: a path of at most ``depth`` moves from
    ``position`` (the line's ``i``-th) to one with the key of the line's ``j``-th
    that saves the most moves, or None."""
    keys = state.keys
    here = keys.key(position)
    j = latest[here]
    if j > i:  # the line comes back here later: cut the loop out
        return (), position, j
    best, best_saving = None, 0
    frontier = [(position, ())]
    seen = {here}
    for k in range(1, depth + 1):
        following = []
        for node, path in frontier:
            for move, child in state.children(node):
                key = keys.key(child)
                if key in seen:
                    continue
                seen.add(key)
                steps = path + (move,)
                j = latest.get(key)
                if j is not None and j - i - k > best_saving:
                    best, best_saving = (tuple(format_move(m) for m in steps), child, j), j - i - k
                if k < depth:
                    following.append((child, steps))
        frontier = following
    return best


def _verified(position, moves: Sequence[str]) -> tuple[str, ...] | None:
    line = canonical_suffix(position, moves)
    return line if line is not None and replay(position, line).won else None



@dataclass(frozen=True, slots=True)
class Resolved:
    """What ``resolve_suffixes`` found: ``line`` (never longer than the one given),
    ``used``: the searches whose suffix is in it, in the order taken; ``next_index``:
    the position to go on from in a later call (``None``: the whole line was scanned);
    ``solves``: searches run."""

    line: tuple[str, ...]
    used: tuple[str, ...]
    next_index: int | None
    solves: int
    seconds: float


#: A search from a position: its name and a function giving a line that wins from
#: the position (any notation the engine reads), or ``None``.
Search = tuple[str, Callable]


def resolve_suffixes(start, line: Sequence[str], searches: Sequence[Search], *, first: int = 1,
                     step: int = 1, solves: int | None = None, seconds: float | None = None) -> Resolved:
    """Search again from positions ``first``, ``first + step``, ... of ``line`` with each
    of ``searches``, and wherever one wins in fewer moves than the rest of the line,
    keep its line from there (checked by the engine) and go on along the new line.

    A search started from a later position of a line is a different search: a
    solver's line from the deal is rarely its shortest from the positions it passes.
    The scan never looks back: what was searched before an index does not depend on
    the line after it. Deterministic when the searches are (fc-solve's are, for a
    fixed iteration limit); ``solves`` bounds the searches run, ``seconds`` is a cap
    (the next call goes on from ``next_index``)."""
    started = time.perf_counter()
    best = canonical_suffix(start, line)
    if best is None or not replay(start, best).won:
        raise ValueError("resolve_suffixes needs a line that wins from start")
    positions = _positions(start, best)
    used: list[str] = []
    run = 0
    index = max(first, 0)
    while index < len(best) - 1:
        out_of_time = seconds is not None and time.perf_counter() - started > seconds
        if run and (out_of_time or (solves is not None and run >= solves)):  # one position at least
            return Resolved(best, tuple(used), index, run, time.perf_counter() - started)
        here = positions[index]
        for name, search in searches:
            run += 1
            found = search(here)
            suffix = None if found is None else _verified(here, found)
            if suffix is not None and len(suffix) < len(best) - index:
                best = best[:index] + suffix
                positions = positions[:index + 1] + _positions(here, suffix)[1:]
                used.append(name)
        index += step
    return Resolved(best, tuple(used), None, run, time.perf_counter() - started)
