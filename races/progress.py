"""A player's progress as the other players see it: how much is home, never which cards.

The ruleset's win condition says what counts: cards on the foundations, or
(Spider, whose win is every run removed) the runs completed.
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
    rules = engine.get_ruleset(variant)
    if rules.win == "all_runs_removed":
        return Unit("runs", rules.foundations)
    return Unit("cards", 13 * rules.foundations)


def home_count(variant: str, position) -> int:
    """Cards on the foundations of ``position`` (Spider: runs removed).

    >>> home_count("freecell", engine.deal("freecell", 1))
    0
    """
    if progress_unit(variant).name == "runs":
        return len(position.removed)
    return sum(position.foundations)
