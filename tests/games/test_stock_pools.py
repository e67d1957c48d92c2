"""The pool filler for Klondike and Spider: only proven-winnable deals whose
stored line replays to a win enter a pool or the daily reserve."""

import random

import pytest

import engine
from games.models import Deal, SolverStatus
from games.services import solving
from games.services.solving import pool_fill, pool_size
from tests.solver.replayer import klondike_wins, spider_wins

pytestmark = pytest.mark.django_db


def independent_win(deal: Deal) -> bool:
    start = engine.deal(deal.variant, deal.number)
    rules = engine.get_ruleset(deal.variant)
    if rules.family == "klondike":
        return klondike_wins(engine.to_layout(start), rules.draw_count, deal.solution.split())
    return spider_wins(engine.to_layout(start), deal.solution.split())


@pytest.mark.parametrize("variant", ["klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits"])
def test_pool_fill_keeps_only_deals_with_a_verified_line(variant):
    # The fill stops at its target; its time bound (60 s on the worker) is not what is tested here,
    # and a busy machine reached it before the second proof.
    added = pool_fill(variant=variant, target=2, seconds=900, rng=random.Random(11))
    assert added == 2 and pool_size(variant=variant) == 2
    for deal in Deal.objects.filter(variant=variant, in_pool=True):
        assert deal.status == SolverStatus.WINNABLE and deal.par == len(deal.solution.split())
        assert independent_win(deal)


def test_the_daily_reserve_of_spider_holds_verified_lines_only():
    added = pool_fill(variant="spider-1suit", target=2, seconds=60, rng=random.Random(5), reserve=True)
    assert added == 2
    for deal in Deal.objects.filter(variant="spider-1suit", daily_reserve=True):
        assert 1 <= deal.number <= 10**20 - 1  # the whole PySolFC range
        assert independent_win(deal)


def test_a_winnable_verdict_whose_line_does_not_win_stays_out(monkeypatch):
    real = solving.solver.solve_with_par

    verdicts = []

    def broken_line(position, **kwargs):
        result = real(position, **kwargs)
        verdicts.append(result.status)
        return type(result)(result.status, result.par, result.line[:-1], result.presets,
                            result.scope, result.iterations, result.seconds, result.preset)

    monkeypatch.setattr(solving.solver, "solve_with_par", broken_line)
    assert pool_fill(variant="spider-1suit", target=1, seconds=3, rng=random.Random(3)) == 0
    assert SolverStatus.WINNABLE in verdicts  # a winnable verdict was refused, not merely none found
    assert pool_size(variant="spider-1suit") == 0


def test_a_spider_search_for_a_pool_stays_within_the_seconds_given(solve_calls):
    seen = solve_calls
    pool_fill(variant="spider-4suits", target=1, seconds=2, rng=random.Random(1))
    assert seen and all(k["seconds"] <= 2 and k["budget"] == solving.POOL_STOCK_BUDGET for k in seen)


def test_the_pool_task_of_one_variant_fills_it(settings):
    from games.tasks import pool_fill_task

    settings.POOL_TARGET = 1
    assert pool_fill_task.run("klondike-draw3") == 1
    assert pool_size(variant="klondike-draw3") == 1


def test_the_pool_task_searches_with_a_budget_that_stays_inside_the_time_limit_on_a_busy_machine(
        settings, solve_calls):
    from games.tasks import STOCK_SEARCH_BUDGET, pool_fill_task

    settings.DAILY_RESERVE_TARGET = 1
    pool_fill_task.run("klondike-draw3", reserve=True)
    assert solve_calls and all(k["budget"] == STOCK_SEARCH_BUDGET < solving.POOL_STOCK_BUDGET for k in solve_calls)


def test_a_site_hint_follows_the_deals_stored_line():
    from games.services.solving import hint_solve

    start = engine.deal("klondike-draw3", 1)
    line = list(solving.solver.solve(start).moves)
    result = hint_solve(start=start, moves=line[:10], line=line)
    assert (result.status, result.move) == ("move", line[10])
