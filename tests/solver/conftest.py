"""Helpers for the solver tests: positions part-way through real games."""

import pytest

from engine import FOUNDATION, apply_move, deal, format_move, legal_moves, replay
from solver import solve

#: A freecell-classic deal 1 log whose 9th move loses (found by a seeded random walk).
LOST_FREECELL_LOG = "7a 8d 6c 18 5b d7 6d 63 52".split()
#: A ForeCell deal 2 log whose 6th move loses.
LOST_FORECELL_LOG = "ah 6a 2h a2 ba 8b".split()


def with_return(variant: str, number: int) -> tuple[list[str], str]:
    """A prefix of a winning line of the deal, then a legal foundation return:
    (log, the return move)."""
    start = deal(variant, number)
    line = solve(start).moves
    position = start
    for index, move in enumerate(line):
        position = apply_move(position, move)
        returns = [m for m in legal_moves(position) if m.source == FOUNDATION]
        if returns and index > 10:
            back = format_move(returns[0])
            return [*line[: index + 1], back], back
    raise AssertionError("no foundation return along the line")


def reached(variant: str, number: int, log: list[str]):
    result = replay(deal(variant, number), log)
    assert result.error is None
    return result.position


@pytest.fixture
def lost_freecell_log() -> list[str]:
    return list(LOST_FREECELL_LOG)
