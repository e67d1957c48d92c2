"""A Spider search over thoughtful positions (every card known), in its own
compact representation: the engine only verifies the line it finds.

A card is ``suit * 13 + rank`` (rank 0 = Ace .. 12 = King), a face-down card
is that plus ``DOWN``; a column is a tuple of cards from the deepest one, a
position a tuple of ten columns. The stock is dealt in rows, so a position of
one phase (rows dealt so far) is just its columns.

The search is a beam over the stock's phases: from the positions kept at the
start of a phase, a best-first search without stock deals (moves scored by
same-suit joins, cards turned up, empty columns and runs completed) visits up
to a fixed number of positions; the best ``width`` of them that may deal
(no empty column), ranked by their score before or after the row is dealt,
each deal the next row and start the next phase. After the last row the same
search looks for the eighth run. Every weight set makes an attempt at one
(width, positions) level before any set tries the next, wider one, until a
line is found or the states, the time or the levels run out: the answer is then
``None`` (undecided), never a claim that the deal is lost.

>>> cols = tuple((12 - r,) for r in range(10)) + ()
>>> len(cols)
10
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from solver import spider_native

DOWN = 64
COLUMNS = 10
RUNS = 8

#: Score weights, in this order: a removed run, a card still face down, an
#: empty column, a column with face-down cards, a same-suit join, a join of a
#: different suit, a break in a column's order; then how the positions that
#: deal are chosen (1: by their score once the row is dealt, 0: by their score
#: before it, k >= 2: once the row is dealt, the best 2 * width of them ranked
#: again by the best score a greedy line of k moves reaches from there). Each set
#: solves deals the others miss (measured on random 4-suit deals 1..60 of seed
#: 1234, the most winning first, with 1 where ``LOOK_AHEAD`` is now); every level
#: of the ``SCHEDULE`` runs them all, in this order.
#: The greedy look-ahead after a deal: a position whose dealt row the next few moves
#: put right ranks above one whose static score is higher (7 December 2026: on
#: the 100 4-suit numbers of seed 3141592653, 95 won within 30 s against 92 with 1).
LOOK_AHEAD = 16
PORTFOLIO = (
    (1000, -30, 40, 0, 25, 3, -8, LOOK_AHEAD),
    (1000, -30, 40, 0, 12, 3, -8, LOOK_AHEAD),
    (1000, -30, 40, 0, 25, 3, -8, 0),
    (1000, -50, 40, 0, 12, 3, -8, LOOK_AHEAD),
    (1000, -15, 40, 0, 12, 3, -8, LOOK_AHEAD),
    (1000, -30, 100, 0, 12, 3, -8, LOOK_AHEAD),
    (1000, -40, 80, -30, 18, 2, -12, LOOK_AHEAD),
    (1000, -30, 40, 0, 12, 3, -8, 0),
    (1000, -30, 40, 0, 50, 3, -8, LOOK_AHEAD),
    (1000, -30, 40, 0, 12, 3, -15, LOOK_AHEAD),
    (1000, -30, 40, -40, 12, 3, -8, LOOK_AHEAD),
    (1000, -30, 40, 0, 12, 3, -15, 0),
)
REMOVED, FACE_DOWN, EMPTY, COVERED, SAME, OTHER, BREAK, AFTER_DEAL = PORTFOLIO[0]

#: (beam width, positions visited per phase) of each level, widest last: a
#: round of attempts, one per weight set, at each level in turn (time-sliced,
#: so a deal one set wins cheaply is not held up by another's wide attempts).
SCHEDULE = ((4, 250), (16, 1000), (64, 4000), (150, 12000), (400, 40000), (1000, 100000),
            (2500, 250000), (5000, 500000))
_PYTHON = threading.Lock()

DEAL = (-1, -1, 0)


@dataclass(frozen=True, slots=True)
class SpiderLine:
    """What the search found: ``moves`` as ``(source, destination, count)``
    with 0-based columns (``DEAL`` for a stock deal), or ``None``. ``resume``:
    the first attempt of the plan (``attempts()``) that did not run to its end
    without a win, where a later search from the same position may start
    (``first``) to go on from this one; ``len(attempts())`` once every attempt ran."""

    moves: tuple[tuple[int, int, int], ...] | None
    states: int
    seconds: float
    resume: int = 0


_INFO: dict[tuple, tuple[int, int]] = {}


def column_info(col: tuple) -> tuple[int, int]:
    """(index where the movable same-suit run starts, the column's score)."""
    found = _INFO.get(col)
    if found is not None:
        return found
    n = len(col)
    if n == 0:
        found = (0, EMPTY)
    else:
        score = 0
        start = n - 1
        in_run = True
        for i in range(n - 1, 0, -1):
            below, above = col[i], col[i - 1]  # ``below`` lies on ``above``
            if above >= DOWN:
                score += FACE_DOWN * i + COVERED
                break
            if above == below + 1 and below % 13 != 12:
                score += SAME
                if in_run:
                    start = i - 1
                continue
            in_run = False
            score += OTHER if above % 13 == below % 13 + 1 else BREAK
        found = (start, score)
    if len(_INFO) > 400_000:
        _INFO.clear()
    _INFO[col] = found
    return found


def _turned(col: tuple) -> tuple:
    if col and col[-1] >= DOWN:
        return col[:-1] + (col[-1] - DOWN,)
    return col


def _complete(col: tuple) -> bool:
    """A same-suit King-to-Ace run at the end of ``col``."""
    return (len(col) >= 13 and col[-1] % 13 == 0 and col[-13] < DOWN and col[-13] % 13 == 12
            and column_info(col)[0] <= len(col) - 13)


def moves_of(cols: tuple) -> list[tuple[int, int, int, int]]:
    """The moves worth trying: ``(order, source, destination, count)``, lower
    order first (same-suit joins, then moves that turn a card or empty a
    column, then the rest)."""
    out = []
    empty = -1
    tops = []
    for d in range(COLUMNS):
        col = cols[d]
        if col:
            tops.append((d, col[-1]))
        elif empty < 0:
            empty = d
    for s in range(COLUMNS):
        col = cols[s]
        n = len(col)
        if not n:
            continue
        start = column_info(col)[0]
        low = col[-1] % 13
        high = col[start] % 13
        below = col[start - 1] if start else None
        reveals = below is None or below >= DOWN
        for d, card in tops:
            if d == s:
                continue
            need = card % 13 - 1
            if need < low or need > high:
                continue
            count = need - low + 1
            same = col[n - count] + 1 == card
            whole = count == n - start
            if same:
                out.append((0 if whole else 1, s, d, count))
            elif whole:
                if reveals:
                    out.append((1, s, d, count))
                elif below % 13 != card % 13:  # not a swap between equal ranks
                    out.append((3, s, d, count))
                else:
                    out.append((4, s, d, count))
        if empty >= 0:
            for k in range(max(start, 1), n):
                out.append((2 if k == start and reveals else 4, s, empty, n - k))
    out.sort()
    return out


def apply(cols: tuple, s: int, d: int, count: int) -> tuple[tuple, int]:
    """(the columns after moving ``count`` cards from ``s`` to ``d``, runs removed)."""
    new = list(cols)
    source = cols[s]
    moving = source[-count:]
    new[s] = _turned(source[:-count])
    target = cols[d] + moving
    removed = 0
    if _complete(target):
        target = _turned(target[:-13])
        removed = 1
    new[d] = target
    return tuple(new), removed


def deal_row(cols: tuple, row: Sequence[int]) -> tuple[tuple, int]:
    """(the columns after a stock deal of ``row``, runs removed)."""
    new = []
    removed = 0
    for col, card in zip(cols, row, strict=False):
        col = col + (card,)
        if _complete(col):
            col = _turned(col[:-13])
            removed += 1
        new.append(col)
    return tuple(new), removed


def score_of(cols: tuple, removed: int) -> int:
    return removed * REMOVED + sum(column_info(col)[1] for col in cols)


class _Budget:
    def __init__(self, states: int, deadline: float) -> None:
        self.states = states
        self.deadline = deadline
        self.used = 0

    def spent(self) -> bool:
        return self.used >= self.states or time.monotonic() >= self.deadline


# A node: (columns, runs removed, score, parent node, move).


def _phase(starts, visits, width, budget, row):
    """Best-first search without deals (``row``: the stock's next row, ``None``
    in the last phase). Returns (won node or None, the best ``width`` nodes
    that may deal: by their score, or with ``AFTER_DEAL`` by the score of the
    position once ``row`` is dealt)."""
    last = row is None
    heap = []
    seen = set()
    tick = 0
    for node in starts:
        seen.add(node[0])
        heap.append((-node[2], tick, node))
        tick += 1
    heapq.heapify(heap)
    dealable = []
    expanded = 0
    while heap and expanded < visits:
        if budget.used & 255 == 0 and budget.spent():
            break
        _, _, node = heapq.heappop(heap)
        cols, removed, score = node[0], node[1], node[2]
        expanded += 1
        budget.used += 1
        if not last and all(cols):
            dealable.append(node)
        for _, s, d, count in moves_of(cols):
            child, gone = apply(cols, s, d, count)
            if child in seen:
                continue
            seen.add(child)
            total = removed + gone
            if total == RUNS:
                return (child, total, 0, node, (s, d, count)), []
            child_score = (score - column_info(cols[s])[1] - column_info(cols[d])[1]
                           + column_info(child[s])[1] + column_info(child[d])[1]
                           + gone * REMOVED)
            heapq.heappush(heap, (-child_score, tick, (child, total, child_score, node, (s, d, count))))
            tick += 1
    if AFTER_DEAL and dealable:
        keys = {id(n): -score_of(*_dealt(n, row)) for n in dealable}
        dealable.sort(key=lambda n: keys[id(n)])
        if AFTER_DEAL >= 2:  # the best 2 * width again, by what a short greedy line reaches
            ahead = dealable[:2 * width]
            reach = {id(n): -_greedy_best(*_dealt(n, row), -keys[id(n)], AFTER_DEAL) for n in ahead}
            ahead.sort(key=lambda n: reach[id(n)])
            dealable[:2 * width] = ahead
    else:
        dealable.sort(key=lambda n: -n[2])
    return None, dealable[:width]


def _greedy_best(cols: tuple, removed: int, score: int, steps: int) -> int:
    """The best score a greedy line of at most ``steps`` moves reaches from ``cols`` (its score
    ``score``): each step plays the move whose child scores highest (the first such in
    ``moves_of``'s order) among the children not met on the line."""
    best = score
    met = {cols}
    for _ in range(min(steps, 63)):
        pick, pick_score = None, 0
        for _, s, d, count in moves_of(cols):
            child, gone = apply(cols, s, d, count)
            child_score = (score - column_info(cols[s])[1] - column_info(cols[d])[1]
                           + column_info(child[s])[1] + column_info(child[d])[1] + gone * REMOVED)
            if (pick is None or child_score > pick_score) and child not in met:
                pick, pick_score = child, child_score
        if pick is None:
            break
        cols, score = pick, pick_score
        met.add(cols)
        best = max(best, score)
    return best


def _dealt(node, row):
    child, gone = deal_row(node[0], row)
    return child, node[1] + gone


def _attempt(start, rows, width, visits, budget):
    beam = [(start, 0, score_of(start, 0), None, None)]
    for phase in range(len(rows) + 1):
        last = phase == len(rows)
        won, dealable = _phase(beam, visits, width, budget, None if last else rows[phase])
        if won is not None:
            return won
        if last or not dealable or budget.spent():
            return None
        beam = []
        for node in dealable:
            child, gone = deal_row(node[0], rows[phase])
            total = node[1] + gone
            if total == RUNS:
                return (child, total, 0, node, DEAL)
            beam.append((child, total, score_of(child, total), node, DEAL))
    return None


def _line(node) -> tuple[tuple[int, int, int], ...]:
    moves = []
    while node[3] is not None:
        moves.append(node[4])
        node = node[3]
    return tuple(reversed(moves))


def attempts() -> list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]:
    """The search's attempts in order: each level of the ``SCHEDULE`` with every
    weight set of ``PORTFOLIO``, as ``(weights, schedule)``."""
    return [(weights, (level,)) for level in SCHEDULE for weights in PORTFOLIO]


