"""The worker's side: replay a submitted log from the deal and record the result.

``submission_validate`` may run twice for the same submission (late ack after a
worker is killed, the sweeper, a duplicate message): the attempt counter is
committed before any work, the submission row is locked while the verdict is
written, and the one-to-one result row makes a second record impossible.

The slow part, the replay and the fair-play assessment (a second or more for a
person's line), is done before the row is locked, outside any transaction: a
submitted log and its game's record do not change once the win is claimed.
Under the lock the submission and the game are read again, and if what was
judged did change, it is judged again there.
"""

import datetime as dt
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

import engine
from games.models import Game, PlayerStreak, Result, Submission
from games.referee import start_position
from games.services.clairvoyance import clairvoyance_reason
from games.services.difficulty import deals_difficulty_refresh_on_commit
from games.services.fairplay import assisted_reason, fairplay_assess, fairplay_flag
from games.services.leaderboards import leaderboards_outdate
from games.services.links import linked_reason, links_find

MAX_ATTEMPTS = 5
# Longer than a validation ever takes plus the broker's redelivery of a lost one.
SWEEP_AFTER = dt.timedelta(seconds=45)


def _attempt_count(submission_id: int) -> int | None:
    """Count this attempt in its own transaction, before the work that might crash."""
    with transaction.atomic():
        updated = Submission.objects.filter(
            pk=submission_id, status=Submission.Status.PENDING
        ).update(attempts=F("attempts") + 1)
        if not updated:
            return None
        return Submission.objects.values_list("attempts", flat=True).get(pk=submission_id)


def submissions_stale(*, limit: int = 500, older_than: dt.timedelta = SWEEP_AFTER) -> list[int]:
    """Pending submissions that should have been judged by now (the sweeper re-enqueues them)."""
    return list(
        Submission.objects.filter(
            status=Submission.Status.PENDING,
            created_at__lt=timezone.now() - older_than,
            attempts__lte=MAX_ATTEMPTS,
        )
        .order_by("created_at")
        .values_list("pk", flat=True)[:limit]
    )


def _reject(submission: Submission, reason: str) -> Submission:
    submission.status = Submission.Status.REJECTED
    submission.reason = reason[:300]
    submission.validated_at = timezone.now()
    submission.save(update_fields=["status", "reason", "validated_at"])
    return submission


@dataclass(frozen=True)
class _Judgement:
    """What a replay and the fair-play assessment made of a submission, and of which inputs."""

    inputs: tuple
    error: str = ""
    moves: int = 0
    evidence: dict | None = None


def _judged_inputs(submission: Submission, game: Game) -> tuple:
    """Everything a judgement reads from the submission and its game."""
    return (submission.moves, game.deal_id, game.daily_id, game.ranked, game.moves, game.server_times,
            game.client_times, game.undos, game.hints)


def _judge(submission: Submission, game: Game) -> _Judgement:
    """Replay the submitted log; assess a ranked daily win for engine assistance."""
    inputs = _judged_inputs(submission, game)
    start = start_position(game.deal.variant, game.deal.number)
    replay = engine.replay(start, submission.moves.split())
    if replay.error_index is not None:
        return _Judgement(inputs, f"move {replay.error_index} is illegal: {replay.error}")
    if not replay.won:
        return _Judgement(inputs, f"the log does not win ({replay.moves} moves)")
    return _Judgement(inputs, moves=replay.moves,
                      evidence=fairplay_assess(game=game) if game.ranked_attempt else None)


def _judge_unlocked(submission_id: int) -> _Judgement | None:
    """The judgement of a pending submission, read and made without a lock (None: not pending)."""
    submission = (
        Submission.objects.select_related("game__deal", "game__daily").filter(pk=submission_id).first()
    )
    if submission is None or submission.status != Submission.Status.PENDING:
        return None
    return _judge(submission, submission.game)


