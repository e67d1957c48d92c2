"""Issue 23's preset-dodging FreeCell bot: an opening no shipped preset plays, then a line of
an fc-solve configuration the site does not ship, at a person's log-normal pace.

The opening is found depth first with backtracking: at each of ``OPENING`` decisions a
legal move that none of the shipped presets would play next from there (each asked
afresh), keeping the deal solvable by the unshipped configuration; then that
configuration's line to the end. Foundation moves are autoplay's, not decisions.
"""

from __future__ import annotations

import math
import random

from engine import apply_move, format_move, is_won, legal_moves, replay, to_board
from fairplay.agreement import decision_keys, move_key, shipped_scans
from solver import library
from solver.lines import line_from
from solver.presets import plan_for
from tests.support.synthetic import Session, heuristic_line

OPENING = 8
UNSHIPPED = ("-l", "eo", "-opt")
LIMIT = 200_000


def _line(position, args):
    run = library.run(args, to_board(position), LIMIT)
    return line_from(position, run.moves) if run.solved else None


def _preset_keys(position) -> set:
    """The next decision of each shipped preset from ``position`` (as agreement compares them)."""
    keys = set()
    for scan in shipped_scans(position.variant):
        line = _line(position, plan_for(position.variant).args(scan))
        if line:
            first = next(decision_keys(position, line), None)
            if first is not None:
                keys.add(first)
    return keys


def dodging_line(start, seed: int = 0) -> list[str]:
    rng = random.Random(seed)

    def extend(position, opening: list[str]):
        decided = sum(not m.endswith("h") for m in opening)
        if decided == OPENING:
            rest = _line(position, UNSHIPPED)
            return [*opening, *rest] if rest else None
        avoid = _preset_keys(position)
        moves = [format_move(m) for m in legal_moves(position)]
        rng.shuffle(moves)
        for move in moves:
            after = apply_move(position, move)
            if move.endswith("h") or move_key(position, move, after) in avoid:
                continue
            found = extend(after, [*opening, move])
            if found:
                return found
        return None

    line = extend(start, [])
    assert line is not None and replay(start, line).won
    return line


def dodged_opening(start, line: list[str]) -> list[str]:
    """The first ``OPENING`` decisions of ``line`` (a ``dodging_line``) and the foundation
    moves right after them."""
    position, opening, decided = start, [], 0
    for move in line:
        if decided == OPENING and not move.endswith("h"):
            break
        opening.append(move)
        position = apply_move(position, move)
        decided += not move.endswith("h")
    return opening


def person_after_dodge(start, line: list[str], seed: int = 0) -> list[str]:
    """A person whose opening happened to dodge every preset: ``line``'s dodged opening,
    then the synthetic person's own line (``heuristic_line``) from there, no solver's."""
    opening = dodged_opening(start, line)
    position = replay(start, opening).position
    for attempt in range(20):
        rest = heuristic_line(position, seed * 100 + attempt)
        if rest is not None:
            return [*opening, *rest]
    raise AssertionError("the heuristic player found no line after the opening")


def lognormal_session(line: list[str], seed: int = 0, *, median_ms: float = 3000, sigma: float = 0.5,
                      low: int = 1000, high: int = 12_000) -> Session:
    """One move per request at log-normal waits (foundation moves go with the decision before)."""
    rng = random.Random(seed)
    session, clock, pending = Session(), 0, []
    for move in line:
        pending.append(move)
        if not move.endswith("h"):
            clock += int(min(high, max(low, rng.lognormvariate(math.log(median_ms), sigma))))
            session.add(pending, clock)
            pending = []
    if pending:
        session.add(pending, clock + 300)
    return session


__all__ = ["dodging_line", "dodged_opening", "person_after_dodge", "lognormal_session", "is_won"]
