"""The FreeCell family's fast replay loop (``engine.replay`` runs it).

Cards are ``Card.code`` ints (``rank << 2 | suit``, suits ``H C D S``, so
``card & 1`` is the colour) in mutable lists; move texts are compiled once
and cached. The loop only decides *whether* each move is legal.
"""

from __future__ import annotations

from engine.cards import CARD_OF_CODE
from engine.errors import NotationError
from engine.families.freecell.notation import Move, parse_move
from engine.families.freecell.position import Position
from engine.notation import CELL, COLUMN, FOUNDATION
from engine.replay import FastReplay

_KINDS = {
    (COLUMN, FOUNDATION): 0, (COLUMN, COLUMN): 1, (COLUMN, CELL): 2, (CELL, COLUMN): 3,
    (CELL, FOUNDATION): 4, (CELL, CELL): 5, (FOUNDATION, COLUMN): 6, (FOUNDATION, CELL): 7,
    (FOUNDATION, FOUNDATION): 8,
}
_CODES: dict = {}  # move text or Move -> (kind, source, destination, count or 0)


class _State:
    __slots__ = ("cells", "cols", "found")

    def __init__(self, position: Position) -> None:
        self.cols = [[card.code for card in column] for column in position.columns]
        self.cells = [0 if card is None else card.code for card in position.cells]
        self.found = list(position.foundations)


def _unload(state: _State, start: Position) -> Position:
    cards = CARD_OF_CODE
    return Position(
        start.variant,
        tuple(tuple(cards[c] for c in column) for column in state.cols),
        tuple(cards[c] if c else None for c in state.cells),
        tuple(state.found),
    )


def _play(state: _State, log: list, rules, reveals, until_reveal) -> tuple[int, bool]:
    # Nothing is hidden: ``reveals`` is left as it is and the loop never stops at a reveal.
    applied = _run(state, log, rules)
    return applied, all(f == 13 for f in state.found)


def _code(item: str | Move) -> tuple | None:
    """Compiled form of a move, or ``None`` when it is not a move at all."""
    try:
        move = parse_move(item) if isinstance(item, str) else item
        kind = _KINDS[move.source, move.destination]
    except (NotationError, TypeError, AttributeError):
        return None
    code = (kind, move.source_index, move.destination_index, move.count or 0)
    if len(_CODES) < 16384:
        _CODES[item] = code
    return code


def _run(state: _State, log: list, rules) -> int:
    """Apply moves while they are legal; returns how many were applied.

    One loop with the common moves inlined, rather than a function per move
    kind: call overhead would otherwise be most of the cost per move.
    """
    cols, cells, found = state.cols, state.cells, state.found
    codes = _CODES
    king_only = rules.empty_column_accepts == "king"
    use_columns = rules.capacity_uses_empty_columns
    group = rules.group_moves
    returns = rules.foundation_return
    to_column, to_cell = "column" in returns, "cell" in returns
    cell_to_cell = rules.cell_to_cell
    applied = 0
    for item in log:
        try:
            code = codes.get(item) or _code(item)
        except TypeError:  # unhashable, so certainly not a move
            return applied
        if code is None:
            return applied
        kind, s, d, n = code
        if kind == 0:  # column -> foundation
            col = cols[s]
            if not col:
                return applied
            c = col[-1]
            if found[c & 3] != (c >> 2) - 1:
                return applied
            col.pop()
            found[c & 3] += 1
        elif kind == 1:  # column -> column
            if not _column_to_column(cols, cells, s, d, n, king_only, use_columns, group):
                return applied
        elif kind == 2:  # column -> cell
            col = cols[s]
            if not col or cells[d]:
                return applied
            cells[d] = col.pop()
        elif kind == 3:  # cell -> column
            c = cells[s]
            if not c or not _accepts(cols[d], c, king_only):
                return applied
            cols[d].append(c)
            cells[s] = 0
        elif kind == 4:  # cell -> foundation
            c = cells[s]
            if not c or found[c & 3] != (c >> 2) - 1:
                return applied
            found[c & 3] += 1
            cells[s] = 0
        elif kind == 5:  # cell -> cell
            if not cell_to_cell or s == d or not cells[s] or cells[d]:
                return applied
            cells[d], cells[s] = cells[s], 0
        elif kind == 6:  # foundation -> column
            top = found[s]
            if not to_column or not top or not _accepts(cols[d], top << 2 | s, king_only):
                return applied
            cols[d].append(top << 2 | s)
            found[s] = top - 1
        elif kind == 7:  # foundation -> cell
            top = found[s]
            if not to_cell or not top or cells[d]:
                return applied
            cells[d] = top << 2 | s
            found[s] = top - 1
        else:
            return applied
        applied += 1
    return applied


def _accepts(column: list[int], c: int, king_only: bool) -> bool:
    if column:
        t = column[-1]
        return (t >> 2) == (c >> 2) + 1 and bool((t ^ c) & 1)
    return not king_only or (c >> 2) == 13


def _column_to_column(cols, cells, s, d, n, king_only, use_columns, group) -> bool:
    src, dst = cols[s], cols[d]
    size = len(src)
    if not size or s == d:
        return False
    if n == 0:  # count not stated: the fitting run onto a card, one card into a space
        n = 1
        if dst:
            k = (dst[-1] >> 2) - (src[-1] >> 2)
            if 1 <= k <= size and _is_run(src, size - k, size):
                n = k
    if n > size or not _is_run(src, size - n, size):
        return False
    head = src[size - n]
    if not _accepts(dst, head, king_only):
        return False
    if n > 1:
        capacity = cells.count(0) + 1 if group else 1
        if use_columns and group:
            capacity <<= cols.count([]) - (0 if dst else 1)
        if n > capacity:
            return False
        dst.extend(src[size - n:])
        del src[size - n:]
    else:
        dst.append(src.pop())
    return True


def _is_run(column: list[int], start: int, end: int) -> bool:
    for i in range(start, end - 1):
        a, b = column[i], column[i + 1]
        if (a >> 2) != (b >> 2) + 1 or not (a ^ b) & 1:
            return False
    return True


#: The loop as ``engine.replay.fast_replay`` runs it.
FAST = FastReplay(load=_State, run=_play, unload=_unload)
