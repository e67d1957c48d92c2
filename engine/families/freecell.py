"""The FreeCell family (FreeCell in its three foundation-return flavours,
ForeCell): open positions with free cells, fc-solve's board text and notation.

Its rules live in the FreeCell modules of the engine (``position``,
``notation``, ``moves``, ``generate``, ``finish``, ``replay``, ``board``,
``deals``); this object is the one way the rest of the engine reaches them.

>>> from engine import deal
>>> FREECELL.is_won(deal("freecell", 24)), FREECELL.hides_cards
(False, False)
"""

from __future__ import annotations

from engine import board, deals, finish, generate, moves, notation, position, replay
from engine.families.base import Family
from engine.rules import Ruleset


class FreeCellFamily(Family):
    name = "freecell"
    position_type = position.Position
    hides_cards = False
    text_format = "fc-solve board"
    plays = {"decks": 1, "stock": "none", "tableau_build": "down_alternate_colour",
             "foundation_build": "up_by_suit_from_ace", "group_order": "down_alternate_colour",
             "win": "all_on_foundations"}

    def deal(self, rules: Ruleset, number: int):
        return deals.freecell_deal(rules, number)

    def to_text(self, position):
        return board.to_board(position)

    def from_text(self, text, variant):
        return board.from_board(text, variant)

    def to_json(self, position_):
        return position.position_to_json(position_)

    def from_json(self, data):
        return position.position_from_json(data)

    def check(self, position_):
        return position.check_position(position_)

    def parse_move(self, text, rules):
        return notation.parse_move(text)

    def apply_move(self, position_, move):
        return moves.apply_move(position_, move)

    def canonical(self, position_, move):
        return moves.resolve_move(position_, move)

    def legal_moves(self, position_):
        return generate.legal_moves(position_)

    def perft_moves(self, position_):
        return generate.perft_moves(position_)

    def is_won(self, position_):
        return finish.is_won(position_)

    def replay(self, position_, log, reveals, until_reveal):
        return replay.replay(position_, log)

    def auto_finish_ready(self, position_):
        return finish.auto_finish_ready(position_)

    def auto_finish_moves(self, position_):
        return finish.auto_finish_moves(position_)


FREECELL = FreeCellFamily()
