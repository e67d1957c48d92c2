"""Klondike (Draw 1, Draw 3): its rules (``rules``), fast replay loop
(``fast``) and what a player who sees only the view can judge (``sight``), on
the positions, layout text, deals and notation it shares with Spider
(``families.stock``).

>>> from engine import deal
>>> KLONDIKE.hides_cards, KLONDIKE.is_won(deal("klondike-draw1", 1))
(True, False)
"""

from __future__ import annotations

from engine.families.klondike import rules, sight
from engine.families.klondike.fast import FAST
from engine.families.stock import StockFamily
from engine.notation import COLUMN, FOUNDATION, STOCK, WASTE


class KlondikeFamily(StockFamily):
    name = "klondike"
    rules_module = rules
    plays = rules.PLAYS
    fast = FAST
    stock_words = ("turn it", "turns the stock")

    def piles(self, rules):
        return ((STOCK, 1), (WASTE, 1), (COLUMN, rules.columns), (FOUNDATION, rules.foundations))

    def card_use(self, position, index, card):
        return sight.card_use(position, index, card)

    def visible_score(self, position, move, after):
        return sight.visible_score(position, move, after)

    def patience(self, rules, stock_size):
        return sight.patience(rules, stock_size)


KLONDIKE = KlondikeFamily()
