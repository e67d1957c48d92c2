"""Move legality: ``apply_move`` runs the checks of docs/rules.md in order.

1. variant (foundation returns, cell-to-cell moves), 2. availability (is there
a card, are there enough cards), 3. group order (a run descending in
alternating colours), 4. destination (rank and colour, suit on a foundation,
an empty cell), 5. empty column (King-only in ForeCell), 6. capacity (docs/rules.md, group moves).
The first failing check is raised as ``IllegalMoveError``.
"""

from __future__ import annotations

from itertools import pairwise

from engine.cards import SUIT_NAMES, SUITS, Card, why_not_on
from engine.errors import IllegalMoveError
from engine.families.freecell.notation import Move, as_move
from engine.families.freecell.position import Position
from engine.notation import CELL, COLUMN, FOUNDATION
from engine.rules import Ruleset, get_ruleset

_CELL_LETTERS = "abcd"


def supermove_capacity(position: Position, destination_column: int | None = None) -> int:
    """How many cards may move as one group: (empty free cells + 1) x 2^(usable
    empty columns), where a usable empty column is empty before the move and is
    not ``destination_column`` (0-based; ``None`` when the destination is not a
    column). Variants whose empty columns add nothing (ForeCell) use cells + 1.

    >>> from engine import deal
    >>> supermove_capacity(deal("freecell", 24))
    5
    """
    rules = get_ruleset(position.variant)
    if not rules.group_moves:
        return 1
    factor = position.empty_cells + 1
    if not rules.capacity_uses_empty_columns:
        return factor
    usable = sum(
        1 for i, column in enumerate(position.columns) if not column and i != destination_column
    )
    return factor << usable


def apply_move(position: Position, move: Move | str) -> Position:
    """The position after ``move``; raises ``IllegalMoveError`` naming the first
    failing check (``NotationError`` for unreadable text).

    >>> from engine import deal
    >>> p = apply_move(deal("freecell-classic", 24), "4h")
    >>> p.foundations
    (0, 0, 0, 1)
    """
    move = as_move(move)
    rules = get_ruleset(position.variant)
    try:
        _check_variant(rules, move)
        cards = _pick_up(position, move)
        _check_destination(position, move, cards)
        _check_empty_column(position, rules, move, cards)
        _check_capacity(position, move, len(cards))
    except IllegalMoveError as error:
        error.move = move
        raise
    return _moved(position, move, cards)


def resolve_move(position: Position, move: Move | str) -> Move:
    """The legal ``move`` in its canonical form for ``position`` (count stated
    exactly when the destination column is empty).

    >>> from engine import deal
    >>> str(resolve_move(deal("freecell", 24), "65"))
    '65'
    """
    return resolve_after(position, move)[0]


def resolve_after(position: Position, move: Move | str) -> tuple[Move, Position]:
    """``resolve_move`` and the position after the move, which checking it has made.

    >>> from engine import deal
    >>> move, after = resolve_after(deal("freecell", 24), "65v1")
    >>> str(move), after.columns[4][-1] == deal("freecell", 24).columns[5][-1]
    ('65', True)
    """
    move = as_move(move)
    after = apply_move(position, move)
    if not move.is_column_to_column:
        return move, after
    if position.columns[move.destination_index]:
        return Move(COLUMN, move.source_index, COLUMN, move.destination_index), after
    count = len(position.columns[move.source_index]) - len(after.columns[move.source_index])
    return Move(COLUMN, move.source_index, COLUMN, move.destination_index, count), after


def _check_variant(rules: Ruleset, move: Move) -> None:
    if move.source == FOUNDATION and move.destination != FOUNDATION:
        if not rules.foundation_return:
            raise IllegalMoveError(
                "variant", f"variant: in {rules.variant} a foundation card never comes back"
            )
        if move.destination not in rules.foundation_return:
            allowed = " or ".join(f"a {kind}" for kind in sorted(rules.foundation_return))
            raise IllegalMoveError(
                "variant",
                f"variant: in {rules.variant} a foundation card comes back onto {allowed} only",
            )
    if move.source == CELL and move.destination == CELL and not rules.cell_to_cell:
        raise IllegalMoveError("variant", f"variant: {rules.variant} has no cell-to-cell moves")


