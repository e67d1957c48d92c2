"""A Klondike or Spider position packed (``engine.packed`` gives the alphabet):
face-down counts, stock, waste, foundations, removed runs, then the columns.

>>> from engine import deal
>>> p = deal("spider-2suits", 3)
>>> unpack(pack(p), "spider-2suits") == p
True
"""

from __future__ import annotations

from engine.cards import SUITS
from engine.families.stock.position import StockPosition
from engine.packed import cards, chars, counts, not_packed, numbers, shape_check


def pack(position: StockPosition) -> str:
    head = [numbers(position.face_down), chars(position.stock), chars(position.waste),
            numbers(position.foundations), "".join(position.removed)]
    return "/".join([*head, *map(chars, position.columns)])


def unpack(text: str, variant: str) -> StockPosition:
    """The position ``pack`` wrote (not checked: see ``engine.packed``)."""
    try:
        down, stock, waste, found, removed, *columns = text.split("/")
        if any(suit not in SUITS for suit in removed):
            raise ValueError(removed)
        shape_check(variant, columns, len(down) != len(columns) or len(found) != 4)
        return StockPosition(variant, tuple(map(cards, columns)), counts(down), cards(stock),
                             cards(waste), counts(found), tuple(removed))
    except (KeyError, ValueError) as exc:
        raise not_packed(text) from exc
