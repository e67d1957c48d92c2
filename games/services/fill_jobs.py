"""Planning a month or a season in one go: a fill job.

Staff ask for every empty date of a range to get a daily. What the reserve holds is
scheduled at once (after today's daily, if it is missing, and leaving the dates of
pending schedule requests to them); the worker solves new deals for the rest, in
steps of FILL_STEP_SECONDS each (well inside the tasks' time limits), and schedules
each as soon as it is proven. The job row is the progress staff read in the admin:
days wanted, filled, waiting for proofs, failed, and the worker's time.

A step claims its job with a short lease, so that a step rung twice (the sweeper,
a redelivered message) never runs beside another; every count is recomputed from
the schedule, so a step that runs again does no harm.
"""

import datetime as dt
import time

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

import solver
from games import tasks
from games.clock import today_utc
from games.models import Daily, FillJob
from games.services.audit import StaffAct, staff_action_record
from games.services.dailies import daily_ensure
from games.services.schedule import fill_range_check, schedule_from_reserve, schedule_gaps
from games.services.solving import pool_fill, pool_size

#: Seconds of solving in one step: inside the 12 s soft limit with room for a search that
#: overruns its clock on a busy machine (freecell_site/celery.py).
FILL_STEP_SECONDS = 6.0
#: Each search's budget in a step: a quarter of a pool's (positions for Klondike and Spider,
#: iterations per preset for the FreeCell family), so that one search stays inside a step even
#: on a machine several times over-loaded (a 300,000-position Klondike search ran past the 15 s
#: hard limit at a load average of 18 on 2 cores). A deal it cannot decide is left undecided
#: and the next candidate is tried.
FILL_BUDGETS = {"stock": tasks.STOCK_SEARCH_BUDGET, "freecell": 50_000}
#: How long a step's claim on its job holds: past the tasks' 15 s hard limit.
STEP_LEASE = dt.timedelta(seconds=20)
#: A running job no step touched for this long is rung again by the sweeper.
RING_AFTER = dt.timedelta(seconds=60)


def _max_steps(job: FillJob) -> int:
    """Steps a job may take before it stops and shows its gaps as failed (a Spider 4 suits
    deal can take a few steps to prove, and some candidates are never decided)."""
    return 20 + 12 * job.days_wanted


def _act(job: FillJob) -> StaffAct:
    return StaffAct(actor=job.requested_by, reason=job.reason, via="worker")


def _today_serve(variant: str) -> None:
    """Today's daily before any future date: the reserve serves it first."""
    today = today_utc()
    if not Daily.objects.filter(variant=variant, date=today).exists():
        daily_ensure(variant=variant, date=today, fill_rounds=0)


def _future(job: FillJob) -> tuple[dt.date, dt.date]:
    return max(job.first, today_utc() + dt.timedelta(days=1)), job.last


def _gaps(job: FillJob) -> list[dt.date]:
    first, last = _future(job)
    return schedule_gaps(variant=job.variant, first=first, last=last) if first <= last else []


def _from_reserve(job: FillJob, act: StaffAct) -> None:
    """Schedule reserve deals on the job's gaps, soonest first, each of its planned band."""
    schedule_from_reserve(variant=job.variant, dates=_gaps(job), act=act)


def fill_job_progress(*, job: FillJob) -> FillJob:
    """Recount the job from the schedule. Filled: dailies of the range made since the job began
    (by it, a schedule request or beat). Waiting: dates still to come with no daily (a pending
    request's among them). Failed: dates that began with no daily, and every gap of a stopped job."""
    in_range = Daily.objects.filter(variant=job.variant, date__range=(job.first, job.last))
    job.filled = in_range.filter(created_at__gte=job.created_at).count()
    first, last = _future(job)
    to_come = max((last - first).days + 1, 0)
    job.waiting = to_come - in_range.filter(date__gte=first).count()
    begun = (job.last - job.first).days + 1 - to_come
    job.failed = begun - in_range.filter(date__lt=first).count()
    if job.status == FillJob.Status.STOPPED:
        job.failed, job.waiting = job.failed + job.waiting, 0
    return job


