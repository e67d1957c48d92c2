"""Planning a month in one go: a fill solves what the reserve lacks, in bounded steps, with progress."""

import datetime as dt

import pytest
from auditlog.models import LogEntry

from games.models import Daily, Deal, FillJob, ScheduleRequest
from games.services.audit import StaffAct
from games.services.dailies import SCHEDULE_DAYS_AHEAD, daily_ensure, reserve_target
from games.services.fill_jobs import STEP_LEASE, fill_job_start, fill_job_step
from games.services.schedule import schedule_fill

pytestmark = pytest.mark.django_db
ACT = StaffAct(reason="next month", via="command")


def days(today, first: int, last: int) -> tuple[dt.date, dt.date]:
    return today + dt.timedelta(days=first), today + dt.timedelta(days=last)


def test_a_fill_serves_todays_missing_daily_before_any_future_date(winnable_deal, today):
    winnable_deal("freecell", 2_000_000_001, in_pool=False, reserve=True)
    made, empty = schedule_fill(variant="freecell", first=today + dt.timedelta(days=1),
                                last=today + dt.timedelta(days=1), act=ACT)
    assert Daily.objects.get(date=today).deal.number == 2_000_000_001
    assert made == [] and empty == [today + dt.timedelta(days=1)]


def test_a_fill_leaves_the_date_of_a_pending_schedule_request_to_it(winnable_deal, daily, today):
    daily("freecell", today)
    for number in (2_000_000_001, 2_000_000_002):
        winnable_deal("freecell", number, in_pool=False, reserve=True)
    first, last = days(today, 1, 2)
    asked = Deal.objects.create(variant="freecell", number=3_000_000_003)
    ScheduleRequest.objects.create(variant="freecell", date=first, deal=asked)
    made, empty = schedule_fill(variant="freecell", first=first, last=last, act=ACT)
    assert [d.date for d in made] == [last] and empty == []
    assert not Daily.objects.filter(date=first).exists()


def test_a_fill_with_an_empty_reserve_becomes_a_job_the_worker_steps_through(
        daily, today, django_capture_on_commit_callbacks):
    daily("freecell", today)
    first, last = days(today, 1, 4)
    with django_capture_on_commit_callbacks() as rung:
        job = fill_job_start(variant="freecell", first=first, last=last, act=ACT)
    assert (job.status, job.days_wanted, job.filled, job.waiting, job.failed) == ("running", 4, 0, 4, 0)
    assert len(rung) == 1
    for _ in range(20):  # each step solves for a few seconds and rings the next
        with django_capture_on_commit_callbacks():
            job = fill_job_step(job_id=job.pk)
        if job.status != "running":
            break
    assert (job.status, job.filled, job.waiting, job.failed) == ("done", 4, 0, 0)
    assert job.solved >= 4 and job.steps >= 1 and job.worker_seconds > 0 and job.worker_cpu_seconds > 0
    dailies = Daily.objects.filter(date__range=(first, last))
    assert dailies.count() == 4 and {d.source for d in dailies} == {"reserve"}
    assert all(d.deal.status == "winnable" and d.deal.number > 1_000_000 for d in dailies)
    assert LogEntry.objects.filter(additional_data__action="schedule_add").count() == 4


def test_a_step_never_runs_beside_another_step_of_the_same_job(daily, today, django_capture_on_commit_callbacks):
    daily("freecell", today)
    first, last = days(today, 1, 2)
    with django_capture_on_commit_callbacks():
        job = fill_job_start(variant="freecell", first=first, last=last, act=ACT)
    FillJob.objects.filter(pk=job.pk).update(lease_until=job.created_at + 10 * STEP_LEASE)
    assert fill_job_step(job_id=job.pk) is None
    assert not Daily.objects.filter(date__gt=today).exists()


def test_a_job_that_runs_out_of_steps_stops_and_counts_its_gaps_as_failed(
        daily, today, django_capture_on_commit_callbacks):
    daily("freecell", today)
    first, last = days(today, 1, 3)
    with django_capture_on_commit_callbacks():
        job = fill_job_start(variant="freecell", first=first, last=last, act=ACT)
    FillJob.objects.filter(pk=job.pk).update(steps=10_000)
    with django_capture_on_commit_callbacks() as rung:
        job = fill_job_step(job_id=job.pk, seconds=0)
    assert (job.status, job.waiting, job.failed) == ("stopped", 0, 3)
    assert not rung


