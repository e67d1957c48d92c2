"""Deals that lay out alike: FreeCell's three flavours deal the same cards for a number.

A daily's deal must be new to every variant dealt the same way, or the players
of one daily would already know another's. While a daily is open, a player's
first game on its layout, under any of those variants, is their only game on
it: ``layout_attempt`` names that game.
"""

from django.db.models import Exists, OuterRef

from games.models import Daily, Deal, Game, SolverStatus
from games.selectors import layout_variants, owned_by


def layout_dailies(*, deal: Deal):
    """Every daily, on any date, whose deal lays out as ``deal`` does."""
    return Daily.objects.filter(deal__number=deal.number, deal__variant__in=layout_variants(deal.variant))


def layout_games(*, owner, deal: Deal):
    """The games of ``owner`` (a player or a ``Guest``) on ``deal``'s layout, under any
    variant that deals it, first started first."""
    return Game.objects.filter(
        owned_by(owner), deal__number=deal.number, deal__variant__in=layout_variants(deal.variant)
    ).order_by("started_at", "pk")


def layout_attempt(*, owner, deal: Deal) -> Game | None:
    """``owner``'s first game on ``deal``'s layout: while that layout is an open daily,
    the only one they may play, ask hints of or ask verdicts of."""
    return layout_games(owner=owner, deal=deal).select_related("deal", "daily").first()


def layout_played(*, deal: Deal) -> bool:
    """Whether anyone has played ``deal``'s layout, under any variant that deals it: a game
    (free, daily, challenge, race or guest) on it. Its results and its deal board come from
    such games, so its players know the deal, and a daily on it would not be new to them."""
    games = Game.objects.filter(deal__number=deal.number, deal__variant__in=layout_variants(deal.variant))
    return games.exists()


def reserve_deals(*, variant: str):
    """Proven deals held for dailies whose layout was never a daily's, nor played by anyone
    (a reserve number is dealt by number like any other)."""
    used = Daily.objects.filter(deal__variant__in=layout_variants(variant)).values("deal__number")
    played = Game.objects.filter(deal__number=OuterRef("number"), deal__variant__in=layout_variants(variant))
    return Deal.objects.filter(
        variant=variant, daily_reserve=True, status=SolverStatus.WINNABLE, voided=False
    ).exclude(number__in=used).exclude(Exists(played))
