"""The rulesets the site offers, read live from the engine's catalogue
(``engine/rules.py``): the part of the site's catalogue that needs no database,
so that models can take their variant choices from it (``games.catalogue``, which
adds the dailies staff switch on and off, reads the models).

>>> "forecell" in site_variants()
True
"""

from __future__ import annotations

from engine import rules
from engine.errors import UnknownVariantError


def site_rulesets() -> tuple[rules.Ruleset, ...]:
    """The rulesets the site offers, in catalogue order."""
    return tuple(ruleset for ruleset in rules.RULESETS.values() if ruleset.on_site)


def site_variants() -> tuple[str, ...]:
    """The variant ids the site offers, in catalogue order."""
    return tuple(ruleset.variant for ruleset in site_rulesets())


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
