"""The calendar of dailies and the deals staff feature."""

from django.db.models import Q

import engine
from games.catalogue import site_variants
from games.clock import today_utc
from games.models import Daily, Deal, Game, ScheduleRequest


def schedule_upcoming(*, variant: str | None = None, limit: int = 400) -> list[Daily]:
    """Dailies from today on, soonest first (staff)."""
    dailies = Daily.objects.filter(date__gte=today_utc()).select_related("deal").order_by("date", "variant")
    if variant:
        dailies = dailies.filter(variant=variant)
    return list(dailies[:limit])


def daily_is_open(daily: Daily | None) -> bool:
    """Open or still to come: its deal number is secret."""
    return daily is not None and daily.date >= today_utc()


def daily_started(*, daily: Daily, player) -> bool:
    """Whether the player has a game on the daily's deal: the attempt that deals it."""
    return Game.objects.filter(player=player, deal_id=daily.deal_id).exists()


def daily_players(*, daily: Daily) -> int:
    """How many players have played the daily so far (started it, won or not): its start screen says it."""
    return Game.objects.filter(daily=daily).values("player_id").distinct().count()


def layout_variants(variant: str) -> tuple[str, ...]:
    """The variants that deal the same layout for a number (one generator, one way of dealing).

    >>> layout_variants("freecell-classic")
    ('freecell', 'freecell-tableau', 'freecell-classic')
    """
    rules = engine.get_ruleset(variant)
    dealing = (rules.deal_layout, rules.deal_numbers)
    return tuple(
        other for other in site_variants()
        if (engine.get_ruleset(other).deal_layout, engine.get_ruleset(other).deal_numbers) == dealing
    )


def open_daily_layouts() -> Q:
    """A query matching deals whose layout is a daily still to close, under any variant
    that deals it: ``Deal.objects.filter(open_daily_layouts())``."""
    dailies = Daily.objects.filter(date__gte=today_utc()).values_list("deal__variant", "deal__number")
    match = Q(pk__in=[])
    for variant, number in dailies:
        match |= Q(variant__in=layout_variants(variant), number=number)
    return match


def scheduled_layouts() -> Q:
    """Deals whose layout is a daily still to close or is waiting for the worker to become one
    (a pending schedule request), under any variant that deals it: never handed out by a pool."""
    match = open_daily_layouts()
    pending = ScheduleRequest.objects.filter(status=ScheduleRequest.Status.PENDING)
    for variant, number in pending.values_list("deal__variant", "deal__number"):
        match |= Q(variant__in=layout_variants(variant), number=number)
    return match


def daily_layout_open(*, variant: str, number: int) -> bool:
    """Whether deal ``number``'s layout in ``variant`` is a daily still to close, under
    any variant that deals the same layout."""
    return Daily.objects.filter(
        date__gte=today_utc(), deal__number=number, deal__variant__in=layout_variants(variant)
    ).exists()


def deals_featured(*, limit: int = 12) -> list[Deal]:
    """Deals staff featured, for the home page (never a daily that has not closed)."""
    return list(
        Deal.objects.filter(featured=True, voided=False)
        .exclude(open_daily_layouts())
        .order_by("variant", "number")[:limit]
    )
