"""Spider (1, 2, 4 suits): the rules of ``engine.spider`` on the shared
stock positions, replayed by the Spider loop of ``engine.stock_replay``.

>>> from engine import deal
>>> SPIDER.hides_cards, SPIDER.is_won(deal("spider-4suits", 1))
(True, False)
"""

from __future__ import annotations

from engine import spider, stock_replay
from engine.families.stock import StockFamily


class SpiderFamily(StockFamily):
    name = "spider"
    rules_module = spider
    plays = spider.PLAYS
    replay_loop = staticmethod(stock_replay.run_spider)


SPIDER = SpiderFamily()
