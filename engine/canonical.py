"""One written form per move, in every variant: what logs, stored lines and
comparisons of lines use.

The notation lets a few moves be written two ways: a single card into an
empty column as ``41`` or ``41v1`` (FreeCell, Spider), a group onto a card
with or without its count (``21`` or ``21v6``; Klondike never needs one). The
canonical form is the one ``legal_moves`` writes (``resolve_move``): a count
exactly when the destination column is empty, except in Klondike, which writes
none. Two lines are the same line when their canonical forms are equal.

>>> from engine import deal
>>> canonical_line(deal("freecell", 1), ["3a", "32v1"])[0]
'3a'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.errors import EngineError
from engine.families import family_of
from engine.notation import format_move
from engine.play import resolve_move


def canonical_move(position, move) -> str:
    """The canonical text of the legal ``move`` from ``position`` (a FreeCell-family
    ``Position`` or a Klondike or Spider ``StockPosition``); raises the engine's
    ``IllegalMoveError`` or ``NotationError`` like ``apply_move``.

    >>> from engine import deal
    >>> canonical_move(deal("freecell", 24), "65v1")
    '65'
    """
    return format_move(resolve_move(position, move))


def canonical_line(start, moves: Iterable) -> tuple[str, ...]:
    """Every move of ``moves``, played in turn from ``start``, in canonical form.
    Raises at the first move the engine refuses.

    >>> from engine import deal
    >>> canonical_line(deal("klondike-draw1", 1), ["s", "s"])
    ('s', 's')
    """
    canonical_after = family_of(start.variant).canonical_after  # each move checked and played once
    position, written = start, []
    for move in moves:
        resolved, position = canonical_after(position, move)
        written.append(format_move(resolved))
    return tuple(written)


def canonical_suffix(position, moves: Sequence) -> tuple[str, ...] | None:
    """``canonical_line`` of ``moves`` from ``position``, or ``None`` when a move
    of it is illegal there (a stored line that no longer fits, say).

    >>> from engine import deal
    >>> canonical_suffix(deal("freecell", 1), ["a1"]) is None
    True
    """
    try:
        return canonical_line(position, moves)
    except EngineError:
        return None
