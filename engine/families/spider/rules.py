"""Spider (1, 2, 4 suits): move legality and generation, read from the ruleset.

A single card goes on any card one rank higher, whatever its suit; only a
continuous descending same-suit run moves as a group; an empty column takes
any card or same-suit run. ``s`` deals one card face up onto every column and
is refused while a column is empty. A complete same-suit King-to-Ace run is
removed by itself after a move or a deal, and the card a move exposes turns
face up by itself: neither is a move. Checks, in order: variant (Spider has no
foundation moves), availability, group order, destination, stock.
"""

from __future__ import annotations

from engine.cards import RANKS, Card
from engine.errors import IllegalMoveError
from engine.families.stock.notation import COLUMN, STOCK, STOCK_TURN, StockMove, as_stock_move
from engine.families.stock.position import StockPosition
from engine.notation import format_move
from engine.rules import Ruleset, get_ruleset

#: The ruleset answers this module plays (``families.family_for`` checks them);
#: ``columns``, ``deck_suits``, ``foundations`` (runs to remove) and
#: ``deal_needs_every_column`` are read from the ruleset itself.
PLAYS = {
    "decks": 2, "deal_layout": "spider", "tableau_build": "down_any_suit", "empty_column_accepts": "any",
    "foundation_build": "complete_runs_removed", "foundation_return": frozenset(),
    "group_order": "down_same_suit", "group_capacity": "unlimited", "stock": "deal_row",
    "win": "all_runs_removed",
}


def apply_move(position: StockPosition, move: StockMove | str) -> StockPosition:
    """The position after ``move``; raises ``IllegalMoveError`` naming the first
    failing check.

    >>> from engine import deal
    >>> p = apply_move(deal("spider-4suits", 1), "s")
    >>> [len(c) for c in p.columns], len(p.stock)
    ([7, 6, 6, 7, 6, 6, 7, 6, 6, 7], 40)
    """
    rules = get_ruleset(position.variant)
    move = as_stock_move(move, rules)
    try:
        if move.source == STOCK:
            return _deal_row(position, rules)
        if move.source != COLUMN or move.destination != COLUMN:
            raise IllegalMoveError(
                "variant",
                f"variant: in {rules.variant} no card goes to or comes from a foundation; "
                "a complete King-to-Ace run of one suit is removed by itself",
            )
        return _column_to_column(position, move)
    except IllegalMoveError as error:
        error.move = move
        raise


def _deal_row(position: StockPosition, rules: Ruleset) -> StockPosition:
    if not position.stock:
        raise IllegalMoveError("stock", "stock: the stock is empty")
    if rules.deal_needs_every_column:
        for i, column in enumerate(position.columns):
            if not column:
                raise IllegalMoveError(
                    "stock", f"stock: the stock cannot be dealt while column {i + 1} is empty"
                )
    dealt = position.stock[::-1][: rules.columns]
    columns = list(position.columns)
    for i, card in enumerate(dealt):
        columns[i] += (card,)
    stock = position.stock[: len(position.stock) - len(dealt)]
    return _settle(position, columns, list(position.face_down), stock, range(len(dealt)))


def _column_to_column(position: StockPosition, move: StockMove) -> StockPosition:
    i, j = move.source_index, move.destination_index
    column = position.columns[i]
    if not column:
        raise IllegalMoveError("availability", f"availability: column {i + 1} is empty")
    if i == j:
        raise IllegalMoveError("destination", f"destination: {column[-1]} is already in column {i + 1}")
    up = len(column) - position.face_down[i]
    target = position.columns[j]
    count = move.count
    if count is None:
        count = target[-1].rank - column[-1].rank if target else 1
        if not 1 <= count <= up:
            count = 1
    if count > up:
        raise IllegalMoveError(
            "availability", f"availability: column {i + 1} has {up} face-up cards, {count} asked"
        )
    cards = column[len(column) - count:]
    check_group_order(cards, i)
    if target and target[-1].rank != cards[0].rank + 1:
        raise IllegalMoveError(
            "destination", f"destination: {cards[0]} does not go on {target[-1]} ({why(cards[0])})"
        )
    columns = list(position.columns)
    columns[i] = column[: len(column) - count]
    columns[j] = target + cards
    return _settle(position, columns, list(position.face_down), position.stock, (j, i))


def why(card: Card) -> str:
    if card.rank == 13:
        return "a King builds on no card"
    return f"{card} needs a {RANKS[card.rank]} of any suit"


def check_group_order(cards: tuple[Card, ...], index: int) -> None:
    for upper, lower in zip(cards, cards[1:], strict=False):
        if upper.rank != lower.rank + 1:
            shown = " ".join(map(str, cards))
            raise IllegalMoveError(
                "group_order",
                f"group_order: {shown} in column {index + 1} does not descend one rank at a time",
            )
    if any(card.suit != cards[0].suit for card in cards):
        shown = " ".join(map(str, cards))
        raise IllegalMoveError("group_order", f"group_order: {shown} is not one suit")


def _settle(position, columns, down, stock, touched) -> StockPosition:
    """Remove complete runs from the touched columns, then turn exposed cards up."""
    removed = position.removed
    for i in touched:
        column = columns[i]
        if len(column) - down[i] >= 13 and _complete_run(column[-13:]):
            columns[i] = column[:-13]
            removed += (column[-1].suit,)
    for i, column in enumerate(columns):
        if column and down[i] >= len(column):
            down[i] = len(column) - 1  # the exposed card turns face up
    return StockPosition(position.variant, tuple(columns), tuple(down), stock, (),
                         position.foundations, removed)


def _complete_run(cards: tuple[Card, ...]) -> bool:
    suit = cards[0].suit
    return all(card.rank == 13 - k and card.suit == suit for k, card in enumerate(cards))


def same_suit_run(position: StockPosition, i: int) -> int:
    """Length of the same-suit descending run at the end of column ``i`` (face-up cards only)."""
    up = position.face_up(i)
    run = 1 if up else 0
    while run < len(up) and up[-run - 1].rank == up[-run].rank + 1 and up[-run - 1].suit == up[-run].suit:
        run += 1
    return run


def legal_moves(position: StockPosition) -> list[StockMove]:
    """Every legal move, canonical (a count exactly when the destination is
    empty), sorted by text.

    >>> from engine import deal
    >>> [str(m) for m in legal_moves(deal("spider-4suits", 1))][:4]
    ['05', '24', '47', '48']
    """
    rules = get_ruleset(position.variant)
    moves = []
    if position.stock and not (rules.deal_needs_every_column and not all(position.columns)):
        moves.append(STOCK_TURN)
    for i, column in enumerate(position.columns):
        if not column:
            continue
        run = same_suit_run(position, i)
        for j, target in enumerate(position.columns):
            if j == i:
                continue
            if target:
                if 1 <= target[-1].rank - column[-1].rank <= run:
                    moves.append(StockMove(COLUMN, i, COLUMN, j))
            else:
                moves.extend(StockMove(COLUMN, i, COLUMN, j, n) for n in range(1, run + 1))
    moves.sort(key=format_move)
    return moves


def canonical(position: StockPosition, move: StockMove) -> StockMove:
    """The canonical form of a legal move: a count exactly into an empty column."""
    if not move.is_column_to_column:
        return move
    i, j = move.source_index, move.destination_index
    if position.columns[j]:
        return StockMove(COLUMN, i, COLUMN, j)
    return StockMove(COLUMN, i, COLUMN, j, move.count or 1)


def is_won(position: StockPosition) -> bool:
    return len(position.removed) == get_ruleset(position.variant).foundations
