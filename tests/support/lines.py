"""Winning lines for tests: the real solver's (verified by the engine), and a person's.

A ranked daily won with a solver's own line is held for review as engine-assisted
(``games/fairplay/``): tests of honest ranked finishes play ``human_line``.
"""

from functools import lru_cache

from games import engine, solver


@lru_cache(maxsize=64)
def winning_line(variant: str, number: int) -> tuple[str, ...]:
    result = solver.solve(engine.deal(variant, number))
    assert result.status == "winnable", result
    return tuple(result.moves)


@lru_cache(maxsize=64)
def human_line(variant: str, number: int) -> tuple[str, ...]:
    """A winning line found without the solver (tests/support/synthetic.py), as a person might play."""
    from tests.support.synthetic import human_line as find

    return tuple(find(engine.deal(variant, number)))
