"""fc-solve's board format, read and written.

A board is an optional ``Foundations:`` line (``H-0 C-5 D-A S-K``), an
optional ``Freecells:`` line (``-`` for an empty cell), then one line per
column, deepest card first. A column line may start with ``:``; an empty
column is written ``:`` so that it survives trimming.
"""

from __future__ import annotations

from engine.cards import RANKS, SUITS, read_card
from engine.errors import InvalidBoardError
from engine.families.freecell.position import Position, check_position
from engine.rules import get_ruleset

_FOUNDATION_RANKS = {"0": 0, "10": 10, **{rank: i for i, rank in enumerate(RANKS, 1)}}


def to_board(position: Position) -> str:
    """The position in fc-solve's board format. ``Foundations:`` is written when a
    foundation holds cards, ``Freecells:`` when a cell does, so a fresh deal reads
    exactly as ``make-microsoft-freecell-board -t N`` prints it.

    >>> from engine import deal
    >>> to_board(deal("freecell", 24)).splitlines()[0]
    '4C 2C 9C 8C QS 4S 2H'
    """
    lines = []
    if any(position.foundations):
        ranks = ("0" if top == 0 else RANKS[top - 1] for top in position.foundations)
        pairs = (f"{suit}-{rank}" for suit, rank in zip(SUITS, ranks, strict=True))
        lines.append("Foundations: " + " ".join(pairs))
    if any(card is not None for card in position.cells):
        lines.append("Freecells: " + " ".join("-" if c is None else str(c) for c in position.cells))
    for column in position.columns:
        lines.append(" ".join(str(card) for card in column) if column else ":")
    return "\n".join(lines) + "\n"


def from_board(text: str, variant: str) -> Position:
    """Read a board in fc-solve's format as a position of ``variant`` (checked:
    eight columns, at most four cells, one full deck).

    >>> p = from_board("Freecells: AS - - -\\n" + ":\\n" * 8, "freecell")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidBoardError: not one full deck of 52 cards (1 cards; ...)
    """
    rules = get_ruleset(variant)
    if not isinstance(text, str):
        raise InvalidBoardError("a board is text")
    foundations, cells, columns = (0, 0, 0, 0), [None] * rules.cells, []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        head, _, rest = line.partition(":")
        if head.lower() == "foundations":
            foundations = _read_foundations(rest, number)
        elif head.lower() == "freecells":
            cells = _read_cells(rest, rules.cells, number)
        else:
            columns.append(line)
    while len(columns) > rules.columns and not columns[-1]:
        columns.pop()
    if len(columns) != rules.columns:
        raise InvalidBoardError(f"a board has {rules.columns} column lines, found {len(columns)}")
    position = Position(
        variant=variant,
        columns=tuple(_read_column(line) for line in columns),
        cells=tuple(cells),
        foundations=foundations,
    )
    return check_position(position)


def _read_column(line: str) -> tuple:
    body = line[1:] if line.startswith(":") else line
    return tuple(read_card(token, "column") for token in body.split())


def _read_cells(rest: str, count: int, number: int) -> list:
    tokens = rest.split()
    if len(tokens) > count:
        raise InvalidBoardError(f"line {number}: {len(tokens)} free cells, at most {count}")
    cells = [None if t == "-" else read_card(t, f"line {number}") for t in tokens]
    return cells + [None] * (count - len(cells))


def _read_foundations(rest: str, number: int) -> tuple[int, int, int, int]:
    ranks = dict.fromkeys(SUITS, 0)
    for token in rest.split():
        suit, dash, rank = token.upper().partition("-")
        if not dash or suit not in ranks or rank not in _FOUNDATION_RANKS:
            raise InvalidBoardError(f"line {number}: bad foundation {token!r} (like H-0 or S-K)")
        ranks[suit] = _FOUNDATION_RANKS[rank]
    return tuple(ranks[suit] for suit in SUITS)
