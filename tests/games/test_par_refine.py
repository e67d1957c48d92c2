"""Par refined once per daily by the worker: a shorter verified line replaces the stored one
with how it was found, par is never raised, recorded results keep their moves, and "moves
over par" (the daily board's and the deal's par, the player's stats) reads the new par."""

import functools

import pytest
from django.utils import timezone

import engine
import solver
from games.models import Daily, Deal, Result, SolverStatus
from games.services.solving import dailies_par_refine_request, deal_par_refine, deal_solve
from games.tasks import par_refine_task

pytestmark = pytest.mark.django_db

# MS 3: the portfolio's par is ve's 82 moves; ve searched again from the positions of that
# line finds 80 (solver/par.py's example).
NUMBER, OLD_PAR, NEW_PAR = 3, 82, 80


@pytest.fixture
def solved_daily(today):
    deal = deal_solve(deal=Deal.objects.create(variant="freecell", number=NUMBER))
    return Daily.objects.create(variant="freecell", date=today, deal=deal)


#: Searches in one round of refinement (the line's suffixes are searched a few positions apart).
ROUND_SOLVES = 10


def refine_in_rounds(deal_id, monkeypatch, capture) -> int:
    """What the worker does with each queued round; returns how many rounds ran."""
    queued = []
    monkeypatch.setattr(par_refine_task, "delay", lambda pk, first: queued.append((pk, first)))
    # Rounds bounded by their searches, not by the clock: 1 s rounds finished the deal in one
    # round on a quick machine, and the test is about the rounds going on from each other.
    monkeypatch.setattr("games.services.solving.PAR_REFINE_SECONDS", 600.0)
    monkeypatch.setattr("games.services.solving.solver.refine_par",
                        functools.partial(solver.refine_par, solves=ROUND_SOLVES))
    rounds, first = 0, 1
    while True:
        rounds += 1
        with capture(execute=True):
            par_refine_task(deal_id, first)
        if len(queued) < rounds:
            return rounds
        assert queued[-1][0] == deal_id
        first = queued[-1][1]


def test_solving_a_deal_records_how_its_par_was_found(solved_daily):
    deal = solved_daily.deal
    assert (deal.par, deal.par_method, deal.par_refined_at) == (OLD_PAR, "ve", None)


def test_the_worker_refines_a_dailys_par_and_over_par_reads_the_new_one(
        solved_daily, finish, anon, today, monkeypatch, django_capture_on_commit_callbacks):
    deal = solved_daily.deal
    result = finish("dora", deal, daily=solved_daily, moves=95)
    board = f"/api/leaderboards/daily/{today}/freecell/"
    assert anon.get(board).json()["par"] == OLD_PAR  # the board is stored now
    assert anon.get("/api/players/dora/stats/").json()["variants"]["freecell"]["average_over_par"] == 95 - OLD_PAR

    rounds = refine_in_rounds(deal.pk, monkeypatch, django_capture_on_commit_callbacks)
    deal.refresh_from_db()
    assert rounds >= 2  # each round going on from where the last stopped
    assert (deal.par, deal.par_method) == (NEW_PAR, "ve+suffix:ve")
    assert deal.par_refined_at is not None
    assert engine.replay(engine.deal("freecell", NUMBER), deal.solution.split()).won
    assert len(deal.solution.split()) == NEW_PAR

    kept = Result.objects.get(pk=result.pk)  # the recorded result is what it was
    assert (kept.moves, kept.counted_moves, kept.ranked) == (95, 95, True)
    body = anon.get(board).json()  # the board's par is what the end screen shows for a daily
    assert body["par"] == NEW_PAR and body["rows"][0]["moves"] == 95
    stats = anon.get("/api/players/dora/stats/").json()["variants"]["freecell"]
    assert stats["average_over_par"] == 95 - NEW_PAR

    refined_at = deal.par_refined_at  # once per daily: asked again, nothing runs or changes
    assert par_refine_task(deal.pk) == NEW_PAR
    deal.refresh_from_db()
    assert deal.par_refined_at == refined_at


def test_a_numbered_deals_page_reads_the_refined_par(anon, monkeypatch):
    """Off the dailies the end screen asks the deal's API for par."""
    deal = deal_solve(deal=Deal.objects.create(variant="freecell", number=NUMBER))
    assert anon.get(f"/api/deals/freecell/{NUMBER}/").json()["par"] == OLD_PAR
    monkeypatch.setattr("games.services.solving.PAR_REFINE_SECONDS", 60.0)
    refined, following = deal_par_refine(deal_id=deal.pk)
    assert following is None and refined.par == NEW_PAR
    assert anon.get(f"/api/deals/freecell/{NUMBER}/").json()["par"] == NEW_PAR


def test_par_is_never_raised(solved_daily, monkeypatch):
    deal = solved_daily.deal
    monkeypatch.setattr("games.services.solving.PAR_REFINE_SECONDS", 60.0)
    deal_par_refine(deal_id=deal.pk)
    again = deal_solve(deal=Deal.objects.get(pk=deal.pk))  # solved again: the portfolio finds 82
    assert (again.par, again.par_method, again.status) == (NEW_PAR, "ve+suffix:ve", SolverStatus.WINNABLE)
    assert again.par_refined_at is not None
    assert len(again.solution.split()) == NEW_PAR


def test_a_deal_refined_or_not_winnable_is_left_alone():
    lost = Deal.objects.create(variant="freecell-classic", number=11982, status=SolverStatus.IMPOSSIBLE)
    assert deal_par_refine(deal_id=lost.pk) == (lost, None)
    done = Deal.objects.create(variant="freecell", number=5, status=SolverStatus.WINNABLE, par=99,
                               solution="1a", par_method="ve", par_refined_at=timezone.now())
    assert deal_par_refine(deal_id=done.pk)[1] is None
    assert Deal.objects.get(pk=done.pk).par == 99


def test_preparing_the_dailies_asks_for_each_deal_once(
        solved_daily, settings, today, django_capture_on_commit_callbacks):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    refined = Deal.objects.create(variant="freecell-classic", number=7, status=SolverStatus.WINNABLE, par=90,
                                  solution="1a", par_refined_at=timezone.now())
    other = Daily.objects.create(variant="freecell-classic", date=today, deal=refined)
    with django_capture_on_commit_callbacks() as callbacks:
        assert dailies_par_refine_request([solved_daily, other]) == 1
        assert dailies_par_refine_request([solved_daily]) == 0  # a chain of rounds is under way
    assert len(callbacks) == 1


def test_the_refining_task_runs_at_the_bulk_priority():
    from freecell_site.celery import BULK_TASKS, PRIORITY_BULK, app

    assert "games.par_refine" in BULK_TASKS
    assert app.conf.task_routes["games.par_refine"] == {"priority": PRIORITY_BULK}
