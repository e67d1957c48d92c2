"""The FreeCell family (FreeCell in its three foundation-return flavours,
ForeCell): open positions with free cells, fc-solve's board text and notation.

The family is this package: positions (``position``), moves and their
notation (``notation``), legality (``moves``), generation (``generate``), game
end and auto-finish (``finish``), the fast replay loop (``fast``), board text
(``board``) and deals (``deals``); ``FREECELL`` is the one way the rest of the
engine reaches them.

>>> from engine import deal
>>> FREECELL.is_won(deal("freecell", 24)), FREECELL.hides_cards
(False, False)
"""

from __future__ import annotations

from engine.families.base import Family
from engine.families.freecell import board, deals, finish, generate, moves, packed, position
from engine.families.freecell.fast import FAST
from engine.families.freecell.moves import resolve_move, supermove_capacity
from engine.families.freecell.notation import Move, parse_move
from engine.families.freecell.position import Position, check_position
from engine.rules import Ruleset

__all__ = ["FREECELL", "FreeCellFamily", "Move", "Position", "check_position", "parse_move", "resolve_move",
           "supermove_capacity"]


class FreeCellFamily(Family):
    name = "freecell"
    position_type = Position
    hides_cards = False
    text_format = "fc-solve board"
    fast = FAST
    safe_cards_go_home = True
    plays = {"decks": 1, "stock": "none", "tableau_build": "down_alternate_colour",
             "foundation_build": "up_by_suit_from_ace", "group_order": "down_alternate_colour",
             "win": "all_on_foundations"}

    def deal(self, rules: Ruleset, number: int):
        return deals.freecell_deal(rules, number)

    def to_text(self, position_):
        return board.to_board(position_)

    def from_text(self, text, variant):
        return board.from_board(text, variant)

    def to_json(self, position_):
        return position.position_to_json(position_)

    def from_json(self, data):
        return position.position_from_json(data)

    def pack(self, position_):
        return packed.pack(position_)

    def unpack(self, text, variant):
        return packed.unpack(text, variant)

    def check(self, position_):
        return check_position(position_)

    def parse_move(self, text, rules):
        return parse_move(text)

    # The engine's function itself, not a method calling it: every move of a replay or an append asks.
    apply_move = staticmethod(moves.apply_move)

    def canonical(self, position_, move):
        return resolve_move(position_, move)

    def canonical_after(self, position_, move):
        return moves.resolve_after(position_, move)

    def legal_moves(self, position_):
        return generate.legal_moves(position_)

    def perft_moves(self, position_):
        return generate.perft_moves(position_)

    def is_won(self, position_):
        return finish.is_won(position_)

    def auto_finish_ready(self, position_):
        return finish.auto_finish_ready(position_)

    def auto_finish_moves(self, position_):
        return finish.auto_finish_moves(position_)

    def single_click(self, rules):
        # Where an empty column takes only a King, a click has only one sensible meaning.
        return rules.empty_column_accepts == "king"

    def rules_chapter(self, rules):
        # King-only empty columns (ForeCell) change the game enough to be told apart.
        return "forecell" if rules.empty_column_accepts == "king" else self.name


FREECELL = FreeCellFamily()
