"""Dailies: one deal per UTC date and daily variant, from the schedule or the pool.

A daily is open on its own date only. Before that it is not revealed at all;
after it closes it stays playable, unranked. A player's first game on an open
daily is the ranked one and, until the day closes, their only game on its
layout; a partial unique constraint on games makes that hold even when two
first attempts race.
"""

import datetime as dt
import time
from typing import NoReturn

from django.conf import settings
from django.db import IntegrityError, transaction

from core.errors import Conflict, InvalidRequest, NotFound, ServiceUnavailable
from core.outages import doorbell
from games import tasks
from games.catalogue import daily_on, daily_standing, daily_variants_ever
from games.clock import today_utc
from games.models import Daily, Deal, Game
from games.selectors import layout_variants
from games.services.clairvoyance import dailies_reference_request
from games.services.difficulty_plans import difficulty_plan_get, planned_band
from games.services.fill_pick import fill_deal_pick
from games.services.games import game_start
from games.services.layouts import layout_attempt, reserve_deals
from games.services.solving import dailies_par_refine_request, deal_par_ensure, pool_fill, pool_size

SCHEDULE_DAYS_AHEAD = 7
# Beat and startup top up an empty reserve on the spot, in rounds of this many seconds; today's
# daily gets up to TODAY_FILL_ROUNDS of them (a Klondike Draw 3 number is not always proven in one).
FILL_SECONDS = 5.0
TODAY_FILL_ROUNDS = 6
#: A plan by difficulty may keep the reserve above its target while a band it wants is missing, up to this.
RESERVE_CEILING = 4


def reserve_target() -> int:
    """How many proven deals the daily reserve holds per variant: every day beat schedules
    ahead (today and SCHEDULE_DAYS_AHEAD more), twice over so that staff's replacements and
    voided deals do not empty it; ``DAILY_RESERVE_TARGET`` overrides. A fill of a longer range
    does not wait for the reserve: it solves what it needs (games.services.fill_jobs)."""
    return settings.DAILY_RESERVE_TARGET or 2 * (SCHEDULE_DAYS_AHEAD + 1)


def reserve_bands_wanted(*, variant: str) -> set[str]:
    """The bands the plan gives the days beat deals ahead (after tomorrow, with no daily yet)
    that the reserve has no deal of."""
    plan = difficulty_plan_get(variant=variant)
    today = today_utc()
    days = (today + dt.timedelta(days=offset) for offset in range(2, SCHEDULE_DAYS_AHEAD + 1))
    dealt = set(Daily.objects.filter(variant=variant, date__gt=today).values_list("date", flat=True))
    wanted = {planned_band(variant=variant, date=day, plan=plan) for day in days
              if day not in dealt and daily_on(variant, day)} - {""}
    if not wanted:
        return set()
    return wanted - set(reserve_deals(variant=variant).values_list("difficulty", flat=True))


def reserve_fill_target(*, variant: str) -> int:
    """How many deals the worker's reserve fill aims at: ``reserve_target()``, or one more than the
    reserve holds while the plan wants a band it lacks (at most RESERVE_CEILING times the target)."""
    target = reserve_target()
    if reserve_bands_wanted(variant=variant):
        held = pool_size(variant=variant, reserve=True)
        return max(target, min(held + 1, RESERVE_CEILING * target))
    return target


def daily_variant_check(variant: str) -> None:
    """Refuse a variant that never has dailies (400 ``unknown_variant``). A variant switched off
    passes: its past dailies, and its future ones in the calendar, stay reachable."""
    if variant not in daily_variants_ever():
        _unknown_daily_variant(variant)


def _unknown_daily_variant(variant: str) -> NoReturn:
    raise InvalidRequest(
        f"There is no daily for {variant!r}; dailies exist for {', '.join(daily_variants_ever())}.",
        code="unknown_variant",
    )


def daily_on_check(variant: str, date: dt.date) -> None:
    """Refuse a new daily of ``variant`` on a day it is not played (400 ``daily_variant_off``)."""
    has_dailies, played = daily_standing(variant, date)
    if not has_dailies:
        _unknown_daily_variant(variant)
    if not played:
        raise InvalidRequest(
            f"The {variant} daily is switched off on {date}; switch it on from that day first.",
            code="daily_variant_off",
        )


