"""How closely a winning line follows the solver's own lines, move by move.

A bot that solves the deal and plays the answer follows one of fc-solve's
lines; a person almost never does for long. For every preset the site ships
(``solver/presets.py``: the fast presets and the par portfolio), the
player's line is walked decision by decision: the preset's line from where the
player stands says what it would play next; a decision that differs is a miss,
and the preset is asked again from the player's next position. Foundation
moves are not decisions (the client sends them by itself), and moves are
compared by the card moved and where it went, so that the free cell or the
empty column chosen does not matter.

The presets are walked side by side, each in a thread of its own that keeps
its own solver object (fc-solve's searches release the GIL; see
``solver/library.py``), so an assessment takes about as long as its
slowest preset rather than all of them one after another. The answer is the
one a walk of the presets in order would give: presets after the first that
matches ``enough`` are stopped and left out.

>>> from engine import deal
>>> from solver import solve
>>> start = deal("freecell", 24)
>>> line = solve(start, preset="lg").moves
>>> best = line_agreement(start, line).best
>>> best.preset, best.rate
('lg', 1.0)
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from engine import COLUMN, Position, apply_move, parse_move, to_board
from fairplay.timing import is_decision
from solver import library
from solver.lines import line_from
from solver.presets import Scan, plan_for
from solver.verdicts import VerdictStore, verdict_key

#: Iterations each search may take: a line a bot would play is found well within it.
SEARCH_LIMIT = 100_000
#: A preset is given up once its misses exceed this share of the decisions compared
#: so far plus ``GIVE_UP_SLACK``: a person's line is left after a dozen decisions,
#: a script's (with a few detours) is walked to the end.
GIVE_UP_SHARE = 0.3
GIVE_UP_SLACK = 5
#: A preset is never given up for good: after giving up it is asked again this many
#: decisions further on, from the player's position there, at most ``RESTARTS`` times
#: (an opening chosen to dodge every preset, then a solver's line, is matched from there).
RESTART_AFTER = 8
RESTARTS = 3
#: The part of the line from a restart counts as the preset's rate when it holds at least
#: this share of the line's decisions (a short lucky stretch at the end does not).
SUFFIX_SHARE = 0.5
#: The first decisions of a line: if no shipped preset played any of them, the opening
#: dodged them all (a signal of its own, ``score.py``).
OPENING_DECISIONS = 8
#: An opening decision counts as dodged when at least this many presets were compared at
#: it (a preset may find no line from a position within ``SEARCH_LIMIT``, as ``ve`` often
#: does, or be cut by the deadline) and none of them played it.
OPENING_ASKED = 2
#: After a dodged opening, up to this many of the next decisions are each compared with
#: the next move of the fast presets (``FOLLOWED_PRESETS``: the first shipped scans), asked
#: afresh from the player's position: how often the player then plays a preset's move.
FOLLOWED_DECISIONS = 40
FOLLOWED_PRESETS = 3
#: A count cut by the deadline before this many decisions were asked says nothing yet
#: (its rate reads 0; the top of the board's full check counts on to the end).
FOLLOWED_ENOUGH = 20


def shipped_scans(variant: str) -> tuple[Scan, ...]:
    """The fc-solve presets the site runs for ``variant``, each once, fast ones first.

    >>> [scan.name for scan in shipped_scans("freecell")]
    ['lg', 'cm', 'sp', 'cpb', 've']
    """
    plan = plan_for(variant)
    return tuple({scan.name: scan for scan in (*plan.fast, *plan.par)}.values())


@dataclass(frozen=True, slots=True)
class PresetAgreement:
    """One preset against the player's line: ``matched`` of ``compared`` decisions
    were the preset's next move, the first ``from_start`` of them in a row;
    ``searches`` is how often it was asked; ``cut`` says the walk stopped early
    (the preset could no longer match, or the time ran out)."""

    preset: str
    decisions: int
    compared: int
    matched: int
    from_start: int
    searches: int
    cut: str = ""
    #: the best share of decisions matched from a restart to the end (module notes)
    suffix_rate: float = 0.0
    #: decisions of the opening compared, and matched
    opening_compared: int = 0
    opening_matched: int = 0
    #: per decision of the opening: matched (True), missed (False) or not compared (None)
    opening: tuple[bool | None, ...] = ()

    @property
    def rate(self) -> float:
        """Share of the line's decisions that were this preset's move (misses
        past an early stop count as misses), or the share from a restart on when
        that is higher (``SUFFIX_SHARE``)."""
        counted = self.decisions if self.cut else self.compared
        whole = round(self.matched / counted, 3) if counted else 0.0
        return max(whole, self.suffix_rate)


@dataclass(frozen=True, slots=True)
class Agreement:
    presets: tuple[PresetAgreement, ...]

    @property
    def best(self) -> PresetAgreement | None:
        return max(self.presets, key=lambda p: (p.rate, p.matched), default=None)


def move_key(before: Position, move: str, after: Position) -> tuple:
    """What a move does, whatever cell or empty column it picked: (card, where to).

    >>> from engine import deal, apply_move
    >>> p = deal("freecell", 24)
    >>> move_key(p, "1a", apply_move(p, "1a")) == move_key(p, "1b", apply_move(p, "1b"))
    True
    """
    parsed = parse_move(move)
    if parsed.source == COLUMN:
        index = parsed.source_index
        count = len(before.columns[index]) - len(after.columns[index])
        card = before.columns[index][-count]
    elif parsed.source == "cell":
        card = before.cells[parsed.source_index]
    else:
        card = ("foundation", parsed.source_index)
    if parsed.destination == COLUMN:
        onto = before.columns[parsed.destination_index]
        where = ("column", parsed.destination_index) if onto else ("empty",)
    else:
        where = (parsed.destination,)
    return (str(card), *where)


def decision_keys(position: Position, line: Sequence[str]) -> Iterator[tuple]:
    """The keys of ``line``'s decisions, played from ``position``, as they are asked
    for: a walk leaves a line at its first miss, usually a few decisions in."""
    for move in line:
        after = apply_move(position, move)
        if is_decision(move):
            yield move_key(position, move, after)
        position = after


class _Expected:
    """What the preset would decide next along its line, one key looked ahead."""

    __slots__ = ("_keys", "_next")

    def __init__(self, position: Position | None = None, line: Sequence[str] | None = None) -> None:
        self._keys = decision_keys(position, line) if line else iter(())
        self._next = next(self._keys, None)

    def __bool__(self) -> bool:
        return self._next is not None

    def popleft(self) -> tuple:
        key, self._next = self._next, next(self._keys, None)
        return key


def replay_positions(start: Position, moves: Sequence[str]) -> list[Position]:
    """The position before each move and the last one (``len(moves) + 1`` of them):
    one replay of the log that every walk over it shares."""
    positions = [start]
    for move in moves:
        positions.append(apply_move(positions[-1], move))
    return positions


def _preset_line(position: Position, args: tuple[str, ...],
                 lines: VerdictStore | None) -> tuple[str, ...] | None:
    """The preset's line from ``position`` (None when it finds none within the limit).
    fc-solve is deterministic, so a line is kept in ``lines`` per position and preset:
    every player of a daily starts from one position, and many share the first moves."""
    key = f"{verdict_key(position)}:line:{' '.join(args)}@{SEARCH_LIMIT}"
    kept = lines.get(key) if lines is not None else None
    if kept is not None:
        return tuple(kept) or None
    run = library.run(args, to_board(position), SEARCH_LIMIT)
    line = line_from(position, run.moves) if run.solved else None
    if lines is not None:
        lines.set(key, line or ())
    return line


def preset_agreement(start: Position, moves: Sequence[str], scan: Scan, *,
                     deadline: float | None = None, give_up_share: float = GIVE_UP_SHARE,
                     lines: VerdictStore | None = None, positions: Sequence[Position] | None = None,
                     stopped=None) -> PresetAgreement:
    """Walk ``moves`` from ``start`` against ``scan``'s lines (see the module notes).

    The preset is asked at the start and again right after each miss, from the
    position the player's move made, as a script that re-solves after a detour would.
    ``positions``: ``replay_positions(start, moves)`` when the caller has it;
    ``stopped``: asked before each search, true when the walk's answer is no longer wanted.
    """
    args = plan_for(start.variant).args(scan)
    if positions is None:
        positions = replay_positions(start, moves)
    decisions = sum(is_decision(move) for move in moves)
    compared = matched = from_start = misses = window = 0
    searches, cut, ask, restarts, resume = 0, "", True, 0, -1
    hits: list[bool | None] = []  # per decision: matched, missed, or not compared
    restart_points: list[int] = []
    expected = _Expected()
    for index, move in enumerate(moves):
        decision = is_decision(move)
        if resume >= 0:  # given up: waiting for the decision to ask again from
            if not decision:
                continue
            if len(hits) < resume:
                hits.append(None)
                continue
            resume, ask, window, misses = -1, True, 0, 0
            restart_points.append(len(hits))
        position = positions[index]
        if ask or (not expected and decision):
            if deadline is not None and time.monotonic() > deadline:
                cut = "time"
                break
            if stopped is not None and stopped():
                cut = "stopped"
                break
            line = _preset_line(position, args, lines)
            searches, ask = searches + 1, False
            expected = _Expected(position, line)
        if decision and expected:
            compared, window = compared + 1, window + 1
            hit = expected.popleft() == move_key(position, move, positions[index + 1])
            hits.append(hit)
            if hit:
                matched += 1
                from_start += misses == 0 and not restart_points
            else:
                misses, ask = misses + 1, True
                if misses > give_up_share * window + GIVE_UP_SLACK:
                    if restarts >= RESTARTS:
                        cut = "missed"
                        break
                    restarts, resume = restarts + 1, len(hits) + RESTART_AFTER
        elif decision:
            hits.append(None)
    return PresetAgreement(scan.name, decisions, compared, matched, from_start, searches, cut,
                           _suffix_rate(hits, restart_points, decisions),
                           *_opening(hits))


def _suffix_rate(hits: Sequence[bool | None], restart_points: Sequence[int], decisions: int) -> float:
    """The best share of decisions matched from a restart to the end of the line."""
    best = 0.0
    for point in restart_points:
        length = decisions - point
        if decisions and length >= SUFFIX_SHARE * decisions:
            best = max(best, round(sum(bool(hit) for hit in hits[point:]) / length, 3))
    return best


def _opening(hits: Sequence[bool | None]) -> tuple[int, int, tuple[bool | None, ...]]:
    opening = tuple(hits[:OPENING_DECISIONS])
    compared = [hit for hit in opening if hit is not None]
    return len(compared), sum(compared), opening


def opening_dodged(agreement: Agreement, decisions: int) -> bool:
    """Whether none of the line's first ``OPENING_DECISIONS`` decisions was a shipped preset's
    move while each of them was compared with at least ``OPENING_ASKED`` presets: an opening
    chosen to dodge the presets. A preset that finds no line from some opening positions
    (``ve`` within ``SEARCH_LIMIT``) or whose walk the deadline cut does not veto it; the
    others still had to be dodged at every decision."""
    if decisions < 2 * OPENING_DECISIONS or not agreement.presets:
        return False
    if any(p.opening_matched for p in agreement.presets):
        return False
    asked = [sum(index < len(p.opening) and p.opening[index] is not None for p in agreement.presets)
             for index in range(OPENING_DECISIONS)]
    return all(count >= min(OPENING_ASKED, len(agreement.presets)) for count in asked)


@dataclass(frozen=True, slots=True)
class Followed:
    """After the opening: ``matched`` of ``asked`` decisions were the next move of one of the
    fast presets asked from the player's position (``presets_followed``)."""

    asked: int
    matched: int
    cut: str = ""

    @property
    def rate(self) -> float:
        """The share matched; 0 for a count the deadline cut before ``FOLLOWED_ENOUGH``."""
        if not self.asked or (self.cut and self.asked < FOLLOWED_ENOUGH):
            return 0.0
        return round(self.matched / self.asked, 3)


