"""Rulesets as data: each variant answers the seven questions of docs/rules.md.

The move code reads these fields; it never asks which variant it is playing.

>>> get_ruleset("forecell").empty_column_accepts
'king'
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from engine.errors import UnknownVariantError

#: Largest Microsoft / FreeCell Pro deal number (2**33 - 1).
MS_MAX_DEAL = 8_589_934_591
#: Largest PySolFC game number: PySolFC shows game numbers as 20 digits.
PYSOLFC_MAX_DEAL = 10**20 - 1


@dataclass(frozen=True)
class Ruleset:
    """The answers of one variant to the seven questions (docs/rules.md)."""

    variant: str
    title: str
    # The catalogue: how the site names, links and schedules the variant.
    short_title: str = ""  # the name on tiles, tabs and share cards ("" = the title)
    share_letter: str = ""  # the first letter of its /s/<code> share links; unique
    family: str = "freecell"  # "freecell", "klondike" or "spider": which rules module plays it
    daily_default: bool = False  # offered as a daily unless staff switch it off
    on_site: bool = True  # offered by the site (False while a variant exists only in the engine)
    # 1. Components: one deck, eight columns, four free cells, four foundations.
    decks: int = 1
    deck_suits: str = "CSHD"  # the suit of each quarter of a deck, in PySolFC's build order
    columns: int = 8
    cells: int = 4
    foundations: int = 4
    # 2. Initial layout: how cards are dealt and which deal numbers exist.
    deal_layout: str = "columns"  # "columns": 52 into 8 columns; "columns+cells": 48 + 4 in cells;
    # "klondike": columns of 1..7, only the last card face up, the rest the stock;
    # "spider": 4 face-down rows, one more face-down card in columns 1, 4, 7, 10, a face-up row
    deal_numbers: str = "microsoft"  # "microsoft" (FreeCell Pro) or "pysolfc" game numbers
    max_deal_number: int = MS_MAX_DEAL
    # 3. Availability: what may be picked up besides exposed cards and cell cards.
    foundation_return: frozenset[str] = frozenset()  # subset of {"column", "cell"}
    cell_to_cell: bool = True  # a cell card may move to an empty cell (any card fits a cell)
    # 4. Destination: how columns, empty columns and foundations accept cards.
    tableau_build: str = "down_alternate_colour"  # or "down_any_suit" (Spider)
    empty_column_accepts: str = "any"  # "any" or "king"
    foundation_build: str = "up_by_suit_from_ace"  # or "complete_runs_removed" (Spider)
    # 5. Group rule: which runs move as one, and how many cards at once.
    group_moves: bool = True
    group_order: str = "down_alternate_colour"  # or "down_same_suit" (Spider)
    group_capacity: str = "workspace"  # "workspace" (supermoves) or "unlimited"
    capacity_uses_empty_columns: bool = True
    # 6. Stock: none in the FreeCell family; "waste" turns cards onto a waste
    # (Klondike), "deal_row" deals one card onto every column (Spider).
    stock: str = "none"
    draw_count: int = 0  # cards turned by one stock turn ("waste" stocks; passes are unlimited)
    deal_needs_every_column: bool = False  # a row deal is refused while a column is empty
    # 7. Win: all cards on the foundations, or every run removed (Spider).
    win: str = "all_on_foundations"  # or "all_runs_removed"
    auto_finish: str = "columns_descending"  # ready when every column runs high to low; or "none"


_RULESETS = (
    Ruleset(
        variant="freecell",
        title="FreeCell",
        short_title="FreeCell",
        share_letter="f",
        daily_default=True,
        foundation_return=frozenset({"column", "cell"}),
    ),
    Ruleset(
        variant="freecell-tableau",
        title="FreeCell (foundation cards return to columns)",
        short_title="FreeCell (returns to columns)",
        share_letter="t",
        foundation_return=frozenset({"column"}),
    ),
    Ruleset(
        variant="freecell-classic",
        title="FreeCell (Microsoft rules)",
        short_title="FreeCell (classic)",
        share_letter="c",
    ),
    Ruleset(
        variant="forecell",
        title="ForeCell",
        short_title="ForeCell",
        share_letter="o",
        daily_default=True,
        deal_layout="columns+cells",
        deal_numbers="pysolfc",
        max_deal_number=PYSOLFC_MAX_DEAL,
        empty_column_accepts="king",
        capacity_uses_empty_columns=False,
    ),
    *(
        Ruleset(
            variant=f"klondike-draw{draw}",
            title=f"Klondike (Draw {draw})",
            short_title=f"Klondike Draw {draw}",
            share_letter=letter,
            family="klondike",
            daily_default=draw == 3,
            columns=7,
            cells=0,
            deal_layout="klondike",
            deal_numbers="pysolfc",
            max_deal_number=PYSOLFC_MAX_DEAL,
            foundation_return=frozenset({"column"}),
            cell_to_cell=False,
            empty_column_accepts="king",
            group_capacity="unlimited",
            stock="waste",
            draw_count=draw,
            auto_finish="none",
        )
        for draw, letter in ((1, "k"), (3, "d"))
    ),
    *(
        Ruleset(
            variant=f"spider-{name}",
            title=f"Spider ({title})",
            short_title=f"Spider {title}",
            share_letter=letter,
            family="spider",
            daily_default=name == "2suits",
            decks=2,
            deck_suits=suits,
            columns=10,
            cells=0,
            foundations=8,
            deal_layout="spider",
            deal_numbers="pysolfc",
            max_deal_number=PYSOLFC_MAX_DEAL,
            cell_to_cell=False,
            tableau_build="down_any_suit",
            foundation_build="complete_runs_removed",
            group_order="down_same_suit",
            group_capacity="unlimited",
            stock="deal_row",
            deal_needs_every_column=True,
            win="all_runs_removed",
            auto_finish="none",
        )
        for name, title, letter, suits in (
            ("1suit", "1 suit", "p", "CCCC"),
            ("2suits", "2 suits", "w", "CCHH"),
            ("4suits", "4 suits", "s", "CSHD"),
        )
    ),
)



class Catalogue(dict):
    """A dict that tells its watchers when an entry changes: ``family_of`` keeps the family of each
    variant for every move of the engine, and forgets them when a ruleset or a family is added,
    replaced or taken away (tests and new families do)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.watchers: list = []

    def _changed(self) -> None:
        for watcher in self.watchers:
            watcher()

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key):
        super().__delitem__(key)
        self._changed()

    def pop(self, *args):
        value = super().pop(*args)
        self._changed()
        return value

    def popitem(self):
        item = super().popitem()
        self._changed()
        return item

    def setdefault(self, key, default=None):
        value = super().setdefault(key, default)
        self._changed()
        return value

    def update(self, *args, **kwargs):
        super().update(*args, **kwargs)
        self._changed()

    def clear(self):
        super().clear()
        self._changed()

    def __ior__(self, other):
        super().__ior__(other)
        self._changed()
        return self


