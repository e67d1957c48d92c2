"""Replay: a position plus a move log gives won / not won, the move count, or
the first illegal move and why.

Replay is the hot path (every submitted game is re-validated), so it runs on
small ints and mutable lists: a card is ``rank << 2 | suit`` with suits in
``H C D S`` order, so ``card & 1`` is its colour. The fast loop only decides
*whether* a move is legal; on the first refusal the position is rebuilt and
``apply_move`` explains why, so every refusal message comes from one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import DECK, Card
from engine.errors import IllegalMoveError, NotationError
from engine.moves import apply_move
from engine.notation import CELL, COLUMN, FOUNDATION, Move, parse_move
from engine.position import Position
from engine.rules import get_ruleset

_KINDS = {
    (COLUMN, FOUNDATION): 0, (COLUMN, COLUMN): 1, (COLUMN, CELL): 2, (CELL, COLUMN): 3,
    (CELL, FOUNDATION): 4, (CELL, CELL): 5, (FOUNDATION, COLUMN): 6, (FOUNDATION, CELL): 7,
    (FOUNDATION, FOUNDATION): 8,
}
_CARDS: list[Card | None] = [None] * 56
for _card in DECK:
    _CARDS[_card.code] = _card
_CODES: dict = {}  # move text or Move -> (kind, source, destination, count or 0)


@dataclass(frozen=True)
class ReplayResult:
    """Outcome of a replay. ``moves`` counts the moves applied (a group move
    counts one); ``error_index`` is the 1-based index of the first move refused
    (``None`` when all were applied), and ``error`` says why. ``reveal_stop`` is
    the 1-based index of the move that turned a card face up where a replay asked
    to stop there (``until_reveal``) stopped with moves still unplayed.
    """

    won: bool
    moves: int
    position: Position
    error_index: int | None = None
    error: IllegalMoveError | NotationError | None = None
    reveal_stop: int | None = None


def replay(position: Position, moves: Iterable[str | Move]) -> ReplayResult:
    """The FreeCell family's fast replay (``play.replay`` is the public one):
    apply ``moves`` from ``position``, stopping at the first one refused.

    >>> from engine import deal
    >>> result = replay(deal("freecell-classic", 24), ["4h", "7a", "7b", "zz"])
    >>> result.moves, result.error_index, type(result.error).__name__
    (3, 4, 'NotationError')
    """
    rules = get_ruleset(position.variant)
    state = _State(position)
    log = moves if isinstance(moves, list | tuple) else list(moves)
    applied = _run(state, log, rules)
    won = all(f == 13 for f in state.found)
    return outcome(won, applied, state.position(position.variant), log, apply_move)


def outcome(won: bool, applied: int, final, log, apply) -> ReplayResult:
    """The result of a fast replay loop that applied ``applied`` moves of ``log``
    and reached ``final``: on a refusal the family's ``apply`` (its ``apply_move``)
    says why."""
    if applied == len(log):
        return ReplayResult(won, applied, final)
    failed = log[applied]
    try:
        after = apply(final, failed)
    except (IllegalMoveError, NotationError) as error:
        return ReplayResult(False, applied, final, applied + 1, error)
    raise RuntimeError(f"replay refused {failed!r} but apply_move gives {after!r}")


class _State:
    def __init__(self, position: Position) -> None:
        self.cols = [[card.code for card in column] for column in position.columns]
        self.cells = [0 if card is None else card.code for card in position.cells]
        self.found = list(position.foundations)

    def position(self, variant: str) -> Position:
        cards = _CARDS
        return Position(
            variant,
            tuple(tuple(cards[c] for c in column) for column in self.cols),
            tuple(cards[c] if c else None for c in self.cells),
            tuple(self.found),
        )


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