def _pick_up(position: Position, move: Move) -> tuple[Card, ...]:
    """The cards that move: availability, then group order."""
    if move.source == CELL:
        card = position.cells[move.source_index]
        if card is None:
            raise IllegalMoveError(
                "availability", f"availability: free cell {_cell(move)} is empty"
            )
        return (card,)
    if move.source == FOUNDATION:
        top = position.foundations[move.source_index]
        if top == 0:
            suit = SUIT_NAMES[SUITS[move.source_index]]
            raise IllegalMoveError("availability", f"availability: the {suit} foundation is empty")
        return (Card(top, SUITS[move.source_index]),)
    column = position.columns[move.source_index]
    count = _group_size(position, move)
    where = f"column {move.source_index + 1}"
    if not column:
        raise IllegalMoveError("availability", f"availability: {where} is empty")
    if count > len(column):
        raise IllegalMoveError(
            "availability", f"availability: {where} holds {len(column)} cards, {count} asked"
        )
    cards = column[len(column) - count:]
    for upper, lower in pairwise(cards):
        if not lower.fits_on(upper):
            shown = " ".join(map(str, cards))
            raise IllegalMoveError(
                "group_order",
                f"group_order: the {count} cards at the end of {where} ({shown}) do not "
                f"descend in alternating colours ({lower} on {upper})",
            )
    return cards


def _group_size(position: Position, move: Move) -> int:
    """Cards a column move carries; an unstated count onto a card takes the run
    whose head fits there (one card when there is none, or into an empty column)."""
    if move.count is not None or move.destination != COLUMN or move.source != COLUMN:
        return move.count or 1
    source = position.columns[move.source_index]
    target = position.columns[move.destination_index]
    if not source or not target:
        return 1
    count = target[-1].rank - source[-1].rank
    if not 1 <= count <= len(source):
        return 1
    cards = source[len(source) - count:]
    in_run = all(lower.fits_on(upper) for upper, lower in pairwise(cards))
    return count if in_run else 1


def _check_destination(position: Position, move: Move, cards: tuple[Card, ...]) -> None:
    head = cards[0]
    if move.source == move.destination and move.source_index == move.destination_index:
        raise IllegalMoveError("destination", f"destination: {head} is already there")
    if move.destination == COLUMN:
        column = position.columns[move.destination_index]
        if column and not head.fits_on(column[-1]):
            why = why_not_on(head, column[-1])
            raise IllegalMoveError(
                "destination", f"destination: {head} does not go on {column[-1]} ({why})"
            )
    elif move.destination == CELL:
        held = position.cells[move.destination_index]
        if held is not None:
            raise IllegalMoveError(
                "destination", f"destination: free cell {_cell(move, True)} already holds {held}"
            )
    elif move.source == FOUNDATION:
        raise IllegalMoveError(
            "destination", "destination: a foundation card comes back to a column or a free cell"
        )
    else:
        top = position.foundation_rank(head.suit)
        if head.rank != top + 1:
            suit = SUIT_NAMES[head.suit]
            wanted = "it is complete" if top == 13 else f"next is {Card(top + 1, head.suit)}"
            raise IllegalMoveError(
                "destination",
                f"destination: {head} does not go on the {suit} foundation ({wanted})",
            )


def _check_empty_column(
    position: Position, rules: Ruleset, move: Move, cards: tuple[Card, ...]
) -> None:
    if move.destination != COLUMN or position.columns[move.destination_index]:
        return
    if rules.empty_column_accepts == "king" and cards[0].rank != 13:
        raise IllegalMoveError(
            "empty_column",
            f"empty_column: in {rules.variant} only a King, alone or heading a run, may enter "
            f"an empty column ({cards[0]} asked)",
        )


def _check_capacity(position: Position, move: Move, asked: int) -> None:
    if asked == 1:
        return
    into_empty = not position.columns[move.destination_index]
    capacity = supermove_capacity(position, move.destination_index)
    if asked <= capacity:
        return
    rules = get_ruleset(position.variant)
    cells = position.empty_cells
    where = "into an empty column" if into_empty else "onto a column"
    if rules.capacity_uses_empty_columns:
        others = position.empty_columns - into_empty
        label = "other empty" if into_empty else "empty"
        detail = f"{_plural(cells, 'free cell')}, {_plural(others, label + ' column')}"
    else:
        detail = f"{_plural(cells, 'free cell')}; empty columns add nothing in {rules.variant}"
    raise IllegalMoveError(
        "capacity",
        f"capacity: {_plural(capacity, 'card')} may move {where} here ({detail}), {asked} asked",
        capacity=capacity,
        asked=asked,
    )


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _cell(move: Move, destination: bool = False) -> str:
    return _CELL_LETTERS[move.destination_index if destination else move.source_index]


def _moved(position: Position, move: Move, cards: tuple[Card, ...]) -> Position:
    columns = list(position.columns)
    cells = list(position.cells)
    foundations = list(position.foundations)
    if move.source == COLUMN:
        column = columns[move.source_index]
        columns[move.source_index] = column[: len(column) - len(cards)]
    elif move.source == CELL:
        cells[move.source_index] = None
    else:
        foundations[move.source_index] -= 1
    if move.destination == COLUMN:
        columns[move.destination_index] += cards
    elif move.destination == CELL:
        cells[move.destination_index] = cards[0]
    else:
        foundations[SUITS.index(cards[0].suit)] += 1
    return Position(position.variant, tuple(columns), tuple(cells), tuple(foundations))


