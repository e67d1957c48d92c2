"""The real worker on the real broker: a fill's steps prove what the reserve lacks; a refusal is logged."""

import datetime as dt

import pytest
from auditlog.models import LogEntry
from django.contrib.auth import get_user_model
from django.db import transaction

from games.models import Daily, Deal, FillJob, Game, ScheduleRequest, SolverStatus
from games.services.audit import StaffAct
from games.services.dailies import today_utc
from games.services.fill_jobs import fill_job_start
from games.services.schedule_requests import schedule_number
from tests.support.waiting import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.slow]


def todays_daily(variant: str = "freecell") -> None:
    deal = Deal.objects.create(variant=variant, number=24, status=SolverStatus.WINNABLE, par=80)
    Daily.objects.create(variant=variant, date=today_utc(), deal=deal)


def test_a_real_worker_fills_a_range_from_an_empty_reserve_with_progress_in_the_job(live_stack, celery_worker_process):
    todays_daily()
    first = today_utc() + dt.timedelta(days=1)
    last = first + dt.timedelta(days=5)
    job = fill_job_start(variant="freecell", first=first, last=last, act=StaffAct(reason="a week", via="command"))
    assert (job.status, job.days_wanted, job.filled, job.waiting) == ("running", 6, 0, 6)

    def done():
        return FillJob.objects.filter(pk=job.pk, status="done").first()

    def state() -> str:
        row = FillJob.objects.filter(pk=job.pk).values().first()
        dailies = list(Daily.objects.filter(variant="freecell").values_list("date", "deal__number", "source"))
        reserve = list(Deal.objects.filter(variant="freecell", daily_reserve=True).values_list("number", "status"))
        return (f"job {row}\ndailies {dailies}\nreserve {reserve}\n{live_stack.broker_state()}\n"
                f"worker:\n{celery_worker_process.tail(60)}")

    finished = wait_for(done, timeout=240, step=0.5, explain=state)
    assert (finished.filled, finished.waiting, finished.failed) == (6, 0, 0)
    assert finished.solved >= 6 and finished.steps >= 1 and finished.worker_seconds > 0
    dailies = Daily.objects.filter(variant="freecell", date__range=(first, last)).select_related("deal")
    assert dailies.count() == 6 and all(d.deal.status == "winnable" and d.source == "reserve" for d in dailies)
    assert LogEntry.objects.filter(additional_data__action="schedule_add", additional_data__via="worker").count() == 6


def test_a_request_the_real_worker_refuses_is_refused_and_logged(celery_worker_process):
    curator = get_user_model().objects.create_user(username="curator", password="x" * 12, is_staff=True)
    player = get_user_model().objects.create_user(username="ann", password="x" * 12)
    date = today_utc() + dt.timedelta(days=3)
    with transaction.atomic():  # someone plays the deal while it waits for the worker
        request = schedule_number(variant="freecell", date=date, number=4_000_000_017,
                                  act=StaffAct(actor=curator, reason="a fresh deal", via="admin"))
        Game.objects.create(player=player, deal=request.deal)

    def settled():
        return ScheduleRequest.objects.filter(pk=request.pk).exclude(status="pending").first()

    refused = wait_for(settled, timeout=120, step=0.5)
    assert refused.status == "refused" and "played already" in refused.outcome
    entry = LogEntry.objects.get(additional_data__action="schedule_request_refused")
    assert entry.actor == curator and entry.additional_data["via"] == "worker"
    assert not Daily.objects.filter(date=date).exists()
