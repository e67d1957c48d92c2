"""Move generation: every legal move of a position, and perft counts.

``legal_moves`` lists every move a player can make, each empty cell and each
group size as its own move, in canonical notation, sorted by that text (ASCII
order: sources ``1``-``8``, ``a``-``d``, ``h?``; then destinations ``1``-``8``
with ``v`` counts ascending, ``a``-``d``, ``h``). A run holds at most 13
cards, so its hexadecimal count is one digit and text order is count order.
"""

from __future__ import annotations

from engine.cards import SUITS, Card
from engine.families.freecell.moves import supermove_capacity
from engine.families.freecell.notation import Move
from engine.families.freecell.position import Position
from engine.notation import CELL, COLUMN, FOUNDATION, format_move
from engine.rules import Ruleset, get_ruleset


def legal_moves(position: Position) -> list[Move]:
    """Every legal move, canonical, in canonical order (see the module notes).

    >>> from engine import deal
    >>> moves = legal_moves(deal("freecell-classic", 24))
    >>> len(moves), [str(m) for m in moves[:3]]
    (35, ['1a', '1b', '1c'])
    """
    rules = get_ruleset(position.variant)
    moves = list(_column_moves(position, rules))
    moves.extend(_cell_moves(position, rules))
    moves.extend(_foundation_returns(position, rules))
    moves.sort(key=format_move)
    return moves


def perft_moves(position: Position) -> list[Move]:
    """The moves ``perft`` counts: ``legal_moves`` without cell-to-cell moves,
    which only relabel a card's slot. For ``freecell-classic`` this is exactly
    the move set of the perft definition; other variants add their own rules
    (foundation returns in ``freecell`` and ``freecell-tableau``, King-only
    empty columns and cell-only capacity in ``forecell``).
    """
    return [m for m in legal_moves(position) if not (m.source == CELL == m.destination)]


def _fits(card: Card, column: tuple[Card, ...], rules: Ruleset) -> bool:
    if column:
        return card.fits_on(column[-1])
    return rules.empty_column_accepts == "any" or card.rank == 13


def _to_foundation(position: Position, card: Card) -> bool:
    return position.foundation_rank(card.suit) == card.rank - 1


def _run_length(column: tuple[Card, ...]) -> int:
    length = 1
    while length < len(column) and column[-length].fits_on(column[-length - 1]):
        length += 1
    return length


def _column_moves(position: Position, rules: Ruleset):
    empty_cells = [i for i, card in enumerate(position.cells) if card is None]
    onto_card = supermove_capacity(position, None)
    for i, column in enumerate(position.columns):
        if not column:
            continue
        if _to_foundation(position, column[-1]):
            yield Move(COLUMN, i, FOUNDATION)
        for cell in empty_cells:
            yield Move(COLUMN, i, CELL, cell)
        run = _run_length(column)
        for j, target in enumerate(position.columns):
            if j == i:
                continue
            if target:
                count = target[-1].rank - column[-1].rank
                if 1 <= count <= min(run, onto_card) and column[-count].fits_on(target[-1]):
                    yield Move(COLUMN, i, COLUMN, j)
                continue
            for count in range(1, min(run, supermove_capacity(position, j)) + 1):
                if _fits(column[-count], target, rules):
                    yield Move(COLUMN, i, COLUMN, j, count)


def _cell_moves(position: Position, rules: Ruleset):
    empty_cells = [i for i, card in enumerate(position.cells) if card is None]
    for i, card in enumerate(position.cells):
        if card is None:
            continue
        if _to_foundation(position, card):
            yield Move(CELL, i, FOUNDATION)
        for j, column in enumerate(position.columns):
            if _fits(card, column, rules):
                yield Move(CELL, i, COLUMN, j)
        if rules.cell_to_cell:
            for cell in empty_cells:
                yield Move(CELL, i, CELL, cell)


def _foundation_returns(position: Position, rules: Ruleset):
    for suit_index, top in enumerate(position.foundations):
        if top == 0:
            continue
        card = Card(top, SUITS[suit_index])
        if "column" in rules.foundation_return:
            for j, column in enumerate(position.columns):
                if _fits(card, column, rules):
                    yield Move(FOUNDATION, suit_index, COLUMN, j)
        if "cell" in rules.foundation_return:
            for cell, held in enumerate(position.cells):
                if held is None:
                    yield Move(FOUNDATION, suit_index, CELL, cell)
