"""Deals that lay out alike: FreeCell's three flavours deal the same cards for a number.

A daily's deal must be new to every variant dealt the same way, or the players
of one daily would already know another's.
"""

from games.models import Daily, Deal, SolverStatus
from games.selectors import layout_variants


def layout_dailies(*, deal: Deal):
    """Every daily, on any date, whose deal lays out as ``deal`` does."""
    return Daily.objects.filter(deal__number=deal.number, deal__variant__in=layout_variants(deal.variant))


def reserve_deals(*, variant: str):
    """Proven deals held for dailies whose layout was never a daily's."""
    used = Daily.objects.filter(deal__variant__in=layout_variants(variant)).values("deal__number")
    return Deal.objects.filter(
        variant=variant, daily_reserve=True, status=SolverStatus.WINNABLE, voided=False
    ).exclude(number__in=used)