def fill_job_start(*, variant: str, first: dt.date, last: dt.date, act: StaffAct) -> FillJob:
    """Fill ``first`` to ``last``: the reserve's deals now, the worker's proofs for the rest."""
    fill_range_check(variant=variant, first=first, last=last)
    _today_serve(variant)
    scheduled = Daily.objects.filter(variant=variant, date__range=(first, last)).count()
    actor = act.actor if getattr(act.actor, "is_authenticated", False) else None
    with transaction.atomic():
        job = FillJob.objects.create(variant=variant, first=first, last=last,
                                     days_wanted=(last - first).days + 1 - scheduled,
                                     requested_by=actor, reason=act.reason[:300], via=act.via)
        staff_action_record(act=act, action="schedule_fill", target=job,
                            changes={"first": (None, first), "last": (None, last)})
    _from_reserve(job, act)
    with transaction.atomic():
        return _job_save_and_ring(job)


def _job_save_and_ring(job: FillJob) -> FillJob:
    """Store the recount; the job is done when no gap is left to it (a pending request's date is
    the request's), stopped past its steps; otherwise the next step is rung."""
    if job.status == FillJob.Status.RUNNING and not _gaps(job):
        job.status, job.finished_at = FillJob.Status.DONE, timezone.now()
    elif job.status == FillJob.Status.RUNNING and job.steps >= _max_steps(job):
        job.status, job.finished_at = FillJob.Status.STOPPED, timezone.now()
    fill_job_progress(job=job)
    job.lease_until = None
    job.save()
    if job.status == FillJob.Status.RUNNING:
        transaction.on_commit(lambda: tasks.fill_job_step_task.delay(job.pk))
    return job


def _claim(job_id: int) -> FillJob | None:
    now = timezone.now()
    free = Q(lease_until__isnull=True) | Q(lease_until__lt=now)
    claimed = FillJob.objects.filter(free, pk=job_id, status=FillJob.Status.RUNNING).update(
        lease_until=now + STEP_LEASE
    )
    return FillJob.objects.select_related("requested_by").get(pk=job_id) if claimed else None


def fill_job_step(*, job_id: int, seconds: float = FILL_STEP_SECONDS) -> FillJob | None:
    """The worker's side: one bounded step of a running job (None when another step holds it,
    or it is over). Today's missing daily first, then reserve deals on the gaps, soonest
    first; with the reserve empty, new deals are proven into it and scheduled as they come."""
    job = _claim(job_id)
    if job is None:
        return None
    started, cpu = time.monotonic(), time.process_time()
    deadline = started + seconds
    stock = job.variant in solver.STOCK_VARIANTS
    budget = FILL_BUDGETS["stock" if stock else "freecell"]
    _today_serve(job.variant)
    _from_reserve(job, _act(job))
    took = 0.0
    while _gaps(job) and deadline - time.monotonic() > _margin(stock, took):
        began = time.monotonic()
        reserve = pool_size(variant=job.variant, reserve=True)
        added = pool_fill(variant=job.variant, target=reserve + 1, seconds=deadline - time.monotonic(),
                          reserve=True, budget=budget)
        took = time.monotonic() - began
        if added:
            job.solved += added
            _today_serve(job.variant)
            _from_reserve(job, _act(job))
    job.steps += 1
    job.worker_seconds += time.monotonic() - started
    job.worker_cpu_seconds += time.process_time() - cpu
    with transaction.atomic():
        return _job_save_and_ring(job)


def _margin(stock: bool, took: float) -> float:
    """The time a step must have left to begin another search: twice what the last one took
    (a busy machine stretches every search alike), and at least 2 s for Klondike and Spider
    (a Spider search may overrun its clock) or 0.2 s for the FreeCell family."""
    return max(2.0 if stock else 0.2, 2 * took)


def fill_job_step_released(*, job_id: int) -> None:
    """A step cut by the time limit: count it, let the next step claim the job, ring it."""
    job = FillJob.objects.filter(pk=job_id, status=FillJob.Status.RUNNING).first()
    if job is None:
        return
    FillJob.objects.filter(pk=job_id).update(lease_until=None, steps=job.steps + 1)
    tasks.fill_job_step_task.delay(job_id)


def fill_jobs_stale(*, limit: int = 100) -> list[int]:
    """Running jobs no step has touched for RING_AFTER (a lost message, a killed worker)."""
    now = timezone.now()
    stale = FillJob.objects.filter(status=FillJob.Status.RUNNING, updated_at__lt=now - RING_AFTER)
    stale = stale.filter(Q(lease_until__isnull=True) | Q(lease_until__lt=now))
    return list(stale.order_by("created_at").values_list("pk", flat=True)[:limit])
