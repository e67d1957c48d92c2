"""Positions: an immutable snapshot of a game, plus its JSON form.

``columns`` holds 8 tuples of cards, deepest card first (the last card is the
exposed one); ``cells`` holds 4 slots, ``None`` when empty; ``foundations``
holds, for each suit in ``H C D S`` order, the rank of its top card (0 empty).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import DECK, SUITS, Card, parse_card
from engine.errors import InvalidBoardError
from engine.rules import Ruleset, get_ruleset


@dataclass(frozen=True, slots=True)
class Position:
    """One position of one variant. Build it with ``deal``, ``from_board``,
    ``position_from_json`` or ``apply_move``; those check it, direct construction
    does not (call ``check_position`` when in doubt).

    >>> from engine import deal
    >>> p = deal("freecell", 24)
    >>> (len(p.columns[0]), str(p.columns[0][0]), p.cells, p.foundations)
    (7, '4C', (None, None, None, None), (0, 0, 0, 0))
    """

    variant: str
    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...] = (None, None, None, None)
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.variant)

    def foundation_rank(self, suit: str) -> int:
        """Rank of the top card of ``suit``'s foundation (0 when empty)."""
        return self.foundations[SUITS.index(suit)]

    @property
    def empty_cells(self) -> int:
        return sum(1 for card in self.cells if card is None)

    @property
    def empty_columns(self) -> int:
        return sum(1 for column in self.columns if not column)


def check_position(position: Position) -> Position:
    """Return ``position`` if it is well formed: a known variant, the ruleset's
    numbers of columns and cells, and exactly the 52 cards of one deck between
    columns, cells and foundations. Raises ``InvalidBoardError`` otherwise.

    >>> from engine import deal
    >>> check_position(deal("forecell", 1)).variant
    'forecell'
    """
    rules = get_ruleset(position.variant)
    if len(position.columns) != rules.columns or len(position.cells) != rules.cells:
        raise InvalidBoardError(
            f"a {position.variant} position has {rules.columns} columns and {rules.cells} cells"
        )
    if len(position.foundations) != 4 or any(
        not isinstance(rank, int) or not 0 <= rank <= 13 for rank in position.foundations
    ):
        raise InvalidBoardError("foundations must give a rank from 0 to 13 for each suit")
    seen = [
        card
        for suit, top in zip(SUITS, position.foundations, strict=True)
        for card in _suit_up_to(suit, top)
    ]
    for column in position.columns:
        seen.extend(column)
    seen.extend(card for card in position.cells if card is not None)
    if any(not isinstance(card, Card) for card in seen):
        raise InvalidBoardError("positions hold Card values")
    _check_full_deck(seen)
    return position


def _suit_up_to(suit: str, top: int) -> list[Card]:
    return [Card(rank, suit) for rank in range(1, top + 1)]


def _check_full_deck(cards: list[Card]) -> None:
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    doubled = sorted((str(card) for card, n in counts.items() if n > 1), key=_deck_order)
    missing = [str(card) for card in DECK if card not in counts]
    if doubled or missing:
        parts = [f"{len(cards)} cards"]
        if doubled:
            parts.append("twice: " + " ".join(doubled))
        if missing:
            parts.append("missing: " + " ".join(missing))
        raise InvalidBoardError("not one full deck of 52 cards (" + "; ".join(parts) + ")")


def _deck_order(text: str) -> int:
    return DECK.index(parse_card(text))


def position_to_json(position: Position) -> dict:
    """The JSON form shared with the web API and the JavaScript client.

    >>> from engine import deal
    >>> data = position_to_json(deal("freecell", 24))
    >>> data["columns"][0][:2], data["cells"], data["foundations"]
    (['4C', '2C'], [None, None, None, None], {'H': 0, 'C': 0, 'D': 0, 'S': 0})
    """
    return {
        "variant": position.variant,
        "columns": [[str(card) for card in column] for column in position.columns],
        "cells": [None if card is None else str(card) for card in position.cells],
        "foundations": dict(zip(SUITS, position.foundations, strict=True)),
    }


def position_from_json(data: object) -> Position:
    """Read the JSON form written by ``position_to_json``; the result is checked.

    >>> from engine import deal
    >>> p = deal("freecell", 24)
    >>> position_from_json(position_to_json(p)) == p
    True
    """
    if not isinstance(data, dict) or set(data) != {"variant", "columns", "cells", "foundations"}:
        raise InvalidBoardError("a position is an object with variant, columns, cells, foundations")
    columns, cells, foundations = data["columns"], data["cells"], data["foundations"]
    if not isinstance(columns, list) or not all(isinstance(c, list) for c in columns):
        raise InvalidBoardError("columns must be a list of lists of cards")
    if not isinstance(cells, list):
        raise InvalidBoardError("cells must be a list of cards or nulls")
    if not isinstance(foundations, dict) or set(foundations) != set(SUITS):
        raise InvalidBoardError('foundations must be {"H": n, "C": n, "D": n, "S": n}')
    if any(type(foundations[suit]) is not int for suit in SUITS):
        raise InvalidBoardError("foundation ranks must be integers")
    position = Position(
        variant=data["variant"],
        columns=tuple(tuple(parse_card(text) for text in column) for column in columns),
        cells=tuple(None if text is None else parse_card(text) for text in cells),
        foundations=tuple(foundations[suit] for suit in SUITS),
    )
    return check_position(position)
