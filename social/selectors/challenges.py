"""Challenges as their page and API show them: the challenger's line and every attempt,
ranked as a daily is (counted moves, then the server's time, then who finished first)."""

from django.urls import reverse

from core.errors import NotFound
from games.models import Game, Submission
from games.selectors import PLAYER_ON_BOARDS
from social.codes import code_valid
from social.models import Challenge, ChallengeAttempt

#: What an attempt's row says: ``won`` rows are ranked, the others follow unranked.
STATES = ("challenger", "won", "playing", "pending", "held", "rejected", "unranked", "voided")


def challenge_by_code(*, code: str) -> Challenge:
    challenge = None
    if code_valid(code):
        challenge = (
            Challenge.objects.select_related("player", "deal", "answers__player")
            .filter(code=code).first()
        )
    if challenge is None:
        raise NotFound("No such challenge.", code="challenge_not_found")
    return challenge


def challenge_path(challenge: Challenge) -> str:
    return reverse("social:challenge", args=[challenge.code])


def _attempt_state(game: Game) -> str:
    result = getattr(game, "result", None)
    if not game.ranked:
        return "unranked"  # a hint was taken, or the player had played the deal before
    if game.state == Game.State.PLAYING:
        return "playing"
    if result is None:
        submission = getattr(game, "submission", None)
        return "rejected" if submission is not None and submission.status == Submission.Status.REJECTED \
            else "pending"
    if result.voided:
        return "voided"
    return "held" if result.flagged else "won"


def _row(player: str, counted_moves, duration_ms, state: str, finished_at=None) -> dict:
    return {
        "rank": None, "player": player, "counted_moves": counted_moves,
        "seconds": None if duration_ms is None else round(duration_ms / 1000, 1), "state": state,
        "_order": (counted_moves or 0, duration_ms or 0, finished_at),
    }


def challenge_attempts(challenge: Challenge) -> list[dict]:
    """The challenger's row and every attempt's; ranked rows first, in the daily's order."""
    rows = [_row(challenge.player.username, challenge.counted_moves, challenge.duration_ms, "challenger",
                 challenge.finished_at)]
    attempts = (
        ChallengeAttempt.objects.filter(PLAYER_ON_BOARDS, challenge=challenge)
        .select_related("player", "game__result", "game__submission").order_by("created_at")
    )
    for attempt in attempts:
        game, state = attempt.game, _attempt_state(attempt.game)
        result = getattr(game, "result", None)
        if state == "won":
            rows.append(_row(attempt.player.username, result.counted_moves, result.duration_ms, state,
                             result.finished_at))
        else:
            rows.append(_row(attempt.player.username, None, None, state))
    ranked = sorted((r for r in rows if r["state"] in ("challenger", "won")), key=lambda r: r["_order"])
    for rank, row in enumerate(ranked, start=1):
        row["rank"] = rank
    others = [r for r in rows if r["rank"] is None]
    return [{k: v for k, v in row.items() if k != "_order"} for row in (*ranked, *others)]


def challenge_out(challenge: Challenge, *, base_url: str = "") -> dict:
    counters = (Challenge.objects.filter(answers=challenge).select_related("player", "deal")
                .order_by("created_at"))
    return {
        "code": challenge.code,
        "url": base_url + challenge_path(challenge),
        "variant": challenge.deal.variant,
        "number": challenge.deal.number,
        "by": {
            "player": challenge.player.username,
            "counted_moves": challenge.counted_moves,
            "seconds": round(challenge.duration_ms / 1000, 1),
        },
        "answers": challenge.answers.code if challenge.answers_id else None,
        "counters": [
            {"code": c.code, "url": base_url + challenge_path(c), "player": c.player.username,
             "variant": c.deal.variant, "number": c.deal.number}
            for c in counters
        ],
        "created_at": challenge.created_at.isoformat(),
        "attempts": challenge_attempts(challenge),
    }


def challenges_for(*, player, limit: int = 10) -> list[Challenge]:
    """Counter-challenges sent to ``player`` (answers to their challenges) they have not taken up."""
    return list(
        Challenge.objects.filter(answers__player=player)
        .exclude(attempts__player=player)
        .select_related("player", "deal").order_by("-created_at")[:limit]
    )

