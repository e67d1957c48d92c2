"""solve_with_par(), find_winnable() and decide_deals(): whole deals, for pools
and the deal table."""

import pytest

from engine import MAX_DEAL_NUMBER, deal, replay
from solver import (
    IMPOSSIBLE,
    WINNABLE,
    SolverError,
    UnsupportedPositionError,
    decide_deals,
    find_winnable,
    solve,
    solve_with_par,
)


def test_par_is_the_shortest_verified_line_of_the_portfolio():
    start = deal("freecell", 1)
    result = solve_with_par(start, budget=100_000)
    assert result.status == WINNABLE
    assert result.par == len(result.line)
    assert result.par <= len(solve(start).moves)
    assert replay(start, result.line).won
    assert result.presets == ("lg", "sp", "cpb", "ve")
    assert result.preset in result.presets


def test_forecell_par_portfolio():
    start = deal("forecell", 2)
    result = solve_with_par(start, budget=100_000)
    assert result.status == WINNABLE
    assert result.presets[0] == "ct"
    assert replay(start, result.line).won


def test_impossible_deal_has_no_par():
    result = solve_with_par(deal("freecell-classic", 11982))
    assert (result.status, result.par, result.line) == (IMPOSSIBLE, None, ())
    assert result.scope == "no winning line exists"


def test_find_winnable_skips_lost_deals_and_stops_at_count():
    found = find_winnable("forecell", 1, 3, budget=100_000)
    numbers = [number for number, _ in found]
    assert numbers == [2, 3, 4]
    for number, result in found:
        assert result.status == WINNABLE
        assert replay(deal("forecell", number), result.moves).won


def test_find_winnable_is_bounded_by_max_deals():
    assert find_winnable("forecell", 1, 5, max_deals=1) == []


def test_find_winnable_is_bounded_in_time():
    assert len(find_winnable("freecell", 1, 1000, seconds=0.0)) == 1


def test_find_winnable_refuses_a_negative_count():
    with pytest.raises(SolverError):
        find_winnable("freecell", 1, -1)


def test_decide_deals_yields_lazily_and_stops_past_the_last_deal():
    last = MAX_DEAL_NUMBER["freecell-classic"]
    verdicts = list(decide_deals("freecell-classic", [last, last + 1, last + 2]))
    assert [number for number, _ in verdicts] == [last]


def test_decide_deals_with_par():
    [(number, result)] = list(decide_deals("freecell", [11982], par=True))
    assert (number, result.status, result.par) == (11982, IMPOSSIBLE, None)


def test_decide_deals_refuses_unknown_variants_and_bad_numbers():
    with pytest.raises(UnsupportedPositionError):
        list(decide_deals("spider", [1]))
    with pytest.raises(UnsupportedPositionError):
        list(decide_deals("freecell", [0]))
