"""Winning lines for tests, from the real solver (verified by the engine)."""

from functools import lru_cache

from games import engine, solver


@lru_cache(maxsize=64)
def winning_line(variant: str, number: int) -> tuple[str, ...]:
    result = solver.solve(engine.deal(variant, number))
    assert result.status == "winnable", result
    return tuple(result.moves)
