"""fc-solve's moves in our notation, and the replay check every line passes.

fc-solve hands moves back as 4-byte ``fcs_move_t`` records (``fcs_move.h``):
type, source, destination, number of cards. The types used by FreeCell-family
games are below; fc-solve writes nothing else for them, and anything else
makes the line unusable rather than guessed at.

>>> from engine import from_board
>>> p = from_board("Foundations: H-J C-K D-K S-K\\n: KH QH\\n" + ":\\n" * 7, "freecell")
>>> decode(p, (bytes([4, 0, 0, 0]), bytes([4, 0, 0, 0])))
('1h', '1h')
>>> verified_line(p, ("1h", "1h")), verified_line(p, ("12v2",))
(('1h', '1h'), None)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Position, replay

STACK_TO_STACK, STACK_TO_CELL, CELL_TO_STACK = 0, 1, 2
CELL_TO_CELL, STACK_TO_FOUNDATION, CELL_TO_FOUNDATION = 3, 4, 5
_CELLS = "abcd"


class UndecodableMove(ValueError):
    """A move record that is not a FreeCell-family move."""


def decode(position: Position, records: Sequence[bytes]) -> tuple[str, ...]:
    """The moves ``records`` (played from ``position``) in canonical notation:
    ``v<count>`` on a column move only when the destination column is empty
    (onto a card the count is implied), as the engine writes them."""
    heights = [len(column) for column in position.columns]
    out = []
    for record in records:
        kind, source, destination, count = record[0], record[1], record[2], record[3]
        if kind == STACK_TO_STACK:
            if count < 1 or count > heights[source]:
                raise UndecodableMove(f"column move of {count} cards from column {source + 1}")
            plain = heights[destination] > 0  # onto a card only one run length fits
            text = f"{source + 1}{destination + 1}" + ("" if plain else f"v{count:x}")
            heights[source] -= count
            heights[destination] += count
        elif kind == STACK_TO_CELL:
            text = f"{source + 1}{_cell(destination)}"
            heights[source] -= 1
        elif kind == CELL_TO_STACK:
            text = f"{_cell(source)}{destination + 1}"
            heights[destination] += 1
        elif kind == CELL_TO_CELL:
            text = f"{_cell(source)}{_cell(destination)}"
        elif kind == STACK_TO_FOUNDATION:
            text = f"{source + 1}h"
            heights[source] -= 1
        elif kind == CELL_TO_FOUNDATION:
            text = f"{_cell(source)}h"
        else:
            raise UndecodableMove(f"move type {kind} is not a FreeCell-family move")
        out.append(text)
    return tuple(out)


def _cell(index: int) -> str:
    if index >= len(_CELLS):
        raise UndecodableMove(f"no free cell {index}")
    return _CELLS[index]


def verified_line(position: Position, line: Sequence[str]) -> tuple[str, ...] | None:
    """``line`` when the engine replays it from ``position`` to a win, else ``None``."""
    result = replay(position, line)
    if result.error is not None or not result.won:
        return None
    return tuple(line)


def line_from(position: Position, records: Sequence[bytes]) -> tuple[str, ...] | None:
    """Decode and verify in one step: the winning line, or ``None`` when fc-solve's
    moves do not decode or the engine refuses them."""
    try:
        line = decode(position, records)
    except (UndecodableMove, IndexError):
        return None
    return verified_line(position, line)
