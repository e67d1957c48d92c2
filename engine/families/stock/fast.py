"""What the fast replay loops of Klondike and Spider share (``engine.replay``
runs them): the mutable state, move texts compiled once per variant, and the
cards a move turned up as ``apply_revealing`` names them.

Cards are ``Card.code`` ints (``rank << 2 | suit``, suits ``H C D S``, so
``c & 1`` is the colour and ``c & 3`` the suit), piles are mutable lists.
"""

from __future__ import annotations

from engine.cards import CARD_OF_CODE, DECK
from engine.errors import NotationError
from engine.families.stock.notation import COLUMN, FOUNDATION, STOCK, WASTE, as_stock_move
from engine.families.stock.position import StockPosition, pile_name
from engine.rules import Ruleset

# The compiled form of a move: (kind, source index, destination index, count or 0), kinds as here.
_KINDS = {
    (STOCK, STOCK): 0, (WASTE, COLUMN): 1, (WASTE, FOUNDATION): 2, (COLUMN, FOUNDATION): 3,
    (COLUMN, COLUMN): 4, (FOUNDATION, COLUMN): 5,
}
_CODES: dict[str, dict] = {}  # variant -> move text or StockMove -> compiled form


class State:
    """A position as mutable lists of card codes."""

    __slots__ = ("cols", "down", "found", "removed", "stock", "waste")

    def __init__(self, position: StockPosition) -> None:
        self.cols = [[card.code for card in column] for column in position.columns]
        self.down = list(position.face_down)
        self.stock = [card.code for card in position.stock]
        self.waste = [card.code for card in position.waste]
        self.found = list(position.foundations)
        self.removed = list(position.removed)


def unload(state: State, start: StockPosition) -> StockPosition:
    """The position ``state`` holds."""
    cards = CARD_OF_CODE
    return StockPosition(
        start.variant,
        tuple(tuple(cards[c] for c in column) for column in state.cols),
        tuple(state.down),
        tuple(cards[c] for c in state.stock),
        tuple(cards[c] for c in state.waste),
        tuple(state.found),
        tuple(state.removed),
    )


def codes_of(rules: Ruleset) -> dict:
    """The compiled moves of ``rules``' variant (filled by ``compiled``)."""
    return _CODES.setdefault(rules.variant, {})


def compiled(item, codes: dict, rules: Ruleset) -> tuple | None:
    """The compiled form of a move of ``rules``' variant, or ``None`` when it is not one."""
    try:
        move = as_stock_move(item, rules)
        kind = _KINDS[move.source, move.destination]
    except (NotationError, KeyError, TypeError):
        return None
    code = (kind, move.source_index, move.destination_index, move.count or 0)
    if len(codes) < 16384:
        codes[item] = code
    return code


_TEXTS = {card.code: str(card) for card in DECK}


def revealed(pile: str, code: int) -> dict:
    """A card turned up, as ``apply_revealing`` names it."""
    return {"pile": pile, "card": _TEXTS[code]}


#: Column notation by index: 1..9, 0 for the tenth.
PILES = tuple(pile_name(index) for index in range(10))
