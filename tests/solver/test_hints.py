"""hint(): the next move of a verified line, or how far back a win was possible."""

import pytest

from engine import deal, replay
from solver import (
    LOST,
    MOVE,
    SCOPE_NO_LINE,
    SCOPE_NO_LINE_WITHOUT_RETURNS,
    WINNABLE,
    WON,
    IllegalLogError,
    SolverError,
    UnsupportedPositionError,
    hint,
    solve,
)
from tests.solver.conftest import LOST_FORECELL_LOG, reached, with_return


def test_hint_from_the_deal_is_the_first_move_of_a_winning_line():
    start = deal("freecell", 1)
    result = hint(start, [])
    assert result.status == MOVE
    assert result.move == result.line[0]
    assert replay(start, result.line).won
    assert result.last_good_index is None


def test_hint_mid_game_with_partly_full_cells():
    log = ["5a", "5b", "5c"]
    position = reached("freecell", 1, log)
    assert sum(card is None for card in position.cells) == 1
    result = hint(deal("freecell", 1), log)
    assert result.status == MOVE
    assert replay(position, result.line).won


@pytest.mark.parametrize("variant", ["freecell", "freecell-tableau"])
def test_hint_after_a_card_was_taken_back_from_a_foundation(variant):
    log, back = with_return(variant, 1)
    assert back.startswith("h")
    position = reached(variant, 1, log)
    result = hint(deal(variant, 1), log)
    assert result.status == MOVE
    assert replay(position, result.line).won


def test_hint_on_a_won_game_says_won():
    start = deal("forecell", 2)
    line = list(solve(start).moves)
    result = hint(start, line)
    assert (result.status, result.move, result.line) == (WON, None, ())


def test_lost_position_gives_the_last_index_after_which_a_win_was_possible(lost_freecell_log):
    start = deal("freecell-classic", 1)
    result = hint(start, lost_freecell_log)
    assert (result.status, result.move, result.scope) == (LOST, None, SCOPE_NO_LINE)
    k = result.last_good_index
    assert k == 8
    before = reached("freecell-classic", 1, lost_freecell_log[:k])
    after = reached("freecell-classic", 1, lost_freecell_log[: k + 1])
    assert replay(before, result.line).won
    assert solve(before).status == WINNABLE
    assert solve(after).status == "impossible"


def test_lost_in_freecell_says_only_no_line_without_returns(lost_freecell_log):
    result = hint(deal("freecell", 1), lost_freecell_log)
    assert (result.status, result.scope) == (LOST, SCOPE_NO_LINE_WITHOUT_RETURNS)
    assert result.last_good_index == 8


def test_lost_forecell_game():
    start = deal("forecell", 2)
    result = hint(start, LOST_FORECELL_LOG)
    assert result.status == LOST
    k = result.last_good_index
    assert k is not None and 0 <= k < len(LOST_FORECELL_LOG)
    assert replay(reached("forecell", 2, LOST_FORECELL_LOG[:k]), result.line).won
    assert solve(reached("forecell", 2, LOST_FORECELL_LOG[: k + 1])).status == "impossible"


def test_lost_from_the_deal_has_no_good_index():
    result = hint(deal("forecell", 1), [])
    assert (result.status, result.last_good_index, result.line) == (LOST, None, ())


def test_lost_long_after_the_mistake_still_finds_it(lost_freecell_log):
    start = deal("freecell-classic", 1)
    position = reached("freecell-classic", 1, lost_freecell_log)
    # Keep playing legal moves from the lost position: the mistake stays at move 9.
    from engine import apply_move, format_move, legal_moves

    log = list(lost_freecell_log)
    for _ in range(12):
        moves = legal_moves(position)
        if not moves:
            break
        position = apply_move(position, moves[0])
        log.append(format_move(moves[0]))
    result = hint(start, log)
    assert (result.status, result.last_good_index) == (LOST, 8)


def test_illegal_log_names_the_refused_move():
    with pytest.raises(IllegalLogError) as caught:
        hint(deal("freecell", 1), ["5a", "5a", "zz"])
    assert caught.value.index == 2


def test_a_log_is_a_sequence_of_moves_not_a_string():
    with pytest.raises(SolverError):
        hint(deal("freecell", 1), "5a 5b")
    with pytest.raises(IllegalLogError) as caught:
        hint(deal("freecell", 1), ["5a", 5])
    assert caught.value.index == 2


def test_hint_refuses_what_is_not_a_position():
    with pytest.raises(UnsupportedPositionError):
        hint("freecell 1", [])


def test_a_tiny_probe_budget_may_give_an_earlier_index_but_always_a_proven_one(lost_freecell_log):
    start = deal("freecell-classic", 1)
    result = hint(start, lost_freecell_log, probe_budget=50)
    assert result.status == LOST
    k = result.last_good_index
    assert k is None or k <= 8
    if k is not None:
        assert replay(reached("freecell-classic", 1, lost_freecell_log[:k]), result.line).won
