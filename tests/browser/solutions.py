"""Winning lines for the browser tests: the solver adapter's, which the engine
has replayed to a win before any test plays them."""

import solver
from engine import deal


def winning_line(variant: str, number: int) -> list[str]:
    result = solver.solve(deal(variant, number))
    assert result.status == "winnable", result
    return list(result.moves)
