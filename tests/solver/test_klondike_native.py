"""Our exhaustive Klondike search (solver/klondike_dfs.c): its lines win under
the engine and the independent replayer, it proves a loss only by closing
every position, and a search cut short proves nothing."""

import pytest

from engine import deal, replay, to_layout
from solver import IMPOSSIBLE, solve
from solver import klondike_native as native
from tests.solver.replayer import klondike_wins

pytestmark = pytest.mark.skipif(not native.available(), reason="solver/_klondike is not built")


@pytest.mark.parametrize(("draw", "number"), [(1, 2), (1, 9), (1, 100_000_002), (3, 1), (3, 6)])
def test_its_lines_win_under_the_engine_and_the_independent_replayer(draw, number):
    start = deal(f"klondike-draw{draw}", number)
    run = native.run(start, states=2_000_000, seconds=30)
    assert run.outcome == native.SOLVED
    assert replay(start, list(run.line)).won
    assert klondike_wins(to_layout(start), draw, run.line)


def test_it_proves_the_loss_klondike_solver_proves():
    start = deal("klondike-draw3", 7)
    assert solve(start).status == IMPOSSIBLE
    run = native.run(start, states=100_000, seconds=10)
    assert (run.outcome, run.line) == (native.EXHAUSTED, ())


def test_a_search_cut_short_proves_nothing():
    run = native.run(deal("klondike-draw3", 6), states=1_000, seconds=10)
    assert run.outcome == native.UNFINISHED and run.states >= 1_000


def test_its_moves_in_our_notation():
    moves = [(2, 3, 4, 2), (3, 1, 0, 0), (0, 2, 4, 3), (1, 6, 0, 0), (4, 3, 0, 0)]
    assert native.notation(moves) == ("s", "s", "w5", "wh", "35", "7h", "hs1")
