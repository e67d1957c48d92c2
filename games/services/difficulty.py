"""Deals' difficulty, stored: the solver's prior, the players' figures and each variant's calibration.

``games.difficulty`` holds the arithmetic. Here:

- after a verdict (``deal_difficulty_rate``) a winnable deal is scored with its variant's stored
  calibration; the calibration is computed afresh first when there is none or the variant's
  proven deals have doubled since (so a fresh start's first proofs are labelled against each
  other, and the work stays proportional to the proofs);
- after a result is recorded, voided or cleared, the worker recounts the deal's players
  (``deal_people_refresh``, on commit, a thin idempotent task);
- every hour beat recounts the players of the last two days' dailies (first games left
  unfinished settle as not won) and recalibrates every variant, relabelling its deals
  (``difficulty_refresh``); ``manage.py difficulty_calibrate`` does the same and prints the figures.
"""

import datetime as dt

from django.db import transaction

from games import tasks
from games.clock import today_utc
from games.difficulty import Calibration, PeopleFigures, band, calibrate, deal_score, solver_key
from games.models import Daily, Deal, DifficultyCalibration, SolverStatus
from games.selectors.difficulty import deal_attempts

#: A variant is calibrated afresh after a verdict once its proven deals reach this many times
#: the calibration's.
RECALIBRATE_GROWTH = 2
_ROW = ("pk", "variant", "par", "presets_solved", "presets_tried", "players", "players_won",
        "win_moves_ratio", "win_seconds", "difficulty", "difficulty_score", "voided")


def _proven(variant: str):
    return Deal.objects.filter(variant=variant, status=SolverStatus.WINNABLE, par__isnull=False)


def _people(row: dict) -> PeopleFigures:
    return PeopleFigures(row["players"], row["players_won"], row["win_moves_ratio"], row["win_seconds"])


def _key(row: dict) -> float:
    return solver_key(row["par"], row["presets_solved"], row["presets_tried"])


def calibration_get(*, variant: str) -> Calibration | None:
    row = DifficultyCalibration.objects.filter(variant=variant).first()
    return Calibration.from_dict(row.figures) if row else None


def _rated(row: dict, calibration: Calibration) -> tuple[float, str]:
    score = deal_score(_key(row), _people(row), calibration)
    return score, band(score, calibration.cuts)


def difficulty_calibrate(*, variant: str) -> Calibration:
    """Calibrate ``variant`` from its proven deals (voided ones left out), store it, and relabel
    every deal of it whose score or band changed."""
    rows = list(_proven(variant).values(*_ROW))
    calibration = calibrate(variant, [(_key(r), _people(r)) for r in rows if not r["voided"]])
    DifficultyCalibration.objects.update_or_create(
        variant=variant, defaults={"deals": calibration.deals, "figures": calibration.as_dict()})
    changed = []
    for row in rows:
        score, level = _rated(row, calibration)
        kept = row["difficulty_score"]
        if level != row["difficulty"] or kept is None or abs(score - kept) > 1e-9:
            changed.append(Deal(pk=row["pk"], difficulty=level, difficulty_score=score))
    Deal.objects.bulk_update(changed, ["difficulty", "difficulty_score"], batch_size=500)
    return calibration


def _score_store(deal: Deal) -> None:
    row = _proven(deal.variant).filter(pk=deal.pk).values(*_ROW).first()
    if row is None:  # not (or no longer) winnable with a par: no band
        Deal.objects.filter(pk=deal.pk).update(difficulty="", difficulty_score=None)
        return
    calibration = calibration_get(variant=deal.variant)
    proven = _proven(deal.variant).filter(voided=False).count()
    if calibration is None or proven >= RECALIBRATE_GROWTH * max(calibration.deals, 1):
        difficulty_calibrate(variant=deal.variant)  # labels this deal with the rest
        return
    score, level = _rated(row, calibration)
    Deal.objects.filter(pk=deal.pk).update(difficulty=level, difficulty_score=score)


def deal_difficulty_rate(*, deal: Deal) -> Deal:
    """Score and label a deal after its verdict (see the module notes)."""
    _score_store(deal)
    deal.refresh_from_db(fields=["difficulty", "difficulty_score"])
    return deal


def deal_people_refresh(*, deal_id: int) -> Deal | None:
    """Recount the deal's players and score it again (idempotent)."""
    deal = Deal.objects.filter(pk=deal_id).first()
    if deal is None:
        return None
    people = PeopleFigures.from_attempts(deal_attempts(deal=deal), par=deal.par)
    Deal.objects.filter(pk=deal.pk).update(players=people.players, players_won=people.won,
                                           win_moves_ratio=people.moves_ratio, win_seconds=people.seconds)
    return deal_difficulty_rate(deal=deal)


def deals_difficulty_refresh_on_commit(deal_ids) -> None:
    """After the commit, the worker recounts the players of these deals."""
    for deal_id in sorted(set(deal_ids)):
        transaction.on_commit(lambda pk=deal_id: tasks.deal_difficulty_task.delay(pk))


def difficulty_refresh() -> dict[str, Calibration]:
    """Beat, hourly: recount the players of yesterday's and today's dailies, then calibrate every
    variant that has proven deals. Returns the calibrations."""
    today = today_utc()
    recent = Daily.objects.filter(date__range=(today - dt.timedelta(days=1), today))
    for deal_id in sorted(set(recent.values_list("deal_id", flat=True))):
        deal_people_refresh(deal_id=deal_id)
    variants = Deal.objects.filter(status=SolverStatus.WINNABLE).values_list("variant", flat=True).distinct()
    return {variant: difficulty_calibrate(variant=variant) for variant in sorted(set(variants))}
