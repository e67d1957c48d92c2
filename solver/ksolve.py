"""Klondike-Solver (ShootMe's C++ solver, through the ``pyksolve`` bindings)
and its moves in our notation.

It takes a starting deal in PySolFC's layout text (``Talon:`` then the seven
columns, face-down cards in ``<>``), which it reads only with ``\\r\\n`` line
endings, and knows every card (thoughtful solving). Its moves, as measured:

- ``DR<n>``: turn the stock ``n`` times (``n`` turns of the draw count, the
  last one taking what is left): ``n`` times our ``s``.
- ``NEW``: the waste back to the stock: our ``s`` on an empty stock.
- ``F<n>``: the card exposed in column ``n`` turns over: automatic for us.
- ``XY`` / ``XY-<k>``: from ``X`` (a column 1-7, ``W`` the waste, or a
  foundation ``C D S H``) to ``Y`` (a column or a foundation): our ``XY``
  with ``h`` for a foundation, ``w`` for the waste and ``h<suit><column>`` for
  a foundation return; the count is implied (only one card of a face-up run
  fits a destination).

``solve_fast`` is a beam-like search that can miss lines; ``solve_minimal``
an A* search whose exhaustion (``Impossible``) covers every line of its move
set. "Could not complete" proves nothing.

>>> translate("DR2 WC 6H F6 NEW 27-2 H3")
('s', 's', 'wh', '6h', 's', '27', 'hh3')
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

SOLVED, EXHAUSTED, UNFINISHED = "solved", "exhausted", "unfinished"
_FOUNDATIONS = "CDSH"

_local = threading.local()


class UntranslatableMove(ValueError):
    """A Klondike-Solver move outside the codex above."""


@dataclass(frozen=True, slots=True)
class KsolveRun:
    """One search: ``outcome`` is ``solved`` (``line`` in our notation, not yet
    verified), ``exhausted`` (its whole move set searched without a win) or
    ``unfinished`` (the state limit came first); ``minimal`` when the line is
    the shortest of its move set."""

    outcome: str
    line: tuple[str, ...]
    states: int
    minimal: bool = False


def _solver():
    solver = getattr(_local, "solver", None)
    if solver is None:
        from pyksolve import solver as ksolve_module  # a compiled wheel: load on first use

        solver = _local.solver = ksolve_module.Solitaire()
        _local.results = ksolve_module.SolveResult
    return solver


def run(layout: str, draw: int, states: int, *, minimal: bool = False,
        shifts: tuple[int, int] = (0, 0)) -> KsolveRun:
    """Search the starting deal ``layout`` with ``draw`` cards a turn, looking
    at up to ``states`` positions; the moves come back translated. ``shifts``
    narrow the fast search: its second and third best moves are followed only
    while fewer than ``states >> shift`` positions are closed."""
    solver = _solver()
    results = _local.results
    solver.draw_count = draw
    if not solver.load_pysol(layout.replace("\r\n", "\n").replace("\n", "\r\n")):
        raise ValueError("Klondike-Solver refused the layout")
    solver.reset_game(draw)
    if minimal:
        result = solver.solve_minimal(max_closed_count=states)
    else:
        result = solver.solve_fast(two_shift=shifts[0], three_shift=shifts[1], max_closed_count=states)
    if result in (results.SolvedMinimal, results.SolvedMayNotBeMinimal):
        line = translate(solver.moves_made())
        return KsolveRun(SOLVED, line, states, minimal=result == results.SolvedMinimal)
    if result == results.Impossible and minimal:
        return KsolveRun(EXHAUSTED, (), states)
    return KsolveRun(UNFINISHED, (), states)


def translate(moves: str) -> tuple[str, ...]:
    """Klondike-Solver's moves (space-separated) in our notation."""
    out: list[str] = []
    for move in moves.split():
        if move.startswith("DR"):
            out.extend(["s"] * int(move[2:]))
        elif move == "NEW":
            out.append("s")
        elif move[0] == "F" and move[1:].isdigit():
            continue
        else:
            out.append(_translate_move(move))
    return tuple(out)


def _translate_move(move: str) -> str:
    pair = move.split("-")[0]
    if len(pair) != 2:
        raise UntranslatableMove(f"not a Klondike-Solver move: {move!r}")
    source, target = pair
    destination = "h" if target in _FOUNDATIONS else _column(target, move)
    if source == "W":
        return "w" + destination
    if source in _FOUNDATIONS:
        if destination == "h":
            raise UntranslatableMove(f"foundation to foundation: {move!r}")
        return "h" + source.lower() + destination
    return _column(source, move) + destination


def _column(text: str, move: str) -> str:
    if text not in "1234567" or len(text) != 1:
        raise UntranslatableMove(f"no column {text!r} in {move!r}")
    return text
