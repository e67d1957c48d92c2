"""Staff curate the daily schedule: add, move, replace, remove and fill from the reserve.

The rules hold whichever door staff use (admin, staff API, command):

- a daily's deal is proven winnable and not voided;
- a deal nobody has played: a layout with games on it (and so maybe results and
  a deal board) is known to its players, who would have no fresh ranked attempt;
- a deal is the daily of one date only, across every variant dealt the same
  way (freecell, freecell-tableau and freecell-classic share the layout of a
  number): a second date would hand the first one's players the answer;
- only dailies whose date has not begun change, and never onto a date that has;
- a scheduled deal leaves the pools; an unscheduled one goes back (the reserve
  for numbers from the whole range, the play pool for the low ones).
"""

import datetime as dt

from auditlog.models import LogEntry
from django.db import IntegrityError, transaction

from core.errors import Conflict, InvalidRequest, NotFound
from games.catalogue import daily_on, daily_on_days
from games.clock import today_utc
from games.models import Daily, Deal, ScheduleRequest, SolverStatus
from games.referee import hides_cards
from games.selectors import layout_variants
from games.services.audit import StaffAct, staff_action_record
from games.services.clairvoyance import dailies_reference_request
from games.services.curation import deal_solve_enqueue
from games.services.dailies import daily_ensure, daily_on_check, daily_variant_check, deal_withdraw
from games.services.deals import HIDDEN_DAILY_FLOOR, RANDOM_DEAL_CEILING, deal_get_or_create, deal_lookup
from games.services.difficulty_plans import ANY, difficulty_plan_get, planned_band
from games.services.fill_pick import fill_deal_pick
from games.services.layouts import layout_dailies, layout_played

MAX_FILL_DAYS = 366


def _proof_check(deal: Deal) -> None:
    if deal.voided:
        raise InvalidRequest(f"{deal} is voided.", code="deal_not_proven")
    if deal.status == SolverStatus.IMPOSSIBLE:
        raise InvalidRequest(
            f"{deal} is proven impossible ({deal.scope}): no daily can use it.", code="deal_impossible"
        )
    if deal.status != SolverStatus.WINNABLE:
        raise InvalidRequest(
            f"{deal} is not proven winnable (status: {deal.status}); the worker must prove it first.",
            code="deal_not_proven",
        )


def _unguessable_check(deal: Deal) -> None:
    """A Klondike or Spider daily shows only some of its cards; its number must not be
    found by dealing every number below it (``HIDDEN_DAILY_FLOOR``)."""
    if hides_cards(deal.variant) and deal.number < HIDDEN_DAILY_FLOOR:
        raise InvalidRequest(
            f"A {deal.variant} daily needs a number from {HIDDEN_DAILY_FLOOR:,} up: below that, dealing "
            "every number finds it from the cards it shows face up. Fill the date from the reserve.",
            code="deal_number_guessable",
        )


def _unused_check(deal: Deal, moving: Daily | None = None) -> None:
    taken = layout_dailies(deal=deal).exclude(pk=moving.pk if moving else None).select_related("deal").first()
    if taken is not None:
        raise Conflict(
            f"Deal #{deal.number} is already the {taken.variant} daily of {taken.date}: "
            "a deal is a daily once.",
            code="deal_already_daily",
        )


def _unplayed_check(deal: Deal) -> None:
    if layout_played(deal=deal):
        raise Conflict(
            f"{deal} has been played already (or a deal laid out the same): its players know it, and "
            "would have no fresh ranked attempt. Choose a deal nobody has played.",
            code="deal_already_played",
        )


def _future_check(date: dt.date, what: str = "Only future dates can be scheduled.") -> None:
    if date <= today_utc():
        raise InvalidRequest(what, code="date_not_future")


def schedule_check(*, variant: str, date: dt.date, deal: Deal, moving: Daily | None = None) -> None:
    """Refuse what may not be scheduled (see the module's rules). A new daily needs its variant
    played that day; a daily already in the calendar stays editable after its variant is switched off."""
    if moving is None:
        daily_on_check(variant, date)
    else:
        daily_variant_check(variant)
    if deal.variant != variant:
        raise InvalidRequest("The deal belongs to another variant.", code="invalid")
    _future_check(date)
    _unguessable_check(deal)
    _proof_check(deal)
    _unused_check(deal, moving)
    _unplayed_check(deal)


def _lock_layout(deal: Deal) -> None:
    """Serialise schedules of one layout: lock every stored deal row that deals it."""
    rows = Deal.objects.select_for_update().filter(number=deal.number)
    list(rows.filter(variant__in=layout_variants(deal.variant)).order_by("pk").values_list("pk", flat=True))


