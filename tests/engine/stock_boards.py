"""Hand-built Klondike and Spider positions for the rule tests.

A column is written as in PySolFC's layout text, deepest card first,
face-down cards in ``<>``: ``"<7H> 9H 8C"``. Every card of the deck not placed
elsewhere goes to the bottom of the stock, under the ``stock_top`` cards (the
last of which is the next card turned or dealt).
"""

from __future__ import annotations

from collections import Counter

from games.engine import get_ruleset
from games.engine.cards import SUITS, Card, parse_card
from games.engine.stock_position import StockPosition, check_stock_position, full_deck


def _column(text: str) -> tuple[tuple[Card, ...], int]:
    cards, down = [], 0
    for token in text.split():
        if token.startswith("<"):
            down += 1
            token = token[1:-1]
        cards.append(parse_card(token))
    return tuple(cards), down


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(token) for token in text.split())


def board(variant: str, columns: list[str], *, waste: str = "", stock_top: str = "",
          foundations: dict | None = None, removed: str = "") -> StockPosition:
    rules = get_ruleset(variant)
    parsed = [_column(text) for text in columns] + [((), 0)] * (rules.columns - len(columns))
    tops = foundations or {}
    homes = tuple(tops.get(suit, 0) for suit in SUITS)
    placed = Counter()
    for column, _ in parsed:
        placed.update(column)
    placed.update(_cards(waste))
    placed.update(_cards(stock_top))
    for suit, top in zip(SUITS, homes, strict=True):
        placed.update(Card(rank, suit) for rank in range(1, top + 1))
    for suit in removed.split():
        placed.update(Card(rank, suit) for rank in range(1, 14))
    rest = sorted((full_deck(rules) - placed).elements(), key=lambda c: (c.suit, c.rank))
    position = StockPosition(
        variant=variant,
        columns=tuple(column for column, _ in parsed),
        face_down=tuple(down for _, down in parsed),
        stock=tuple(rest) + _cards(stock_top),
        waste=_cards(waste),
        foundations=homes,
        removed=tuple(removed.split()),
    )
    return check_stock_position(position)


def texts(cards) -> list[str]:
    return [str(card) for card in cards]
