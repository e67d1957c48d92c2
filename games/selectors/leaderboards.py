"""Leaderboards, all from counted ``Result`` rows, in one order with one row shape.

A board is served as stored JSON bytes (``games.selectors.stored``): built once
per change, read in one cache round trip and no query.
"""

import datetime as dt

from django.db.models import Count, Q, QuerySet

from games.catalogue import site_variants
from games.clock import today_utc
from games.models import Daily, Deal, PlayerStreak, Result
from games.selectors.stored import (
    Stored,
    all_time_board_key,
    daily_board_key,
    deal_board_key,
    stored_read,
)

LEADERBOARD_LIMIT = 100
COUNTED = Q(flagged=False, voided=False)
#: A suspended or deactivated player's results stay stored but leave every board.
PLAYER_ON_BOARDS = Q(player__is_active=True, player__suspension__isnull=True)
ON_BOARDS = COUNTED & PLAYER_ON_BOARDS
# Fewest moves, then server time, then who finished first (then the older row: never a tie).
BOARD_ORDER = ("moves", "duration_ms", "finished_at", "pk")
# A daily counts the moves a ranked attempt took back too: the ranked game is not practice.
DAILY_ORDER = ("counted_moves", "duration_ms", "finished_at", "pk")
ROW_FIELDS = ("player__username", "moves", "duration_ms", "finished_at")


def finish_row(rank: int, row: dict, *, aids: bool = False) -> dict:
    """A board row from a ``values()`` row of results; ``aids`` adds the undos and hints taken."""
    out = {
        "rank": rank,
        "player": row["player__username"],
        "moves": row["moves"],
        "seconds": round(row["duration_ms"] / 1000, 1),
        "finished_at": row["finished_at"].isoformat(),
    }
    if aids:
        out["counted_moves"] = row["counted_moves"]
        out["undos"], out["hints"] = row["undos"], row["hints"]
    return out


def _ranked(daily: Daily | int) -> QuerySet:
    return Result.objects.filter(ON_BOARDS, daily=daily, ranked=True)


def _ahead_of(result: Result) -> Q:
    """Results that come before ``result`` in DAILY_ORDER."""
    ahead, equal = Q(), {}
    for field in DAILY_ORDER:
        value = getattr(result, field)
        ahead |= Q(**equal, **{f"{field}__lt": value})
        equal[field] = value
    return ahead


def daily_rank(*, result: Result) -> int | None:
    """The place a counted ranked result holds on its daily's board."""
    if not (result.ranked and result.counts and result.daily_id):
        return None
    return _ranked(result.daily_id).filter(_ahead_of(result)).count() + 1


def daily_board(daily: Daily) -> dict:
    """Ranked, counted results of a daily: its first rows and the moves histogram."""
    results = _ranked(daily).order_by(*DAILY_ORDER).values(*ROW_FIELDS, "counted_moves", "undos", "hints")
    histogram = (
        _ranked(daily).values("counted_moves").annotate(players=Count("pk")).order_by("counted_moves")
    )
    return {
        "date": daily.date.isoformat(),
        "variant": daily.variant,
        "par": daily.deal.par,
        "players": _ranked(daily).count(),
        "rows": [finish_row(i + 1, row, aids=True) for i, row in enumerate(results[:LEADERBOARD_LIMIT])],
        "histogram": [{"moves": row["counted_moves"], "players": row["players"]} for row in histogram],
    }


def leaderboard_daily(*, daily: Daily) -> Stored:
    return stored_read(daily_board_key(daily.variant, daily.date), lambda: daily_board(daily))


def leaderboard_daily_stored(*, variant: str, date: dt.date) -> Stored | None:
    """The hot read: a daily's stored board, with no query; None when it must be built (or cannot be).
    Only the catalogue is asked about the variant (no cache round trip for staff's daily
    switches): a board is stored only after ``daily_get`` let it through, and one stored
    before its daily was switched off expires within ``CACHE_SECONDS``."""
    if variant not in site_variants() or date > today_utc():
        return None
    return stored_read(daily_board_key(variant, date))


def deal_board(deal: Deal) -> dict:
    """Each player's best finish on a deal, daily games included once their day has closed."""
    best: dict[int, dict] = {}
    results = (
        Result.objects.filter(ON_BOARDS, deal=deal)
        .exclude(daily__date__gte=today_utc())
        .order_by(*BOARD_ORDER)
        .values("player_id", *ROW_FIELDS)
    )
    for row in results:
        best.setdefault(row["player_id"], row)
    rows = [finish_row(i + 1, row) for i, row in enumerate(list(best.values())[:LEADERBOARD_LIMIT])]
    return {"variant": deal.variant, "number": deal.number, "par": deal.par, "rows": rows}


def leaderboard_deal(*, deal: Deal) -> Stored:
    return stored_read(deal_board_key(deal.variant, deal.number, today_utc()), lambda: deal_board(deal))


def leaderboard_deal_stored(*, variant: str, number: int) -> Stored | None:
    return stored_read(deal_board_key(variant, number, today_utc()))


def streak_current(streak: PlayerStreak, today: dt.date) -> int:
    """A streak is alive while its last daily is today's or yesterday's."""
    alive = streak.last_daily_date is not None and streak.last_daily_date >= today - dt.timedelta(days=1)
    return streak.current_streak if alive else 0


def all_time_board(variant: str) -> dict:
    today = today_utc()
    streaks = (
        PlayerStreak.objects.filter(PLAYER_ON_BOARDS, variant=variant, daily_wins__gt=0)
        .select_related("player")
        .order_by("-daily_wins", "-best_streak", "player__username")[:LEADERBOARD_LIMIT]
    )
    rows = [
        {
            "rank": index + 1,
            "player": s.player.username,
            "daily_wins": s.daily_wins,
            "current_streak": streak_current(s, today),
            "best_streak": s.best_streak,
        }
        for index, s in enumerate(streaks)
    ]
    return {"variant": variant, "rows": rows}


def leaderboard_all_time(*, variant: str) -> Stored:
    """Daily wins with current and best streaks, most wins first."""
    return stored_read(all_time_board_key(variant, today_utc()), lambda: all_time_board(variant))
