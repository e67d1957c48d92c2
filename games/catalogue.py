"""The site's view of the variant catalogue: the engine's rulesets, read live.

``games/engine/rules.py`` is the only place where a variant is described. The
site reads it through these functions, at call time, so that models, links,
APIs, the schema and pages all follow the catalogue without an edit of their
own (and a test can add a variant by patching ``games.engine.rules.RULESETS``).

>>> "forecell" in daily_variants()
True
"""

from __future__ import annotations

from games.engine import rules
from games.engine.errors import UnknownVariantError


def site_rulesets() -> tuple[rules.Ruleset, ...]:
    """The rulesets the site offers, in catalogue order."""
    return tuple(ruleset for ruleset in rules.RULESETS.values() if ruleset.on_site)


def site_variants() -> tuple[str, ...]:
    """The variant ids the site offers, in catalogue order."""
    return tuple(ruleset.variant for ruleset in site_rulesets())


def daily_variants() -> tuple[str, ...]:
    """The variants played as dailies: offered on the site and daily by default."""
    return tuple(ruleset.variant for ruleset in site_rulesets() if ruleset.daily_default)


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
