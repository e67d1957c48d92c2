"""Move notation, written once for every family: fc-solve's standard notation
and the letters Klondike and Spider add to it.

A move is a source pile and a destination pile, each one token, and an
optional ``v<count>`` (hexadecimal, as fc-solve writes ``82vc`` for 12 cards)
on a column-to-column move. The tokens:

- columns ``1``..``9``, and ``0`` for a tenth (Spider);
- free cells ``a``..``d`` (FreeCell family);
- the foundations ``h`` as a destination, ``h`` plus the suit letter as a
  source (a foundation return: ``hs5``, ``hda``);
- the waste ``w`` (Klondike);
- the stock: the whole move ``s`` (Klondike turns it, Spider deals a row).

A family says which of these its games have (its reading ``pattern`` and the
pile checks of its notation module: ``families.freecell.notation``,
``families.stock.notation``) and what its move values are; reading and
writing the tokens is done here, so every family writes a move the same way.

>>> read_move("82vc", re.compile(r"([1-8])([1-8])(?:v([1-9a-f][0-9a-f]*))?"), "like 12")
(('column', 7), ('column', 1), 12)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from engine.errors import NotationError

COLUMN, CELL, FOUNDATION, WASTE, STOCK = "column", "cell", "foundation", "waste", "stock"
CELL_LETTERS = "abcd"
SUIT_LETTERS = "hcds"  # same order as cards.SUITS
#: The count of a column-to-column move, in the patterns of every family.
COUNT = r"(?:v([1-9a-f][0-9a-f]*))?"


def read_pile(token: str) -> tuple[str, int]:
    """The pile a token names, as (kind, index): ``"hs"`` is the spade
    foundation (index 3), ``"h"`` a foundation (index 0), ``"0"`` the tenth column.

    >>> read_pile("hs"), read_pile("b"), read_pile("0"), read_pile("w")
    (('foundation', 3), ('cell', 1), ('column', 9), ('waste', 0))
    """
    if token[0] == "h":
        return FOUNDATION, SUIT_LETTERS.index(token[1]) if len(token) == 2 else 0
    if token in CELL_LETTERS:
        return CELL, CELL_LETTERS.index(token)
    if token == WASTE[0]:
        return WASTE, 0
    return COLUMN, (int(token) - 1) % 10


def read_move(text: object, pattern: re.Pattern, example: str,
              check: Callable[[tuple[str, int], str], None] | None = None) -> tuple[tuple, tuple, int | None]:
    """(source, destination, count or ``None``) of ``text`` read with a family's
    ``pattern`` (source token, destination token, count); ``NotationError``
    naming ``example`` when it does not match. ``check(pile, text)`` is the
    family's question about each pile (does this game have it?), asked before
    the count is."""
    match = pattern.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(f"not a move: {text!r} ({example})")
    source, destination, count = match.groups()
    source_pile, destination_pile = read_pile(source), read_pile(destination)
    if check is not None:
        check(source_pile, text)
        check(destination_pile, text)
    if count is not None and not (source_pile[0] == destination_pile[0] == COLUMN):
        raise NotationError(f"not a move: {text!r} (v<count> is for column-to-column moves)")
    return source_pile, destination_pile, None if count is None else int(count, 16)


def pile_token(kind: str, index: int, *, is_source: bool) -> str:
    """The token of a pile (the inverse of ``read_pile``; a foundation names its
    suit only as a source)."""
    if kind == COLUMN:
        return str((index + 1) % 10)
    if kind == CELL:
        return CELL_LETTERS[index]
    if kind == WASTE:
        return "w"
    return "h" + SUIT_LETTERS[index] if is_source else "h"


@lru_cache(maxsize=8192)
def format_move(move) -> str:
    """The move in notation, any family's move value (canonical when the move
    came from ``legal_moves`` or ``resolve_move``).

    >>> from engine import Move, StockMove
    >>> format_move(Move(COLUMN, 0, COLUMN, 3, 1)), format_move(StockMove(FOUNDATION, 3, COLUMN, 4))
    ('14v1', 'hs5')
    """
    if move.source == STOCK:
        return "s"
    text = pile_token(move.source, move.source_index, is_source=True)
    text += pile_token(move.destination, move.destination_index, is_source=False)
    if move.source == COLUMN and move.destination == COLUMN and move.count is not None:
        text += f"v{move.count:x}"
    return text
