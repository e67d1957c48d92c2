"""Who a player follows, and how those players did on today's dailies."""

from games.catalogue import daily_variants, variant_title
from games.clock import today_utc
from games.models import Result
from games.selectors import ON_BOARDS, daily_rank
from social.models import Follow

FRIENDS_TODAY_LIMIT = 30


def follows_player(*, follower, username: str) -> bool:
    return Follow.objects.filter(follower=follower, followed__username=username).exists()


def friends_today_rows(*, player) -> tuple[str, list[dict], bool]:
    """(today, the followed players' counted wins on today's dailies, whether ``player`` follows anyone)."""
    today = today_utc()
    followed = list(Follow.objects.filter(follower=player).values_list("followed_id", flat=True))
    results = (
        Result.objects.filter(ON_BOARDS, ranked=True, player_id__in=followed, daily__date=today,
                              daily__variant__in=daily_variants())
        .select_related("player", "daily")
        .order_by("daily__variant", "counted_moves", "duration_ms")[:FRIENDS_TODAY_LIMIT]
    ) if followed else []
    rows = [
        {"player": r.player.username, "variant": r.daily.variant, "title": variant_title(r.daily.variant),
         "counted_moves": r.counted_moves, "rank": daily_rank(result=r)}
        for r in results
    ]
    return today.isoformat(), rows, bool(followed)
