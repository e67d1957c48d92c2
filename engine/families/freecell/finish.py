"""Game end: won, stuck, and auto-finish (the condition and moves of docs/rules.md)."""

from __future__ import annotations

from itertools import pairwise

from engine.families.freecell.moves import apply_move
from engine.families.freecell.notation import Move
from engine.families.freecell.position import Position
from engine.notation import CELL, COLUMN, FOUNDATION


def is_won(position: Position) -> bool:
    """All 52 cards are on the foundations.

    >>> from engine import deal
    >>> is_won(deal("freecell", 1))
    False
    """
    return all(top == 13 for top in position.foundations)


def auto_finish_ready(position: Position) -> bool:
    """Not won, and every column runs high to low by rank (each card lower than
    the one it covers; suits and colours ignored; cells do not block). From
    there the rest always goes home, see ``auto_finish_moves``.

    >>> from engine import deal
    >>> auto_finish_ready(deal("freecell", 1))
    False
    """
    if is_won(position) or position.ruleset.auto_finish == "none":
        return False
    return all(
        upper.rank > lower.rank
        for column in position.columns
        for upper, lower in pairwise(column)
    )


def auto_finish_moves(position: Position) -> list[Move]:
    """The moves that send every remaining card home when ``auto_finish_ready``
    (an empty list otherwise): each step plays the lowest-ranked card that can
    go up, the first such source in column then cell order on a tie.

    >>> from engine import from_board
    >>> board = "Foundations: H-Q C-K D-K S-K\\nFreecells: KH - - -\\n" + ":\\n" * 8
    >>> [str(m) for m in auto_finish_moves(from_board(board, "freecell"))]
    ['ah']
    """
    if not auto_finish_ready(position):
        return []
    moves = []
    while not is_won(position):
        move = min(_home_moves(position), key=lambda pair: pair[0])[1]
        moves.append(move)
        position = apply_move(position, move)
    return moves


def _home_moves(position: Position):
    for i, column in enumerate(position.columns):
        if column and position.foundation_rank(column[-1].suit) == column[-1].rank - 1:
            yield column[-1].rank, Move(COLUMN, i, FOUNDATION)
    for i, card in enumerate(position.cells):
        if card is not None and position.foundation_rank(card.suit) == card.rank - 1:
            yield card.rank, Move(CELL, i, FOUNDATION)
