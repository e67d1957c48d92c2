"""Staff curate deals and results: each write here is one audited staff action.

Featuring, voiding and solving deals; voiding results and clearing fair-play
flags. Boards and streaks are refreshed after the commit, as for a new result.
"""

from auditlog.models import LogEntry
from django.db import transaction

from games import tasks
from games.models import Deal, Result, SolverStatus, Submission
from games.services.audit import StaffAct, staff_action_record
from games.services.deals import deal_get_or_create, deals_void
from games.services.difficulty import deals_difficulty_refresh_on_commit
from games.services.leaderboards import leaderboards_outdate_on_commit
from games.services.results import streak_recompute


def deal_solve_enqueue(*, deal: Deal) -> None:
    transaction.on_commit(lambda pk=deal.pk: tasks.deal_solve_task.delay(pk))


def deal_add(*, variant: str, number: int, note: str = "", act: StaffAct) -> Deal:
    """Staff name a deal: stored, sent to the worker to be solved unless it already was."""
    with transaction.atomic():
        deal = deal_get_or_create(variant=variant, number=number)
        if note and note != deal.note:
            deal_note_set(deal=deal, note=note, act=act)
        staff_action_record(act=act, action="deal_add", target=deal, kind=LogEntry.Action.CREATE)
        if deal.status in (SolverStatus.UNKNOWN, SolverStatus.UNDECIDED):
            deal_solve_enqueue(deal=deal)
    return deal


def deal_note_set(*, deal: Deal, note: str, act: StaffAct) -> Deal:
    before = Deal.objects.values_list("note", flat=True).get(pk=deal.pk)
    Deal.objects.filter(pk=deal.pk).update(note=note)
    deal.note = note
    staff_action_record(act=act, action="deal_note", target=deal, changes={"note": (before, note)})
    return deal


def deals_solve_again(*, deals, act: StaffAct) -> int:
    deals = list(deals)
    for deal in deals:
        staff_action_record(act=act, action="deal_solve", target=deal)
        deal_solve_enqueue(deal=deal)
    return len(deals)


def feature_warnings(deal: Deal) -> list[str]:
    """What staff should know before featuring a deal (shown on the confirmation page too)."""
    if deal.voided:
        return [f"{deal} is voided: it is not featured."]
    if deal.status == SolverStatus.IMPOSSIBLE:
        return [f"{deal} is proven impossible ({deal.scope}): players will find no winning line."]
    if deal.status != SolverStatus.WINNABLE:
        return [f"{deal} is not proven winnable yet ({deal.status}); it was sent to the worker."]
    return []


def _flag_set(deals, *, field: str, value: bool, action: str, act: StaffAct) -> list[Deal]:
    changed = []
    with transaction.atomic():
        for deal in Deal.objects.select_for_update().filter(pk__in=[d.pk for d in deals]).order_by("pk"):
            if getattr(deal, field) == value:
                continue
            Deal.objects.filter(pk=deal.pk).update(**{field: value})
            staff_action_record(act=act, action=action, target=deal, changes={field: (not value, value)})
            changed.append(deal)
    return changed


def deals_feature(*, deals, act: StaffAct) -> list[str]:
    """Feature deals on the home page; returns the warnings staff should read."""
    deals = list(deals)
    warnings = [w for deal in deals for w in feature_warnings(deal)]
    wanted = [deal for deal in deals if not deal.voided]
    _flag_set(wanted, field="featured", value=True, action="deal_feature", act=act)
    for deal in wanted:
        if deal.status == SolverStatus.UNKNOWN:
            deal_solve_enqueue(deal=deal)
    return warnings


def deals_unfeature(*, deals, act: StaffAct) -> int:
    return len(_flag_set(list(deals), field="featured", value=False, action="deal_unfeature", act=act))


def deals_void_staff(*, deals, act: StaffAct) -> int:
    """Void deals (out of the pools and off every future daily); returns the dailies dropped."""
    deals = list(deals)
    with transaction.atomic():
        for deal in deals:
            staff_action_record(
                act=act, action="deal_void", target=deal, changes={"voided": (deal.voided, True)}
            )
        return deals_void(deals=Deal.objects.filter(pk__in=[d.pk for d in deals]))


def deals_unvoid(*, deals, act: StaffAct) -> int:
    return len(_flag_set(list(deals), field="voided", value=False, action="deal_unvoid", act=act))


def _results_refresh(results: list[Result]) -> None:
    """Streaks recomputed; after the commit, the boards the results are on and their
    players' stats (wins, bests, streaks) are outdated."""
    for result in results:
        if result.ranked:
            streak_recompute(player=result.player, variant=result.deal.variant)
    leaderboards_outdate_on_commit(boards={(r.daily_id, r.deal_id) for r in results},
                                   player_ids=tuple({r.player_id for r in results}))
    deals_difficulty_refresh_on_commit(r.deal_id for r in results)  # what counts of their players changed


def _results_set(results, *, field: str, value: bool, action: str, act: StaffAct) -> int:
    with transaction.atomic():
        rows = list(
            Result.objects.select_for_update(of=("self",))
            .select_related("deal", "player")
            .filter(pk__in=[r.pk for r in results])
            .order_by("pk")
        )
        changed = [r for r in rows if getattr(r, field) != value]
        for result in changed:
            setattr(result, field, value)
            result.save(update_fields=[field])
            staff_action_record(
                act=act,
                action=action,
                target=result,
                changes={field: (not value, value)},
                note=result.flag_reason if field == "flagged" else "",
            )
        _results_refresh(changed)
    return len(changed)


def results_void(*, results, act: StaffAct) -> int:
    """Take results off every board (streaks recomputed); returns how many changed."""
    return _results_set(list(results), field="voided", value=True, action="result_void", act=act)


def results_unvoid(*, results, act: StaffAct) -> int:
    return _results_set(list(results), field="voided", value=False, action="result_unvoid", act=act)


def results_flag_clear(*, results, act: StaffAct) -> int:
    """Reviewed and found fair: the flagged results count again."""
    return _results_set(list(results), field="flagged", value=False, action="result_flag_clear", act=act)


def submissions_revalidate(*, submissions, act: StaffAct) -> int:
    """Ring the worker again for pending submissions (it counts its attempts itself)."""
    pending = [s for s in submissions if s.status == Submission.Status.PENDING]
    for submission in pending:
        staff_action_record(act=act, action="submission_revalidate", target=submission)
        transaction.on_commit(lambda pk=submission.pk: tasks.submission_validate_task.delay(pk))
    return len(pending)