RULESETS = Catalogue((ruleset.variant, ruleset) for ruleset in _RULESETS)
# The same entries in a plain dict, which Python indexes faster than a subclass: ``get_ruleset`` runs
# on every move. Kept equal to ``RULESETS`` by its watcher.
_PLAIN: dict[str, Ruleset] = dict(RULESETS)


def _copy_rulesets() -> None:
    _PLAIN.clear()
    _PLAIN.update(RULESETS)


RULESETS.watchers.append(_copy_rulesets)
#: The variant ids, in the order the site lists them.
VARIANTS = tuple(RULESETS)
#: The variants the site offers, in the same order (the engine may know more).
SITE_VARIANTS = tuple(ruleset.variant for ruleset in _RULESETS if ruleset.on_site)
#: Largest deal number of each variant (the smallest is 1 everywhere).
MAX_DEAL_NUMBER = {ruleset.variant: ruleset.max_deal_number for ruleset in _RULESETS}


def get_ruleset(variant: str) -> Ruleset:
    """The ruleset of ``variant``; raises ``UnknownVariantError`` for anything else.

    >>> sorted(get_ruleset("freecell").foundation_return)
    ['cell', 'column']
    """
    try:
        return _PLAIN[variant]
    except (KeyError, TypeError):
        known = ", ".join(RULESETS)
        raise UnknownVariantError(f"unknown variant {variant!r} (known: {known})") from None


def ruleset_to_json(ruleset: Ruleset) -> dict:
    """The ruleset as JSON with its own field names: what pages and ``rules.js`` read.

    >>> ruleset_to_json(get_ruleset("freecell"))["foundation_return"]
    ['cell', 'column']
    """
    data = {field.name: getattr(ruleset, field.name) for field in fields(ruleset)}
    return {name: sorted(value) if isinstance(value, frozenset) else value for name, value in data.items()}
