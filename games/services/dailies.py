"""Dailies: one deal per UTC date and daily variant, from the schedule or the pool.

A daily is open on its own date only. Before that it is not revealed at all;
after it closes it stays playable, unranked. A player's first game on an open
daily is the ranked one and, until the day closes, their only game on its
layout; a partial unique constraint on games makes that hold even when two
first attempts race.
"""

import datetime as dt

from django.conf import settings
from django.db import IntegrityError, transaction

from core.errors import Conflict, InvalidRequest, NotFound, ServiceUnavailable
from core.outages import doorbell
from games import tasks
from games.catalogue import daily_variants
from games.clock import today_utc
from games.models import Daily, Deal, Game
from games.selectors import layout_variants
from games.services.clairvoyance import dailies_reference_request
from games.services.games import game_start
from games.services.layouts import layout_attempt, reserve_deals
from games.services.solving import deal_par_ensure, pool_fill

SCHEDULE_DAYS_AHEAD = 7
# Beat and startup top up an empty reserve on the spot, in rounds of this many seconds; today's
# daily gets up to TODAY_FILL_ROUNDS of them (a Klondike Draw 3 number is not always proven in one).
FILL_SECONDS = 5.0
TODAY_FILL_ROUNDS = 6


def daily_variant_check(variant: str) -> None:
    if variant not in daily_variants():
        raise InvalidRequest(
            f"There is no daily for {variant!r}; dailies exist for {', '.join(daily_variants())}.",
            code="unknown_variant",
        )


def daily_get(*, variant: str, date: dt.date) -> Daily:
    """The daily for a date that has opened (today's is made from the pool if need be)."""
    daily_variant_check(variant)
    if date > today_utc():
        raise InvalidRequest(f"The daily of {date} is not open yet.", code="daily_not_open")
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


def _pool_pick(variant: str, *, fill_rounds: int) -> Deal | None:
    """A deal from the daily reserve, proven winnable and never used for a daily.

    Never one from the play pool: those are low numbers that the random-deal
    endpoints hand out, and anyone could find the daily among them by dealing
    each. An empty reserve is topped up on the spot in up to ``fill_rounds``
    searches of FILL_SECONDS each (beat, startup). With none (a page or API read),
    nothing is solved here: the top-up goes to the worker and the caller gets None.
    """
    reserve = reserve_deals(variant=variant)
    deal = reserve.order_by("?").first()
    for _ in range(fill_rounds):
        if deal is not None:
            break
        pool_fill(variant=variant, target=1, seconds=FILL_SECONDS, reserve=True)
        deal = reserve.order_by("?").first()
    if deal is None and not fill_rounds:
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


def daily_ensure(*, variant: str, date: dt.date, fill_rounds: int = 1) -> Daily | None:
    """The daily for ``date``, taken from the reserve when nobody scheduled one.

    None when the reserve is empty and ``fill_rounds`` searches did not top it up;
    reads pass 0, so a request never runs a solver search (see _pool_pick)."""
    daily = Daily.objects.select_related("deal").filter(variant=variant, date=date).first()
    if daily is not None:
        return daily
    deal = _pool_pick(variant, fill_rounds=fill_rounds)
    if deal is None:
        return None
    try:
        with transaction.atomic():
            deal_withdraw(deal=deal)
            return Daily.objects.create(variant=variant, date=date, deal=deal, source=Daily.Source.POOL)
    except IntegrityError:
        return Daily.objects.select_related("deal").get(variant=variant, date=date)


def dailies_prepare(*, days_ahead: int = SCHEDULE_DAYS_AHEAD) -> list[Daily]:
    """Beat and startup: make sure every daily from today to ``days_ahead`` exists and has its par.
    Today's gets several search rounds if the reserve runs dry; the days ahead one each (beat comes back)."""
    made = []
    today = today_utc()
    for variant in daily_variants():
        for offset in range(days_ahead + 1):
            daily = daily_ensure(variant=variant, date=today + dt.timedelta(days=offset),
                                 fill_rounds=TODAY_FILL_ROUNDS if offset == 0 else 1)
            if daily is None:
                continue
            if daily.deal.par is None:
                deal_par_ensure(deal=daily.deal)
            made.append(daily)
    dailies_reference_request(made)  # the clairvoyance check's honest reference, by the worker
    return made
