"""Klondike (Draw 1, Draw 3): move legality and generation, read from the ruleset.

Checks, in order (docs/rules.md): availability (a card or face-up group is
there), group order (the group descends in alternating colours), destination
(one lower in the other colour on a column, the next card of the suit on a
foundation), empty column (a King, alone or heading the group). ``s`` turns
up to ``draw_count`` cards onto the waste, or brings the whole waste back as
the stock in its original order when the stock is empty (unlimited passes).
The card a move exposes turns face up by itself; that is not a move.
"""

from __future__ import annotations

from engine.cards import RANKS, SUIT_NAMES, SUITS, Card, why_not_on
from engine.errors import IllegalMoveError
from engine.families.stock.notation import (
    COLUMN,
    FOUNDATION,
    STOCK,
    STOCK_TURN,
    WASTE,
    StockMove,
    as_stock_move,
)
from engine.families.stock.position import StockPosition
from engine.notation import format_move
from engine.rules import Ruleset, get_ruleset

#: The ruleset answers this module plays (``families.family_for`` checks them);
#: ``columns`` and ``draw_count`` are read from the ruleset itself.
PLAYS = {
    "decks": 1, "deck_suits": "CSHD", "deal_layout": "klondike", "tableau_build": "down_alternate_colour",
    "empty_column_accepts": "king", "foundation_build": "up_by_suit_from_ace",
    "foundation_return": frozenset({"column"}), "group_order": "down_alternate_colour",
    "group_capacity": "unlimited", "stock": "waste", "win": "all_on_foundations",
}


def apply_move(position: StockPosition, move: StockMove | str) -> StockPosition:
    """The position after ``move``; raises ``IllegalMoveError`` naming the first
    failing check.

    >>> from engine import deal
    >>> p = apply_move(deal("klondike-draw3", 1), "s")
    >>> [str(c) for c in p.waste], len(p.stock)
    (['4H', 'AC', '4D'], 21)
    """
    rules = get_ruleset(position.variant)
    move = as_stock_move(move, rules)
    try:
        if move.source == STOCK:
            return _turn_stock(position, rules)
        if move.source == COLUMN:
            return _from_column(position, rules, move)
        card = _single_card(position, move)
        return _place_single(position, rules, move, card)
    except IllegalMoveError as error:
        error.move = move
        raise


def _turn_stock(position: StockPosition, rules: Ruleset) -> StockPosition:
    stock, waste = position.stock, position.waste
    if stock:
        n = min(rules.draw_count, len(stock))
        return _replace(position, stock=stock[:-n], waste=waste + stock[:-n - 1:-1])
    if not waste:
        raise IllegalMoveError("stock", "stock: the stock and the waste are both empty")
    return _replace(position, stock=waste[::-1], waste=())


def _single_card(position: StockPosition, move: StockMove) -> Card:
    if move.source == WASTE:
        if not position.waste:
            raise IllegalMoveError("availability", "availability: the waste is empty")
        return position.waste[-1]
    top = position.foundations[move.source_index]
    if top == 0:
        suit = SUIT_NAMES[SUITS[move.source_index]]
        raise IllegalMoveError("availability", f"availability: the {suit} foundation is empty")
    if move.destination == FOUNDATION:
        raise IllegalMoveError("destination", "destination: a foundation card comes back to a column")
    return Card(top, SUITS[move.source_index])


def _place_single(position: StockPosition, rules: Ruleset, move: StockMove, card: Card) -> StockPosition:
    foundations = list(position.foundations)
    if move.source == FOUNDATION:
        foundations[move.source_index] -= 1
    if move.destination == FOUNDATION:
        _check_foundation(position, card)
        foundations[SUITS.index(card.suit)] += 1
        columns = position.columns
    else:
        _check_column_accepts(position, move.destination_index, (card,))
        j = move.destination_index
        columns = _with(position.columns, j, position.columns[j] + (card,))
    waste = position.waste[:-1] if move.source == WASTE else position.waste
    return _replace(position, columns=columns, waste=waste, foundations=tuple(foundations))


def _check_foundation(position: StockPosition, card: Card) -> None:
    top = position.foundations[SUITS.index(card.suit)]
    if card.rank != top + 1:
        # The next rank, not the card: a refusal names no card the player may not see yet.
        article = "an" if top in (0, 7) else "a"
        wanted = "it is complete" if top == 13 else f"it takes {article} {RANKS[top]} next"
        raise IllegalMoveError(
            "destination",
            f"destination: {card} does not go on the {SUIT_NAMES[card.suit]} foundation ({wanted})",
        )


def _check_column_accepts(position: StockPosition, index: int, cards: tuple[Card, ...]) -> None:
    column, head = position.columns[index], cards[0]
    if column:
        if not head.fits_on(column[-1]):
            why = why_not_on(head, column[-1])
            raise IllegalMoveError("destination", f"destination: {head} does not go on {column[-1]} ({why})")
    elif head.rank != 13:
        raise IllegalMoveError(
            "empty_column",
            f"empty_column: only a King, alone or heading a run, may enter an empty column ({head} asked)",
        )


