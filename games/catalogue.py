"""The site's view of the variant catalogue: the engine's rulesets, read live.

``engine/rules.py`` is the only place where a variant is described. The
site reads it through these functions, at call time, so that models, links,
APIs, the schema and pages all follow the catalogue without an edit of their
own (and a test can add a variant by patching ``engine.rules.RULESETS``). The
offered variants themselves come from ``games.variant_catalogue`` (no
database: the models take their choices from there), re-exported here.

>>> "forecell" in site_variants()
True

Which variants are played as dailies on a day is the catalogue's ``daily_default``
unless staff switched a variant on or off from an earlier day (``games.models.DailyVariant``,
written by ``games.services.daily_variants``): ``daily_on`` and ``daily_variants`` read
those switches from the cache, which the service clears when one changes.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable

from django.core.cache import cache
from django.db import DatabaseError, connection

from engine import rules
from games.clock import today_utc
from games.models import DailyVariant
from games.variant_catalogue import site_ruleset, site_rulesets, site_variants, variant_choices, variant_title

__all__ = [
    "catalogue_json", "daily_on", "daily_on_days", "daily_standing", "daily_switches",
    "daily_switches_forget", "daily_variants", "daily_variants_ever", "site_ruleset", "site_rulesets",
    "site_variants", "switches_daily_on", "variant_choices", "variant_title",
]

#: The cache key of staff's daily switches, ``{variant: enabled}`` (under the hot reads' prefix,
#: which tests forget between tests). Cleared on every change; kept an hour otherwise.
DAILY_SWITCHES_KEY = "hot:daily-switches"
DAILY_SWITCHES_SECONDS = 3600


def daily_switches() -> dict[str, list[tuple[dt.date | None, bool]]]:
    """Staff's switches, ``{variant: [(effective_from, enabled), ...]}`` in the order they hold
    (a switch without a date first), for the variants staff have switched, from the cache
    (read from the table when the cache lacks them or is down: a cache outage costs a query,
    never an answer)."""
    switches = None
    with contextlib.suppress(Exception):
        switches = cache.get(DAILY_SWITCHES_KEY)
    if switches is None:
        try:
            rows = list(DailyVariant.objects.values_list("variant", "effective_from", "enabled"))
        except DatabaseError:
            # No table yet: a command run before ``migrate`` (``check --deploy``, the schema)
            # asks for the catalogue's defaults. Inside a transaction the error stands.
            if connection.in_atomic_block:
                raise
            return {}
        switches = {}
        for variant, since, enabled in rows:  # the model's ordering: by date, undated first
            switches.setdefault(variant, []).append((since, enabled))
        with contextlib.suppress(Exception):
            cache.set(DAILY_SWITCHES_KEY, switches, DAILY_SWITCHES_SECONDS)
    return switches


def daily_switches_forget() -> None:
    """After a switch changes (on commit): every process reads the table again."""
    with contextlib.suppress(Exception):
        cache.delete(DAILY_SWITCHES_KEY)


def switches_daily_on(ruleset: rules.Ruleset, switches: list, date: dt.date) -> bool:
    """Whether ``switches`` (``[(effective_from, enabled), ...]``, in order) make a variant daily
    on ``date``."""
    enabled = ruleset.daily_default
    for since, switched in switches:
        if since is not None and since > date:
            break
        enabled = switched
    return enabled


def daily_on(variant: str, date: dt.date) -> bool:
    """Whether ``variant`` is (or was, or will be) played as a daily on ``date``: the latest
    staff switch that holds by then, else the catalogue's default."""
    ruleset = rules.RULESETS.get(variant) if isinstance(variant, str) else None
    if ruleset is None or not ruleset.on_site:
        return False
    return switches_daily_on(ruleset, daily_switches().get(variant, []), date)


def daily_standing(variant: str, date: dt.date) -> tuple[bool, bool]:
    """(whether ``variant`` has dailies on some day, whether it is daily on ``date``), from one
    read of the switches (a daily's read path)."""
    ruleset = rules.RULESETS.get(variant) if isinstance(variant, str) else None
    if ruleset is None or not ruleset.on_site:
        return False, False
    switches = daily_switches().get(variant, [])
    ever = ruleset.daily_default or any(enabled for _, enabled in switches)
    return ever, switches_daily_on(ruleset, switches, date)


def daily_on_days(variant: str) -> Callable[[dt.date], bool]:
    """``daily_on`` for many days of one variant, reading the switches once (a month's archive,
    the calendar)."""
    ruleset = rules.RULESETS.get(variant) if isinstance(variant, str) else None
    if ruleset is None or not ruleset.on_site:
        return lambda date: False
    switches = daily_switches().get(variant, [])
    return lambda date: switches_daily_on(ruleset, switches, date)


def daily_variants(on: dt.date | None = None) -> tuple[str, ...]:
    """The variants played as dailies on ``on`` (today, UTC, when not given): offered on the
    site, and daily by the catalogue's default unless staff switched them on or off by then."""
    date = today_utc() if on is None else on
    switches = daily_switches()
    return tuple(
        ruleset.variant for ruleset in site_rulesets()
        if switches_daily_on(ruleset, switches.get(ruleset.variant, []), date)
    )


def daily_variants_ever() -> tuple[str, ...]:
    """The variants that have dailies on some day, past or future: daily by the catalogue's
    default or switched on at some point. Their dailies' pages and APIs exist, even on a day
    the variant is not played (they then answer that there was no daily that day)."""
    switches = daily_switches()
    return tuple(
        ruleset.variant for ruleset in site_rulesets()
        if ruleset.daily_default or any(enabled for _, enabled in switches.get(ruleset.variant, []))
    )


def catalogue_json() -> dict:
    """What pages carry in ``<script id="fc-catalogue">`` and ``GET /api/variants/`` answers."""
    return {
        "rulesets": [rules.ruleset_to_json(ruleset) for ruleset in site_rulesets()],
        "daily_variants": list(daily_variants()),
    }
