"""What Klondike and Spider share: ``StockPosition`` (face-down cards, a
stock; ``position``), PySolFC's layout text (``layout``), PySolFC's deals
(``deals``), the stock notation (``notation``), the player's view and the
cards each move reveals, and the state of their fast replay loops (``fast``).
Each of the two families adds its own rules module and fast loop
(``families.klondike``, ``families.spider``).
"""

from __future__ import annotations

from types import ModuleType
from typing import ClassVar

from engine.families.base import Family
from engine.families.stock import deals, packed, position
from engine.families.stock.layout import from_layout, to_layout
from engine.families.stock.notation import STOCK, StockMove, as_stock_move, parse_stock_move
from engine.families.stock.position import (
    StockPosition,
    check_stock_position,
    revealed_cards,
    turned_from_stock,
)
from engine.rules import Ruleset, get_ruleset

__all__ = ["StockFamily", "StockMove", "StockPosition", "check_stock_position", "from_layout",
           "parse_stock_move", "revealed_cards", "to_layout", "turned_from_stock"]


class StockFamily(Family):
    position_type = StockPosition
    hides_cards = True
    text_format = "PySolFC layout text"
    #: The module with ``apply_move``, ``legal_moves``, ``canonical`` and ``is_won``.
    rules_module: ClassVar[ModuleType]

    def deal(self, rules: Ruleset, number: int):
        return deals.stock_deal(rules, number)

    def to_text(self, position_):
        return to_layout(position_)

    def from_text(self, text, variant):
        return from_layout(text, variant)

    def to_json(self, position_):
        return position.stock_position_to_json(position_)

    def from_json(self, data):
        return position.stock_position_from_json(data)

    def pack(self, position_):
        return packed.pack(position_)

    def unpack(self, text, variant):
        return packed.unpack(text, variant)

    def check(self, position_):
        return check_stock_position(position_)

    def player_view(self, position_):
        return position.player_view(position_)

    def parse_move(self, text, rules):
        return as_stock_move(text, rules)

    def apply_move(self, position_, move):
        return self.rules_module.apply_move(position_, move)

    def canonical(self, position_, move):
        move = as_stock_move(move, get_ruleset(position_.variant))
        self.apply_move(position_, move)
        return self.rules_module.canonical(position_, move)

    def canonical_after(self, position_, move):
        move = as_stock_move(move, get_ruleset(position_.variant))
        after = self.apply_move(position_, move)  # the legality check; the canonical form is the same move
        return self.rules_module.canonical(position_, move), after

    def apply_revealing(self, position_, move):
        rules = get_ruleset(position_.variant)
        move = as_stock_move(move, rules)
        after = self.apply_move(position_, move)
        turned = turned_from_stock(position_, rules) if move.source == STOCK else ()
        return after, revealed_cards(position_, after, turned)

    def legal_moves(self, position_):
        return self.rules_module.legal_moves(position_)

    def is_won(self, position_):
        return self.rules_module.is_won(position_)
