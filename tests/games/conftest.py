"""Fixtures for the game service: players, API clients, deals with known lines."""

import datetime as dt

import pytest

from games.models import Daily, Deal, SolverStatus


@pytest.fixture
def winnable_deal(db):
    """A deal row marked winnable the way the worker marks it."""

    def make(variant: str = "freecell", number: int = 24, *, par: int = 80, in_pool: bool = True,
             reserve: bool = False) -> Deal:
        deal, _ = Deal.objects.update_or_create(
            variant=variant, number=number,
            defaults={"status": SolverStatus.WINNABLE, "par": par, "in_pool": in_pool, "daily_reserve": reserve},
        )
        return deal

    return make


@pytest.fixture
def today():
    from games.services.dailies import today_utc

    return today_utc()


@pytest.fixture
def daily(winnable_deal, today):
    def make(variant: str = "freecell", date: dt.date | None = None, number: int = 24) -> Daily:
        deal = winnable_deal(variant, number)
        return Daily.objects.create(variant=variant, date=date or today, deal=deal)

    return make
