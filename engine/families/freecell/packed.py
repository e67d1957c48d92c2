"""A FreeCell-family position packed (``engine.packed`` gives the alphabet):
foundations and cells, then each column bottom card first.

>>> from engine import deal
>>> p = deal("freecell", 24)
>>> unpack(pack(p), "freecell") == p
True
>>> pack(deal("forecell", 1))[:9]  # no card home, four cards in the cells
'0000KU8H/'
"""

from __future__ import annotations

from engine.families.freecell.position import Position
from engine.packed import CARD, CHAR, EMPTY, cards, chars, counts, not_packed, numbers, shape_check
from engine.rules import get_ruleset


def pack(position: Position) -> str:
    head = numbers(position.foundations)
    head += "".join(EMPTY if card is None else CHAR[card] for card in position.cells)
    return "/".join([head, *map(chars, position.columns)])


def unpack(text: str, variant: str) -> Position:
    """The position ``pack`` wrote (not checked: see ``engine.packed``)."""
    try:
        head, *columns = text.split("/")
        cells = tuple(None if char == EMPTY else CARD[char] for char in head[4:])
        shape_check(variant, columns, len(cells) != get_ruleset(variant).cells or len(head) < 4)
        return Position(variant, tuple(map(cards, columns)), cells, counts(head[:4]))
    except (KeyError, ValueError) as exc:
        raise not_packed(text) from exc
