"""A player's stats per variant, from their games and counted results."""

from django.db.models import Count, Min, Q

from games.clock import today_utc
from games.models import Game, PlayerStreak, Result
from games.selectors.leaderboards import COUNTED, streak_current
from games.selectors.stored import Stored, player_stats_key, stored_read


def _variant_stats(player, variant: str, games: int, today) -> dict:
    mine = Result.objects.filter(COUNTED, player=player, deal__variant=variant)
    agg = mine.aggregate(wins=Count("pk"), fewest=Min("moves"), fastest=Min("duration_ms"))
    over_par = [r.moves - r.deal.par for r in mine.select_related("deal") if r.deal.par is not None]
    streak = PlayerStreak.objects.filter(player=player, variant=variant).first()
    # Held for review: not won yet on any page, not lost either, until staff decide.
    held = Result.objects.filter(player=player, deal__variant=variant, flagged=True, voided=False).count()
    return {
        "played": games,
        "won": agg["wins"],
        "win_rate": round(agg["wins"] / games, 3) if games else 0.0,
        "fewest_moves": agg["fewest"],
        "fastest_seconds": round(agg["fastest"] / 1000, 1) if agg["fastest"] is not None else None,
        "daily_wins": streak.daily_wins if streak else 0,
        "current_streak": streak_current(streak, today) if streak else 0,
        "best_streak": streak.best_streak if streak else 0,
        "average_over_par": round(sum(over_par) / len(over_par), 2) if over_par else None,
        "under_review": held,
    }


def player_stats_build(player) -> dict:
    """Played, won, win rate, streaks, bests and moves over par, per variant."""
    today = today_utc()
    played = dict(
        Game.objects.filter(player=player, from_guest=False)  # a game taken over from a guest is not counted
        .filter(Q(ply__gt=0) | Q(state=Game.State.WON))  # an opened page is not a game played
        .values_list("deal__variant")
        .annotate(n=Count("pk"))
        .values_list("deal__variant", "n")
    )
    won = Result.objects.filter(COUNTED, player=player).values_list("deal__variant", flat=True)
    variants = sorted(set(played) | set(won))
    return {
        "player": player.username,
        "variants": {v: _variant_stats(player, v, played.get(v, 0), today) for v in variants},
    }


def player_stats(*, player) -> Stored:
    """The player's stats, stored until their next first move, result or review."""
    return stored_read(player_stats_key(player.pk, today_utc()), lambda: player_stats_build(player))