def test_the_reserve_target_is_set_by_how_far_ahead_beat_schedules(settings):
    settings.DAILY_RESERVE_TARGET = 0
    assert reserve_target() == 2 * (SCHEDULE_DAYS_AHEAD + 1)
    settings.DAILY_RESERVE_TARGET = 5
    assert reserve_target() == 5


def test_beat_marks_a_daily_drawn_from_the_reserve_as_such(winnable_deal, today):
    winnable_deal("freecell", 2_000_000_001, in_pool=False, reserve=True)
    assert daily_ensure(variant="freecell", date=today, fill_rounds=0).source == "reserve"


def test_the_review_does_not_offer_to_schedule_from_an_empty_reserve(admin_client, daily, today):
    daily("freecell", today)
    first, last = days(today, 1, 30)
    page = admin_client.post("/admin/games/daily/fill/", {"variant": "freecell", "first": first, "last": last})
    text = page.content.decode()
    assert "0 deal(s) in the reserve" in text and "Yes, schedule them" not in text
    assert "Yes, solve 30 on the worker" in text and "0 date(s) are scheduled now and 30 wait for the worker" in text


def test_the_review_offers_nothing_when_every_date_is_taken(admin_client, daily, today):
    first, _ = days(today, 1, 1)
    daily("freecell", first, number=2_000_000_001)
    page = admin_client.post("/admin/games/daily/fill/", {"variant": "freecell", "first": first, "last": first})
    text = page.content.decode()
    assert "Nothing to fill" in text and 'name="confirm"' not in text


def test_filling_every_daily_variant_starts_one_job_each_and_lists_their_progress(
        admin_client, today, django_capture_on_commit_callbacks):
    from games.catalogue import daily_variants

    first, last = days(today, 1, 2)
    form = {"variant": "all", "first": first, "last": last, "reason": "season", "confirm": "yes"}
    with django_capture_on_commit_callbacks():
        done = admin_client.post("/admin/games/daily/fill/", form, follow=True)
    assert sorted(FillJob.objects.values_list("variant", flat=True)) == sorted(daily_variants())
    text = done.content.decode()
    assert "Fill jobs" in text or "fill job" in text
    listing = admin_client.get("/admin/games/filljob/").content.decode()
    assert "waiting" in listing.lower() and "worker time" in listing.lower()


def test_the_calendar_shows_titles_whole_numbers_the_source_and_the_dates_a_fill_waits_for(
        admin_client, winnable_deal, today, django_capture_on_commit_callbacks):
    number = 98_765_432_109_876_543_210
    first, last = days(today, 1, 3)
    deal = winnable_deal("freecell", number, in_pool=False)
    Daily.objects.create(variant="freecell", date=today, deal=deal, source=Daily.Source.RESERVE)
    with django_capture_on_commit_callbacks():
        job = fill_job_start(variant="freecell", first=first, last=last, act=ACT)
    pages = [admin_client.get(f"/admin/games/daily/calendar/?variant=freecell&month={d:%Y-%m}").content.decode()
             for d in {today, last}]
    text = "".join(pages)
    assert "FreeCell dailies" in text and ">FreeCell</a>" in text and ">freecell</a>" not in text
    assert f"#{number}<" in text and ">reserve<" in text
    assert f"fill #{job.pk}" in text
    css = admin_client.get("/static/games/admin.css")
    assert "overflow-wrap: anywhere" in b"".join(css.streaming_content).decode()


def test_a_step_cut_by_the_soft_time_limit_inside_the_solver_lets_the_next_step_go_on(
        daily, today, monkeypatch, django_capture_on_commit_callbacks):
    from celery.exceptions import SoftTimeLimitExceeded

    from games import tasks
    from games.services import fill_jobs
    from solver.errors import LibraryError

    daily("freecell", today)
    first, last = days(today, 1, 2)
    with django_capture_on_commit_callbacks():
        job = fill_job_start(variant="freecell", first=first, last=last, act=ACT)

    def cut(**_kwargs):
        FillJob.objects.filter(pk=job.pk).update(lease_until=job.created_at + 10 * STEP_LEASE)
        try:
            raise SoftTimeLimitExceeded()
        except SoftTimeLimitExceeded as limit:
            raise LibraryError(f"fc-solve failed: {limit!r}") from limit

    rung = []
    monkeypatch.setattr(fill_jobs, "fill_job_step", cut)
    monkeypatch.setattr(tasks.fill_job_step_task, "delay", lambda *args: rung.append(args))
    assert tasks.fill_job_step_task.run(job.pk) is None
    job.refresh_from_db()
    assert rung == [(job.pk,)] and job.lease_until is None and job.steps == 1
