"""The schedule of one variant as a month calendar: each day's deal, par, difficulty and source,
and the band the plan by difficulty gives each day to come."""

import calendar
import datetime as dt

import engine
from games.catalogue import daily_on_days, daily_variants_ever
from games.clock import today_utc
from games.models import Daily, FillJob, ScheduleRequest
from games.services.difficulty_plans import WEEKDAYS, difficulty_plan_get, planned_band


def _month(text: str | None) -> dt.date:
    """The first of the month asked for (YYYY-MM), else this month; the calendar's edges stay dates."""
    try:
        month = dt.date.fromisoformat(f"{text}-01")
    except (TypeError, ValueError):
        month = None
    if month is None or not dt.MINYEAR < month.year < dt.MAXYEAR:
        return today_utc().replace(day=1)
    return month


def _shift(month: dt.date, months: int) -> dt.date:
    index = month.year * 12 + month.month - 1 + months
    return dt.date(index // 12, index % 12 + 1, 1)


def calendar_context(variant: str | None, month_text: str | None) -> dict:
    variants = daily_variants_ever()  # a switched-off variant keeps its calendar: its dailies stay
    variant = variant if variant in variants else variants[0]
    month = _month(month_text)
    weeks = calendar.Calendar(firstweekday=0).monthdatescalendar(month.year, month.month)
    first, last = weeks[0][0], weeks[-1][-1]
    dailies = {
        d.date: d
        for d in Daily.objects.filter(variant=variant, date__range=(first, last)).select_related("deal")
    }
    pending = {
        r.date: r
        for r in ScheduleRequest.objects.filter(
            variant=variant, date__range=(first, last), status=ScheduleRequest.Status.PENDING
        ).select_related("deal")
    }
    today = today_utc()
    plan = difficulty_plan_get(variant=variant)
    played_on = daily_on_days(variant)
    filling = _filling(variant, first, last)
    rows = [
        [
            {
                "date": day,
                "in_month": day.month == month.month,
                "daily": dailies.get(day),
                "pending": pending.get(day),
                "filling": filling.get(day) if day > today else None,
                "future": day > today,
                "today": day == today,
                "off": not played_on(day),  # switched off: nothing dealt that day is played
                "band": planned_band(variant=variant, date=day, plan=plan) if day > today else "",
            }
            for day in week
        ]
        for week in weeks
    ]
    in_month = [day for week in weeks for day in week if day.month == month.month]
    return {
        "variant": variant,
        "variant_title": engine.get_ruleset(variant).title,
        "variants": [(v, engine.get_ruleset(v).title) for v in variants],
        "month": month,
        "weeks": rows,
        "previous": _shift(month, -1),
        "next": _shift(month, 1),
        "scheduled": sum(1 for day in in_month if day in dailies),
        "days": len(in_month),
        "plan": plan_text(plan),
    }


def plan_text(plan: tuple[str, ...]) -> str:
    """The plan by difficulty in a line: "Mon easy, Tue easy, ..., Sun hard" ('' without one)."""
    if not any(plan):
        return ""
    return ", ".join(f"{day[:3].title()} {band or 'any'}" for day, band in zip(WEEKDAYS, plan, strict=True))


def _filling(variant: str, first: dt.date, last: dt.date) -> dict[dt.date, FillJob]:
    """The dates a running fill job covers: a gap there waits for the worker's proofs."""
    jobs = FillJob.objects.filter(
        variant=variant, status=FillJob.Status.RUNNING, first__lte=last, last__gte=first
    ).order_by("created_at")
    covered = {}
    for job in jobs:
        day = max(job.first, first)
        while day <= min(job.last, last):
            covered.setdefault(day, job)
            day += dt.timedelta(days=1)
    return covered
