"""The real worker refines a daily's par in bounded rounds on the real broker."""

import pytest

import solver
from engine import deal as deal_of
from games.models import Daily, Deal, SolverStatus
from games.services.dailies import today_utc
from games.tasks import par_refine_task
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.slow]


def test_a_real_worker_refines_a_dailys_par(live_stack, celery_worker_process):
    found = solver.solve_with_par(deal_of("freecell", 3))
    deal = Deal.objects.create(variant="freecell", number=3, status=SolverStatus.WINNABLE, par=found.par,
                               solution=" ".join(found.line), par_method=found.preset)
    Daily.objects.create(variant="freecell", date=today_utc(), deal=deal)
    par_refine_task.delay(deal.pk)

    def refined():
        return Deal.objects.filter(pk=deal.pk, par_refined_at__isnull=False).first()

    done = wait_for(refined, timeout=120, step=0.5,
                    explain=lambda: f"{live_stack.broker_state()}\nworker:\n{celery_worker_process.tail(40)}")
    assert done.par == 80 < found.par and done.par_method == "ve+suffix:ve"
    assert len(done.solution.split()) == 80
