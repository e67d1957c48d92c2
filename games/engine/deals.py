"""Deals: Microsoft / FreeCell Pro numbers and PySolFC ForeCell numbers
(Klondike and Spider deals: ``stock_deals``).

The shuffles come from pysol-cards, which reproduces both generators (its
FreeCell layouts are byte-identical to ``make-microsoft-freecell-board -t N``).
"""

from __future__ import annotations

from functools import lru_cache

from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from games.engine.cards import Card
from games.engine.errors import InvalidDealError
from games.engine.position import Position, check_position
from games.engine.rules import MAX_DEAL_NUMBER, get_ruleset
from games.engine.stock_deals import stock_deal
from games.engine.stock_position import StockPosition

_WHICH_DEALS = {"microsoft": RandomBase.DEALS_MS, "pysolfc": RandomBase.DEALS_PYSOLFC}
_GAME_IDS = {"columns": "freecell", "columns+cells": "forecell"}
_PYSOL_SUITS = "CSHD"  # pysol-cards numbers suits in this order

__all__ = ["MAX_DEAL_NUMBER", "deal"]


def deal(variant: str, number: int) -> Position | StockPosition:
    """The starting position of deal ``number`` (1 to ``MAX_DEAL_NUMBER[variant]``).

    >>> p = deal("freecell", 24)
    >>> " ".join(str(card) for card in p.columns[0])
    '4C 2C 9C 8C QS 4S 2H'
    >>> " ".join(str(card) for card in deal("forecell", 1).cells)
    '6S 9C 2H 6H'
    """
    rules = get_ruleset(variant)
    if type(number) is not int or not 1 <= number <= rules.max_deal_number:
        raise InvalidDealError(
            f"{variant} deal numbers run from 1 to {rules.max_deal_number:,}, not {number!r}"
        )
    if rules.family != "freecell":
        return stock_deal(rules, number)
    columns, cells = _dealt(rules.deal_layout, rules.deal_numbers, number)
    padded = cells + (None,) * (rules.cells - len(cells))
    return check_position(Position(variant=variant, columns=columns, cells=padded))


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
