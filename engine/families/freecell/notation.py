"""The FreeCell family's moves, in fc-solve's standard notation
(``engine.notation`` reads and writes the tokens for every family).

Columns are ``1``-``8``, free cells ``a``-``d``, the foundations ``h``. A
column-to-column move may carry ``v<count>`` (hexadecimal, as fc-solve writes
``82vc`` for 12 cards). Foundation returns, which fc-solve never makes, take
``h`` plus the suit letter as their source: ``hs5``, ``hda``.

Canonical form (what ``legal_moves`` produces and ``resolve_move`` gives):
``v<count>`` is written exactly when the destination column is empty
(``14v1``, ``83vc``). Onto a card the count is never written (``85``), since
only one run of the source can fit there. This is fc-solve's own ``-snx``
form except for a single card into an empty column, which fc-solve writes
``14``: on read, a column move without ``v`` into an empty column is one
card, and onto a card it is the run whose head fits there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.errors import NotationError
from engine.notation import CELL, COLUMN, COUNT, FOUNDATION, format_move, read_move

_SIZES = {COLUMN: 8, CELL: 4, FOUNDATION: 4}
_PATTERN = re.compile(r"([1-8]|[a-d]|h[hcds])([1-8]|[a-d]|h)" + COUNT)
_EXAMPLE = "like 12, 1a, a1, 1h, ah, 82vc, hs5, hda"


@dataclass(frozen=True, slots=True)
class Move:
    """One move. Indexes are 0-based: column 0-7, cell 0-3, and for a foundation
    source the suit (0-3 in ``H C D S`` order); a foundation destination has
    index 0 (the card's suit decides). ``count`` is the number of cards of a
    column-to-column move, or ``None`` when not stated (see the module notes);
    every other move carries exactly one card and has ``count == 1``.

    >>> Move(COLUMN, 7, COLUMN, 1, 12)
    Move(source='column', source_index=7, destination='column', destination_index=1, count=12)
    >>> str(Move(COLUMN, 7, COLUMN, 1, 12))
    '82vc'
    """

    source: str
    source_index: int
    destination: str
    destination_index: int = 0
    count: int | None = None

    def __post_init__(self) -> None:
        if self.source not in _SIZES or self.destination not in (COLUMN, CELL, FOUNDATION):
            raise NotationError(f"unknown pile kind in {self.source!r} -> {self.destination!r}")
        if not _index_ok(self.source_index, _SIZES[self.source]):
            raise NotationError(f"no {self.source} {self.source_index!r}")
        if self.destination == FOUNDATION:
            if self.destination_index != 0:
                raise NotationError("a foundation destination has index 0")
        elif not _index_ok(self.destination_index, _SIZES[self.destination]):
            raise NotationError(f"no {self.destination} {self.destination_index!r}")
        if self.is_column_to_column:
            if self.count is not None and (type(self.count) is not int or self.count < 1):
                raise NotationError(f"a move carries at least one card, not {self.count!r}")
        elif self.count in (None, 1):
            object.__setattr__(self, "count", 1)
        else:
            raise NotationError("only a column-to-column move carries more than one card")

    @property
    def is_column_to_column(self) -> bool:
        return self.source == COLUMN and self.destination == COLUMN

    def __str__(self) -> str:
        return format_move(self)


def _index_ok(index: object, size: int) -> bool:
    return type(index) is int and 0 <= index < size


@lru_cache(maxsize=8192)
def parse_move(text: str) -> Move:
    """Read one move in standard notation; raises ``NotationError``.

    >>> parse_move("26v4")
    Move(source='column', source_index=1, destination='column', destination_index=5, count=4)
    >>> parse_move("hda").source, parse_move("hda").source_index
    ('foundation', 2)
    """
    source, destination, count = read_move(text, _PATTERN, _EXAMPLE)
    return Move(*source, *destination, count)


def as_move(move: object) -> Move:
    """A ``Move`` from text or a ``Move``; ``NotationError`` otherwise."""
    if isinstance(move, str):
        return parse_move(move)
    if not isinstance(move, Move):
        raise NotationError(f"not a move: {move!r}")
    return move
