"""The compiled twin of the proof without a search (``blocked`` in solver/klondike_native.py,
``relaxed_blocked`` in solver/klondike_dfs.c): it answers as solver/klondike_blocked.py does
on positions of real games, it never calls a position on a won line blocked, and a search
that leaves blocked positions unexpanded keeps its verdicts."""

import random

import pytest

from engine import deal
from engine.play import apply_move, is_won, legal_moves
from solver import klondike_blocked
from solver import klondike_native as native
from tests.support.lines import winning_line

pytestmark = pytest.mark.skipif(not native.available(), reason="solver/_klondike is not built")


def test_it_names_the_deals_the_python_check_names():
    assert native.blocked(deal("klondike-draw1", 35140130258886756618))  # 7H on 2H, black 8s beneath
    assert native.blocked(deal("klondike-draw1", 29))  # QH and QD each waiting for the other
    assert not native.blocked(deal("klondike-draw1", 1))


def test_it_agrees_with_the_python_check_along_random_games():
    rng = random.Random(1)
    seen = blocked = 0
    for _ in range(60):
        position = deal(f"klondike-draw{rng.choice((1, 3))}", rng.randrange(1, 10**20))
        for _ in range(rng.randrange(0, 300)):
            expected = klondike_blocked.blocked(position) is not None
            assert native.blocked(position) == expected, position
            seen, blocked = seen + 1, blocked + expected
            moves = legal_moves(position)
            if not moves or is_won(position):
                break
            position = apply_move(position, rng.choice(moves))
    assert seen > 5_000 and blocked > 50


@pytest.mark.parametrize(("variant", "number"), [
    ("klondike-draw1", 1), ("klondike-draw1", 2), ("klondike-draw3", 1), ("klondike-draw3", 6),
])
def test_no_position_on_a_winning_line_is_blocked(variant, number):
    position = deal(variant, number)
    for ply, move in enumerate(winning_line(variant, number)):
        assert not native.blocked(position), (ply, move)
        position = apply_move(position, move)


@pytest.mark.parametrize(("number", "outcome"), [
    (1, native.SOLVED), (9, native.SOLVED), (97482708336217369425, native.EXHAUSTED),
])
def test_a_search_that_prunes_blocked_positions_keeps_its_verdict(number, outcome):
    start = deal("klondike-draw1", number)
    assert native.run(start, states=2_000_000, seconds=30).outcome == outcome
    assert native.run(start, states=2_000_000, seconds=30, flags=native.PRUNE_BLOCKED).outcome == outcome