def presets_followed(start: Position, moves: Sequence[str], *, skip: int = OPENING_DECISIONS,
                     limit: int = FOLLOWED_DECISIONS, deadline: float | None = None,
                     lines: VerdictStore | None = None,
                     positions: Sequence[Position] | None = None) -> Followed:
    """How often the ``limit`` decisions after the first ``skip`` were the next move of one
    of the variant's first ``FOLLOWED_PRESETS`` shipped presets, each asked afresh from
    the player's position (lines kept in ``lines`` as the walks keep theirs). A bot that
    dodged the opening and then plays a solver's line plays one of those moves far more
    often than a person whose own opening happened to match none."""
    if positions is None:
        positions = replay_positions(start, moves)
    plan = plan_for(start.variant)
    args = [plan.args(scan) for scan in shipped_scans(start.variant)[:FOLLOWED_PRESETS]]
    asked = matched = seen = 0
    for index, move in enumerate(moves):
        if not is_decision(move):
            continue
        seen += 1
        if seen <= skip:
            continue
        if asked >= limit:
            break
        if deadline is not None and time.monotonic() > deadline:
            return Followed(asked, matched, "time")
        position = positions[index]
        key = move_key(position, move, positions[index + 1])
        nexts = []
        for preset in args:
            line = _preset_line(position, preset, lines)
            nexts.append(next(decision_keys(position, line), None) if line else None)
        if any(nexts):
            asked += 1
            matched += key in nexts
    return Followed(asked, matched)