def search(columns: Sequence[Sequence[int]], rows: Sequence[Sequence[int]], *,
           states: int, seconds: float, native: bool | None = None, threads: int = 1,
           first: int = 0) -> SpiderLine:
    """Look for a winning line from ``columns`` with ``rows`` still in the stock
    (next row first), visiting at most ``states`` positions in ``seconds``:
    each level of the ``SCHEDULE`` with every weight set of ``PORTFOLIO``,
    until one wins or the positions, the seconds or the levels run out. The compiled
    search (``spider_native``) runs when it is built, unless ``native`` is
    False; both find the same line for the same budget.

    ``threads`` > 1 (compiled search only) runs that many attempts at once, each
    thread taking the next attempt of the same order as soon as its last one ends;
    the answer is still the earliest attempt's line (``_search_threads``).

    ``first``: the attempt to begin with (a ``resume`` of an earlier search from
    the same position), so that searches of a few seconds each, one after the
    other, try what one long search would.

    >>> search([()] * 10, [], states=10, seconds=1.0).moves
    """
    started = time.monotonic()
    deadline = started + seconds
    plan = attempts()
    first = min(max(0, first), len(plan))
    if threads > 1 and native is not False and spider_native.available():
        return _search_threads(columns, rows, states, deadline, plan, threads, started, first)
    used, resume = 0, first
    for index in range(first, len(plan)):
        weights, schedule = plan[index]
        left = deadline - time.monotonic()
        if used >= states or left <= 0:
            break
        moves, spent = _search_with(columns, rows, states - used, left, weights, schedule, native)
        used += spent
        if moves is not None:
            return SpiderLine(moves, used, time.monotonic() - started, index)
        if used < states and time.monotonic() < deadline:  # it ran to its end: nothing to go back to
            resume = index + 1
        else:
            break
    return SpiderLine(None, used, time.monotonic() - started, resume)


