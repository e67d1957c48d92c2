"""Which fc-solve searches each variant runs, chosen by measurement.

Every variant runs its *fast* presets first (each line is replayed by the
engine; a refused line moves on to the next preset), then the *complete scan*
``-to 01ABCDE``: single-card moves only (foundations, then column, cell and
empty-column moves), no pruning. Every legal line without foundation returns
is a sequence of those moves, so a complete scan that runs out of states is a
proof; a preset that runs out is not (its move set and prunes are partial).

fc-solve never takes a card back from a foundation, so in variants that allow
returns its proof covers only lines without them. See ``docs/solver.md`` for
the figures behind these choices.

>>> plan_for("forecell").fast[0].name, plan_for("freecell").scope
('ct', 'no winning line without foundation returns exists')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine import Ruleset, UnknownVariantError, get_ruleset
from engine.families import family_for
from engine.rules import RULESETS
from solver.errors import UnknownPresetError, UnsupportedPositionError
from solver.results import SCOPE_NO_LINE, SCOPE_NO_LINE_WITHOUT_RETURNS

COMPLETE = "complete"

#: fc-solve 5.0.0's preset names (short forms, from /usr/share/freecell-solver/presetrc).
FCS_PRESETS = (
    "ak", "as", "by", "cj", "cm", "cn", "cpb", "ct", "eo", "fg", "fn", "gi", "gut", "hw",
    "jgl", "lg", "mf", "mfi", "mo", "obf", "qs", "qsi", "rtt", "sp", "sr", "ss", "te",
    "tfts", "tft", "tic", "tlm", "ve", "ybr",
)


@dataclass(frozen=True, slots=True)
class Scan:
    """One fc-solve search: a name for people and its command-line arguments.
    ``complete`` scans prove impossibility when they run out of states.

    >>> Scan.preset("lg").args
    ('-l', 'lg')
    """

    name: str
    args: tuple[str, ...]
    complete: bool = False
    cap: int | None = None  # iterations this scan may take whatever the budget

    @classmethod
    def preset(cls, name: str) -> Scan:
        if name == COMPLETE:
            return COMPLETE_SCAN
        if name not in FCS_PRESETS:
            raise UnknownPresetError(
                f"unknown preset {name!r} (known: {COMPLETE}, {', '.join(FCS_PRESETS)})"
            )
        return cls(name, ("-l", name))


COMPLETE_SCAN = Scan(COMPLETE, ("-to", "01ABCDE"), complete=True)
#: A short complete scan: most lost positions of real games are proven within
#: a few hundred iterations, where a preset may spend its whole budget.
PROOF_SLICE = Scan(COMPLETE, COMPLETE_SCAN.args, complete=True, cap=2_000)


@dataclass(frozen=True, slots=True)
class Plan:
    """A variant's searches: fc-solve game options, fast presets tried in
    order, the par portfolio, and what an exhausted complete scan proves."""

    variant: str
    game_args: tuple[str, ...]
    fast: tuple[Scan, ...]
    par: tuple[Scan, ...]
    scope: str
    fast_cap: int | None = None  # iterations a fast preset may take, below the budget
    refine: tuple[Scan, ...] = ()  # searched again from positions of the par line (solver/par.py)

    def scans(self, preset: str | None = None) -> tuple[Scan, ...]:
        """The searches of one ``solve`` call: fast presets then the complete scan.

        >>> [s.name for s in plan_for("forecell").scans()]
        ['ct', 'as', 'complete']
        >>> [s.name for s in plan_for("freecell").scans("complete")]
        ['complete']
        """
        if preset is None:
            return (*self.fast, COMPLETE_SCAN)
        chosen = Scan.preset(preset)
        return (chosen,) if chosen.complete else (chosen, COMPLETE_SCAN)

    def probe_scans(self) -> tuple[Scan, ...]:
        """The searches that ask only "is this proven winnable?": a short complete
        scan (cheap proofs of loss), then the fast presets.

        >>> [(s.name, s.cap) for s in plan_for("freecell").probe_scans()]
        [('complete', 2000), ('lg', None), ('cm', None)]
        """
        return (PROOF_SLICE, *self.fast)

    def limit(self, scan: Scan, budget: int) -> int:
        """The iteration limit of ``scan`` under ``budget``.

        >>> plan = plan_for("freecell")
        >>> plan.limit(COMPLETE_SCAN, 500_000), plan.limit(Scan.preset("lg"), 500_000)
        (500000, 100000)
        """
        caps = [budget, scan.cap, None if scan.complete else self.fast_cap]
        return min(cap for cap in caps if cap is not None)

    def args(self, scan: Scan) -> tuple[str, ...]:
        """The full fc-solve command line of ``scan`` in this variant."""
        return self.game_args + scan.args


def _freecell_plan(variant: str, returns: bool) -> Plan:
    # lg solves MS 1..32000 but 11982 within 21,759 iterations; cm is the
    # fallback. Par: sp (~111 moves, ~2 ms), cpb (~106, ~30 ms), ve (~93, ~110 ms).
    return Plan(
        variant=variant,
        game_args=(),
        fast=(Scan.preset("lg"), Scan.preset("cm")),
        par=(Scan.preset("sp"), Scan.preset("cpb"), Scan.preset("ve")),
        scope=SCOPE_NO_LINE_WITHOUT_RETURNS if returns else SCOPE_NO_LINE,
        fast_cap=100_000,  # 4.6 times lg's worst; past it, the proof is the better bet
        refine=(Scan.preset("ve"),),
    )


# ForeCell: lg and cm emit non-Kings into empty columns on about 1 deal in 10;
# ct and as do not, and decide deals 1..100 with the complete scan behind them.
def _king_only_plan(variant: str, returns: bool) -> Plan:
    return Plan(
        variant=variant,
        game_args=("--game", "forecell"),
        fast=(Scan.preset("ct"), Scan.preset("as")),
        par=(Scan.preset("sp"), Scan.preset("cpb"), Scan.preset("mfi")),
        scope=SCOPE_NO_LINE_WITHOUT_RETURNS if returns else SCOPE_NO_LINE,
        refine=(Scan.preset("mfi"),),
    )


# The rules fc-solve's two games here play: one deck, eight columns, four cells,
# no stock, builds down in alternating colour, foundations up by suit; ``--game
# forecell`` fills empty columns with Kings only and counts only cells in a
# move's capacity. Its positions are read in fc-solve's board format, so the
# variant's family must write that.
_FCS_RULES = {"decks": 1, "columns": 8, "cells": 4, "stock": "none", "tableau_build": "down_alternate_colour",
              "group_order": "down_alternate_colour", "foundation_build": "up_by_suit_from_ace",
              "group_moves": True}
_FCS_BOARD = "fc-solve board"
_FCS_GAMES = {("any", True): _freecell_plan, ("king", False): _king_only_plan}


@cache
def _plan_of(ruleset: Ruleset) -> Plan | None:
    try:
        writes_boards = family_for(ruleset).text_format == _FCS_BOARD
    except UnknownVariantError:
        return None
    standard = all(getattr(ruleset, field) == value for field, value in _FCS_RULES.items())
    build = _FCS_GAMES.get((ruleset.empty_column_accepts, ruleset.capacity_uses_empty_columns))
    if not (writes_boards and standard and build):
        return None
    return build(ruleset.variant, bool(ruleset.foundation_return))


def solvable_variants() -> tuple[str, ...]:
    """The catalogue's variants fc-solve can play, in catalogue order."""
    return tuple(variant for variant, ruleset in RULESETS.items() if _plan_of(ruleset) is not None)


def plan_for(variant: str) -> Plan:
    """The plan of ``variant``, read from its ruleset in the catalogue;
    ``UnsupportedPositionError`` for a variant fc-solve cannot play."""
    try:
        plan = _plan_of(get_ruleset(variant))
    except UnknownVariantError:
        plan = None
    if plan is None:
        known = ", ".join(solvable_variants())
        raise UnsupportedPositionError(
            f"the solver has no plan for variant {variant!r} (known: {known})"
        ) from None
    return plan
