"""The proof without a search that a Klondike deal cannot be won (solver/klondike_blocked.py):
what it proves, that it reasons about the cards it names, and that it never blocks a
position a winning line passes through."""

import dataclasses

import pytest

from engine import deal
from engine.cards import parse_card
from engine.play import apply_move
from solver import solve
from solver.klondike_blocked import blocked
from solver.stock import SCOPE_BLOCKED
from tests.support.lines import winning_line

# 7H lies on 2H in column 7, and both black 8s lie under 7H: Klondike-Solver's searches
# leave this deal undecided (1,000,000 states each), in both draw counts.
SEVEN_ON_TWO = 35140130258886756618


@pytest.mark.parametrize("variant", ["klondike-draw1", "klondike-draw3"])
def test_a_card_on_a_lower_card_of_its_suit_with_both_parents_beneath_it_decides_the_deal(variant):
    found = blocked(deal(variant, SEVEN_ON_TWO))
    assert (str(found.card), [str(c) for c in found.stuck]) == ("2H", ["7H"])
    assert str(found) == "2H can never be uncovered: 7H above it can never leave its column"

    result = solve(deal(variant, SEVEN_ON_TWO))
    assert (result.status, result.preset, result.scope) == ("impossible", "klondike-blocked", SCOPE_BLOCKED)
    assert result.iterations == 0 and result.moves == ()


def test_a_deadlock_across_two_columns_is_found():
    # Draw 1 #29: QH tops column 7 over KS; QD (column 5) lies over KC. QH can go neither home
    # (6H is under it) nor onto KC until QD leaves; QD can go neither home (8D is under QH) nor
    # onto KS until QH leaves. So 6H, under them both, never comes out.
    found = blocked(deal("klondike-draw1", 29))
    assert str(found.card) == "6H"
    assert "QH" in [str(c) for c in found.stuck]


def test_a_parent_at_hand_lifts_the_block():
    """The same deal with 8C, one of 7H's two places, moved into the stock: 7H can leave."""
    start = deal("klondike-draw1", SEVEN_ON_TWO)
    eight, other = parse_card("8C"), start.stock[0]
    columns = tuple(tuple(other if c == eight else c for c in column) for column in start.columns)
    stock = (eight, *start.stock[1:])
    assert blocked(dataclasses.replace(start, columns=columns, stock=stock)) is None


@pytest.mark.parametrize(("variant", "number"), [
    ("klondike-draw1", 1), ("klondike-draw1", 2), ("klondike-draw3", 1), ("klondike-draw3", 6),
])
def test_no_position_on_a_winning_line_is_blocked(variant, number):
    position = deal(variant, number)
    for ply, move in enumerate(winning_line(variant, number)):
        assert blocked(position) is None, (ply, move)
        position = apply_move(position, move)
