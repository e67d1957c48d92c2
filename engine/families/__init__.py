"""Which family plays a variant: the ruleset's ``family`` names it, and
``family_of`` gives the object every caller asks (see ``families.base.Family``).

>>> family_of("spider-1suit").name, family_of("freecell").hides_cards
('spider', False)
"""

from __future__ import annotations

from functools import cache

from engine.errors import UnknownVariantError
from engine.families.base import FITS, HOME, NONE, Family
from engine.families.freecell import FREECELL
from engine.families.klondike import KLONDIKE
from engine.families.spider import SPIDER
from engine.rules import RULESETS, Catalogue, Ruleset, get_ruleset

#: The families by name (the ``family`` field of a ruleset).
FAMILIES: Catalogue = Catalogue((family.name, family) for family in (FREECELL, KLONDIKE, SPIDER))

__all__ = ["FAMILIES", "FITS", "HOME", "NONE", "Family", "family_for", "family_of", "register_family"]


# variant -> its family: every move of the engine asks, so the answer is kept
# until the rulesets or the families change (both tell ``_KNOWN.clear``).
_KNOWN: dict[str, Family] = {}
RULESETS.watchers.append(_KNOWN.clear)
FAMILIES.watchers.append(_KNOWN.clear)


def family_of(variant: str) -> Family:
    """The family that plays ``variant``; ``UnknownVariantError`` for an unknown
    variant or one asking for rules its family does not play."""
    try:
        return _KNOWN[variant]
    except (KeyError, TypeError):
        family = family_for(get_ruleset(variant))
        _KNOWN[variant] = family
        return family


def family_for(rules: Ruleset) -> Family:
    """The family that plays the ruleset ``rules`` (checked once per ruleset)."""
    family = FAMILIES.get(rules.family)
    if family is None:
        raise UnknownVariantError(f"{rules.variant}: no family {rules.family!r}")
    return _checked(family, rules)


@cache
def _checked(family: Family, rules: Ruleset) -> Family:
    family.check_ruleset(rules)
    return family


def register_family(family: Family) -> None:
    """Add a family: a new game is one family module plus its catalogue entries."""
    FAMILIES[family.name] = family
