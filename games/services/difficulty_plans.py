"""The curator's plan by difficulty: which band each weekday of a variant's calendar gets.

A plan is seven bands, Monday to Sunday, each "easy", "medium", "hard" or "" (any). Fills
honour it (``games.services.fill_pick``): a fill job leaves a date waiting until a deal
of its band is proven; beat deals the days ahead the same way and takes the nearest band
only for a day about to open. Every change is one audited staff action with its reason.
"""

import datetime as dt

from django.db import transaction

from core.errors import InvalidRequest
from games.catalogue import daily_variants_ever
from games.difficulty import LEVELS
from games.models import DifficultyPlan
from games.services.audit import StaffAct, staff_action_record

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
ANY = ""


def difficulty_plan_get(*, variant: str) -> tuple[str, ...]:
    """The band of each weekday, Monday first ('' for any)."""
    plan = DifficultyPlan.objects.filter(variant=variant).first()
    return tuple(getattr(plan, day) for day in WEEKDAYS) if plan else (ANY,) * 7


def planned_band(*, variant: str, date: dt.date, plan: tuple[str, ...] | None = None) -> str:
    """The band the plan gives ``date`` ('' when any will do)."""
    return (plan or difficulty_plan_get(variant=variant))[date.weekday()]


def difficulty_plan_set(*, variant: str, days: dict[str, str], act: StaffAct) -> DifficultyPlan:
    """Set some or all weekdays' bands of a daily variant's plan (the others keep theirs)."""
    if variant not in daily_variants_ever():
        raise InvalidRequest(f"There is no daily for {variant!r}.", code="unknown_variant")
    unknown = sorted(set(days) - set(WEEKDAYS))
    if unknown:
        raise InvalidRequest(f"Unknown weekday {unknown[0]!r}: use {', '.join(WEEKDAYS)}.", code="invalid")
    for day, level in days.items():
        if level not in (ANY, *LEVELS):
            raise InvalidRequest(f"{day}: a band is easy, medium, hard or empty (any), not {level!r}.",
                                 code="invalid")
    with transaction.atomic():
        plan, _ = DifficultyPlan.objects.select_for_update().get_or_create(variant=variant)
        changes = {day: (getattr(plan, day) or "any", level or "any") for day, level in days.items()
                   if getattr(plan, day) != level}
        if changes:
            for day, level in days.items():
                setattr(plan, day, level)
            plan.save()
            staff_action_record(act=act, action="difficulty_plan", target=plan, changes=changes)
    return plan
