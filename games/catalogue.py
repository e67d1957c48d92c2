"""The site's view of the variant catalogue: the engine's rulesets, read live.

``engine/rules.py`` is the only place where a variant is described. The
site reads it through these functions, at call time, so that models, links,
APIs, the schema and pages all follow the catalogue without an edit of their
own (and a test can add a variant by patching ``engine.rules.RULESETS``).

>>> "forecell" in site_variants()
True

Which variants are played as dailies is the catalogue's ``daily_default`` unless
staff switched a variant on or off (``games.models.DailyVariant``, written by
``games.services.daily_variants``): ``daily_variants`` reads those switches from
the cache, which the service clears when one changes.
"""

from __future__ import annotations

import contextlib

from django.core.cache import cache
from django.db import DatabaseError, connection

from engine import rules
from engine.errors import UnknownVariantError

#: The cache key of staff's daily switches, ``{variant: enabled}`` (under the hot reads' prefix,
#: which tests forget between tests). Cleared on every change; kept an hour otherwise.
DAILY_SWITCHES_KEY = "hot:daily-switches"
DAILY_SWITCHES_SECONDS = 3600


def site_rulesets() -> tuple[rules.Ruleset, ...]:
    """The rulesets the site offers, in catalogue order."""
    return tuple(ruleset for ruleset in rules.RULESETS.values() if ruleset.on_site)


def site_variants() -> tuple[str, ...]:
    """The variant ids the site offers, in catalogue order."""
    return tuple(ruleset.variant for ruleset in site_rulesets())


def daily_switches() -> dict[str, bool]:
    """Staff's switches, ``{variant: enabled}``, for the variants staff have switched,
    from the cache (read from the table when the cache
    lacks them or is down: a cache outage costs a query, never an answer)."""
    switches = None
    with contextlib.suppress(Exception):
        switches = cache.get(DAILY_SWITCHES_KEY)
    if switches is None:
        from games.models import DailyVariant  # the models read this module for their choices

        try:
            switches = dict(DailyVariant.objects.values_list("variant", "enabled"))
        except DatabaseError:
            # No table yet: a command run before ``migrate`` (``check --deploy``, the schema)
            # asks for the catalogue's defaults. Inside a transaction the error stands.
            if connection.in_atomic_block:
                raise
            return {}
        with contextlib.suppress(Exception):
            cache.set(DAILY_SWITCHES_KEY, switches, DAILY_SWITCHES_SECONDS)
    return switches


def daily_switches_forget() -> None:
    """After a switch changes (on commit): every process reads the table again."""
    with contextlib.suppress(Exception):
        cache.delete(DAILY_SWITCHES_KEY)


def daily_variants() -> tuple[str, ...]:
    """The variants played as dailies: offered on the site, and daily by the catalogue's
    default unless staff switched them on or off."""
    switches = daily_switches()
    return tuple(
        ruleset.variant for ruleset in site_rulesets()
        if switches.get(ruleset.variant, ruleset.daily_default)
    )


def site_ruleset(variant: str) -> rules.Ruleset:
    """The ruleset of a variant the site offers; ``UnknownVariantError`` otherwise."""
    ruleset = rules.RULESETS.get(variant) if isinstance(variant, str) else None
    if ruleset is None or not ruleset.on_site:
        known = ", ".join(site_variants())
        raise UnknownVariantError(f"unknown variant {variant!r} (known: {known})")
    return ruleset


def variant_title(variant: str) -> str:
    """The name players know a variant by (its short title, else its title)."""
    ruleset = site_ruleset(variant)
    return ruleset.short_title or ruleset.title


def variant_choices() -> list[tuple[str, str]]:
    """Model field choices, called when they are needed (so migrations name this
    function, not a list, and a new variant needs no migration)."""
    return [(ruleset.variant, ruleset.short_title or ruleset.title) for ruleset in site_rulesets()]


def catalogue_json() -> dict:
    """What pages carry in ``<script id="fc-catalogue">`` and ``GET /api/variants/`` answers."""
    return {
        "rulesets": [rules.ruleset_to_json(ruleset) for ruleset in site_rulesets()],
        "daily_variants": list(daily_variants()),
    }
