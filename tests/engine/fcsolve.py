"""fc-solve's solutions for Microsoft deals, from the solver library in-process.

Test support only: the engine itself never calls a solver. The moves are
decoded from the library's records by the solver adapter's decoder, but not
verified by it: checking them is these tests' job.
"""

from __future__ import annotations

from engine import deal, to_board
from solver.library import run
from solver.lines import decode

_LOOKING_GLASS = ("-l", "lg")
_LIMIT = 1_000_000


def solve_ms_deal(number: int) -> list[str] | None:
    """fc-solve's ``-l lg`` solution of MS deal ``number`` (decoded, not yet
    checked by anyone), or None if it finds none."""
    position = deal("freecell-classic", number)
    found = run(_LOOKING_GLASS, to_board(position), _LIMIT)
    return list(decode(position, found.moves)) if found.solved else None
