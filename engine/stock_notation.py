"""Notation of the games with a stock (Klondike, Spider), extending FreeCell's.

Columns are ``1``..``7`` (Klondike) or ``1``..``9``, ``0`` (Spider: ``0`` is the
tenth), the foundations ``h``, Klondike's waste ``w``, the stock ``s``:

- ``s``: turn the stock (Klondike; when it is empty, the waste comes back as the
  stock) or deal a row (Spider).
- ``w3``, ``wh``, ``3h``; ``hs5`` returns the top spade to column 5.
- ``35``: column 3 to column 5. Onto a card the moving group is the one whose
  top card fits there; into an empty Klondike column it is the King-led one;
  into an empty Spider column ``35`` is one card and ``35v4`` four (hex count,
  as in FreeCell). A count may always be written; where the group is
  determined it must be that group's size, or the move is refused.

Canonical form (``legal_moves``): Klondike never writes a count; Spider writes
``v<count>`` exactly when the destination column is empty (``35v1`` included).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.errors import NotationError
from engine.rules import Ruleset

COLUMN, WASTE, FOUNDATION, STOCK = "column", "waste", "foundation", "stock"
_SUIT_LETTERS = "hcds"  # same order as cards.SUITS
_PATTERN = re.compile(r"s|([0-9]|w|h[hcds])([0-9]|h)(?:v([1-9a-f][0-9a-f]*))?")


@dataclass(frozen=True, slots=True)
class StockMove:
    """One move of a Klondike or Spider game. Kinds: ``column``, ``waste``,
    ``foundation`` (as a source its index is the suit, ``H C D S`` order) and
    ``stock`` (source and destination of ``s``). Column indexes are 0-based.
    ``count`` is the number of cards of a column-to-column move, ``None`` when
    not written.

    >>> str(StockMove(COLUMN, 2, COLUMN, 9, 4)), str(StockMove(STOCK, 0, STOCK))
    ('30v4', 's')
    """

    source: str
    source_index: int
    destination: str
    destination_index: int = 0
    count: int | None = None

    @property
    def is_column_to_column(self) -> bool:
        return self.source == COLUMN and self.destination == COLUMN

    def __str__(self) -> str:
        return format_stock_move(self)


STOCK_TURN = StockMove(STOCK, 0, STOCK)


@lru_cache(maxsize=8192)
def parse_stock_move(text: str, rules: Ruleset) -> StockMove:
    """Read one move of ``rules``' variant; raises ``NotationError``.

    >>> from engine.rules import get_ruleset
    >>> parse_stock_move("hs5", get_ruleset("klondike-draw1"))
    StockMove(source='foundation', source_index=3, destination='column', destination_index=4, count=None)
    >>> parse_stock_move("30v4", get_ruleset("spider-4suits")).count
    4
    """
    match = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(f"not a move: {text!r} (like s, 35, 35v4, w3, wh, 3h, hs5)")
    if text == "s":
        return STOCK_TURN
    source, destination, count = match.groups()
    source_kind, source_index = _pile(source, rules, text)
    destination_kind, destination_index = _pile(destination, rules, text)
    if count is not None and not (source_kind == destination_kind == COLUMN):
        raise NotationError(f"not a move: {text!r} (v<count> is for column-to-column moves)")
    return StockMove(
        source_kind, source_index, destination_kind, destination_index,
        None if count is None else int(count, 16),
    )


def _pile(token: str, rules: Ruleset, text: str) -> tuple[str, int]:
    if token[0] == "h":
        return FOUNDATION, _SUIT_LETTERS.index(token[1]) if len(token) == 2 else 0
    if token == WASTE[0]:
        if rules.stock != "waste":
            raise NotationError(f"not a move: {text!r} ({rules.variant} has no waste)")
        return WASTE, 0
    index = (int(token) - 1) % 10
    if index >= rules.columns:
        raise NotationError(f"not a move: {text!r} ({rules.variant} has columns 1 to {rules.columns})")
    return COLUMN, index


def format_stock_move(move: StockMove) -> str:
    """The move in notation (canonical when it came from ``legal_moves``).

    >>> format_stock_move(StockMove(FOUNDATION, 3, COLUMN, 4)), format_stock_move(STOCK_TURN)
    ('hs5', 's')
    """
    if move.source == STOCK:
        return "s"
    text = _name(move.source, move.source_index, is_source=True)
    text += _name(move.destination, move.destination_index, is_source=False)
    if move.is_column_to_column and move.count is not None:
        text += f"v{move.count:x}"
    return text


def _name(kind: str, index: int, *, is_source: bool) -> str:
    if kind == COLUMN:
        return str((index + 1) % 10)
    if kind == WASTE:
        return "w"
    return "h" + _SUIT_LETTERS[index] if is_source else "h"


def as_stock_move(move: object, rules: Ruleset) -> StockMove:
    """A ``StockMove`` from text or a ``StockMove``; ``NotationError`` otherwise."""
    if isinstance(move, str):
        return parse_stock_move(move, rules)
    if isinstance(move, StockMove):
        _check_fields(move, rules)
        return move
    raise NotationError(f"not a move: {move!r}")


def _check_fields(move: StockMove, rules: Ruleset) -> None:
    if move.source == STOCK:
        if move != STOCK_TURN:
            raise NotationError("a stock move is StockMove('stock', 0, 'stock')")
        return
    try:
        text = format_stock_move(move)
    except (TypeError, ValueError, IndexError):
        raise NotationError(f"not a move: {move!r}") from None
    if parse_stock_move(text, rules) != move:
        raise NotationError(f"not a move: {move!r}")
