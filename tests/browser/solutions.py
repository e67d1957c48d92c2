"""Winning lines for the browser tests, from fc-solve in-process, each replayed
through our engine before a test plays it."""

from __future__ import annotations

from functools import cache

from games.engine import deal, position_from_json, replay, to_board

_CELLS = "abcd"
_DECODE = {
    0: lambda s, d, n: f"{s + 1}{d + 1}" + (f"v{n:x}" if n > 1 else ""),
    1: lambda s, d, n: f"{s + 1}{_CELLS[d]}",
    2: lambda s, d, n: f"{_CELLS[s]}{d + 1}",
    3: lambda s, d, n: f"{_CELLS[s]}{_CELLS[d]}",
    4: lambda s, d, n: f"{s + 1}h",
    5: lambda s, d, n: f"{_CELLS[s]}h",
}
# ForeCell needs a preset that keeps to King-only empty columns.
_PRESETS = {"forecell": ["--game", "forecell", "-l", "ct"]}


@cache
def _solver(variant: str):
    from freecell_solver import FreecellSolver

    solver = FreecellSolver()
    solver.input_cmd_line(_PRESETS.get(variant, ["-l", "lg"]))
    return solver


def winning_line(variant: str, position_json: dict | None = None, number: int | None = None) -> list[str]:
    """A line that wins the position (or deal), checked by our engine."""
    position = position_from_json(position_json) if position_json else deal(variant, number)
    solver = _solver(variant)
    solver.recycle()
    assert solver.solve_board(to_board(position)) == 0, "fc-solve found no win"
    moves = []
    while (move := solver.get_next_move()) is not None:
        kind, source, destination, count = (ord(move.s[i]) for i in range(4))
        moves.append(_DECODE[kind](source, destination, count))
    assert replay(position, moves).won, "the solver's line does not win under our rules"
    return moves
