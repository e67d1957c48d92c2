"""The schedule of one variant as a month calendar: each day's deal, par, difficulty and source."""

import calendar
import datetime as dt

from games.catalogue import daily_variants
from games.clock import today_utc
from games.models import Daily, ScheduleRequest


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
    variants = daily_variants()
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
    rows = [
        [
            {
                "date": day,
                "in_month": day.month == month.month,
                "daily": dailies.get(day),
                "pending": pending.get(day),
                "future": day > today,
                "today": day == today,
            }
            for day in week
        ]
        for week in weeks
    ]
    in_month = [day for week in weeks for day in week if day.month == month.month]
    return {
        "variant": variant,
        "variants": variants,
        "month": month,
        "weeks": rows,
        "previous": _shift(month, -1),
        "next": _shift(month, 1),
        "scheduled": sum(1 for day in in_month if day in dailies),
        "days": len(in_month),
    }
