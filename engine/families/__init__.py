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
from engine.rules import RULESETS, Ruleset, get_ruleset

#: The families by name (the ``family`` field of a ruleset).
FAMILIES: dict[str, Family] = {family.name: family for family in (FREECELL, KLONDIKE, SPIDER)}

__all__ = ["FAMILIES", "FITS", "HOME", "NONE", "Family", "family_for", "family_of", "register_family"]


# variant -> (its ruleset, its family), checked: every move of the engine asks,
# so the answer is kept while the catalogue and the families still say the same.
_KNOWN: dict[str, tuple[Ruleset, Family]] = {}


def family_of(variant: str) -> Family:
    """The family that plays ``variant``; ``UnknownVariantError`` for an unknown
    variant or one asking for rules its family does not play."""
    known = _KNOWN.get(variant)
    if known is not None and RULESETS.get(variant) is known[0] and FAMILIES.get(known[0].family) is known[1]:
        return known[1]
    rules = get_ruleset(variant)
    family = family_for(rules)
    _KNOWN[variant] = (rules, family)
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
