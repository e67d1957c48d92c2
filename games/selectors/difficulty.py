"""What players did on a deal, for its difficulty (``games.difficulty``)."""

import datetime as dt

from django.utils import timezone

from games.difficulty import Attempt
from games.models import Deal, Game, Submission

#: A first game left unfinished this long counts as not won.
ABANDONED_AFTER = dt.timedelta(hours=2)

_FIELDS = ("player_id", "state", "updated_at", "result__voided", "result__flagged", "result__counted_moves",
           "result__moves", "result__duration_ms", "result__hints", "submission__status")


def _attempt(row: dict, cutoff: dt.datetime) -> Attempt | None:
    """A first game as an attempt, or None while it is not settled or says nothing fair: a win
    still being validated, a rejected log, a result held for review or voided."""
    if row["result__moves"] is not None:
        if row["result__voided"] or row["result__flagged"]:
            return None
        moves = row["result__counted_moves"] or row["result__moves"]
        return Attempt(won=not row["result__hints"], moves=moves, seconds=row["result__duration_ms"] / 1000)
    if row["state"] == Game.State.WON or row["submission__status"] == Submission.Status.REJECTED:
        return None
    return Attempt(won=False) if row["updated_at"] < cutoff else None


def deal_attempts(*, deal: Deal, now: dt.datetime | None = None) -> list[Attempt]:
    """Each player's first game on ``deal`` (free, daily, challenge or race; never a guest's, nor
    one an account took over from a guest), as a settled attempt: won without a hint, or not."""
    cutoff = (now or timezone.now()) - ABANDONED_AFTER
    rows = Game.objects.filter(deal=deal, player__isnull=False, from_guest=False)
    seen, attempts = set(), []
    for row in rows.order_by("player_id", "started_at", "pk").values(*_FIELDS):
        if row["player_id"] in seen:
            continue
        seen.add(row["player_id"])
        attempt = _attempt(row, cutoff)
        if attempt is not None:
            attempts.append(attempt)
    return attempts
