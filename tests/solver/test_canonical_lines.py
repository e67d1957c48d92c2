"""One written form per move: a stored line and a log that spell one Spider move
differently (``41`` and ``41v1``) are the same line."""

from engine import canonical_line, deal, replay
from solver import MOVE, hint, solve

#: A Spider 1-suit deal whose line puts a single card into an empty column early.
DEAL = 8


def _old_spelling(line):
    """A line as the Spider search used to store it: ``41`` for one card into an empty column."""
    return [move[:-2] if move.endswith("v1") else move for move in line]


def test_solver_lines_are_written_in_canonical_form():
    start = deal("spider-1suit", DEAL)
    line = solve(start).moves
    assert any(move.endswith("v1") for move in line)
    assert list(line) == list(canonical_line(start, line))


def test_a_log_saying_41v1_is_on_a_stored_line_saying_41():
    start = deal("spider-1suit", DEAL)
    line = list(canonical_line(start, solve(start).moves))
    into_gap = next(i for i, move in enumerate(line) if move.endswith("v1"))
    stored = _old_spelling(line)
    assert stored[into_gap] != line[into_gap]
    log = line[:into_gap + 1]  # as the client logs it
    result = hint(start, log, line=stored)
    # the stored line's next move, with no search: the log never left the line
    assert (result.status, result.move, result.iterations) == (MOVE, stored[into_gap + 1], 0)
    assert replay(start, [*log, result.move]).error is None
