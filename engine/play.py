"""Playing any variant: each function asks the position's family
(``families.family_of``) and nothing here knows one family from another.

>>> from engine import deal, apply_move, legal_moves, replay
>>> len(legal_moves(deal("freecell-classic", 24))), len(legal_moves(deal("klondike-draw1", 1)))
(35, 3)
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.errors import InvalidBoardError, InvalidDealError
from engine.families import family_of
from engine.replay import ReplayResult
from engine.rules import get_ruleset


def deal(variant: str, number: int):
    """The starting position of deal ``number`` (1 to ``MAX_DEAL_NUMBER[variant]``).

    >>> " ".join(str(card) for card in deal("freecell", 24).columns[0])
    '4C 2C 9C 8C QS 4S 2H'
    >>> " ".join(str(card) for card in deal("forecell", 1).cells)
    '6S 9C 2H 6H'
    """
    rules = get_ruleset(variant)
    if type(number) is not int or not 1 <= number <= rules.max_deal_number:
        raise InvalidDealError(
            f"{variant} deal numbers run from 1 to {rules.max_deal_number:,}, not {number!r}"
        )
    return family_of(variant).deal(rules, number)


def apply_move(position, move):
    """The position after ``move`` (a move value or its text); raises
    ``IllegalMoveError`` naming the first failing check (``NotationError`` for
    unreadable text).

    >>> apply_move(deal("freecell-classic", 24), "4h").foundations
    (0, 0, 0, 1)
    """
    return family_of(position.variant).apply_move(position, move)


def resolve_move(position, move):
    """The legal ``move`` in its family's canonical form for ``position``.

    >>> str(resolve_move(deal("freecell", 24), "65")), str(resolve_move(deal("spider-1suit", 1), "s"))
    ('65', 's')
    """
    return family_of(position.variant).canonical(position, move)


def apply_revealing(position, move):
    """``apply_move`` plus the cards the move turned face up: what the server
    sends with the new view (always ``[]`` where the family hides nothing).

    >>> after, shown = apply_revealing(deal("klondike-draw1", 1), "s")
    >>> shown
    [{'pile': 'w', 'card': '4H'}]
    """
    return family_of(position.variant).apply_revealing(position, move)


def legal_moves(position) -> list:
    """Every legal move, canonical, in canonical order.

    >>> [str(m) for m in legal_moves(deal("freecell-classic", 24))[:3]]
    ['1a', '1b', '1c']
    """
    return family_of(position.variant).legal_moves(position)


def perft_moves(position) -> list:
    """The moves ``perft`` counts (FreeCell: ``legal_moves`` without cell-to-cell
    moves, which only relabel a card's slot; Klondike, Spider: ``legal_moves``)."""
    return family_of(position.variant).perft_moves(position)


def perft(position, depth: int) -> int:
    """Number of move paths of length ``depth`` over ``perft_moves``.

    >>> p = deal("freecell-classic", 24)
    >>> perft(p, 0), perft(p, 1), perft(p, 2)
    (1, 35, 980)
    """
    if depth < 0:
        raise ValueError("depth must be at least 0")
    if depth == 0:
        return 1
    family = family_of(position.variant)
    moves = family.perft_moves(position)
    if depth == 1:
        return len(moves)
    return sum(perft(family.apply_move(position, move), depth - 1) for move in moves)


def is_won(position) -> bool:
    """Every card home (FreeCell, Klondike) or every run removed (Spider).

    >>> is_won(deal("freecell", 1))
    False
    """
    return family_of(position.variant).is_won(position)


def is_stuck(position) -> bool:
    """Not won, and no legal move at all in the variant (docs/rules.md).

    >>> is_stuck(deal("forecell", 1))  # full cells, and nothing builds or goes up
    True
    """
    family = family_of(position.variant)
    return not family.is_won(position) and not family.legal_moves(position)


def auto_finish_ready(position) -> bool:
    """Whether the family's auto-finish may take over (never where it has none)."""
    return family_of(position.variant).auto_finish_ready(position)


def auto_finish_moves(position) -> list:
    """The moves auto-finish plays from here (empty unless ``auto_finish_ready``)."""
    return family_of(position.variant).auto_finish_moves(position)


def replay(position, moves: Iterable, *, reveals: list | None = None,
           until_reveal: bool = False) -> ReplayResult:
    """Apply ``moves`` (notation text or move values) from ``position``,
    stopping at the first one refused. Won means the final position is won.

    ``reveals``: a list to which a replay of a family that hides cards appends,
    per move applied, the cards that move turned face up (as ``apply_revealing``
    names them), found in the same pass; other families leave it as it is.

    ``until_reveal``: stop right after the first move that turns a card face up,
    so that what follows it is never looked at (a client must see the card before
    it plays on); the result's ``reveal_stop`` says so when moves were left. A
    family that hides nothing plays on.

    >>> result = replay(deal("freecell-classic", 24), ["4h", "7a", "7b", "zz"])
    >>> result.moves, result.error_index, type(result.error).__name__
    (3, 4, 'NotationError')
    """
    return family_of(position.variant).replay(position, moves, reveals, until_reveal)


def to_board(position) -> str:
    """The position as its family's text: fc-solve's board format (FreeCell
    family) or PySolFC's layout text (Klondike, Spider).

    >>> to_board(deal("freecell", 24)).splitlines()[0]
    '4C 2C 9C 8C QS 4S 2H'
    """
    return family_of(position.variant).to_text(position)


def from_board(text: str, variant: str):
    """Read ``text`` in the family's text format as a position of ``variant`` (checked)."""
    return family_of(variant).from_text(text, variant)


def position_to_json(position) -> dict:
    """The full position as JSON (every card named: the server's copy).

    >>> position_to_json(deal("freecell", 24))["cells"]
    [None, None, None, None]
    """
    return family_of(position.variant).to_json(position)


def position_from_json(data: object):
    """Read the JSON written by ``position_to_json``; the result is checked."""
    if not isinstance(data, dict) or not isinstance(data.get("variant"), str):
        raise InvalidBoardError("a position is an object with a variant")
    return family_of(data["variant"]).from_json(data)


def pack_position(position) -> str:
    """``position`` as a short text that ``unpack_position`` reads back fast and
    unchecked: keep it only behind a digest (``engine.packed``).

    >>> p = deal("klondike-draw3", 7)
    >>> unpack_position(pack_position(p), "klondike-draw3") == p
    True
    """
    return family_of(position.variant).pack(position)


def unpack_position(text: str, variant: str):
    """The position ``pack_position`` wrote; ``InvalidBoardError`` for text it did not write."""
    return family_of(variant).unpack(text, variant)


def player_view(position) -> dict:
    """What the player may see, the one form in which the site sends a position:
    the JSON form, with every card the family hides replaced by ``None``.

    >>> view = player_view(deal("klondike-draw1", 1))
    >>> view["columns"][2], len(view["stock"])
    ([None, None, '5C'], 24)
    """
    return family_of(position.variant).player_view(position)


def hides_cards(variant: str) -> bool:
    """Whether positions of ``variant`` hold cards the player may not see.

    >>> hides_cards("klondike-draw3"), hides_cards("forecell")
    (True, False)
    """
    return family_of(variant).hides_cards
