"""Shorter par lines: the peephole search (``shorten``), searches again from positions of a
line (``resolve_suffixes``) and the two together (``refine_par``): every line they return
replays to a win, none is longer than the line given, and they do shorten lines."""

import pytest

from engine import apply_move, deal, legal_moves, replay
from solver import WINNABLE, refine_par, solve, solve_with_par
from solver.par import par_method
from solver.shorten import _FreeCellKeys, resolve_suffixes, shorten


def wins(start, line) -> bool:
    result = replay(start, list(line))
    return result.error is None and result.won


def test_the_peephole_search_shortens_a_fast_presets_line():
    start = deal("freecell", 1)
    line = solve(start, preset="lg").moves
    result = shorten(start, line, depth=1, budget=50_000)
    assert wins(start, result.line)
    assert len(result.line) < len(line) and result.shortcuts >= 1
    assert result.complete and result.depth == 1


def test_a_line_with_no_shortcut_comes_back_as_it_was():
    start = deal("freecell", 3)
    line = solve_with_par(start).line  # ve's: nothing within one move saves a move
    result = shorten(start, line, depth=1, budget=100_000)
    assert result.line == line and result.shortcuts == 0 and wins(start, result.line)


def test_a_detour_through_another_cell_is_cut_and_the_rest_renamed():
    """A card moved from one cell to another changes nothing the game cares about: the
    key forgets which cell holds which card, the move is cut out, and the rest of the line
    is renamed back to the cells the card was in."""
    start = deal("freecell", 3)
    line = list(solve_with_par(start).line)
    positions = [start]
    for move in line:
        positions.append(apply_move(positions[-1], move))
    index = next(i for i, p in enumerate(positions) if 0 < sum(c is not None for c in p.cells) < 4)
    here = positions[index]
    hop = next(str(m) for m in legal_moves(here) if str(m)[0] in "abcd" and str(m)[1] in "abcd")
    after = apply_move(here, hop)
    rest = _FreeCellKeys.rename(after, here, line[index:])
    detour = line[:index] + [hop, *rest]
    assert wins(start, detour) and len(detour) == len(line) + 1
    result = shorten(start, detour, depth=1, budget=100_000)
    assert wins(start, result.line) and len(result.line) == len(line)


def test_a_line_that_does_not_win_is_refused():
    with pytest.raises(ValueError):
        shorten(deal("freecell", 1), ["1a"])


def test_the_budget_bounds_the_search_and_the_line_still_wins():
    start = deal("freecell", 1)
    line = solve(start, preset="lg").moves
    result = shorten(start, line, depth=3, budget=2_000)
    assert not result.complete and result.visited <= 2_000 + 200
    assert len(result.line) <= len(line) and wins(start, result.line)


def test_searching_again_from_positions_of_the_line_keeps_only_shorter_rests():
    start = deal("freecell", 3)
    line = solve_with_par(start).line
    calls = []

    def longer(position):  # a search whose line is always the rest plus a wasted pair
        calls.append(position)
        return None

    kept = resolve_suffixes(start, line, [("none", longer)], step=10)
    assert kept.line == line and kept.used == () and kept.next_index is None
    assert len(calls) == len(range(1, len(line) - 1, 10))


def test_refine_par_shortens_ve_and_says_how():
    start = deal("freecell", 3)
    old = solve_with_par(start)
    new = refine_par(start, old.line, old.preset)
    assert new.done and wins(start, new.line) and new.par == len(new.line)
    assert new.par < old.par and new.method.startswith("ve+suffix:ve")


def test_refine_par_in_rounds_finds_what_one_call_finds():
    """Bounded rounds carry the scan on from ``next_index``: the worker's rounds end where one
    long call ends (the searches are deterministic)."""
    start = deal("forecell", 2)
    old = solve_with_par(start)
    whole = refine_par(start, old.line, old.preset, shorten_budget=0)
    line, method, first, rounds = old.line, old.preset, 1, 0
    while first is not None:
        part = refine_par(start, line, method, first=first, solves=7, shorten_budget=0)
        assert wins(start, part.line) and len(part.line) <= len(line)
        line, method, first, rounds = part.line, part.method, part.next_index, rounds + 1
    assert rounds > 2 and line == whole.line and method == whole.method


@pytest.mark.parametrize("variant, number", [("spider-1suit", 2), ("klondike-draw1", 2)])
def test_stock_par_lines_refined_still_win_and_are_never_longer(variant, number):
    start = deal(variant, number)
    old = solve_with_par(start)
    assert old.status == WINNABLE
    new = refine_par(start, old.line, old.preset, shorten_budget=20_000)
    assert new.done and wins(start, new.line) and new.par <= old.par
    assert new.method.startswith(old.preset)


def test_the_method_names_each_search_once():
    assert par_method("ve") == "ve"
    assert par_method("ve+suffix:ve", ["ve", "mfi"]) == "ve+suffix:mfi,ve"
    assert par_method("ksolve-minimal", [], True) == "ksolve-minimal+shorten"
