"""Klondike and Spider: every line the adapter returns wins when replayed by
an independent replayer (tests/solver/replayer.py) as well as by the engine,
and a corrupted line is refused and never returned."""

import pytest

from engine import deal, get_ruleset, replay, to_layout
from solver import IMPOSSIBLE, UNDECIDED, WINNABLE, klondike_native, solve, solve_with_par
from solver import ksolve as ksolve_module
from solver import spider_search as spider_module
from solver import stock as stock_module
from solver.stock import SCOPE_DFS, SCOPE_KSOLVE, verified
from tests.solver.replayer import klondike_wins, spider_wins

#: A spread of deal numbers per variant that each search decides within seconds:
#: low numbers (PySolFC's MS shuffle) and numbers above 32,000 (its Mersenne Twister).
SPREAD = [
    ("klondike-draw1", 2), ("klondike-draw1", 9), ("klondike-draw1", 100_000_002),
    ("klondike-draw3", 1), ("klondike-draw3", 6), ("klondike-draw3", 123_456_789_012),
    ("spider-1suit", 3), ("spider-1suit", 13), ("spider-1suit", 987_654_321),
    ("spider-2suits", 3), ("spider-2suits", 10),
    ("spider-4suits", 9),
]


def independent_win(position, line) -> bool:
    rules = get_ruleset(position.variant)
    if rules.family == "klondike":
        return klondike_wins(to_layout(position), rules.draw_count, line)
    return spider_wins(to_layout(position), line)


@pytest.mark.parametrize(("variant", "number"), SPREAD)
def test_a_winning_line_wins_under_the_independent_replayer(variant, number):
    start = deal(variant, number)
    result = solve(start, budget=1_000_000, seconds=60)
    assert result.status == WINNABLE, (variant, number, result)
    assert replay(start, result.moves).won
    assert independent_win(start, result.moves)


def test_the_independent_replayer_refuses_a_corrupted_line():
    start = deal("spider-1suit", 3)
    line = list(solve(start).moves)
    assert spider_wins(to_layout(start), line)
    assert not spider_wins(to_layout(start), line[:-1])
    assert not spider_wins(to_layout(start), [line[1], line[0], *line[2:]])


def corrupted(line):
    """The first move that is not a stock turn dropped: what a decoding slip would give."""
    first = next(i for i, move in enumerate(line) if move != "s")
    return tuple(line[:first]) + tuple(line[first + 1:])


def test_a_corrupted_klondike_line_is_refused_by_the_engine():
    start = deal("klondike-draw1", 2)
    line = solve(start).moves
    assert verified(start, line) == line
    assert verified(start, corrupted(line)) is None
    assert replay(start, corrupted(line)).error is not None  # refused, not just unfinished
    assert verified(start, line[:-1]) is None


def test_a_corrupted_klondike_solver_line_is_never_returned(monkeypatch):
    real_run = ksolve_module.run

    def corrupt(layout, draw, states, **how):
        run = real_run(layout, draw, states, **how)
        if run.outcome == ksolve_module.SOLVED:
            return ksolve_module.KsolveRun(run.outcome, corrupted(run.line), run.states)
        return run

    monkeypatch.setattr(stock_module.ksolve, "run", corrupt)
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_HELPER", False)  # Klondike-Solver alone
    result = solve(deal("klondike-draw3", 1), budget=300_000)
    assert result.status == UNDECIDED and result.moves == ()
    assert result.rejected == ("ksolve-fast", "ksolve-narrow", "ksolve-minimal")

    # with our depth-first searches beside it, the verdict is their line, replayed (their
    # deadline raised: what this shows must not depend on how busy the machine is)
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_HELPER", True)
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_SECONDS", 120.0)
    result = solve(deal("klondike-draw3", 1), budget=300_000)
    assert result.status == WINNABLE and result.preset.startswith("klondike-dfs")
    assert "ksolve-fast" in result.rejected and verified(deal("klondike-draw3", 1), result.moves)


def test_a_corrupted_spider_line_is_never_returned(monkeypatch):
    real_search = spider_module.search

    def corrupt(columns, rows, **limits):
        found = real_search(columns, rows, **limits)
        moves = found.moves
        return spider_module.SpiderLine((moves[1], moves[0], *moves[2:]), found.states, found.seconds)

    monkeypatch.setattr(stock_module.spider_search, "search", corrupt)
    result = solve(deal("spider-1suit", 3))
    assert result.status == UNDECIDED and result.moves == ()
    assert result.rejected == ("spider-beam",)


def test_klondike_impossible_only_from_an_exhaustive_search(monkeypatch):
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_HELPER", False)
    result = solve(deal("klondike-draw3", 7))
    assert result.status == IMPOSSIBLE
    assert (result.preset, result.scope) == ("ksolve-minimal", SCOPE_KSOLVE)

    # beside it, played as Draw 1 the deal is won and the narrow search's exhaustion is no
    # proof; our exhaustive search of the deal as Draw 3 proves it too, and the first proof answers
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_HELPER", True)
    result = solve(deal("klondike-draw3", 7))
    assert result.status == IMPOSSIBLE
    assert (result.preset, result.scope) in {("ksolve-minimal", SCOPE_KSOLVE), ("klondike-dfs", SCOPE_DFS)}
    assert klondike_native.run(deal("klondike-draw1", 7), states=100_000, seconds=5).outcome == "solved"


def test_a_klondike_search_that_could_not_complete_is_undecided(monkeypatch):
    def unfinished(layout, draw, states, **how):
        return ksolve_module.KsolveRun(ksolve_module.UNFINISHED, (), states)

    monkeypatch.setattr(stock_module.ksolve, "run", unfinished)
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_HELPER", False)  # Klondike-Solver alone
    assert solve(deal("klondike-draw3", 7)).status == UNDECIDED


def test_spider_never_claims_a_deal_lost():
    result = solve(deal("spider-4suits", 2), budget=2_000)
    assert result.status == UNDECIDED and result.iterations >= 2_000


def test_a_mid_game_klondike_position_is_solved_by_our_own_search():
    start = deal("klondike-draw1", 3)
    line = solve(start).moves
    middle = replay(start, line[:25]).position
    result = solve(middle, budget=200_000, seconds=20)
    assert (result.status, result.preset) == (WINNABLE, "klondike-search")
    assert replay(middle, result.moves).won


@pytest.mark.parametrize(("variant", "number"), [("klondike-draw1", 2), ("spider-2suits", 10)])
def test_par_is_the_shortest_verified_line_found(variant, number):
    start = deal(variant, number)
    result = solve_with_par(start)
    assert result.status == WINNABLE and result.par == len(result.line)
    assert result.par <= len(solve(start).moves)
    assert replay(start, result.line).won and independent_win(start, result.line)
    assert result.preset in result.solved


def test_klondike_solver_moves_in_our_notation():
    assert ksolve_module.translate("DR3 W4 NEW DR1 WS 7D F7 S2 54-3 F5") == (
        "s", "s", "s", "w4", "s", "s", "wh", "7h", "hs2", "54",
    )
    with pytest.raises(ksolve_module.UntranslatableMove):
        ksolve_module.translate("CH")
    with pytest.raises(ksolve_module.UntranslatableMove):
        ksolve_module.translate("9X")