def daily_get(*, variant: str, date: dt.date) -> Daily:
    """The daily for a date that has opened (today's is made from the pool if need be); 404 on a
    day its variant is switched off (a daily dealt for it before the switch is not played)."""
    has_dailies, played = daily_standing(variant, date)
    if not has_dailies:
        _unknown_daily_variant(variant)
    if date > today_utc():
        raise InvalidRequest(f"The daily of {date} is not open yet.", code="daily_not_open")
    if not played:
        raise NotFound(f"There was no {variant} daily on {date}.")
    daily = Daily.objects.select_related("deal").filter(variant=variant, date=date).first()
    if daily is None and date == today_utc():
        daily = daily_ensure(variant=variant, date=date, fill_rounds=0)
        if daily is None:
            raise ServiceUnavailable(
                f"Today's {variant} daily is still being prepared; try again in a minute.",
                code="daily_not_ready",
            )
    if daily is None:
        raise NotFound(f"There was no {variant} daily on {date}.")
    return daily


def daily_game_start(*, player, variant: str, date: dt.date) -> Game:
    """Start a game on a daily (see ``daily_game_open``)."""
    return daily_game_open(player=player, variant=variant, date=date)[0]


def daily_game_open(*, player, variant: str, date: dt.date) -> tuple[Game, bool]:
    """Start a game on a daily; returns the game and whether it is new.

    While the daily is open, the player's first game on its layout is their only
    one: the first start makes the ranked attempt, and every later start answers
    that same game (finished, or unranked after a hint, alike), so that no
    second, free game on the open layout can be a sandbox for the ranked one. A
    game on the layout started before the day opened (a free game on the deal, or
    on a sibling variant's) is the attempt: a start is refused with 409
    ``daily_layout_played``. Once the day has closed, every start is a new
    unranked game: practice."""
    daily = daily_get(variant=variant, date=date)
    if daily.date != today_utc():
        return game_start(player=player, deal=daily.deal, daily=daily, ranked=False), True
    attempt = layout_attempt(owner=player, deal=daily.deal)
    if attempt is None:
        try:
            with transaction.atomic():
                return game_start(player=player, deal=daily.deal, daily=daily, ranked=True), True
        except IntegrityError:
            # a concurrent first start won the race: its game is the attempt
            attempt = layout_attempt(owner=player, deal=daily.deal)
    if attempt.daily_id != daily.pk:
        raise Conflict(
            "You have played this daily's deal already: it counts as your attempt until the day closes.",
            code="daily_layout_played", game=str(attempt.pk),
        )
    return attempt, False


def _pool_pick(variant: str, date: dt.date, *, fill_rounds: int, deadline: float | None = None,
               ask: bool = True) -> Deal | None:
    """A deal from the daily reserve, proven winnable and never used for a daily.

    Never one from the play pool: those are low numbers that the random-deal
    endpoints hand out, and anyone could find the daily among them by dealing
    each. An empty reserve is topped up on the spot in up to ``fill_rounds``
    searches of FILL_SECONDS each (beat, startup), none begun after ``deadline``
    (``time.monotonic()``; the worker's task keeps inside its time limit). With none
    (a page or API read), nothing is solved here: the top-up goes to the worker (unless
    ``ask`` is false: the worker's own fill is the caller) and the caller gets None.

    The deal is of the band the curator's plan gives the date; a day further ahead than
    tomorrow waits for one (the worker's reserve fill proves deals of the bands the plan
    wants, ``reserve_bands_wanted``), tomorrow and today take the nearest band the reserve has.
    """
    strict = date > today_utc() + dt.timedelta(days=1)
    deal = fill_deal_pick(variant=variant, date=date, strict=strict)
    for _ in range(fill_rounds):
        if deal is not None or pool_size(variant=variant, reserve=True):
            break
        seconds = FILL_SECONDS if deadline is None else min(FILL_SECONDS, deadline - time.monotonic())
        if seconds <= 0:
            break
        pool_fill(variant=variant, target=1, seconds=seconds, reserve=True)
        deal = fill_deal_pick(variant=variant, date=date, strict=strict)
    if deal is None and not fill_rounds and ask:
        _reserve_fill_request(variant)
    return deal


