"""Winning lines for tests: the real solver's (verified by the engine), and a person's.

A ranked daily won with a solver's own line is held for review as engine-assisted
(``fairplay/``): tests of honest ranked finishes play ``human_line``.
"""

from functools import lru_cache

import engine
import solver


@lru_cache(maxsize=64)
def winning_line(variant: str, number: int) -> tuple[str, ...]:
    result = solver.solve(engine.deal(variant, number))
    assert result.status == "winnable", result
    return tuple(result.moves)


@lru_cache(maxsize=64)
def human_line(variant: str, number: int) -> tuple[str, ...]:
    """A winning line found without the solver (tests/support/synthetic.py), as a person might play.

    The synthetic person seldom wins ForeCell within its budget; for ForeCell the line
    comes from fc-solve's ``tfts`` preset, which the site does not ship and whose
    lines the shipped presets do not follow (2-12 % agreement on ForeCell 2 and 7).
    """
    from tests.support.synthetic import human_line as find

    start = engine.deal(variant, number)
    if variant != "forecell":
        return tuple(find(start))
    result = solver.solve(start, preset="tfts")
    assert result.status == "winnable" and result.preset == "tfts", result
    return tuple(result.moves)
