"""A Klondike deal's verdict with our depth-first searches beside Klondike-Solver
(solver/stock.py, ``_klondike_deal``): deals Klondike-Solver leaves undecided at its
whole budget are won or proven lost, every line replayed, every proof with its scope.

The deadline is raised in these tests, so that what they show does not depend on how
busy the machine is (the searches' own seconds are CPU seconds of their thread)."""

import pytest

from engine import deal, to_layout
from solver import IMPOSSIBLE, WINNABLE, solve
from solver import klondike_native as native
from solver import stock as stock_module
from solver.stock import SCOPE_DFS, SCOPE_DFS_DRAW1, verified
from tests.solver.replayer import klondike_wins


@pytest.fixture(autouse=True)
def searches_beside(monkeypatch):
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_HELPER", True)
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_SECONDS", 120.0)


def test_the_narrow_search_wins_a_deal_klondike_solver_leaves_undecided():
    """In Draw 3 the narrow search runs on Klondike-Solver's side; the exhaustive search of
    the deal as dealt (after Draw 1 wins it) may find its line first."""
    start = deal("klondike-draw3", 50760689066180893503)
    result = solve(start)
    assert result.status == WINNABLE and result.preset in {"klondike-dfs-narrow", "klondike-dfs"}
    assert verified(start, result.moves) and klondike_wins(to_layout(start), 3, result.moves)
    assert native.run(start, states=8_000_000, seconds=30, flags=native.NARROW).outcome == native.SOLVED


def test_klondike_solvers_narrow_search_still_runs_in_draw_3_after_ours(monkeypatch):
    """Draw 3: our narrow search goes before Klondike-Solver's narrow search, not in its
    place; that search wins deals ours leaves undecided (this one at about 2.7 s of CPU).
    Its minimal search does not run (left to our exhaustive search)."""
    stages = []
    real = stock_module._KsolveStages.__init__

    def spy(self, position, runs, decided, before=None, deadline=None):
        stages.append([name for name, *_ in runs])
        real(self, position, runs, decided, before=before, deadline=deadline)

    monkeypatch.setattr(stock_module._KsolveStages, "__init__", spy)
    start = deal("klondike-draw3", 76286825879560759411)
    result = solve(start)
    assert stages[-1] == ["klondike-dfs-narrow", "ksolve-narrow"]
    assert result.status == WINNABLE and result.preset in {"ksolve-narrow", "klondike-dfs"}
    assert verified(start, result.moves) and klondike_wins(to_layout(start), 3, result.moves)


def test_draw_1_proofs_take_both_cores_in_place_of_klondike_solvers_minimal_search(monkeypatch):
    """After its narrow search Klondike-Solver stops (its minimal search is left to our
    exhaustive search), and the exhaustive search runs on ``KLONDIKE_DFS_THREADS`` threads
    sharing one table."""
    import threading

    stages, threads, slow = [], [], threading.Event()
    real_stages, real_parallel = stock_module._KsolveStages.__init__, native.run_parallel

    def spy_stages(self, position, runs, decided, before=None, deadline=None):
        stages.append([name for name, *_ in runs])
        if before is not None:
            slow.set()
        real_stages(self, position, runs, decided, before=before, deadline=deadline)

    def spy_parallel(position, **options):
        threads.append(options["threads"])
        slow.wait(60)  # the proof takes under a second: let Klondike-Solver's fast searches end first
        return real_parallel(position, **options)

    monkeypatch.setattr(stock_module._KsolveStages, "__init__", spy_stages)
    monkeypatch.setattr(native, "run_parallel", spy_parallel)
    monkeypatch.setattr(stock_module, "KLONDIKE_DFS_THREADS", 2)
    result = solve(deal("klondike-draw1", 25116067550660661974))
    assert (result.status, result.preset, result.scope) == (IMPOSSIBLE, "klondike-dfs", SCOPE_DFS)
    assert stages[-1] == ["ksolve-narrow"] and threads == [2]


