"""The site's calendar: dailies open and close on UTC dates."""

import datetime as dt

from django.utils import timezone

from core.errors import InvalidRequest


def today_utc() -> dt.date:
    return timezone.now().astimezone(dt.UTC).date()


def daily_open_check(*, daily) -> None:
    """Refuse what needs the daily open today: one not yet open, or one that has closed."""
    today = today_utc()
    if daily.date > today:
        raise InvalidRequest(f"The daily of {daily.date} is not open yet.", code="daily_not_open")
    if daily.date < today:
        raise InvalidRequest(f"The daily of {daily.date} has closed.", code="daily_closed")
