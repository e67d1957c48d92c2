"""The moves of the games with a stock (Klondike, Spider), in the notation
``engine.notation`` reads and writes for every family.

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
from engine.notation import COLUMN, COUNT, FOUNDATION, STOCK, WASTE, format_move, read_move
from engine.rules import Ruleset

__all__ = ["COLUMN", "FOUNDATION", "STOCK", "STOCK_TURN", "WASTE", "StockMove", "as_stock_move",
           "parse_stock_move"]

_PATTERN = re.compile(r"([0-9]|w|h[hcds])([0-9]|h)" + COUNT)
_EXAMPLE = "like s, 35, 35v4, w3, wh, 3h, hs5"


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
        return format_move(self)


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
    if text == "s":
        return STOCK_TURN

    def check(pile: tuple[str, int], written: str) -> None:
        kind, index = pile
        if kind == WASTE and rules.stock != "waste":
            raise NotationError(f"not a move: {written!r} ({rules.variant} has no waste)")
        if kind == COLUMN and index >= rules.columns:
            raise NotationError(f"not a move: {written!r} ({rules.variant} has columns 1 to {rules.columns})")

    source, destination, count = read_move(text, _PATTERN, _EXAMPLE, check)
    return StockMove(*source, *destination, count)


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
        text = format_move(move)
    except (TypeError, ValueError, IndexError):
        raise NotationError(f"not a move: {move!r}") from None
    if parse_stock_move(text, rules) != move:
        raise NotationError(f"not a move: {move!r}")
