"""Spider (1, 2, 4 suits): its rules (``rules``), fast replay loop (``fast``)
and what a player who sees only the view can judge (``sight``), on the
positions, layout text, deals and notation it shares with Klondike
(``families.stock``).

>>> from engine import deal
>>> SPIDER.hides_cards, SPIDER.is_won(deal("spider-4suits", 1))
(True, False)
"""

from __future__ import annotations

from engine.families.spider import rules, sight
from engine.families.spider.fast import FAST
from engine.families.stock import StockFamily
from engine.notation import COLUMN, STOCK


class SpiderFamily(StockFamily):
    name = "spider"
    rules_module = rules
    plays = rules.PLAYS
    fast = FAST
    stock_words = ("deal a row", "deals")
    # Complete runs leave by themselves and nothing is left to finish.
    finishes_by_itself = False

    def piles(self, rules):
        return ((STOCK, 1), (COLUMN, rules.columns))

    def home_unit(self, rules):
        return "runs", rules.foundations

    def home_count(self, position):
        return len(position.removed)

    def card_use(self, position, index, card):
        return sight.card_use(position, index, card)

    def visible_score(self, position, move, after):
        return sight.visible_score(position, move, after)

    def patience(self, rules, stock_size):
        return sight.patience(rules, stock_size)


SPIDER = SpiderFamily()