def submission_validate(*, submission_id: int) -> Submission | None:
    """Judge a pending submission; return it, or None when there is nothing to do."""
    attempts = _attempt_count(submission_id)
    if attempts is None:
        return None
    judged = _judge_unlocked(submission_id) if attempts <= MAX_ATTEMPTS else None
    with transaction.atomic():
        submission = (
            Submission.objects.select_for_update(of=("self",))
            .select_related("game__deal", "game__daily")
            .get(pk=submission_id)
        )
        if submission.status != Submission.Status.PENDING:
            return submission
        if attempts > MAX_ATTEMPTS:
            return _reject(submission, f"validation gave up after {MAX_ATTEMPTS} attempts")
        game = submission.game
        if judged is None or judged.inputs != _judged_inputs(submission, game):
            judged = _judge(submission, game)  # changed since (or never) judged: again, under the lock
        if judged.error:
            return _reject(submission, judged.error)
        result_record(submission=submission, game=game, moves=judged.moves, evidence=judged.evidence)
        submission.status = Submission.Status.ACCEPTED
        submission.validated_at = timezone.now()
        submission.save(update_fields=["status", "validated_at"])
        return submission


_ASSESS = object()


def result_record(*, submission: Submission, game: Game, moves: int, evidence=_ASSESS) -> Result:
    """Write the result row for an accepted submission (once) and refresh streaks.
    ``evidence``: the game's fair-play assessment when the caller has made it already."""
    existing = Result.objects.filter(submission=submission).first()
    if existing is not None:
        return existing
    duration_ms = game.server_times[-1] if game.server_times else 0
    # The game's own flag already says whether it counts: only a first attempt on
    # an open daily starts ranked, and a hint or the day's close take it away.
    ranked = game.ranked and game.daily is not None
    if evidence is _ASSESS:
        evidence = fairplay_assess(game=game) if game.ranked_attempt else None
    # Other accounts on the same daily from this browser or address, or with this line (links.py).
    links = links_find(game=game) if game.daily_id is not None else []
    # Staff see every reason the finish is held for, the clocks' first.
    reason = "; ".join(filter(None, (fairplay_flag(game), assisted_reason(evidence),
                                     clairvoyance_reason((evidence or {}).get("clairvoyance")),
                                     linked_reason(links) if ranked else "")))[:200]
    result = Result.objects.create(
        submission=submission, game=game, player=game.player, deal=game.deal, daily=game.daily,
        ranked=ranked, moves=moves, duration_ms=duration_ms, undos=game.undos, hints=game.hints,
        # Moves taken back count on a ranked attempt (a daily's, a challenge's): it is not free practice.
        counted_moves=moves + game.undos if game.ranked_attempt else moves,
        finished_at=game.finished_at or timezone.now(), flagged=bool(reason), flag_reason=reason,
        fairplay_score=evidence["score"] if evidence else None, fairplay_evidence=evidence or {},
        links=links,
    )
    if ranked:
        streak_recompute(player=game.player, variant=game.deal.variant)
    transaction.on_commit(
        lambda: leaderboards_outdate(daily_id=game.daily_id, deal_id=game.deal_id, player_id=game.player_id))
    deals_difficulty_refresh_on_commit([game.deal_id])  # the deal's players, recounted by the worker
    return result


def _runs(dates: list[dt.date]) -> list[tuple[dt.date, int]]:
    """Consecutive-day runs in sorted dates, as (last date, length)."""
    runs: list[tuple[dt.date, int]] = []
    for date in dates:
        if runs and date - runs[-1][0] == dt.timedelta(days=1):
            runs[-1] = (date, runs[-1][1] + 1)
        elif not runs or date != runs[-1][0]:
            runs.append((date, 1))
    return runs


def _streak_locked(player, variant: str) -> PlayerStreak:
    """The player's streak row, created if need be, locked for this transaction.

    Two first results recorded at once may both try to create it: the loser of
    that race reads the winner's row instead of failing its validation.
    """
    rows = PlayerStreak.objects.select_for_update()
    streak = rows.filter(player=player, variant=variant).first()
    if streak is not None:
        return streak
    try:
        with transaction.atomic():
            return PlayerStreak.objects.create(player=player, variant=variant)
    except IntegrityError:
        return rows.get(player=player, variant=variant)


def streak_recompute(*, player, variant: str) -> PlayerStreak:
    """Daily wins and streaks from the player's counted ranked daily results."""
    dates = sorted(
        Result.objects.filter(
            player=player, ranked=True, flagged=False, voided=False, deal__variant=variant
        ).values_list("daily__date", flat=True)
    )
    runs = _runs(dates)
    streak = _streak_locked(player, variant)
    streak.daily_wins = len(dates)
    streak.best_streak = max((length for _, length in runs), default=0)
    streak.current_streak = runs[-1][1] if runs else 0
    streak.last_daily_date = runs[-1][0] if runs else None
    streak.save()
    return streak
