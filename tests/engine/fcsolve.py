"""fc-solve's solutions for Microsoft deals, from the solver library in-process.

Test support only: the engine itself never calls a solver. Moves are decoded
from the library's move records (type, source, destination, card count) into
standard notation, the way fc-solve's ``-m -snx`` prints them.
"""

from __future__ import annotations

from functools import cache

from games.engine import deal, to_board

_CELLS = "abcd"
_DECODE = {
    0: lambda s, d, n: f"{s + 1}{d + 1}" + (f"v{n:x}" if n > 1 else ""),
    1: lambda s, d, n: f"{s + 1}{_CELLS[d]}",
    2: lambda s, d, n: f"{_CELLS[s]}{d + 1}",
    3: lambda s, d, n: f"{_CELLS[s]}{_CELLS[d]}",
    4: lambda s, d, n: f"{s + 1}h",
    5: lambda s, d, n: f"{_CELLS[s]}h",
}


@cache
def _solver():
    from freecell_solver import FreecellSolver

    solver = FreecellSolver()
    solver.input_cmd_line(["-l", "lg"])
    return solver


def solve_ms_deal(number: int) -> list[str] | None:
    """fc-solve's ``-l lg`` solution of MS deal ``number``, or None if it finds none."""
    solver = _solver()
    solver.recycle()
    if solver.solve_board(to_board(deal("freecell-classic", number))) != 0:
        return None
    moves = []
    while (move := solver.get_next_move()) is not None:
        kind, source, destination, count = (ord(move.s[i]) for i in range(4))
        moves.append(_DECODE[kind](source, destination, count))
    return moves
