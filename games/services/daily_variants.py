"""Staff switch a variant's daily on or off; the catalogue's ``daily_default`` holds until they do.

A variant staff never switched has no row and follows the catalogue. Every change is one
audited staff action, and the cached switches (``games.catalogue.daily_switches``)
are forgotten once it commits, so that every process, the schedule fill, today's
dailies, the home page's tiles and beat's ``dailies_prepare`` follow it.

Switching a daily off keeps what exists (past and scheduled dailies, results,
streaks); beat simply stops making new ones, and the variant's daily pages and
APIs answer as for any variant without a daily. Switching it on lets beat deal
it from the reserve, which ``games.pools_fill`` starts to fill for it.
"""

from django.db import transaction

from core.errors import InvalidRequest
from engine import UnknownVariantError
from games.catalogue import daily_switches_forget, site_ruleset
from games.models import DailyVariant
from games.services.audit import StaffAct, staff_action_record


def daily_variant_set(*, variant: str, enabled: bool, act: StaffAct) -> DailyVariant:
    """Play ``variant`` as a daily or not (nothing changes, and nothing is recorded,
    when it already is as asked)."""
    try:
        ruleset = site_ruleset(variant)
    except UnknownVariantError as exc:
        raise InvalidRequest(str(exc), code="unknown_variant", variant=variant) from exc
    with transaction.atomic():
        row, _ = DailyVariant.objects.select_for_update().get_or_create(
            variant=variant, defaults={"enabled": ruleset.daily_default}
        )
        before = row.enabled
        if before != enabled:
            row.enabled = enabled
            row.save(update_fields=["enabled", "updated_at"])
            staff_action_record(
                act=act,
                action="daily_variant_on" if enabled else "daily_variant_off",
                target=row,
                changes={"enabled": (before, enabled)},
            )
        transaction.on_commit(daily_switches_forget)
    return row
