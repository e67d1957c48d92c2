"""Klondike (Draw 1, Draw 3): the rules of ``engine.klondike`` on the shared
stock positions, replayed by the Klondike loop of ``engine.stock_replay``.

>>> from engine import deal
>>> KLONDIKE.hides_cards, KLONDIKE.is_won(deal("klondike-draw1", 1))
(True, False)
"""

from __future__ import annotations

from engine import klondike, stock_replay
from engine.families.stock import StockFamily


class KlondikeFamily(StockFamily):
    name = "klondike"
    rules_module = klondike
    plays = klondike.PLAYS
    replay_loop = staticmethod(stock_replay.run_klondike)


KLONDIKE = KlondikeFamily()