class _Walkers:
    """One single-thread pool per preset, made in the process that uses it (a Celery
    prefork child inherits no threads): each thread keeps only its own preset's
    solver object, as one thread walking every preset in turn did."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.pools: dict[str, ThreadPoolExecutor] = {}
        self.lock = threading.Lock()

    def pool(self, name: str) -> ThreadPoolExecutor:
        with self.lock:
            if self.pid != os.getpid():
                self.pid, self.pools = os.getpid(), {}
            pool = self.pools.get(name)
            if pool is None:
                pool = self.pools[name] = ThreadPoolExecutor(1, thread_name_prefix=f"fairplay-{name}")
            return pool


_walkers = _Walkers()


class _Settled:
    """The lowest index of a preset whose walk matched ``enough`` (-1: every walk may stop)."""

    def __init__(self, first: int) -> None:
        self.first = first
        self._lock = threading.Lock()

    def matched(self, index: int) -> None:
        with self._lock:
            self.first = min(self.first, index)


def line_agreement(start: Position, moves: Sequence[str], *, seconds: float | None = None,
                   enough: float = 0.85, lines: VerdictStore | None = None,
                   positions: Sequence[Position] | None = None, side_by_side: bool = True) -> Agreement:
    """Every shipped preset against ``moves``, in order, up to the first that matches
    ``enough``; the presets after it are stopped (see the module notes).
    ``lines`` keeps each preset's line per position (see ``_preset_line``); ``positions``
    is ``replay_positions(start, moves)`` when the caller has it; ``side_by_side=False``
    walks the presets one after another in the caller's thread."""
    deadline = None if seconds is None else time.monotonic() + seconds
    if positions is None:
        positions = replay_positions(start, moves)
    scans = shipped_scans(start.variant)
    settled = _Settled(len(scans))

    def walk(index: int, scan: Scan) -> PresetAgreement:
        found = preset_agreement(start, moves, scan, deadline=deadline, lines=lines, positions=positions,
                                 stopped=lambda: settled.first < index)
        if found.rate >= enough and found.cut != "stopped":
            settled.matched(index)
        return found

    found: list[PresetAgreement] = []
    if not side_by_side:
        for index, scan in enumerate(scans):
            found.append(walk(index, scan))
            if found[-1].rate >= enough:
                break
        return Agreement(tuple(found))
    futures = [_walkers.pool(scan.name).submit(walk, index, scan) for index, scan in enumerate(scans)]
    try:
        for future in futures:
            found.append(future.result())
            if found[-1].rate >= enough:
                break
    finally:
        settled.matched(-1)  # nothing still walking is wanted now: walks stop at their next search
        for future in futures:
            future.cancel()  # and those not started yet never start
    return Agreement(tuple(found))
