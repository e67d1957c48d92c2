"""The top of each daily's board gets the full fair-play check, whatever the machine's load.

The win's assessment stops new searches at ``FAIRPLAY_ASSESS_SECONDS`` so that a busy
worker still answers in time; a walk cut there scores a bot lower than it should (a
par line with detours scored 0.33 cut, 0.88 walked to the end). A ranked FreeCell
result whose walk was cut and that sits among the best ``TOP_ASSESSED`` of its daily
is assessed again by the worker in rounds (``games.fairplay_top_assess``, each round
within the task's time limit, at most ``TOP_ROUNDS``): the preset lines found are kept
per position in the shared cache, so every round walks on from where the last one
stopped, until no walk is cut by time. A score at or above the threshold then holds
the result as the win's own assessment would have.
"""

from django.conf import settings
from django.db import transaction

from fairplay.score import assess, presets_play
from games import tasks
from games.models import Result
from games.referee import start_position
from games.services.fairplay import assisted_reason
from games.services.leaderboards import leaderboards_outdate
from games.services.results import streak_recompute
from games.services.solving import SolverCache

TOP_ASSESSED = 10
TOP_ROUND_SECONDS = 8.0
TOP_ROUNDS = 12


def _cut_by_time(evidence: dict | None) -> bool:
    """A preset's walk, or the count of preset moves followed after a dodged opening, cut by time."""
    if not evidence:
        return False
    followed = evidence.get("followed") or {}
    return any(p["cut"] == "time" for p in evidence.get("presets", [])) or followed.get("cut") == "time"


def fairplay_top_due(*, result: Result) -> bool:
    """A ranked daily result whose assessment was cut by time, among its daily's best."""
    if not (result.ranked and result.daily_id and _cut_by_time(result.fairplay_evidence)):
        return False
    better = Result.objects.filter(daily_id=result.daily_id, ranked=True, flagged=False, voided=False,
                                   counted_moves__lt=result.counted_moves).count()
    return better < TOP_ASSESSED


def fairplay_top_request(*, submission_id: int) -> bool:
    """After a validation: ask the worker for the full check of its result if it is due."""
    result = Result.objects.filter(submission_id=submission_id).first()
    if result is None or not fairplay_top_due(result=result):
        return False
    transaction.on_commit(lambda pk=result.pk: tasks.fairplay_top_assess_task.delay(pk))
    return True


def fairplay_top_assess(*, result_id: int, seconds: float = TOP_ROUND_SECONDS) -> bool:
    """One round of the full check of a top result; True when no walk was cut by time
    (nothing more to do). Holds the result when its score reaches the threshold."""
    result = Result.objects.select_related("game__deal").filter(pk=result_id).first()
    if result is None or not presets_play(result.deal.variant) or not _cut_by_time(result.fairplay_evidence):
        return True
    game = result.game
    start = start_position(game.deal.variant, game.deal.number)
    found = assess(start, game.move_list, game.server_times, game.client_times, undos=game.undos,
                   seconds=seconds, lines=SolverCache("fairplay"))
    evidence = found.evidence(settings.FAIRPLAY_HOLD_SCORE)
    rounds = result.fairplay_evidence.get("top_rounds", 0) + 1
    evidence["top_rounds"] = rounds
    with transaction.atomic():
        locked = Result.objects.select_for_update().get(pk=result_id)
        locked.fairplay_evidence, locked.fairplay_score = evidence, evidence["score"]
        reason = assisted_reason(evidence)
        if reason and not locked.flagged and not locked.voided:
            locked.flagged = True
            held = f"top of the board: {reason}"
            locked.flag_reason = "; ".join(filter(None, (locked.flag_reason, held)))[:200]
            transaction.on_commit(lambda: leaderboards_outdate(
                daily_id=result.daily_id, deal_id=result.deal_id, player_id=result.player_id))
        locked.save(update_fields=["fairplay_evidence", "fairplay_score", "flagged", "flag_reason"])
        if locked.flagged:
            streak_recompute(player=locked.player, variant=result.deal.variant)
    return not _cut_by_time(evidence) or rounds >= TOP_ROUNDS
