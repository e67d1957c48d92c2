"""Hand-built positions: the worked examples of docs/rules.md, written as the cards that
matter, with every other card tucked under the occupied columns.

Used by the conformance vectors and the tests, so both speak of the same boards.
"""

from __future__ import annotations

from engine.cards import DECK, SUITS, Card, parse_card
from engine.errors import InvalidBoardError
from engine.families.freecell import Position, check_position


def build_position(
    variant: str,
    columns: list[str],
    cells: str = "",
    foundations: str = "",
    alone: tuple[int, ...] = (),
) -> Position:
    """A checked position whose columns *end* with the given cards.

    ``columns`` gives, per column, its visible end (deepest first, ``""`` for an
    empty column); ``cells`` the cell cards (``-`` for empty); ``foundations``
    top cards such as ``"KH 5S"``. The cards left over go, high ranks first,
    under the occupied columns (except those listed in ``alone``, 0-based),
    never so that they extend the visible run.

    >>> p = build_position("freecell", ["9C", "8H 7C 6H"] + [""] * 6, foundations="KD KS")
    >>> [str(c) for c in p.columns[1][-3:]], p.empty_columns
    (['8H', '7C', '6H'], 6)
    """
    visible = [[parse_card(t) for t in text.split()] for text in columns]
    cell_cards = [None if t == "-" else parse_card(t) for t in cells.split()]
    cell_cards += [None] * (4 - len(cell_cards))
    tops = dict.fromkeys(SUITS, 0)
    for text in foundations.split():
        card = parse_card(text)
        tops[card.suit] = card.rank
    used = {c for column in visible for c in column} | {c for c in cell_cards if c}
    used |= {Card(r, s) for s in SUITS for r in range(1, tops[s] + 1)}
    spare = sorted((c for c in DECK if c not in used), key=lambda c: (-c.rank, c.suit))
    hosts = [i for i, column in enumerate(visible) if column and i not in alone]
    if spare and not hosts:
        raise InvalidBoardError("no occupied column to hold the other cards")
    chunks: list[list[Card]] = [[] for _ in visible]
    for n, card in enumerate(spare):
        chunks[hosts[n % len(hosts)]].append(card)
    for i in hosts:
        _keep_run_apart(chunks[i], visible[i][0])
    position = Position(
        variant,
        tuple(tuple(chunks[i] + visible[i]) for i in range(len(visible))),
        tuple(cell_cards),
        tuple(tops[s] for s in SUITS),
    )
    return check_position(position)


def _keep_run_apart(chunk: list[Card], head: Card) -> None:
    """Rotate a filler chunk until its last card does not take ``head``."""
    for _ in range(len(chunk)):
        if not head.fits_on(chunk[-1]):
            return
        chunk.insert(0, chunk.pop())


def group_move_transfer(variant: str = "freecell") -> Position:
    """The six-card transfer (docs/rules.md, group moves): two free cells and one
    helper column empty; the destination ends with a black nine, the source with
    8H 7S 6D 5C 4H 3S."""
    return build_position(
        variant,
        ["9C", "8H 7S 6D 5C 4H 3S", "", "KH", "KD", "QS", "QC", "JD"],
        cells="JH TS - -",
    )


def freecell_six_cards(variant: str = "freecell") -> Position:
    """docs/rules.md, group moves: with 2 free cells and 1 empty column, (2+1) x 2 = 6 cards move."""
    return build_position(
        variant,
        ["9S", "8D 7C 6H 5S 4D 3C", "", "KH", "KD", "QS", "QC", "7D 6S"],
        cells="JH TS - -",
    )


def _returns_board(variant: str) -> Position:
    """Foundations at 5S, 4H, 3D, 2C; 6H and 5C exposed; one empty column, two cells."""
    return build_position(
        variant,
        ["6H", "5C", "", "KS", "KD", "QH", "QC", "JS"],
        cells="JD TC - -",
        foundations="5S 4H 3D 2C",
    )


def _king_board(variant: str) -> Position:
    """An empty column, a King-led run (KH QS JD) and a Queen-led run (QD JC)."""
    return build_position(
        variant,
        ["KH QS JD", "QD JC", "", "9S", "9H", "8C", "8D", "TS"],
        cells="- - - 2C",
    )


def _auto_finish_board(variant: str, *, ready: bool) -> Position:
    """Columns descending by rank, suits and colours ignored; cells hold cards."""
    last = "QC JD TC 9S" if ready else "QC JD 9S TC"
    return build_position(
        variant,
        ["KS QH JC 9D", "KC QD TH", "KH QS TD 9C", "KD JH TS 9H", last, "JS", "", ""],
        cells="8H - 8S -",
        foundations="7H 8D 8C 7S",
    )


def _capacity_board(variant: str, free_cells: int, empty_columns: int) -> Position:
    filled = ["7D", "8S", "9D", "JS"][: 4 - free_cells]
    occupied = ["9C", "8H 7S 6D 5C 4H 3S", "KH", "KD", "QS", "QC", "JD", "TS"]
    columns = occupied[: 8 - empty_columns] + [""] * empty_columns
    return build_position(variant, columns, cells=" ".join(filled))


def named_positions() -> list[tuple[str, Position]]:
    """The hand-built positions of the vectors, each under a stable name.

    >>> names = [name for name, _ in named_positions()]
    >>> "group-move-transfer/freecell" in names
    True
    """
    variants = ("freecell", "freecell-tableau", "freecell-classic", "forecell")
    named = []
    for variant in variants:
        named += [
            (f"group-move-transfer/{variant}", group_move_transfer(variant)),
            (f"freecell-six-cards/{variant}", freecell_six_cards(variant)),
            (f"foundation-returns/{variant}", _returns_board(variant)),
            (f"king-only-columns/{variant}", _king_board(variant)),
            (f"auto-finish-ready/{variant}", _auto_finish_board(variant, ready=True)),
            (f"auto-finish-not-ready/{variant}", _auto_finish_board(variant, ready=False)),
            (f"won/{variant}", build_position(variant, [""] * 8, foundations="KH KC KD KS")),
        ]
    for variant in ("freecell", "forecell"):
        for cells in (0, 1, 2, 4):
            for empty in (0, 1, 2, 3):
                board = _capacity_board(variant, cells, empty)
                named.append((f"capacity-{cells}-cells-{empty}-columns/{variant}", board))
    return named