def _deal_release(deal: Deal) -> None:
    """A deal that stops being a (future) daily goes back where a proven deal belongs."""
    if layout_dailies(deal=deal).exists() or not deal.proven_winnable:
        return
    flag = "in_pool" if deal.number <= RANDOM_DEAL_CEILING else "daily_reserve"
    Deal.objects.filter(pk=deal.pk).update(**{flag: True})


def schedule_add(
    *, variant: str, date: dt.date, deal: Deal, act: StaffAct, source: str = Daily.Source.SCHEDULE
) -> Daily:
    """Put a proven-winnable deal, never a daily before, on a future date."""
    try:
        with transaction.atomic():
            if deal.pk is not None:
                _lock_layout(deal)
                deal.refresh_from_db()
            schedule_check(variant=variant, date=date, deal=deal)
            deal_withdraw(deal=deal)
            daily = Daily.objects.create(variant=variant, date=date, deal=deal, source=source)
            dailies_reference_request([daily])  # a stock daily's honest reference, by the worker
            staff_action_record(
                act=act,
                action="schedule_add",
                target=daily,
                kind=LogEntry.Action.CREATE,
                changes={"date": (None, date), "deal": (None, deal)},
            )
            return daily
    except IntegrityError as exc:
        raise Conflict(f"{date} already has a {variant} daily.", code="already_scheduled") from exc


def _changeable(daily: Daily) -> Daily:
    locked = Daily.objects.select_for_update().select_related("deal").get(pk=daily.pk)
    _future_check(locked.date, f"The {locked.variant} daily of {locked.date} has begun; it cannot change.")
    return locked


def schedule_move(*, daily: Daily, date: dt.date, act: StaffAct) -> Daily:
    """Move a daily that has not begun to another future date that has none."""
    try:
        with transaction.atomic():
            daily = _changeable(daily)
            _future_check(date, "A daily moves only onto a date that has not begun.")
            before = daily.date
            daily.date = date
            daily.save(update_fields=["date"])
            staff_action_record(
                act=act, action="schedule_move", target=daily, changes={"date": (before, date)}
            )
            return daily
    except IntegrityError as exc:
        raise Conflict(f"{date} already has a {daily.variant} daily.", code="already_scheduled") from exc


def schedule_replace(*, daily: Daily, deal: Deal, act: StaffAct) -> Daily:
    """Give a daily that has not begun another deal; the old one goes back to its pool."""
    with transaction.atomic():
        daily = _changeable(daily)
        _lock_layout(deal)
        deal.refresh_from_db()
        schedule_check(variant=daily.variant, date=daily.date, deal=deal, moving=daily)
        before = daily.deal
        deal_withdraw(deal=deal)
        daily.deal = deal
        daily.source = Daily.Source.SCHEDULE
        daily.save(update_fields=["deal", "source"])
        _deal_release(before)
        dailies_reference_request([daily])
        staff_action_record(
            act=act, action="schedule_replace", target=daily, changes={"deal": (before, deal)}
        )
        return daily


def _unsolved_send(*, daily: Daily, number: int, act: StaffAct) -> None:
    """A daily's new number that nobody has solved yet: stored, sent to the worker and refused
    for now (``deal_not_proven``), so that the same change succeeds once the worker proves it.
    What would refuse it once proven (a date that has begun, a guessable number, a deal
    already a daily) is refused first, and nothing is sent."""
    _future_check(daily.date, f"The {daily.variant} daily of {daily.date} has begun; it cannot change.")
    deal = deal_lookup(variant=daily.variant, number=number)
    if deal.status != SolverStatus.UNKNOWN or deal.voided:
        return
    probe = Deal(pk=deal.pk, variant=deal.variant, number=deal.number, status=SolverStatus.WINNABLE)
    schedule_check(variant=daily.variant, date=daily.date, deal=probe, moving=daily)
    deal = deal_get_or_create(variant=daily.variant, number=number)
    with transaction.atomic():
        staff_action_record(act=act, action="deal_solve", target=deal)
        deal_solve_enqueue(deal=deal)
    raise InvalidRequest(
        f"{deal} is not proven winnable yet: it was sent to the worker. Give the {daily.variant} daily "
        f"of {daily.date} this deal again once it is proven.",
        code="deal_not_proven",
    )


