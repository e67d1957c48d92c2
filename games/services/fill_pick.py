"""Which deal a fill puts on a date: the one place that chooses, by the curator's plan by difficulty."""

import datetime as dt

from games.models import Deal
from games.services.difficulty_plans import planned_band
from games.services.layouts import reserve_deals

#: The bands to try, nearest first, when a day about to open cannot wait for its own.
NEAREST = {"easy": ("easy", "medium", "hard", ""), "medium": ("medium", "easy", "hard", ""),
           "hard": ("hard", "medium", "easy", "")}


def fill_deal_pick(*, variant: str, date: dt.date, strict: bool = True,
                   plan: tuple[str, ...] | None = None) -> Deal | None:
    """A reserve deal for ``variant``'s daily on ``date``, or None when the reserve holds none that fits.

    The reserve holds only proven-winnable deals whose layout was never a daily's nor played
    (``reserve_deals``). The plan's band for the date's weekday (``plan``: one read for many dates)
    decides among them; ``strict`` takes that band only (a fill leaves the date waiting for a
    proof), otherwise the nearest band the reserve has (a day about to open). Within a band, or
    with no plan for the day, any will do: one is drawn at random.
    """
    reserve = reserve_deals(variant=variant)
    wanted = planned_band(variant=variant, date=date, plan=plan)
    if not wanted:
        return reserve.order_by("?").first()
    for level in NEAREST[wanted][:1] if strict else NEAREST[wanted]:
        deal = reserve.filter(difficulty=level).order_by("?").first()
        if deal is not None:
            return deal
    return None
