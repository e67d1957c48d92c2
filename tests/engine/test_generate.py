"""Move generation and perft."""

import contextlib

import pytest

from engine import (
    VARIANTS,
    IllegalMoveError,
    apply_move,
    deal,
    format_move,
    get_ruleset,
    legal_moves,
    perft,
    perft_moves,
    resolve_move,
)
from engine.scenarios import named_positions
from tests.engine.candidates import ALL_MOVES

FREECELL_VARIANTS = tuple(v for v in VARIANTS if get_ruleset(v).family == "freecell")


def test_ms_deal_24_perft_in_freecell_classic():
    position = deal("freecell-classic", 24)
    assert [perft(position, d) for d in range(3)] == [1, 35, 980]


@pytest.mark.parametrize("variant", FREECELL_VARIANTS)
def test_perft_is_defined_in_every_variant(variant):
    position = deal(variant, 3)
    assert perft(position, 0) == 1
    assert perft(position, 1) == len(perft_moves(position))
    assert perft(position, 2) == sum(len(perft_moves(apply_move(position, m)))
                                     for m in perft_moves(position))


def test_perft_leaves_out_cell_to_cell_moves_only():
    _, position = next(p for p in named_positions() if p[0] == "foundation-returns/freecell")
    moves, counted = legal_moves(position), perft_moves(position)
    assert [m for m in moves if m not in counted] == [
        m for m in moves if m.source == "cell" and m.destination == "cell"
    ]
    assert any(m.source == "foundation" for m in counted)


def test_negative_depth_is_refused():
    with pytest.raises(ValueError):
        perft(deal("freecell", 1), -1)


def test_legal_moves_are_in_canonical_text_order():
    texts = [format_move(m) for m in legal_moves(deal("freecell", 24))]
    assert texts == sorted(texts)


def brute_force(position):
    """Every well-formed move that apply_move accepts, in canonical form."""
    accepted = set()
    for move in ALL_MOVES:
        with contextlib.suppress(IllegalMoveError):
            accepted.add(resolve_move(position, move))
    return accepted


@pytest.mark.parametrize("name", [name for name, _ in named_positions()][:40])
def test_generated_moves_are_exactly_the_accepted_ones(name):
    position = dict(named_positions())[name]
    generated = legal_moves(position)
    assert len(set(generated)) == len(generated)
    assert set(generated) == brute_force(position)


@pytest.mark.parametrize("variant", FREECELL_VARIANTS)
def test_generated_moves_are_exactly_the_accepted_ones_along_play(variant):
    position = deal(variant, 5)
    for ply in range(40):
        generated = legal_moves(position)
        assert set(generated) == brute_force(position), ply
        if not generated:
            break
        homeward = [m for m in generated if m.destination == "foundation"]
        position = apply_move(position, (homeward or generated)[ply % len(homeward or generated)])
