"""Past dailies, read for the archive calendar and the replay viewer.

Only what a closed daily may show: an open daily's deal number and lines
stay secret until its day is over.
"""

import datetime as dt

import engine
from core.errors import InvalidRequest, NotFound
from games.catalogue import daily_on, daily_on_days
from games.clock import today_utc
from games.models import Daily, Game, Result
from games.referee import hides_cards, start_position
from games.selectors import COUNTED

#: How many of the best ranked lines the replay viewer offers.
LINES_SHOWN = 5


def _month_bounds(month: dt.date) -> tuple[dt.date, dt.date]:
    first = month.replace(day=1)
    after = (first + dt.timedelta(days=32)).replace(day=1)
    return first, min(after - dt.timedelta(days=1), today_utc())


def dailies_archive(*, variant: str, month: dt.date, player=None) -> list[dict]:
    """The dailies of one month up to today, oldest first, each with the
    player's marks (played, won) and their best result on it."""
    first, last = _month_bounds(month)
    in_month = Daily.objects.filter(variant=variant, date__range=(first, last))
    # a daily dealt for a day its variant was switched off was never played: not in the archive
    played_on = daily_on_days(variant)
    dailies = [d for d in in_month.select_related("deal").order_by("date") if played_on(d.date)]
    ids = [daily.pk for daily in dailies]
    played: set[int] = set()
    best: dict[int, dict] = {}
    if player is not None and ids:
        played = set(Game.objects.filter(player=player, daily_id__in=ids).values_list("daily_id", flat=True))
        rows = (
            Result.objects.filter(player=player, daily_id__in=ids, voided=False)
            .order_by("moves", "duration_ms")
            .values("daily_id", "moves", "duration_ms", "ranked")
        )
        for row in rows:
            best.setdefault(row["daily_id"], row)
    today = today_utc()
    return [_archive_entry(daily, today, daily.pk in played, best.get(daily.pk)) for daily in dailies]


def _archive_entry(daily: Daily, today: dt.date, played: bool, best: dict | None) -> dict:
    is_open = daily.date >= today
    return {
        "date": daily.date.isoformat(),
        "open": is_open,
        "number": None if is_open else daily.deal.number,
        "par": daily.deal.par,
        "played": played or best is not None,
        "won": best is not None,
        "moves": best["moves"] if best else None,
        "seconds": round(best["duration_ms"] / 1000, 1) if best else None,
        "ranked": bool(best and best["ranked"]),
    }


def daily_lines(*, variant: str, date: dt.date) -> dict:
    """A closed daily's best ranked lines and the solver's par line, to replay on its board."""
    daily = Daily.objects.select_related("deal").filter(variant=variant, date=date).first()
    if daily is None or not daily_on(variant, date):
        raise NotFound(f"There was no {variant} daily on {date}.")
    if daily.date >= today_utc():
        raise InvalidRequest("A daily's lines are shown once its day is over.", code="daily_not_closed")
    results = (
        Result.objects.filter(COUNTED, daily=daily, ranked=True)
        .order_by("moves", "duration_ms", "finished_at", "pk")
        .select_related("player", "game")[:LINES_SHOWN]
    )
    deal = daily.deal
    start = start_position(deal.variant, deal.number)
    par_line = deal.solution.split()
    return {
        "date": daily.date.isoformat(),
        "variant": daily.variant,
        "number": deal.number,
        "start": engine.player_view(start),
        "par": deal.par,
        "par_line": par_line,
        "par_reveals": _line_reveals(start, par_line),
        "players": [
            {
                "rank": index + 1,
                "player": result.player.get_username(),
                "moves": result.game.moves.split(),
                "reveals": _line_reveals(start, result.game.moves.split()),
                "seconds": round(result.duration_ms / 1000, 1),
            }
            for index, result in enumerate(results)
        ],
    }


def _line_reveals(start, line: list[str]) -> list | None:
    """What each move of a closed daily's line turned up (Klondike, Spider; the
    day is over, so the whole line may be shown), so that the replay viewer
    builds it as a game is built: the player's view of the start, the moves
    and their reveals. ``None`` for the FreeCell family."""
    if not hides_cards(start.variant):
        return None
    reveals: list = []
    engine.replay(start, line, reveals=reveals)
    return reveals
