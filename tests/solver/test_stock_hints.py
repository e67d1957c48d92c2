"""Hints in Klondike and Spider: a move of a verified winning line, or an honest
``undecided``; a hint names a move, never a card."""

import re

import pytest

from engine import apply_move, deal, replay
from solver import MOVE, UNDECIDED, WON, IllegalLogError, hint, solve
from solver.stock import verified

#: Our notation for these games: a stock turn, columns, waste, foundations, a
#: foundation return (h + suit letter + column), an optional hex count.
MOVE_TEXT = re.compile(r"^(s|[w1-7][h1-7]|h[hcds][1-7]|[0-9][0-9](v[0-9a-f]+)?)$")


def test_on_the_stored_line_the_hint_is_its_next_move():
    start = deal("klondike-draw3", 1)
    line = solve(start).moves
    result = hint(start, list(line[:12]), line=line)
    assert (result.status, result.move, result.line) == (MOVE, line[12], line[12:])


def test_off_the_stored_line_the_hint_comes_from_a_search_from_the_position():
    start = deal("klondike-draw1", 2)
    line = solve(start).moves
    log = list(line[:8])
    other = deal("klondike-draw1", 3)
    stale = solve(other).moves  # not a prefix of this game's log
    result = hint(start, log, line=stale)
    assert result.status == MOVE and MOVE_TEXT.match(result.move)
    position = apply_move(replay(start, log).position, result.move)
    assert solve(position, budget=300_000, seconds=20).status == "winnable"


@pytest.mark.parametrize("variant", ["klondike-draw1", "spider-1suit"])
def test_a_hint_names_a_move_not_a_card(variant):
    start = deal(variant, 3)
    line = solve(start).moves
    for cut in (0, 5, 20):
        result = hint(start, list(line[:cut]))
        assert result.status == MOVE
        assert MOVE_TEXT.match(result.move), result.move
        assert result.line[0] == result.move  # the game's plan: the site sends only the move
        assert replay(start, [*line[:cut], *result.line]).won


def test_a_spider_hint_out_of_budget_is_undecided_never_lost():
    result = hint(deal("spider-4suits", 2), [], budget=500)
    assert result.status == UNDECIDED and result.move is None


def test_a_refused_log_move_is_named_by_its_index():
    with pytest.raises(IllegalLogError) as error:
        hint(deal("klondike-draw1", 2), ["s", "hs1"])
    assert error.value.index == 2


def test_a_won_game_needs_no_hint():
    start = deal("spider-1suit", 3)
    line = solve(start).moves
    assert hint(start, list(line)).status == WON
    assert verified(start, line) == line
