"""Scheduling by deal number: a deal nobody has proven yet is sent to the worker first.

``schedule_number`` schedules at once when the deal is proven winnable, refuses
at once what can never be scheduled (a proven-impossible or voided deal, a
date that has begun or is taken, a deal already a daily), and otherwise
records a pending request and rings the worker. The worker solves the deal
and settles the request: scheduled, or refused with the reason staff read in
the admin and the staff API.
"""

import datetime as dt

from django.db import transaction
from django.utils import timezone

import solver
from core.errors import Conflict, DomainError, InvalidRequest
from games import tasks
from games.models import Daily, Deal, ScheduleRequest, SolverStatus
from games.services.audit import StaffAct, staff_action_record
from games.services.dailies import daily_on_check
from games.services.deals import deal_get_or_create, deal_lookup
from games.services.schedule import schedule_add, schedule_check
from games.services.solving import deal_solve

# Longer than a solve takes plus the broker's redelivery of a lost message.
SWEEP_AFTER = dt.timedelta(seconds=45)
# A request the worker has rung for this long without settling (its solve keeps failing or
# being cut by the time limit) is refused rather than left pending for ever.
GIVE_UP_AFTER = dt.timedelta(minutes=15)


def _early_check(variant: str, date: dt.date, deal: Deal) -> None:
    """What refuses a request whatever the worker finds (an unproven deal is checked as if proven)."""
    decided = deal.status in (SolverStatus.WINNABLE, SolverStatus.IMPOSSIBLE) or deal.voided
    probe = (
        deal
        if decided
        else Deal(pk=deal.pk, variant=deal.variant, number=deal.number, status=SolverStatus.WINNABLE)
    )
    schedule_check(variant=variant, date=date, deal=probe)
    if Daily.objects.filter(variant=variant, date=date).exists():
        raise Conflict(f"{date} already has a {variant} daily.", code="already_scheduled")
    pending = ScheduleRequest.objects.filter(status=ScheduleRequest.Status.PENDING)
    if pending.filter(variant=variant, date=date).exists():
        raise Conflict(
            f"A {variant} deal for {date} is already waiting for the worker.", code="already_scheduled"
        )


def schedule_number_check(*, variant: str, date: dt.date, number: int) -> Deal:
    """Refuse now what the request would be refused for; the deal (maybe not stored yet)."""
    daily_on_check(variant, date)
    deal = deal_lookup(variant=variant, number=number)
    _early_check(variant, date, deal)
    if deal.status == SolverStatus.UNDECIDED:
        raise InvalidRequest(
            f"{deal} was not decided within the solver's budget "
            f"({deal.iterations:,} iterations); choose another deal.",
            code="deal_not_proven",
        )
    return deal


def schedule_number(*, variant: str, date: dt.date, number: int, act: StaffAct) -> Daily | ScheduleRequest:
    """A daily now (the deal is proven), or a pending request the worker settles."""
    schedule_number_check(variant=variant, date=date, number=number)
    deal = deal_get_or_create(variant=variant, number=number)
    if deal.status == SolverStatus.WINNABLE:
        return schedule_add(variant=variant, date=date, deal=deal, act=act)
    with transaction.atomic():
        request = ScheduleRequest.objects.create(
            variant=variant,
            date=date,
            deal=deal,
            requested_by=act.actor,
            reason=act.reason[:300],
            via=act.via,
        )
        staff_action_record(
            act=act,
            action="schedule_request",
            target=request,
            changes={"date": (None, date), "deal": (None, deal)},
        )
        transaction.on_commit(lambda: tasks.schedule_request_settle_task.delay(request.pk))
    return request


def schedule_requests_stale(*, limit: int = 100) -> list[int]:
    """Pending requests that the worker should have settled by now (the sweeper rings again)."""
    before = timezone.now() - SWEEP_AFTER
    pending = ScheduleRequest.objects.filter(status=ScheduleRequest.Status.PENDING, created_at__lt=before)
    return list(pending.order_by("created_at").values_list("pk", flat=True)[:limit])


def _settle(request: ScheduleRequest, status: str, outcome: str, daily: Daily | None = None) -> None:
    request.status, request.outcome, request.daily = status, outcome[:300], daily
    request.settled_at = timezone.now()
    request.save(update_fields=["status", "outcome", "daily", "settled_at"])
    if status == ScheduleRequest.Status.REFUSED:
        # The worker's refusal is a staff action's outcome: in the trail beside the request, with why.
        act = StaffAct(actor=request.requested_by, reason=request.reason, via="worker")
        staff_action_record(
            act=act, action="schedule_request_refused", target=request,
            changes={"status": (ScheduleRequest.Status.PENDING, status)}, note=request.outcome,
        )


def schedule_requests_give_up(*, limit: int = 100) -> list[int]:
    """Refuse (and log) the requests pending for longer than GIVE_UP_AFTER: the worker could not
    settle them. Returns their ids."""
    before = timezone.now() - GIVE_UP_AFTER
    refused = []
    with transaction.atomic():
        pending = ScheduleRequest.objects.select_for_update(skip_locked=True, of=("self",)).select_related(
            "deal", "requested_by"
        )
        for request in pending.filter(status=ScheduleRequest.Status.PENDING, created_at__lt=before)[:limit]:
            _settle(request, ScheduleRequest.Status.REFUSED,
                    f"the worker could not decide {request.deal} within {GIVE_UP_AFTER}; choose another deal")
            refused.append(request.pk)
    return refused


def schedule_request_settle(*, request_id: int) -> ScheduleRequest | None:
    """The worker's side: prove the deal, then schedule it or say why not (idempotent)."""
    request = ScheduleRequest.objects.select_related("deal", "requested_by").filter(pk=request_id).first()
    if request is None or request.status != ScheduleRequest.Status.PENDING:
        return request
    if request.deal.status in (SolverStatus.UNKNOWN, SolverStatus.UNDECIDED):
        # Within the task's time limit: a Spider search can take tens of seconds.
        stock = request.deal.variant in solver.STOCK_VARIANTS
        deal_solve(deal=request.deal, seconds=tasks.STOCK_TASK_SECONDS if stock else None)
    act = StaffAct(actor=request.requested_by, reason=request.reason, via=request.via)
    with transaction.atomic():
        request = ScheduleRequest.objects.select_for_update().select_related("deal").get(pk=request_id)
        if request.status != ScheduleRequest.Status.PENDING:
            return request
        request.deal.refresh_from_db()
        try:
            with transaction.atomic():
                daily = schedule_add(variant=request.variant, date=request.date, deal=request.deal, act=act)
        except DomainError as exc:
            _settle(request, ScheduleRequest.Status.REFUSED, exc.message)
        else:
            _settle(request, ScheduleRequest.Status.SCHEDULED, f"scheduled (par {daily.deal.par})", daily)
    return request
