"""Selectors read: leaderboards, histograms and player stats, all from ``Result`` rows.

The daily leaderboard is the hot read; it is cached per daily and cleared
after the commit that records a result for it.
"""

import datetime as dt
import time

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Count, Min, Q

from core.errors import NotFound
from games import engine
from games.clock import today_utc
from games.models import DAILY_VARIANTS, Daily, Deal, Game, PlayerStreak, Result, Submission

LEADERBOARD_LIMIT = 100
CACHE_SECONDS = 300

COUNTED = Q(flagged=False, voided=False)
#: A suspended or deactivated player's results stay stored but leave every board.
PLAYER_ON_BOARDS = Q(player__is_active=True, player__suspension__isnull=True)
ON_BOARDS = COUNTED & PLAYER_ON_BOARDS


def player_game(*, player, game_id) -> Game:
    """One of the player's games; anyone else's is simply not found."""
    game = Game.objects.select_related("deal", "daily").filter(pk=game_id, player=player).first()
    if game is None:
        raise NotFound("No such game.")
    return game


def game_submission(*, game: Game) -> Submission | None:
    """The game's submission (from the row already joined in, when the query did)."""
    try:
        return game.submission
    except Submission.DoesNotExist:
        return None


def player_by_username(*, username: str):
    # PostgreSQL text cannot hold NUL, and no username does: %00 in a path is simply unknown.
    player = None if "\x00" in username else (
        get_user_model().objects.filter(username=username, is_active=True).first()
    )
    if player is None:
        raise NotFound("No such player.")
    return player


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


def layout_variants(variant: str) -> tuple[str, ...]:
    """The variants that deal the same layout for a number (one generator, one way of dealing).

    >>> layout_variants("freecell-classic")
    ('freecell', 'freecell-tableau', 'freecell-classic')
    """
    rules = engine.get_ruleset(variant)
    dealing = (rules.deal_layout, rules.deal_numbers)
    return tuple(
        other for other in engine.VARIANTS
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


def player_games(*, player, state: str | None = None, variant: str | None = None,
                 number: int | None = None, daily_date: dt.date | None = None, limit: int = 20):
    """The player's games, most recently played first, optionally on one deal or one daily."""
    games = Game.objects.filter(player=player).select_related("deal", "daily", "submission__result")
    if state in Game.State.values:
        games = games.filter(state=state)
    if variant:
        games = games.filter(deal__variant=variant)
    if daily_date is not None:
        games = games.filter(daily__date=daily_date)
    elif number is not None:
        games = games.filter(deal__number=number, daily__isnull=True)
    return list(games[:limit])


def _board_cached(base: str, build) -> dict:
    """A board from the cache, or built and cached; one cache round trip when it is there.

    The entry holds the version it was built under and is read together with
    the current version. A write bumps the version after its commit instead of
    deleting the entry, so a board built from rows read before that commit
    carries the old version and is never served again.
    """
    version_key = f"{base}:version"
    found = cache.get_many([version_key, base])
    version = found.get(version_key, 0)
    entry = found.get(base)
    if entry is not None and entry[0] == version:
        return entry[1]
    board = build()
    cache.set(base, (version, board), CACHE_SECONDS)
    return board


def leaderboard_cache_clear(*, daily_id: int | None, deal_id: int | None) -> None:
    bases = [f"leaderboard:daily:{daily_id}"] if daily_id else []
    if deal_id:
        bases.append(f"leaderboard:deal:{deal_id}")
    cache.set_many({f"{base}:version": time.time_ns() for base in bases}, timeout=None)


def daily_rank(*, result: Result) -> int | None:
    """The place a counted ranked result holds on its daily's board (ties broken as the board does)."""
    if not (result.ranked and result.counts and result.daily_id):
        return None
    ahead = Result.objects.filter(ON_BOARDS, daily_id=result.daily_id, ranked=True).filter(
        Q(moves__lt=result.moves)
        | Q(moves=result.moves, duration_ms__lt=result.duration_ms)
        | Q(moves=result.moves, duration_ms=result.duration_ms, finished_at__lt=result.finished_at)
        | Q(moves=result.moves, duration_ms=result.duration_ms, finished_at=result.finished_at,
            pk__lt=result.pk)
    )
    return ahead.count() + 1


def _daily_rows(daily: Daily) -> list[dict]:
    results = (
        Result.objects.filter(ON_BOARDS, daily=daily, ranked=True)
        .order_by("moves", "duration_ms", "finished_at", "pk")
        .values("player__username", "moves", "duration_ms", "finished_at", "undos", "hints")
    )
    return [
        {
            "rank": index + 1,
            "player": row["player__username"],
            "moves": row["moves"],
            "seconds": round(row["duration_ms"] / 1000, 1),
            "finished_at": row["finished_at"].isoformat(),
            "undos": row["undos"],
            "hints": row["hints"],
        }
        for index, row in enumerate(results[:LEADERBOARD_LIMIT])
    ]


def _histogram(daily: Daily) -> list[dict]:
    counts = (
        Result.objects.filter(ON_BOARDS, daily=daily, ranked=True)
        .values("moves")
        .annotate(players=Count("pk"))
        .order_by("moves")
    )
    return [{"moves": row["moves"], "players": row["players"]} for row in counts]


def _daily_board(daily: Daily) -> dict:
    return {
        "date": daily.date.isoformat(),
        "variant": daily.variant,
        "par": daily.deal.par,
        "players": Result.objects.filter(ON_BOARDS, daily=daily, ranked=True).count(),
        "rows": _daily_rows(daily),
        "histogram": _histogram(daily),
    }


def leaderboard_daily(*, daily: Daily) -> dict:
    """Ranked, counted results: fewest moves, then server time, then who finished first."""
    return _board_cached(f"leaderboard:daily:{daily.pk}", lambda: _daily_board(daily))


def leaderboard_daily_opened(*, variant: str, date: dt.date) -> dict | None:
    """The board of an existing daily that has opened, or None (the caller then goes the long way).

    The hot read: the daily's id alone (one indexed query, no join) and one cache
    round trip when the board is cached.
    """
    if variant not in DAILY_VARIANTS or date > today_utc():
        return None
    daily_id = Daily.objects.filter(variant=variant, date=date).values_list("pk", flat=True).first()
    if daily_id is None:
        return None
    return _board_cached(
        f"leaderboard:daily:{daily_id}",
        lambda: _daily_board(Daily.objects.select_related("deal").get(pk=daily_id)),
    )


def leaderboard_deal(*, deal: Deal) -> dict:
    """Each player's best finish on a deal (fewest moves, then time), daily games included."""

    def build() -> dict:
        best: dict[int, dict] = {}
        results = (
            Result.objects.filter(ON_BOARDS, deal=deal)
            .exclude(daily__date__gte=today_utc())
            .order_by("moves", "duration_ms", "finished_at", "pk")
            .values("player_id", "player__username", "moves", "duration_ms", "finished_at")
        )
        for row in results:
            best.setdefault(row["player_id"], row)
        rows = [
            {
                "rank": index + 1,
                "player": row["player__username"],
                "moves": row["moves"],
                "seconds": round(row["duration_ms"] / 1000, 1),
                "finished_at": row["finished_at"].isoformat(),
            }
            for index, row in enumerate(list(best.values())[:LEADERBOARD_LIMIT])
        ]
        return {"variant": deal.variant, "number": deal.number, "par": deal.par, "rows": rows}

    return _board_cached(f"leaderboard:deal:{deal.pk}", build)


def _current(streak: PlayerStreak, today: dt.date) -> int:
    alive = streak.last_daily_date is not None and streak.last_daily_date >= today - dt.timedelta(days=1)
    return streak.current_streak if alive else 0


def leaderboard_all_time(*, variant: str) -> dict:
    """Daily wins with current and best streaks, most wins first."""
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
            "current_streak": _current(s, today),
            "best_streak": s.best_streak,
        }
        for index, s in enumerate(streaks)
    ]
    return {"variant": variant, "rows": rows}


