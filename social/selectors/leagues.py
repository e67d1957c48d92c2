"""Leagues as members see them, and their standings over a week or a month."""

import datetime as dt

from django.db.models import Q
from django.urls import reverse

from core.errors import NotFound, PermissionDenied
from games.catalogue import daily_variants_ever
from games.clock import today_utc
from games.models import Result
from games.selectors import ON_BOARDS
from games.selectors.leaderboards import DAILY_ORDER
from social.codes import code_valid
from social.models import League, LeagueMember

#: The rule, as the league page and the API state it.
POINTS_RULE = (
    "Each daily (every variant, every day of the period) is scored among the league's members who "
    "won it: ranked as the daily board ranks (fewest counted moves, then the fastest time), the last "
    "of n finishers gets 1 point, the one before 2, and so on up to n for the first. Standings add the "
    "points; ties go to more first places, then more dailies won."
)
PERIODS = ("week", "month")


def league_by_code(*, code: str) -> League:
    league = League.objects.select_related("owner").filter(code=code).first() if code_valid(code) else None
    if league is None:
        raise NotFound("No such league.", code="league_not_found")
    return league


def league_member_ids(league: League) -> list[int]:
    return list(LeagueMember.objects.filter(league=league, removed=False).values_list("player_id", flat=True))


def league_for_member(*, code: str, player) -> League:
    """The league, for one of its members; anyone else gets 403 ``not_member``."""
    league = league_by_code(code=code)
    if not LeagueMember.objects.filter(league=league, player=player, removed=False).exists():
        raise PermissionDenied("Only the league's members see it; join with its invite first.",
                               code="not_member")
    return league


def league_path(league: League) -> str:
    return reverse("social:league", args=[league.code])


def league_out(league: League, *, base_url: str = "") -> dict:
    members = (
        LeagueMember.objects.filter(league=league, removed=False).select_related("player")
        .order_by("joined_at", "pk")
    )
    return {
        "code": league.code, "name": league.name, "url": base_url + league_path(league),
        "owner": league.owner.username, "members": [m.player.username for m in members],
    }


def player_leagues(*, player) -> list[League]:
    return list(League.objects.filter(members__player=player, members__removed=False).order_by("name"))


def period_bounds(period: str, day: dt.date) -> tuple[dt.date, dt.date]:
    """Monday to Sunday of ``day``'s week, or the first to the last of its month."""
    if period == "week":
        first = day - dt.timedelta(days=day.weekday())
        return first, first + dt.timedelta(days=6)
    first = day.replace(day=1)
    following = (first + dt.timedelta(days=32)).replace(day=1)
    return first, following - dt.timedelta(days=1)


def league_standings(*, league: League, period: str, day: dt.date | None = None) -> dict:
    """Points per daily by rank among the members (``POINTS_RULE``), up to today."""
    first, last = period_bounds(period, day or today_utc())
    members = LeagueMember.objects.filter(league=league, removed=False).select_related("player")
    names = {m.player_id: m.player.username for m in members}
    table = {pid: {"points": 0, "firsts": 0, "dailies": 0} for pid in names}
    results = (
        Result.objects.filter(ON_BOARDS, Q(daily__variant__in=daily_variants_ever()), ranked=True,
                              player_id__in=list(names), daily__date__range=(first, min(last, today_utc())))
        .order_by("daily_id", *DAILY_ORDER).values_list("daily_id", "player_id")
    )
    by_daily: dict[int, list[int]] = {}
    for daily_id, player_id in results:
        by_daily.setdefault(daily_id, []).append(player_id)
    for finishers in by_daily.values():
        for place, player_id in enumerate(finishers):
            row = table[player_id]
            row["points"] += len(finishers) - place
            row["dailies"] += 1
            row["firsts"] += place == 0
    order = sorted(table, key=lambda pid: (-table[pid]["points"], -table[pid]["firsts"],
                                           -table[pid]["dailies"], names[pid]))
    return {
        "league": league.code, "name": league.name, "period": period,
        "first": first.isoformat(), "last": last.isoformat(), "rule": POINTS_RULE,
        "rows": [{"rank": i + 1, "player": names[pid], **table[pid]} for i, pid in enumerate(order)],
    }
