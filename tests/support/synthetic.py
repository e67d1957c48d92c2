"""Synthetic players for fair-play tests and ``bench/fairplay.py``.

- ``heuristic_line``: a winning line found the way a patient person might find
  one, with no solver: greedy by a board evaluation (cards home, free cells and
  columns, buried low cards), a little randomness, and going back when stuck.
  Never an fc-solve line.
- ``human_session``: that line played as a person plays it: log-normal think
  times, longer before decisions with many options, a few moves played and
  taken back (undos), a few detours (a card to a free cell and back).
- ``bot_session``: a solver's line played by a script at a fixed or random
  pace, in batches, optionally with small random detours.

A session is what the server sees: the final log, one receive time per move
(a batch shares its time), the client's clock, and the undo count.
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass, field

from engine import Position, apply_move, format_move, is_won, legal_moves, replay


@dataclass
class Session:
    moves: list[str] = field(default_factory=list)
    server_times: list[int] = field(default_factory=list)
    client_times: list[int] = field(default_factory=list)
    undos: int = 0
    detours: int = 0

    def add(self, moves: list[str], at_ms: int, client_ms: list[int] | None = None) -> None:
        self.moves.extend(moves)
        self.server_times.extend([at_ms] * len(moves))
        self.client_times.extend(client_ms or [at_ms] * len(moves))


def _safe_home(position: Position) -> str | None:
    """A card the client's autoplay sends home: both cards of the other colour one
    rank lower are already there."""
    f = dict(zip("HCDS", position.foundations, strict=True))
    sources = [(str(i + 1), col[-1]) for i, col in enumerate(position.columns) if col]
    sources += [("abcd"[i], card) for i, card in enumerate(position.cells) if card is not None]
    for name, card in sources:
        if f[card.suit] != card.rank - 1:
            continue
        other = "CS" if card.is_red else "HD"
        if card.rank <= 2 or all(f[s] >= card.rank - 1 for s in other):
            return f"{name}h"
    return None


def autoplay(position: Position, log: list[str]) -> Position:
    while (move := _safe_home(position)) is not None:
        position = apply_move(position, move)
        log.append(move)
    return position


def evaluation(position: Position) -> float:
    """Higher is better: cards home, space, low cards not buried, ordered runs."""
    low = min(position.foundations) + 2
    score = 12.0 * sum(position.foundations)
    score += 3.0 * sum(card is None for card in position.cells)
    score += 6.0 * sum(not column for column in position.columns)
    for column in position.columns:
        for depth, card in enumerate(column):
            if card.rank <= low:
                score -= 1.5 * (len(column) - 1 - depth)
        run = 1
        while run < len(column) and column[-run - 1].rank == column[-run].rank + 1 \
                and column[-run - 1].is_red != column[-run].is_red:
            run += 1
        score += 0.8 * (run - 1) if column else 0
    return score


def heuristic_line(start: Position, seed: int = 0, *, max_nodes: int = 40_000,
                   noise: float = 2.0, depth_cost: float = 0.5) -> list[str] | None:
    """A winning line by best-first search on ``evaluation`` (with a little noise, and a
    cost per move so that lines stay short), or None within ``max_nodes``."""
    rng = random.Random(seed)
    first: list[str] = []
    root = autoplay(start, first)
    parents: dict[Position, tuple[Position | None, list[str]]] = {root: (None, first)}
    seen = {_shape(root)}  # a person does not shuffle a run between empty columns
    depth = {root: 0}
    frontier = [(0.0, 0, root)]
    tick = 0
    while frontier and tick < max_nodes:
        _, _, position = heapq.heappop(frontier)
        if is_won(position):
            return _path(parents, position)
        for move in legal_moves(position):
            text = format_move(move)
            steps = [text]
            after = autoplay(apply_move(position, move), steps)
            if _shape(after) in seen:
                continue
            seen.add(_shape(after))
            parents[after] = (position, steps)
            depth[after] = depth[position] + 1
            tick += 1
            cost = -evaluation(after) + depth_cost * depth[after] + rng.gauss(0, noise)
            heapq.heappush(frontier, (cost, tick, after))
    return None


def _shape(position: Position) -> tuple:
    """A position up to the order of its columns and of its free cells."""
    columns = sorted(tuple(str(card) for card in column) for column in position.columns)
    cells = sorted(str(card) for card in position.cells if card is not None)
    return tuple(columns), tuple(cells), position.foundations


def _path(parents, position) -> list[str]:
    pieces = []
    while position is not None:
        position, steps = parents[position]
        pieces.append(steps)
    return [move for steps in reversed(pieces) for move in steps]


def human_line(start: Position, seed: int = 0) -> list[str]:
    for attempt in range(20):
        line = heuristic_line(start, seed * 100 + attempt)
        if line is not None and len(line) <= 400:
            return line
    raise AssertionError("the heuristic player found no line")


def _options(position: Position) -> int:
    return len(legal_moves(position))


def human_session(start: Position, line: list[str], seed: int = 0, *, median_ms: float = 3500,
                  sigma: float = 0.8, undo_rate: float = 0.05, detour_rate: float = 0.03) -> Session:
    """``line`` played by a person: one request per decision (its foundation
    moves ride along), a log-normal think time that grows with the number of
    options, a wrong move now and then taken back, a detour now and then."""
    rng = random.Random(seed)
    session, position, clock = Session(), start, 0
    mu = math.log(median_ms)
    for move in line:
        if move.endswith("h") and session.moves:
            position = apply_move(position, move)
            session.add([move], clock)
            continue
        options = _options(position)
        think = rng.lognormvariate(mu, sigma) * (0.6 + 0.04 * options)
        if rng.random() < undo_rate:  # a wrong move, seen and taken back
            think += rng.lognormvariate(math.log(2500), 0.5)
            session.undos += 1
        if rng.random() < detour_rate:
            detour = _detour(position)
            if detour:
                clock += int(think)
                session.add(detour, clock)
                session.detours += 1
                think = rng.lognormvariate(mu, sigma)
        clock += max(400, int(think))
        position = apply_move(position, move)
        session.add([move], clock)
    assert replay(start, session.moves).won
    return session


def _detour(position: Position) -> list[str]:
    """Two moves that change nothing: a card somewhere and straight back (a look)."""
    for move in legal_moves(position):
        text = format_move(move)
        if text.endswith("h"):
            continue
        after = apply_move(position, move)
        for back in legal_moves(after):
            if apply_move(after, back) == position:
                return [text, format_move(back)]
    return []


def bot_session(start: Position, solve, seed: int = 0, *, ms_per_decision=300, batch: int = 1,
                detour_rate: float = 0.0) -> Session:
    """A script playing ``solve(position)``'s line: ``ms_per_decision`` is a number,
    a (low, high) range drawn per decision, or a function of the random generator; ``batch`` decisions per request;
    with ``detour_rate``, now and then a random legal move, then a fresh solve."""
    rng = random.Random(seed)
    session, position, clock = Session(), start, 0
    line, pending, pending_ms = list(solve(position)), [], 0
    while not is_won(position):
        if detour_rate and rng.random() < detour_rate:
            choices = [format_move(m) for m in legal_moves(position) if not format_move(m).endswith("h")]
            candidate = rng.choice(choices) if choices else None
            after = apply_move(position, candidate) if candidate else None
            fresh = solve(after) if after is not None and not is_won(after) else None
            if fresh:
                move, line = candidate, [candidate, *fresh]
                session.detours += 1
        move = line.pop(0)
        position = apply_move(position, move)
        pending.append(move)
        if not move.endswith("h"):
            pace = ms_per_decision
            if callable(pace):
                pending_ms += pace(rng)
            else:
                pending_ms += rng.uniform(*pace) if isinstance(pace, tuple) else pace
            if sum(not m.endswith("h") for m in pending) >= batch:
                clock += int(pending_ms)
                session.add(pending, clock)
                pending, pending_ms = [], 0
    if pending:
        clock += int(pending_ms)
        session.add(pending, clock)
    assert replay(start, session.moves).won
    return session
