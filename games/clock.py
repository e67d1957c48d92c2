"""The site's calendar: dailies open and close on UTC dates."""

import datetime as dt

from django.utils import timezone


def today_utc() -> dt.date:
    return timezone.now().astimezone(dt.UTC).date()
