"""Fixtures for the game service: players, API clients, deals with known lines."""

import datetime as dt

import pytest
from django.utils import timezone

from games.models import Daily, Deal, Game, Result, SolverStatus, Submission
from games.services.results import streak_recompute


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
def staff(make_player):
    """An API client logged in as a staff member."""
    from rest_framework.test import APIClient

    from tests.support.factors import factor_enrol

    client = APIClient()
    user = make_player("root", staff=True)
    factor_enrol(user)  # the staff API acts only for staff with a second factor
    client.force_authenticate(user)
    return client


def schedule(client, variant, date, number):
    """Ask the staff API to put deal ``number`` on ``date``."""
    return client.post(
        "/api/staff/schedule/", {"variant": variant, "date": date.isoformat(), "number": number}, format="json"
    )


@pytest.fixture
def solve_calls(monkeypatch):
    """The keyword arguments of every whole-deal search the services make (the real search still runs)."""
    from games.services import solving

    seen = []
    real = solving.solver.solve_with_par

    def spy(position, **kwargs):
        seen.append(kwargs)
        return real(position, **kwargs)

    monkeypatch.setattr(solving.solver, "solve_with_par", spy)
    return seen


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


@pytest.fixture
def finish(make_player):
    """A validated win, as the worker records it (leaderboards only ever read these rows)."""
    players = {}

    def make(name, deal, *, daily=None, moves=90, ms=300_000, at=None, ranked=True, flagged=False,
             voided=False, undos=0):
        player = players.get(name) or players.setdefault(name, make_player(name))
        at = at or timezone.now()
        game = Game.objects.create(player=player, deal=deal, daily=daily, ranked=ranked and daily is not None,
                                   state="won", finished_at=at)
        submission = Submission.objects.create(game=game, moves="", status="accepted")
        result = Result.objects.create(
            submission=submission, game=game, player=player, deal=deal, daily=daily,
            ranked=ranked and daily is not None, moves=moves, duration_ms=ms, finished_at=at,
            flagged=flagged, voided=voided, undos=undos,
            counted_moves=moves + undos if ranked and daily is not None else moves,
        )
        if result.ranked:
            streak_recompute(player=player, variant=deal.variant)
        return result

    return make


@pytest.fixture
def redis_commands(monkeypatch):
    """The names of the Redis commands this process sends (a pipeline counts once)."""
    import redis

    sent: list[str] = []
    original = redis.Redis.execute_command

    def counted(self, *args, **options):
        sent.append(str(args[0]).upper())
        return original(self, *args, **options)

    monkeypatch.setattr(redis.Redis, "execute_command", counted)
    return sent



def clock_base(real: dt.datetime) -> dt.datetime:
    """Where ``clock`` starts: ``real``, or an hour earlier when ``real`` is in the UTC day's last hour."""
    return real - dt.timedelta(hours=1) if real.astimezone(dt.UTC).hour == 23 else real


@pytest.fixture
def clock(monkeypatch):
    """The server's clock, moved by hand: a game's receive times are what the test says.

    It starts at the real time, or an hour before it in the last hour of the UTC day: a test
    plays up to half an hour of a person's session (two accounts of 8-14 minutes each), and
    started late in the day its daily closed under it (the game went on unranked; the three
    tests that play such sessions failed when the suite ran after about 23:40 UTC)."""
    base = clock_base(timezone.now())
    state = {"ms": 0}
    monkeypatch.setattr(timezone, "now", lambda: base + dt.timedelta(milliseconds=state["ms"]))
    return state


@pytest.fixture
def days_pass(monkeypatch):
    """Move the server's clock whole days ahead of the real one: ``days_pass(1)`` is tomorrow,
    and returns the UTC date it makes today."""
    real_now = timezone.now

    def move(days: int) -> dt.date:
        monkeypatch.setattr(timezone, "now", lambda: real_now() + dt.timedelta(days=days))
        return timezone.now().astimezone(dt.UTC).date()

    return move
