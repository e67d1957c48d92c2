"""A player's progress as the other players see it: how much is home, never which cards.

The variant's family says what counts (``Family.home_unit``): cards on the
foundations, or (Spider, whose win is every run removed) the runs completed.
"""

from dataclasses import dataclass

import engine


@dataclass(frozen=True)
class Unit:
    name: str  # "cards" or "runs"
    total: int


def progress_unit(variant: str) -> Unit:
    """What ``home`` counts in ``variant`` and how many make a win.

    >>> progress_unit("freecell"), progress_unit("spider-1suit")
    (Unit(name='cards', total=52), Unit(name='runs', total=8))
    """
    name, total = engine.family_of(variant).home_unit(engine.get_ruleset(variant))
    return Unit(name, total)


def home_count(variant: str, position) -> int:
    """Cards on the foundations of ``position`` (Spider: runs removed).

    >>> home_count("freecell", engine.deal("freecell", 1))
    0
    """
    return engine.family_of(variant).home_count(position)