def schedule_change(*, daily: Daily, act: StaffAct, date: dt.date | None = None,
                    number: int | None = None) -> Daily:
    """Give a daily that has not begun another deal (by number) and/or another date: both or neither.
    A number nobody has solved is sent to the worker and refused until it is proven."""
    if number is not None and number != daily.deal.number:
        _unsolved_send(daily=daily, number=number, act=act)
    with transaction.atomic():
        if number is not None and number != daily.deal.number:
            deal = deal_get_or_create(variant=daily.variant, number=number)
            daily = schedule_replace(daily=daily, deal=deal, act=act)
        if date is not None and date != daily.date:
            daily = schedule_move(daily=daily, date=date, act=act)
    return daily


def schedule_remove(*, variant: str, date: dt.date, act: StaffAct) -> None:
    """Unschedule a daily that has not begun (beat draws another from the reserve later)."""
    daily_variant_check(variant)
    _future_check(date, "Only future dates can be unscheduled.")
    with transaction.atomic():
        rows = Daily.objects.select_for_update().select_related("deal")
        daily = rows.filter(variant=variant, date=date).first()
        if daily is None:
            raise NotFound(f"No {variant} daily is scheduled on {date}.")
        staff_action_record(
            act=act,
            action="schedule_remove",
            target=daily,
            kind=LogEntry.Action.DELETE,
            changes={"date": (date, None), "deal": (daily.deal, None)},
        )
        daily.delete()
        _deal_release(daily.deal)


def fill_range_check(*, variant: str, first: dt.date, last: dt.date) -> None:
    daily_on_check(variant, first)
    _future_check(first)
    if last < first or (last - first).days >= MAX_FILL_DAYS:
        raise InvalidRequest(
            f"Give a first and last date at most {MAX_FILL_DAYS} days apart.", code="invalid"
        )


def schedule_gaps(*, variant: str, first: dt.date, last: dt.date) -> list[dt.date]:
    """The dates from ``first`` to ``last`` that a fill gives a deal: those with no daily and
    no pending schedule request (staff's own number comes first), soonest first."""
    dailies = Daily.objects.filter(variant=variant, date__range=(first, last))
    taken = set(dailies.values_list("date", flat=True))
    asked = ScheduleRequest.objects.filter(
        variant=variant, date__range=(first, last), status=ScheduleRequest.Status.PENDING
    )
    taken |= set(asked.values_list("date", flat=True))
    days = ((first + dt.timedelta(days=offset)) for offset in range((last - first).days + 1))
    played_on = daily_on_days(variant)  # the switches read once, not once a day
    return [day for day in days if day not in taken and played_on(day)]


def schedule_fill(*, variant: str, first: dt.date, last: dt.date, act: StaffAct) -> tuple[list[Daily], list]:
    """Give every empty date from ``first`` to ``last`` a deal from the reserve (of the band the
    plan gives its weekday), after today's daily if it is missing (the reserve serves today
    first) and leaving the dates of pending schedule requests to them.

    Returns (the dailies made, the dates left empty because the reserve ran out).
    """
    fill_range_check(variant=variant, first=first, last=last)
    if daily_on(variant, today_utc()):
        daily_ensure(variant=variant, date=today_utc(), fill_rounds=0)
    gaps = schedule_gaps(variant=variant, first=first, last=last)
    return schedule_from_reserve(variant=variant, dates=gaps, act=act)


def schedule_from_reserve(*, variant: str, dates: list[dt.date], act: StaffAct) -> tuple[list[Daily], list]:
    """Reserve deals on ``dates`` in order, each of the band the plan gives its weekday.

    Returns (the dailies made, the dates left empty: the reserve had no deal of their band)."""
    plan = difficulty_plan_get(variant=variant)
    made, empty, missing = [], [], set()
    for date in dates:
        band = planned_band(variant=variant, date=date, plan=plan)
        daily = None
        if band not in missing and ANY not in missing:  # an empty reserve has no band at all
            daily = schedule_fill_one(variant=variant, date=date, act=act, plan=plan)
        if daily is None:
            missing.add(band)
            empty.append(date)
        else:
            made.append(daily)
    return made, empty


def schedule_fill_one(*, variant: str, date: dt.date, act: StaffAct, tries: int = 3,
                      plan: tuple[str, ...] | None = None) -> Daily | None:
    """A reserve deal of the planned band on ``date`` (None when the reserve has none); another
    is drawn if beat took the first one meanwhile, or someone played it."""
    for _ in range(tries):
        deal = fill_deal_pick(variant=variant, date=date, plan=plan)
        if deal is None:
            return None
        try:
            return schedule_add(variant=variant, date=date, deal=deal, act=act, source=Daily.Source.RESERVE)
        except Conflict as exc:
            if exc.code not in ("deal_already_daily", "deal_already_played"):
                raise
    return None