def _reserve_fill_request(variant: str) -> None:
    """Ask the worker to top up a variant's daily reserve. With eager Celery (the embedded
    default) the task would run inside the request, so there the startup's dailies_prepare
    (scripts/run's demo_data) is what fills the reserve, and nothing is queued."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    transaction.on_commit(lambda: doorbell(tasks.pool_fill_task, variant, reserve=True))


def deal_withdraw(*, deal: Deal) -> None:
    """A daily's deal leaves the pools, and so does every deal laid out the same (freecell-classic
    #N is freecell #N's layout): no random deal may hand out a daily, before it closes or after."""
    Deal.objects.filter(number=deal.number, variant__in=layout_variants(deal.variant)).update(
        in_pool=False, daily_reserve=False
    )


def daily_ensure(*, variant: str, date: dt.date, fill_rounds: int = 1, deadline: float | None = None,
                 ask: bool = True) -> Daily | None:
    """The daily for ``date``, taken from the reserve when nobody scheduled one.

    None when the reserve is empty and ``fill_rounds`` searches did not top it up;
    reads pass 0, so a request never runs a solver search (see _pool_pick)."""
    daily = Daily.objects.select_related("deal").filter(variant=variant, date=date).first()
    if daily is not None:
        return daily
    deal = _pool_pick(variant, date, fill_rounds=fill_rounds, deadline=deadline, ask=ask)
    if deal is None:
        return None
    try:
        with transaction.atomic():
            deal_withdraw(deal=deal)
            daily = Daily.objects.create(variant=variant, date=date, deal=deal, source=Daily.Source.RESERVE)
            dailies_reference_request([daily])  # a stock daily's honest reference, by the worker
            return daily
    except IntegrityError:
        return Daily.objects.select_related("deal").get(variant=variant, date=date)


def dailies_prepare(*, days_ahead: int = SCHEDULE_DAYS_AHEAD, deadline: float | None = None) -> list[Daily]:
    """Beat and startup: make sure every daily from today to ``days_ahead`` exists and has its par.
    Today's gets several search rounds if the reserve runs dry; the days ahead one each (beat comes back).
    No search round begins after ``deadline`` (the worker's task); a day left without a deal is
    dealt by the reserve fill that proves one (``dailies_waiting_deal``), not at beat's next run."""
    made = []
    for variant in daily_variants_ever():
        made += _dailies_ensure(variant, days_ahead=days_ahead, today_rounds=TODAY_FILL_ROUNDS, rounds=1,
                                deadline=deadline)
    dailies_reference_request(made)  # the clairvoyance check's honest reference, by the worker
    dailies_par_refine_request(made)  # a shorter par line, searched for once per daily by the worker
    return made


def dailies_waiting_deal(*, variant: str) -> list[Daily]:
    """The worker's reserve fill just proved deals for ``variant``: the days from today to the
    lookahead that still have no daily (beat's search round found none in time, or the plan
    wants a band the reserve lacked) are dealt now, from the reserve only, instead of waiting
    for beat's next quarter hour. Returns the dailies of those days."""
    if variant not in daily_variants_ever():
        return []
    today = today_utc()
    days = {today + dt.timedelta(days=offset) for offset in range(SCHEDULE_DAYS_AHEAD + 1)}
    if days <= set(Daily.objects.filter(variant=variant, date__in=days).values_list("date", flat=True)):
        return []
    made = _dailies_ensure(variant, days_ahead=SCHEDULE_DAYS_AHEAD, today_rounds=0, rounds=0, ask=False)
    dailies_reference_request(made)
    dailies_par_refine_request(made)
    return made


def _dailies_ensure(variant: str, *, days_ahead: int, today_rounds: int, rounds: int,
                    deadline: float | None = None, ask: bool = True) -> list[Daily]:
    made = []
    today = today_utc()
    for offset in range(days_ahead + 1):
        date = today + dt.timedelta(days=offset)
        if not daily_on(variant, date):
            continue  # switched off that day (or not yet on)
        daily = daily_ensure(variant=variant, date=date, fill_rounds=today_rounds if offset == 0 else rounds,
                             deadline=deadline, ask=ask)
        if daily is None:
            continue
        if daily.deal.par is None:
            deal_par_ensure(deal=daily.deal)
        made.append(daily)
    return made
