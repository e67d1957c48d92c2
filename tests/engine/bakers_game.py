"""A fourth family, written the way docs/adding-a-game.md says: Baker's Game
(FreeCell's ancestor: columns build down **in suit**), one card at a time.

Everything of the family is here: its ``Family`` subclass reuses FreeCell's
position, deals, board text and notation (a Baker's Game deal is a Microsoft
FreeCell deal) and brings its own legality and move generation. Its catalogue
entry (``RULESET``) is added by the test, nowhere else.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cards import SUITS
from engine.errors import IllegalMoveError
from engine.families.freecell import FreeCellFamily, Move, parse_move
from engine.notation import CELL, COLUMN, FOUNDATION, format_move
from engine.rules import Ruleset

RULESET = Ruleset(
    variant="bakers-game", title="Baker's Game", short_title="Baker's Game", share_letter="b",
    family="bakers", on_site=False, tableau_build="down_same_suit", group_order="down_same_suit",
    group_moves=False,
)


class BakersFamily(FreeCellFamily):
    name = "bakers"
    plays = {"decks": 1, "stock": "none", "tableau_build": "down_same_suit", "group_order": "down_same_suit",
             "group_moves": False, "win": "all_on_foundations"}
    # No fast loop of its own (FreeCell's builds in alternating colours): the
    # protocol's replay plays it, one apply_move per move.
    fast = None

    def apply_move(self, position, move):
        move = parse_move(move) if isinstance(move, str) else move
        card = self._card(position, move)
        columns, cells, homes = list(position.columns), list(position.cells), list(position.foundations)
        if move.destination == FOUNDATION:
            if homes[SUITS.index(card.suit)] != card.rank - 1:
                raise IllegalMoveError("destination", f"destination: {card} does not go up yet", move=move)
            homes[SUITS.index(card.suit)] += 1
        elif move.destination == CELL:
            if cells[move.destination_index] is not None:
                raise IllegalMoveError("destination", "destination: the cell is taken", move=move)
            cells[move.destination_index] = card
        else:
            target = columns[move.destination_index]
            if target and (target[-1].suit != card.suit or target[-1].rank != card.rank + 1):
                raise IllegalMoveError("destination", f"destination: {card} does not go on {target[-1]}", move=move)
            columns[move.destination_index] = (*target, card)
        if move.source == COLUMN:
            columns[move.source_index] = columns[move.source_index][:-1]
        else:
            cells[move.source_index] = None
        return replace(position, columns=tuple(columns), cells=tuple(cells), foundations=tuple(homes))

    def _card(self, position, move: Move):
        if move.source == FOUNDATION or move.count not in (None, 1):
            raise IllegalMoveError("variant", "variant: one card at a time, none back from home", move=move)
        pile = position.columns[move.source_index] if move.source == COLUMN else (position.cells[move.source_index],)
        if not pile or pile[-1] is None:
            raise IllegalMoveError("availability", "availability: nothing there", move=move)
        return pile[-1]

    def canonical(self, position, move):
        move = parse_move(move) if isinstance(move, str) else move
        self.apply_move(position, move)
        return Move(move.source, move.source_index, move.destination, move.destination_index)

    def legal_moves(self, position):
        sources = [(COLUMN, i) for i in range(len(position.columns))] + [(CELL, i) for i in range(len(position.cells))]
        targets = [(COLUMN, i) for i in range(len(position.columns))] + [(CELL, i) for i in range(len(position.cells))]
        found = []
        for source in sources:
            for target in [*targets, (FOUNDATION, 0)]:
                if source == target or (source[0] == CELL and target[0] == CELL):
                    continue
                move = Move(source[0], source[1], target[0], target[1])
                try:
                    self.apply_move(position, move)
                except IllegalMoveError:
                    continue
                found.append(move)
        return sorted(found, key=format_move)

    def perft_moves(self, position):
        return self.legal_moves(position)

    def auto_finish_ready(self, position):
        return False

    def auto_finish_moves(self, position):
        return []


BAKERS = BakersFamily()
