"""What Klondike and Spider share: ``StockPosition`` (face-down cards, a
stock), PySolFC's layout text, the stock notation, the player's view and the
cards each move reveals. Each of the two families adds its own rules module
(``engine.klondike``, ``engine.spider``) and fast replay loop.
"""

from __future__ import annotations

from types import ModuleType
from typing import ClassVar

from engine import stock_deals, stock_layout, stock_position, stock_replay
from engine.families.base import Family
from engine.rules import Ruleset, get_ruleset
from engine.stock_notation import STOCK, as_stock_move


class StockFamily(Family):
    position_type = stock_position.StockPosition
    hides_cards = True
    text_format = "PySolFC layout text"
    #: The module with ``apply_move``, ``legal_moves``, ``canonical`` and ``is_won``.
    rules_module: ClassVar[ModuleType]

    def deal(self, rules: Ruleset, number: int):
        return stock_deals.stock_deal(rules, number)

    def to_text(self, position):
        return stock_layout.to_layout(position)

    def from_text(self, text, variant):
        return stock_layout.from_layout(text, variant)

    def to_json(self, position):
        return stock_position.stock_position_to_json(position)

    def from_json(self, data):
        return stock_position.stock_position_from_json(data)

    def check(self, position):
        return stock_position.check_stock_position(position)

    def player_view(self, position):
        return stock_position.player_view(position)

    def parse_move(self, text, rules):
        return as_stock_move(text, rules)

    def apply_move(self, position, move):
        return self.rules_module.apply_move(position, move)

    def canonical(self, position, move):
        move = as_stock_move(move, get_ruleset(position.variant))
        self.apply_move(position, move)
        return self.rules_module.canonical(position, move)

    def apply_revealing(self, position, move):
        rules = get_ruleset(position.variant)
        move = as_stock_move(move, rules)
        after = self.apply_move(position, move)
        turned = stock_position.turned_from_stock(position, rules) if move.source == STOCK else ()
        return after, stock_position.revealed_cards(position, after, turned)

    def legal_moves(self, position):
        return self.rules_module.legal_moves(position)

    def is_won(self, position):
        return self.rules_module.is_won(position)

    def replay(self, position, log, reveals, until_reveal):
        return stock_replay.stock_replay(position, log, reveals, self.replay_loop, self.apply_move,
                                         until_reveal=until_reveal)

    @staticmethod
    def replay_loop(state, log, rules, reveals, until_reveal) -> int:
        """Apply ``log`` to ``state`` while legal; returns how many moves were applied."""
        raise NotImplementedError