def test_the_exhaustive_search_proves_a_draw_1_deal_lost():
    result = solve(deal("klondike-draw1", 55042562512472202903))
    assert (result.status, result.preset, result.scope) == (IMPOSSIBLE, "klondike-dfs", SCOPE_DFS)
    assert result.moves == ()


def _our_side(variant, number):
    import threading

    searches = stock_module._DealSearches(deal(variant, number), stock_module.time.perf_counter() + 120,
                                          threading.Event())
    searches.run()
    return searches.answer


def test_a_draw_3_deal_is_proven_lost_by_playing_it_as_draw_1():
    """Draw 1 turns any Draw 3 line's cards one at a time, so lost in Draw 1 is lost in Draw 3.
    Our side alone (Klondike-Solver proves this deal too, and would race it)."""
    assert _our_side("klondike-draw3", 39425596550743668741) == (IMPOSSIBLE, (), "klondike-dfs", SCOPE_DFS_DRAW1)


@pytest.mark.parametrize("number", [7, 80514482882505783807])
def test_a_draw_3_deal_won_in_draw_1_is_searched_as_draw_3(number):
    """Won in Draw 1, so no proof there: the deal itself, played as Draw 3, is searched next,
    and its exhaustion is the proof (#7: Klondike-Solver proves it too; 80514482882505783807:
    left undecided before, by every search)."""
    assert _our_side("klondike-draw3", number) == (IMPOSSIBLE, (), "klondike-dfs", SCOPE_DFS)


def test_a_draw_1_deal_left_undecided_before_is_proven_lost():
    """25116067550660661974: every move searched, 14.2 million positions and 29 s of CPU to
    close; with talon cards played only when covered at once, about 470,000."""
    result = solve(deal("klondike-draw1", 25116067550660661974))
    assert (result.status, result.preset, result.scope) == (IMPOSSIBLE, "klondike-dfs", SCOPE_DFS)


def test_a_draw_1_deal_left_undecided_before_is_won():
    start = deal("klondike-draw1", 99760658539621497641)
    result = solve(start)
    assert result.status == WINNABLE and result.preset.startswith("klondike-dfs")
    assert verified(start, result.moves) and klondike_wins(to_layout(start), 1, result.moves)


def test_without_the_second_thread_the_verdict_is_klondike_solvers_alone(monkeypatch):
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_HELPER", False)
    result = solve(deal("klondike-draw3", 50760689066180893503), budget=100_000)
    assert result.status == "undecided" and not result.preset.startswith("klondike-dfs")


def test_an_easy_deal_keeps_klondike_solvers_line():
    """Its fast search answers first whenever it wins: the same line every run."""
    first = solve(deal("klondike-draw1", 1))
    assert first.preset == "ksolve-fast"
    assert solve(deal("klondike-draw1", 1)).moves == first.moves


def test_klondike_solvers_narrow_search_is_not_started_too_late_to_answer_in_time(monkeypatch):
    """It cannot be stopped: started with less than half its reserve left before the verdict's
    limit, it would answer after it (verdicts of 11.4 s were measured). Our narrow search, run
    before it in Draw 3, is not started either when the reserve is all that is left."""
    from solver import ksolve

    calls, narrow = [], []
    real_ksolve, real_native = ksolve.run, native.run

    def spy_ksolve(layout, draw, states, **options):
        calls.append(options.get("shifts"))
        return real_ksolve(layout, draw, states, **options)

    def spy_native(position, **options):
        narrow.append(options.get("flags"))
        return real_native(position, **options)

    monkeypatch.setattr(ksolve, "run", spy_ksolve)
    monkeypatch.setattr(native, "run", spy_native)
    monkeypatch.setattr(stock_module, "KLONDIKE_DEAL_SECONDS", 2.0)
    solve(deal("klondike-draw3", 76286825879560759411))
    assert calls and stock_module.KLONDIKE_NARROW_SHIFTS not in calls
    assert stock_module.KLONDIKE_DFS_NARROW_FLAGS[3] not in narrow
