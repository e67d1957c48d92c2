"""Packed positions: a position as a short ASCII string that reads back fast.

A game keeps the position its log leads to, so that appending moves replays
only the new ones. Reading it back must cost less than replaying the log (a
checked JSON position costs more than replaying a hundred moves), so the packed
form is one character per card and is read back by table lookups, unchecked:
whoever stores one keeps a digest with it and trusts it only while that matches
(the web layer's ``games.kept``). Malformed text raises ``InvalidBoardError``.

This module holds the alphabet every family packs with, and the packing of the
cards each move of a log turned up; each family packs its own positions
(``Family.pack`` / ``unpack``: ``families/freecell/packed.py``,
``families/stock/packed.py``).

A card is ``chr(48 + code)`` (``Card.code``: ``rank << 2 | suit``, so ``4`` to
``g``); a count or a rank is ``chr(48 + n)``; an empty cell is ``.``; fields are
separated by ``/``, which no card, count or suit letter uses.

>>> cards(chars(DECK[:2])) == DECK[:2]
True
"""

from __future__ import annotations

from engine.cards import DECK, Card
from engine.errors import InvalidBoardError
from engine.rules import get_ruleset

CHAR = {card: chr(48 + card.code) for card in DECK}
CARD = {char: card for card, char in CHAR.items()}
EMPTY = "."


def cards(text: str) -> tuple[Card, ...]:
    return tuple(map(CARD.__getitem__, text))


def counts(text: str) -> tuple[int, ...]:
    return tuple(ord(char) - 48 for char in text)


def chars(cards_) -> str:
    return "".join(map(CHAR.__getitem__, cards_))


def numbers(values) -> str:
    return "".join(chr(48 + n) for n in values)


def shape_check(variant: str, columns: list, mismatch: bool) -> None:
    """The one check made: as many columns as the variant has, and the fields agree."""
    if len(columns) != get_ruleset(variant).columns or mismatch:
        raise ValueError("shape")


def not_packed(text: str) -> InvalidBoardError:
    return InvalidBoardError(f"not a packed position: {text[:40]!r}")


def pack_reveals(reveals: list[list[dict]]) -> str:
    """The cards each move turned face up (``engine.replay``'s ``reveals``), one
    move after another, separated by ``,``: a pile's one-character name and a card.

    >>> pack_reveals([[{"pile": "w", "card": "4H"}], [], [{"pile": "7", "card": "JS"}]])
    'w4H,,7JS'
    """
    return ",".join("".join(shown["pile"] + shown["card"] for shown in move) for move in reveals)


def unpack_reveals(text: str, count: int) -> list[list[dict]]:
    """The list ``pack_reveals`` wrote for ``count`` moves (no move and one move
    that turned nothing both pack as ``""``).

    >>> unpack_reveals("w4H,,7JS", 3)
    [[{'pile': 'w', 'card': '4H'}], [], [{'pile': '7', 'card': 'JS'}]]
    """
    if not count:
        return []
    moves = text.split(",")
    if len(moves) != count or any(len(move) % 3 for move in moves):
        raise InvalidBoardError(f"not packed reveals: {text[:40]!r}")
    return [[{"pile": move[i], "card": move[i + 1:i + 3]} for i in range(0, len(move), 3)] for move in moves]
