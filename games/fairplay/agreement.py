"""How closely a winning line follows the solver's own lines, move by move.

A bot that solves the deal and plays the answer follows one of fc-solve's
lines; a person almost never does for long. For every preset the site ships
(``games/solver/presets.py``: the fast presets and the par portfolio), the
player's line is walked decision by decision: the preset's line from where the
player stands says what it would play next; a decision that differs is a miss,
and the preset is asked again from the player's next position. Foundation
moves are not decisions (the client sends them by itself), and moves are
compared by the card moved and where it went, so that the free cell or the
empty column chosen does not matter.

>>> from games.engine import deal
>>> from games.solver import solve
>>> start = deal("freecell", 24)
>>> line = solve(start, preset="lg").moves
>>> best = line_agreement(start, line).best
>>> best.preset, best.rate
('lg', 1.0)
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from games.engine import COLUMN, Position, apply_move, parse_move, to_board
from games.fairplay.timing import is_decision
from games.solver import library
from games.solver.lines import line_from
from games.solver.presets import Scan, plan_for
from games.solver.verdicts import VerdictStore, verdict_key

#: Iterations each search may take: a line a bot would play is found well within it.
SEARCH_LIMIT = 100_000
#: A preset is given up once its misses exceed this share of the decisions compared
#: so far plus ``GIVE_UP_SLACK``: a person's line is left after a dozen decisions,
#: a script's (with a few detours) is walked to the end.
GIVE_UP_SHARE = 0.3
GIVE_UP_SLACK = 5


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

    @property
    def rate(self) -> float:
        """Share of the line's decisions that were this preset's move (misses
        past an early stop count as misses)."""
        counted = self.decisions if self.cut else self.compared
        return round(self.matched / counted, 3) if counted else 0.0


@dataclass(frozen=True, slots=True)
class Agreement:
    presets: tuple[PresetAgreement, ...]

    @property
    def best(self) -> PresetAgreement | None:
        return max(self.presets, key=lambda p: (p.rate, p.matched), default=None)


def move_key(before: Position, move: str, after: Position) -> tuple:
    """What a move does, whatever cell or empty column it picked: (card, where to).

    >>> from games.engine import deal, apply_move
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


def decision_keys(position: Position, line: Sequence[str]) -> deque:
    """The keys of ``line``'s decisions, played from ``position``."""
    keys = deque()
    for move in line:
        after = apply_move(position, move)
        if is_decision(move):
            keys.append(move_key(position, move, after))
        position = after
    return keys


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
                     lines: VerdictStore | None = None) -> PresetAgreement:
    """Walk ``moves`` from ``start`` against ``scan``'s lines (see the module notes).

    The preset is asked at the start and again right after each miss, from the
    position the player's move made, as a script that re-solves after a detour would.
    """
    args = plan_for(start.variant).args(scan)
    decisions = sum(is_decision(move) for move in moves)
    compared = matched = from_start = misses = 0
    searches, cut, position, ask = 0, "", start, True
    expected: deque = deque()
    for move in moves:
        if ask or (not expected and is_decision(move)):
            if deadline is not None and time.monotonic() > deadline:
                cut = "time"
                break
            line = _preset_line(position, args, lines)
            searches, ask = searches + 1, False
            expected = decision_keys(position, line) if line else deque()
        after = apply_move(position, move)
        if is_decision(move) and expected:
            compared += 1
            if expected.popleft() == move_key(position, move, after):
                matched += 1
                from_start += misses == 0
            else:
                misses, ask = misses + 1, True
                if misses > give_up_share * compared + GIVE_UP_SLACK:
                    cut = "missed"
                    break
        position = after
    return PresetAgreement(scan.name, decisions, compared, matched, from_start, searches, cut)


def line_agreement(start: Position, moves: Sequence[str], *, seconds: float | None = None,
                   enough: float = 0.85, lines: VerdictStore | None = None) -> Agreement:
    """Every shipped preset against ``moves``; stops early once one matches ``enough``.
    ``lines`` keeps each preset's line per position (see ``_preset_line``)."""
    deadline = None if seconds is None else time.monotonic() + seconds
    found = []
    for scan in shipped_scans(start.variant):
        found.append(preset_agreement(start, moves, scan, deadline=deadline, lines=lines))
        if found[-1].rate >= enough:
            break
    return Agreement(tuple(found))