def player_stats(*, player) -> dict:
    """Played, won, win rate, streaks, bests and moves over par, per variant."""
    today = today_utc()
    played = dict(
        Game.objects.filter(player=player)
        .filter(Q(ply__gt=0) | Q(state=Game.State.WON))  # an opened page is not a game played
        .values_list("deal__variant")
        .annotate(n=Count("pk"))
        .values_list("deal__variant", "n")
    )
    won = Result.objects.filter(COUNTED, player=player)
    per_variant = {}
    for variant in sorted(set(played) | set(won.values_list("deal__variant", flat=True))):
        mine = won.filter(deal__variant=variant)
        agg = mine.aggregate(wins=Count("pk"), fewest=Min("moves"), fastest=Min("duration_ms"))
        over_par = [r.moves - r.deal.par for r in mine.select_related("deal") if r.deal.par is not None]
        streak = PlayerStreak.objects.filter(player=player, variant=variant).first()
        games = played.get(variant, 0)
        per_variant[variant] = {
            "played": games,
            "won": agg["wins"],
            "win_rate": round(agg["wins"] / games, 3) if games else 0.0,
            "fewest_moves": agg["fewest"],
            "fastest_seconds": round(agg["fastest"] / 1000, 1) if agg["fastest"] is not None else None,
            "daily_wins": streak.daily_wins if streak else 0,
            "current_streak": _current(streak, today) if streak else 0,
            "best_streak": streak.best_streak if streak else 0,
            "average_over_par": round(sum(over_par) / len(over_par), 2) if over_par else None,
        }
    return {"player": player.username, "variants": per_variant}