def _search_threads(columns, rows, states, deadline, plan, threads, started, first=0) -> SpiderLine:
    """``search`` with ``threads`` compiled attempts at once (ctypes releases the GIL).
    The answer is the line of the earliest attempt in the plan's order that wins, as with
    one thread: a line found ends the attempts after it, and the ones before it run on.
    So the line is one thread's whenever both get that far and no attempt runs out of
    positions (the time-bounded searches: their positions are not the limit)."""
    import ctypes

    lock = threading.Lock()
    todo = iter(enumerate(plan[first:], first))
    # positions: those used by finished attempts, and those allowed to the running ones, so
    # that all of them together stay within ``states``
    shared = {"used": 0, "reserved": 0, "best": None}
    ended: set[int] = set()  # attempts that ran to their end without a win
    running: dict[int, ctypes.c_int] = {}  # attempt index -> its stop flag

    def work() -> None:
        while True:
            with lock:
                left = deadline - time.monotonic()
                free = states - shared["used"] - shared["reserved"]
                item = None if shared["best"] is not None or free <= 0 or left <= 0 else next(todo, None)
                if item is None:
                    return
                index, (weights, schedule) = item
                allowed = max(1, free // (threads - len(running)))
                shared["reserved"] += allowed
                stop = running[index] = ctypes.c_int(0)
            moves, spent = None, allowed
            try:
                moves, spent = spider_native.search(columns, rows, states=allowed, seconds=left,
                                                    weights=weights, schedule=schedule, stop=stop)
            finally:
                with lock:
                    if moves is None and spent < allowed and not stop.value and time.monotonic() < deadline:
                        ended.add(index)
                    shared["reserved"] -= allowed
                    shared["used"] += spent
                    del running[index]
                    best = shared["best"]
                    if moves is not None and (best is None or index < best[0]):
                        shared["best"] = (index, moves)
                        for later, flag in running.items():
                            if later > index:
                                flag.value = 1

    workers = [threading.Thread(target=work, name=f"spider-search-{i}", daemon=True) for i in range(threads)]
    try:
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    except BaseException:  # the caller interrupted (a task's soft time limit): no search goes on behind it
        with lock:
            shared["best"] = shared["best"] or (-1, None)
            for flag in running.values():
                flag.value = 1
        raise
    best = shared["best"]
    resume = first
    while resume in ended:
        resume += 1
    if best is not None and best[1] is not None:
        resume = best[0]
    return SpiderLine(None if best is None else best[1], shared["used"], time.monotonic() - started, resume)


def _search_with(columns, rows, states, seconds, weights, schedule, native):
    if native is not False and spider_native.available():
        return spider_native.search(columns, rows, states=states, seconds=seconds,
                                    weights=weights, schedule=schedule)
    with _PYTHON:  # the weights are module state in the pure Python search
        _use(weights)
        budget = _Budget(states, time.monotonic() + seconds)
        start = tuple(tuple(col) for col in columns)
        for width, visits in schedule:
            found = _attempt(start, [tuple(r) for r in rows], width, visits, budget)
            if found is not None:
                return _line(found), budget.used
            if budget.spent():
                break
        return None, budget.used


def _use(weights) -> None:
    global REMOVED, FACE_DOWN, EMPTY, COVERED, SAME, OTHER, BREAK, AFTER_DEAL
    AFTER_DEAL = weights[7]
    if weights[:7] != (REMOVED, FACE_DOWN, EMPTY, COVERED, SAME, OTHER, BREAK):
        REMOVED, FACE_DOWN, EMPTY, COVERED, SAME, OTHER, BREAK = weights[:7]
        _INFO.clear()
