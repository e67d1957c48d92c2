"""The solver's verdicts on deal rows: proofs, par and the winnable pools."""

import random
import time

from django.conf import settings
from django.db import transaction

from games import solver
from games.models import Deal, SolverStatus
from games.referee import start_position
from games.services.deals import deal_get_or_create, deal_random_number, deal_verdict_store


def deal_solve(*, deal: Deal, budget: int | None = None) -> Deal:
    """Prove a deal winnable (with par and line) or impossible, or leave it undecided."""
    position = start_position(deal.variant, deal.number)
    result = solver.solve_with_par(position, budget=budget or settings.SOLVER_BUDGET)
    return deal_verdict_store(
        deal=deal,
        status=result.status,
        scope=result.scope,
        par=result.par,
        line=" ".join(result.line),
        iterations=result.iterations,
    )


def deal_par_ensure(*, deal: Deal) -> Deal:
    if deal.status == SolverStatus.WINNABLE and deal.par is not None:
        return deal
    return deal_solve(deal=deal)


def pool_size(*, variant: str) -> int:
    return Deal.objects.filter(
        variant=variant, in_pool=True, status=SolverStatus.WINNABLE, voided=False
    ).count()


def pool_fill(*, variant: str, target: int, seconds: float, rng: random.Random | None = None) -> int:
    """Add proven-winnable deals to a variant's pool until ``target`` or the time is up.

    Returns how many deals were added. Bounded in time so that the task stays
    well inside its Celery time limit.
    """
    rng = rng or random.Random()
    added = 0
    deadline = time.monotonic() + seconds
    while pool_size(variant=variant) < target and time.monotonic() < deadline:
        deal = deal_get_or_create(variant=variant, number=deal_random_number(variant=variant, rng=rng))
        if deal.voided or deal.in_pool:
            continue
        if deal.status in (SolverStatus.UNKNOWN, SolverStatus.UNDECIDED):
            deal = deal_solve(deal=deal)
        if deal.status == SolverStatus.WINNABLE:
            with transaction.atomic():
                Deal.objects.filter(pk=deal.pk).update(in_pool=True)
            added += 1
    return added
