"""Klondike and Spider deals, numbered as PySolFC numbers its games.

PySolFC builds the cards deck by deck, suit by suit (its suit order clubs,
spades, hearts, diamonds, or the game's own suit sequence: Spider 2 suits is
clubs, clubs, hearts, hearts), Ace to King; shuffles them with the generator
its ``constructRandom`` picks for the game number (Microsoft's LC generator
below 32000, with Microsoft's card order for a 52-card deck; its Mersenne
Twister from 32000 up); puts them on the talon in that order, so the last
card is the top; and deals from the top. The generators are pysol-cards'.

- Klondike (PySolFC games 2 and 18): rows dealt right to left, face down, to
  columns 7..2, 7..3, ..., 7..7; then a face-up row to columns 7..1. The rest is
  the stock. (PySolFC then turns the first stock card; here the waste starts
  empty, the stock in the same order.)
- Spider (PySolFC games 11, 270, 269): four face-down rows left to right, one
  more face-down card to columns 1, 4, 7, 10, then a face-up row; 50 cards
  stay in the stock.
"""

from __future__ import annotations

from functools import lru_cache

from pysol_cards.cards import ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom

from engine.cards import Card
from engine.families.stock.position import StockPosition, check_stock_position
from engine.rules import Ruleset

#: PySolFC's ``constructRandom`` uses Microsoft's generator for game numbers below this.
LC_BELOW = 32000


def pysolfc_shuffle(cards: list, number: int) -> list:
    """``cards`` (in PySolFC's build order) shuffled as PySolFC shuffles game ``number``.

    >>> pysolfc_shuffle(list(range(5)), 7), pysolfc_shuffle(list(range(5)), 32000)
    ([4, 0, 3, 2, 1], [0, 2, 4, 3, 1])
    """
    if number < LC_BELOW:
        rng = LCRandom31(number)
        cards = ms_rearrange(list(cards))  # a no-op unless there are 52 cards
    else:
        rng = MTRandom(number)
    return rng.shuffle(list(cards))


def pysolfc_cards(rules: Ruleset) -> list[Card]:
    """The cards as PySolFC creates them: deck by deck, suit by suit, Ace to King."""
    return _built(rules.decks, rules.deck_suits)


def _built(decks: int, suits: str) -> list[Card]:
    return [Card(rank, suit) for _ in range(decks) for suit in suits for rank in range(1, 14)]


def deal_order(rules: Ruleset, number: int) -> tuple[Card, ...]:
    """The cards in the order they come off the talon (first dealt first)."""
    return _deal_order(rules.decks, rules.deck_suits, number)


@lru_cache(maxsize=1024)
def _deal_order(decks: int, suits: str, number: int) -> tuple[Card, ...]:
    return tuple(reversed(pysolfc_shuffle(_built(decks, suits), number)))


def stock_deal(rules: Ruleset, number: int) -> StockPosition:
    """The starting position of deal ``number`` (already range-checked)."""
    order = deal_order(rules, number)
    if rules.deal_layout == "klondike":
        columns, down, rest = _klondike_rows(order, rules.columns)
    else:
        columns, down, rest = _spider_rows(order, rules.columns)
    position = StockPosition(
        variant=rules.variant,
        columns=tuple(tuple(column) for column in columns),
        face_down=tuple(down),
        stock=tuple(reversed(rest)),  # bottom first: the next card dealt is last
    )
    return check_stock_position(position)


def _klondike_rows(order, width):
    columns = [[] for _ in range(width)]
    cards = iter(order)
    for first in range(1, width):
        for i in reversed(range(first, width)):
            columns[i].append(next(cards))
    for i in reversed(range(width)):
        columns[i].append(next(cards))
    return columns, list(range(width)), list(cards)


def _spider_rows(order, width):
    columns = [[] for _ in range(width)]
    cards = iter(order)
    rows = [range(width)] * 4 + [range(0, width, 3), range(width)]
    for row in rows:
        for i in row:
            columns[i].append(next(cards))
    return columns, [len(column) - 1 for column in columns], list(cards)
