"""A player's daily results over the days, as staff read them beside a held result:
how near par they sit and how their think times look, day after day. A line that is
suddenly at par with a metronome pace after weeks of +20 moves and long pauses is
worth a look; a player who is always near par with a person's spread much less so."""

from games.models import Result

HISTORY_DAYS = 30


def player_fairplay_history(*, player, variant: str, limit: int = HISTORY_DAYS) -> list[dict]:
    """The player's last ``limit`` daily results in ``variant``, newest first."""
    rows = (Result.objects.filter(player=player, daily__isnull=False, deal__variant=variant)
            .select_related("daily", "deal").order_by("-daily__date", "-finished_at")[:limit])
    history = []
    for result in rows:
        evidence = result.fairplay_evidence or {}
        par = result.deal.par
        history.append({
            "date": result.daily.date.isoformat(),
            "counted_moves": result.counted_moves,
            "over_par": result.counted_moves - par if par else None,
            "median_think_ms": evidence.get("median_think_ms"),
            "spread": evidence.get("spread"),
            "score": result.fairplay_score,
            "agreement": evidence.get("agreement"),
            "ranked": result.ranked,
            "review": result.review,
        })
    return history