def _from_column(position: StockPosition, rules: Ruleset, move: StockMove) -> StockPosition:
    i = move.source_index
    column, up = position.columns[i], len(position.face_up(i))
    if not column:
        raise IllegalMoveError("availability", f"availability: column {i + 1} is empty")
    if move.destination == FOUNDATION:
        _check_foundation(position, column[-1])
        foundations = list(position.foundations)
        foundations[SUITS.index(column[-1].suit)] += 1
        return _after_lift(position, i, 1, position.columns, tuple(foundations))
    if move.destination_index == i:
        raise IllegalMoveError("destination", f"destination: {column[-1]} is already in column {i + 1}")
    count = move.count or group_size(position, i, move.destination_index)
    if count > up:
        raise IllegalMoveError(
            "availability", f"availability: column {i + 1} has {up} face-up cards, {count} asked"
        )
    cards = column[len(column) - count:]
    check_group_order(cards, i)
    _check_column_accepts(position, move.destination_index, cards)
    j = move.destination_index
    columns = _with(position.columns, j, position.columns[j] + cards)
    return _after_lift(position, i, count, columns, position.foundations)


def group_size(position: StockPosition, source: int, target: int) -> int:
    """Cards a move from column ``source`` to ``target`` carries when no count
    is written: the run whose head fits the target's exposed card (one card
    when none can), or into an empty column the group led by a face-up King
    (all face-up cards when there is no King)."""
    column, destination = position.columns[source], position.columns[target]
    up = len(column) - position.face_down[source]
    if destination:
        count = destination[-1].rank - column[-1].rank
        return count if 1 <= count <= up else 1
    for count in range(1, up + 1):
        if column[-count].rank == 13:
            return count
    return up


def check_group_order(cards: tuple[Card, ...], index: int) -> None:
    for upper, lower in zip(cards, cards[1:], strict=False):
        if not lower.fits_on(upper):
            shown = " ".join(map(str, cards))
            raise IllegalMoveError(
                "group_order",
                f"group_order: {shown} in column {index + 1} does not descend in alternating colours "
                f"({lower} on {upper})",
            )


def _after_lift(position, index, count, columns, foundations) -> StockPosition:
    column = columns[index][: len(columns[index]) - count]
    columns = _with(columns, index, column)
    down = list(position.face_down)
    if column and down[index] >= len(column):
        down[index] = len(column) - 1  # the exposed card turns face up
    return _replace(position, columns=columns, face_down=tuple(down), foundations=foundations)


def _with(columns: tuple, index: int, column: tuple) -> tuple:
    return columns[:index] + (column,) + columns[index + 1:]


def _replace(position: StockPosition, **changes) -> StockPosition:
    fields = {
        "variant": position.variant, "columns": position.columns, "face_down": position.face_down,
        "stock": position.stock, "waste": position.waste, "foundations": position.foundations,
        "removed": position.removed,
    }
    fields.update(changes)
    return StockPosition(**fields)


def legal_moves(position: StockPosition) -> list[StockMove]:
    """Every legal move, canonical (no counts), sorted by text.

    >>> from engine import deal
    >>> [str(m) for m in legal_moves(deal("klondike-draw1", 1))]
    ['6h', '7h', 's']
    """
    moves = [STOCK_TURN] if position.stock or position.waste else []
    if position.waste:
        moves.extend(_single_moves(position, position.waste[-1], WASTE, 0))
    for suit, top in enumerate(position.foundations):
        if top:
            moves.extend(m for m in _single_moves(position, Card(top, SUITS[suit]), FOUNDATION, suit)
                         if m.destination == COLUMN)
    for i, column in enumerate(position.columns):
        if column:
            moves.extend(_column_moves(position, i))
    moves.sort(key=format_move)
    return moves


def _single_moves(position: StockPosition, card: Card, source: str, index: int):
    if position.foundations[SUITS.index(card.suit)] == card.rank - 1:
        yield StockMove(source, index, FOUNDATION)
    for j, column in enumerate(position.columns):
        if card.fits_on(column[-1]) if column else card.rank == 13:
            yield StockMove(source, index, COLUMN, j)


def _column_moves(position: StockPosition, i: int):
    column = position.columns[i]
    if position.foundations[SUITS.index(column[-1].suit)] == column[-1].rank - 1:
        yield StockMove(COLUMN, i, FOUNDATION)
    up = position.face_up(i)
    run = 1
    while run < len(up) and up[-run].fits_on(up[-run - 1]):
        run += 1
    for j, target in enumerate(position.columns):
        if j == i:
            continue
        if target:
            count = target[-1].rank - column[-1].rank
            if 1 <= count <= run and column[-count].fits_on(target[-1]):
                yield StockMove(COLUMN, i, COLUMN, j)
        elif any(column[-count].rank == 13 for count in range(1, run + 1)):
            yield StockMove(COLUMN, i, COLUMN, j)


def canonical(position: StockPosition, move: StockMove) -> StockMove:
    """The canonical form of a legal move: Klondike writes no counts."""
    if move.is_column_to_column and move.count is not None:
        return StockMove(COLUMN, move.source_index, COLUMN, move.destination_index)
    return move


def is_won(position: StockPosition) -> bool:
    return all(top == 13 for top in position.foundations)
