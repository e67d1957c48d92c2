"""Deals: rows created on first sight, solver verdicts stored on them."""

import random

from django.db import IntegrityError, transaction
from django.utils import timezone

import engine
from core.errors import InvalidRequest, NotFound
from games.clock import today_utc
from games.models import Daily, Deal, SolverStatus
from games.referee import start_position, variant_check
from games.selectors import daily_layout_open, scheduled_layouts
from games.services.difficulty import deal_difficulty_rate

# Random deals are drawn from the numbers every client and solver knows well.
RANDOM_DEAL_CEILING = 1_000_000
# A Klondike or Spider daily's face-up cards single out its number among any range
# one can deal through in a day; below this, dealing every number finds it (and
# with it every face-down card). Reserve draws and staff's numbers stay above.
HIDDEN_DAILY_FLOOR = 10**12


def deal_number_check(*, variant: str, number: int) -> int:
    """``number`` if it is one of the variant's deals (1 to its ``max_deal_number``:
    up to 10**20 - 1 for PySolFC's numbers, which ``Deal.number`` holds)."""
    variant_check(variant)
    ceiling = engine.get_ruleset(variant).max_deal_number
    if not 1 <= number <= ceiling:
        raise InvalidRequest(
            f"{variant} deal numbers run from 1 to {ceiling:,}.",
            code="invalid_deal_number",
            number=number,
        )
    start_position(variant, number)  # raises invalid_deal_number
    return number


def deal_lookup(*, variant: str, number: int) -> Deal:
    """The stored row, or an unsaved one (status unknown): reading never writes."""
    deal_number_check(variant=variant, number=number)
    return Deal.objects.filter(variant=variant, number=number).first() or Deal(
        variant=variant, number=number
    )


def deal_get_or_create(*, variant: str, number: int) -> Deal:
    """The row for a deal, created (status unknown) the first time anyone asks."""
    deal_number_check(variant=variant, number=number)
    deal = Deal.objects.filter(variant=variant, number=number).first()
    if deal is not None:
        return deal
    try:
        with transaction.atomic():
            return Deal.objects.create(variant=variant, number=number)
    except IntegrityError:
        return Deal.objects.get(variant=variant, number=number)


def deal_random_number(*, variant: str, rng: random.Random | None = None) -> int:
    variant_check(variant)
    ceiling = min(RANDOM_DEAL_CEILING, engine.get_ruleset(variant).max_deal_number)
    return (rng or random).randint(1, ceiling)


def deal_winnable_random(*, variant: str) -> Deal:
    """A random deal from the variant's winnable pool (proven by the worker), never one that is
    scheduled as a daily or waiting to be (a pending schedule request)."""
    variant_check(variant)
    pool = Deal.objects.filter(
        variant=variant, in_pool=True, status=SolverStatus.WINNABLE, voided=False
    ).exclude(scheduled_layouts())
    deal = pool.order_by("?").first()
    if deal is None:
        raise NotFound(f"The {variant} winnable pool is empty; try again shortly.", code="pool_empty")
    return deal


def deal_verdict_store(*, deal: Deal, status: str, scope: str, par: int | None, line: str,
                       iterations: int, presets_solved: int | None = None,
                       presets_tried: int | None = None, par_method: str = "") -> Deal:
    """Record a solver verdict on a deal row, with its difficulty (idempotent). Par is never
    raised: a winnable deal solved again keeps a shorter par line it already has (one the
    worker refined, say) with how that was found."""
    if status not in SolverStatus.values:
        raise InvalidRequest(f"unknown solver status {status!r}")
    kept = (Deal.objects.filter(pk=deal.pk, status=SolverStatus.WINNABLE, par__isnull=False)
            .values("par", "solution", "par_method", "par_refined_at").first())
    par_fields = {"par": par, "solution": line, "par_method": par_method if par is not None else "",
                  "par_refined_at": None}
    if status == SolverStatus.WINNABLE and par is not None and kept and kept["par"] <= par:
        par_fields = kept
    Deal.objects.filter(pk=deal.pk).update(
        status=status, scope=scope, iterations=iterations, presets_solved=presets_solved,
        presets_tried=presets_tried, solved_at=timezone.now(), **par_fields,
    )
    deal_difficulty_rate(deal=deal)
    deal.refresh_from_db()
    return deal


def deals_void(*, deals) -> int:
    """Withdraw deals: out of the pools and off every future daily (beat refills those dates).

    Returns how many future dailies were dropped. Today's and past dailies stay:
    games are being played on them.
    """
    with transaction.atomic():
        ids = list(deals.values_list("pk", flat=True))
        Deal.objects.filter(pk__in=ids).update(voided=True, in_pool=False, daily_reserve=False)
        dropped, _ = Daily.objects.filter(deal_id__in=ids, date__gt=today_utc()).delete()
    return dropped


def deal_free_play_check(*, deal: Deal) -> None:
    """Refuse free play (games, guest hints, the deal's layout) on a deal whose layout
    is a daily still to close, under this variant or any other that deals the same
    layout for the number: FreeCell, its classic and its tableau rules share one."""
    if daily_layout_open(variant=deal.variant, number=deal.number):
        raise InvalidRequest(
            "This deal is not open for free play right now; try another number.", code="deal_unavailable"
        )


def deal_reveal(*, variant: str, number: int) -> Deal:
    """A deal to show with its layout: refused while that layout is a daily still to close."""
    deal = deal_lookup(variant=variant, number=number)
    deal_free_play_check(deal=deal)
    return deal


def deal_random(*, variant: str, rng: random.Random | None = None) -> Deal:
    """A random deal to show; a number whose layout is an open daily is drawn again."""
    while True:
        number = deal_random_number(variant=variant, rng=rng)
        if not daily_layout_open(variant=variant, number=number):
            return deal_lookup(variant=variant, number=number)
