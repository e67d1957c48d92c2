"""FreeCell-family deals: Microsoft / FreeCell Pro numbers and PySolFC ForeCell
numbers (Klondike and Spider deals: ``families.stock.deals``; ``play.deal`` asks the family).

The shuffles come from pysol-cards, which reproduces both generators (its
FreeCell layouts are byte-identical to ``make-microsoft-freecell-board -t N``).
"""

from __future__ import annotations

from functools import lru_cache

from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from engine.cards import Card
from engine.families.freecell.position import Position, check_position
from engine.rules import Ruleset

_WHICH_DEALS = {"microsoft": RandomBase.DEALS_MS, "pysolfc": RandomBase.DEALS_PYSOLFC}
_GAME_IDS = {"columns": "freecell", "columns+cells": "forecell"}
_PYSOL_SUITS = "CSHD"  # pysol-cards numbers suits in this order

def freecell_deal(rules: Ruleset, number: int) -> Position:
    """The starting position of deal ``number`` (already range-checked).

    >>> from engine import get_ruleset
    >>> p = freecell_deal(get_ruleset("freecell"), 24)
    >>> " ".join(str(card) for card in p.columns[0])
    '4C 2C 9C 8C QS 4S 2H'
    >>> " ".join(str(card) for card in freecell_deal(get_ruleset("forecell"), 1).cells)
    '6S 9C 2H 6H'
    """
    columns, cells = _dealt(rules.deal_layout, rules.deal_numbers, number)
    padded = cells + (None,) * (rules.cells - len(cells))
    return check_position(Position(variant=rules.variant, columns=columns, cells=padded))


@lru_cache(maxsize=4096)
def _dealt(layout: str, numbers: str, number: int) -> tuple[tuple, tuple]:
    game = Game(_GAME_IDS[layout], number, _WHICH_DEALS[numbers])
    game.deal()
    getattr(game, game.game_class)()
    columns = tuple(tuple(_card(c) for c in column) for column in game.board.columns.cols)
    cells = tuple(_card(c) for c in getattr(game.board, "freecells", ()))
    return columns, cells


def _card(pysol_card) -> Card:
    return Card(pysol_card.rank, _PYSOL_SUITS[pysol_card.suit])
