"""Staff switch a variant's daily on or off from a date; until they do, the catalogue's
``daily_default`` holds.

A switch takes effect on the UTC day staff pick (tomorrow unless they say otherwise, never a past
day), so that nothing a player holds changes under them:

* Switching a daily **off** from a day (tomorrow at the earliest) keeps everything before it:
  today's daily stays open, playable and ranked to the end of its day, and every past daily,
  its board, archive and replays stay reachable for ever (a past day is judged by the
  switches that held then).
  Dailies already scheduled on or after that day stay in the calendar, editable and
  removable, but are not played unless the variant is switched back on for their day.
* Switching a daily **on** from tomorrow (the default) gives beat's ``dailies_prepare`` a day
  to deal it from the reserve, which the worker starts topping up at once. Switched on from
  today, the worker deals today's daily; until it has, today's answer is 503
  ``daily_not_ready`` (a Klondike or Spider deal may take minutes to prove).

Every switch is one audited staff action with its reason; a switch supersedes the switches
still pending after its day, and the cached switches (``games.catalogue.daily_switches``) are
forgotten once it commits, so that every process follows it.
"""

import datetime as dt
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction

from core.errors import InvalidRequest
from core.outages import doorbell
from engine import UnknownVariantError
from games import tasks
from games.catalogue import daily_switches_forget, site_ruleset, switches_daily_on
from games.clock import today_utc
from games.models import Daily, DailyVariant
from games.services.audit import StaffAct, staff_action_record


@dataclass(frozen=True)
class SwitchPlan:
    """What a switch would change, for the confirmation page and the service alike."""

    variant: str
    enabled: bool
    effective_from: dt.date
    daily_now: bool  # played as a daily on the switch's first day without it
    superseded: list = field(default_factory=list)  # pending switches after that day
    dailies_after: list = field(default_factory=list)  # dailies already dealt from that day on

    @property
    def changes(self) -> bool:
        return self.daily_now != self.enabled or bool(self.superseded)

    def lines(self) -> list[str]:
        """The confirmation page's list of what changes."""
        state = "on" if self.enabled else "off"
        if not self.changes:
            return [f"The {self.variant} daily is already {state} from {self.effective_from}: "
                    "nothing changes."]
        lines = [f"The {self.variant} daily is switched {state} from {self.effective_from} (UTC)."]
        if self.effective_from > today_utc():
            lines.append("Today's and every earlier daily stay as they are: playable, ranked today, "
                         "their boards, archive and replays reachable.")
        lines += [f"Supersedes the pending switch: {row}." for row in self.superseded]
        if not self.enabled:
            lines += [
                f"{daily.date}: the {daily.variant} daily #{daily.deal.number} ({daily.source}) stays in "
                "the calendar, editable and removable, but is not played."
                for daily in self.dailies_after
            ]
        elif self.effective_from == today_utc():
            lines.append("Today's daily is dealt by the worker; until then it answers 503 daily_not_ready.")
        else:
            lines.append(f"Beat deals the dailies from {self.effective_from} from the reserve, "
                         "which the worker starts to fill now.")
        return lines


def _ruleset(variant: str):
    try:
        return site_ruleset(variant)
    except UnknownVariantError as exc:
        raise InvalidRequest(str(exc), code="unknown_variant", variant=variant) from exc


def _first_day(effective_from: dt.date | None, enabled: bool) -> dt.date:
    """The switch's first day: tomorrow unless given; never a day that has begun for a switch off,
    since today's daily is open and players are on it (400 ``switch_date_too_early``)."""
    today = today_utc()
    if effective_from is None:
        return today + dt.timedelta(days=1)
    earliest = today if enabled else today + dt.timedelta(days=1)
    if effective_from < earliest:
        why = "" if enabled else " (today's daily is open and stays so)"
        raise InvalidRequest(
            f"A daily switched {'on' if enabled else 'off'} takes effect from {earliest} at the "
            f"earliest{why}; {effective_from} is too early.",
            code="switch_date_too_early",
        )
    return effective_from


def daily_switch_plan(*, variant: str, enabled: bool, effective_from: dt.date | None = None) -> SwitchPlan:
    """What switching ``variant``'s daily on or off from ``effective_from`` (default tomorrow) changes."""
    ruleset = _ruleset(variant)
    since = _first_day(effective_from, enabled)
    rows = list(DailyVariant.objects.filter(variant=variant))  # the model's ordering: as they hold
    kept = [(row.effective_from, row.enabled) for row in rows
            if row.effective_from is None or row.effective_from <= since]
    dailies = Daily.objects.select_related("deal").filter(variant=variant, date__gte=since).order_by("date")
    return SwitchPlan(
        variant=variant, enabled=enabled, effective_from=since,
        daily_now=switches_daily_on(ruleset, kept, since),
        superseded=[row for row in rows if row.effective_from is not None and row.effective_from > since],
        dailies_after=list(dailies),
    )


def daily_variant_set(
    *, variant: str, enabled: bool, act: StaffAct, effective_from: dt.date | None = None
) -> DailyVariant | None:
    """Play ``variant`` as a daily, or not, from ``effective_from`` (tomorrow when not given).

    Returns the switch recorded, or None when the variant already is as asked from that day on
    (nothing is recorded then)."""
    if not act.reason.strip():
        raise InvalidRequest("A daily switch needs a reason.", code="reason_required")
    with transaction.atomic():
        list(DailyVariant.objects.select_for_update().filter(variant=variant).values_list("pk"))
        plan = daily_switch_plan(variant=variant, enabled=enabled, effective_from=effective_from)
        if not plan.changes:
            return None
        superseded = [str(row) for row in plan.superseded]
        DailyVariant.objects.filter(pk__in=[row.pk for row in plan.superseded]).delete()
        row = DailyVariant.objects.create(
            variant=variant, enabled=enabled, effective_from=plan.effective_from, reason=act.reason
        )
        staff_action_record(
            act=act,
            action="daily_variant_on" if enabled else "daily_variant_off",
            target=row,
            changes={"enabled": (plan.daily_now, enabled), "effective_from": (None, plan.effective_from),
                     **({"superseded": (", ".join(superseded), None)} if superseded else {})},
        )
        transaction.on_commit(daily_switches_forget)
        if enabled:
            transaction.on_commit(lambda: _daily_deal_request(variant))
    return row


def _daily_deal_request(variant: str) -> None:
    """A variant switched on: the worker tops up its reserve and deals the dailies it now has.
    With eager Celery (the embedded default) the searches would run inside the admin's request:
    there beat's and startup's ``dailies_prepare`` deal them instead."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    doorbell(tasks.pool_fill_task, variant, reserve=True)
    doorbell(tasks.dailies_prepare_task)
