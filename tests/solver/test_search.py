"""solve(): the three verdicts, their scope, budgets and bad input."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Card, Position, apply_move, deal, legal_moves, replay
from solver import (
    IMPOSSIBLE,
    SCOPE_NO_LINE,
    SCOPE_NO_LINE_WITHOUT_RETURNS,
    UNDECIDED,
    WINNABLE,
    BudgetError,
    UnknownPresetError,
    UnsupportedPositionError,
    solve,
)
from tests.solver.conftest import reached


def test_winnable_deal_comes_with_a_line_that_replays_to_a_win():
    start = deal("freecell", 1)
    result = solve(start)
    assert result.status == WINNABLE
    assert result.preset == "lg"
    assert replay(start, result.moves).won
    assert result.iterations > 0 and result.seconds > 0


def test_deal_11982_is_impossible_in_freecell_classic():
    result = solve(deal("freecell-classic", 11982))
    assert result.status == IMPOSSIBLE
    assert result.scope == SCOPE_NO_LINE == "no winning line exists"
    assert result.preset == "complete"
    assert result.moves == ()


@pytest.mark.parametrize("variant", ["freecell", "freecell-tableau"])
def test_impossible_with_foundation_returns_says_only_what_was_proved(variant):
    result = solve(deal(variant, 11982))
    assert result.status == IMPOSSIBLE
    assert result.scope == SCOPE_NO_LINE_WITHOUT_RETURNS
    assert "without foundation returns" in result.scope


def test_forecell_deal_with_full_cells_and_no_move_is_impossible():
    result = solve(deal("forecell", 1))
    assert (result.status, result.scope) == (IMPOSSIBLE, SCOPE_NO_LINE)


def test_iteration_limit_is_undecided_never_impossible():
    result = solve(deal("freecell-classic", 11982), budget=1000)
    assert result.status == UNDECIDED
    assert result.moves == ()
    assert result.iterations <= 2 * 1000


def test_complete_scan_alone_finds_verified_lines_too():
    start = deal("freecell", 3)
    result = solve(start, preset="complete")
    assert (result.status, result.preset) == (WINNABLE, "complete")
    assert replay(start, result.moves).won


def test_a_named_preset_replaces_the_fast_presets():
    start = deal("freecell", 5)
    result = solve(start, preset="cm")
    assert (result.status, result.preset) == (WINNABLE, "cm")


def test_same_position_same_line():
    assert solve(deal("forecell", 9)).moves == solve(deal("forecell", 9)).moves


def test_won_position_is_winnable_with_an_empty_line():
    start = deal("freecell", 1)
    end = replay(start, solve(start).moves).position
    result = solve(end)
    assert (result.status, result.moves) == (WINNABLE, ())


def test_mid_game_position_with_partly_full_cells():
    position = reached("freecell-classic", 1, ["5a", "5b"])
    assert sum(card is not None for card in position.cells) == 2
    result = solve(position)
    assert result.status == WINNABLE
    assert replay(position, result.moves).won


@pytest.mark.parametrize("budget", [0, -1, 1.5, True, "100", 10**9])
def test_bad_budget_is_refused(budget):
    with pytest.raises(BudgetError):
        solve(deal("freecell", 1), budget=budget)


def test_unknown_preset_is_refused():
    with pytest.raises(UnknownPresetError):
        solve(deal("freecell", 1), preset="-l lg; rm")


def test_not_a_position_is_refused():
    with pytest.raises(UnsupportedPositionError):
        solve("freecell 1")


def test_malformed_position_is_refused():
    start = deal("freecell", 1)
    doubled = Position(start.variant, start.columns, (Card(1, "S"), None, None, None))
    with pytest.raises(UnsupportedPositionError):
        solve(doubled)


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        solve(deal("freecell", 1), budget=0)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["freecell", "freecell-tableau", "freecell-classic", "forecell"]),
    number=st.integers(min_value=1, max_value=1_000_000),
    walk=st.lists(st.integers(min_value=0, max_value=10_000), max_size=25),
)
def test_every_winnable_verdict_replays_to_a_win(variant, number, walk):
    position = deal(variant, number)
    for choice in walk:
        moves = legal_moves(position)
        if not moves:
            break
        position = apply_move(position, moves[choice % len(moves)])
    result = solve(position, budget=50_000)
    assert result.status in (WINNABLE, IMPOSSIBLE, UNDECIDED)
    if result.status == WINNABLE:
        assert replay(position, result.moves).won
    else:
        assert result.moves == ()
