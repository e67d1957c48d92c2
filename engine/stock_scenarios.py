"""Hand-built Klondike and Spider positions: the examples of docs/rules.md,
written as the cards that matter; every other card of the deck goes to the
bottom of the stock. Used by the conformance vectors and the tests.
"""

from __future__ import annotations

from collections import Counter

from engine.cards import SUITS, Card, parse_card
from engine.families.stock.position import StockPosition, check_stock_position, full_deck
from engine.rules import get_ruleset


def stock_board(variant: str, columns: list[str], *, waste: str = "", stock_top: str = "",
                foundations: dict | None = None, removed: str = "") -> StockPosition:
    """A checked position. A column is written as in PySolFC's layout text,
    deepest card first, face-down cards in ``<>`` (``"<7H> 9H 8C"``); missing
    columns are empty. ``stock_top`` lies on the rest of the stock (its last
    card is the next one turned or dealt); ``foundations`` maps suits to top
    ranks (Klondike); ``removed`` lists the suits of removed runs (Spider).

    >>> p = stock_board("klondike-draw1", ["<4S> 7C", "8H"], foundations={"S": 2})
    >>> p.face_down[:2], len(p.stock)
    ((1, 0), 47)
    """
    rules = get_ruleset(variant)
    parsed = [_column(text) for text in columns] + [((), 0)] * (rules.columns - len(columns))
    homes = tuple((foundations or {}).get(suit, 0) for suit in SUITS)
    placed: Counter = Counter()
    for column, _ in parsed:
        placed.update(column)
    placed.update(_cards(waste))
    placed.update(_cards(stock_top))
    for suit, top in zip(SUITS, homes, strict=True):
        placed.update(Card(rank, suit) for rank in range(1, top + 1))
    for suit in removed.split():
        placed.update(Card(rank, suit) for rank in range(1, 14))
    rest = sorted((full_deck(rules) - placed).elements(), key=lambda c: (c.suit, c.rank))
    position = StockPosition(
        variant=variant,
        columns=tuple(column for column, _ in parsed),
        face_down=tuple(down for _, down in parsed),
        stock=tuple(rest) + _cards(stock_top),
        waste=_cards(waste),
        foundations=homes,
        removed=tuple(removed.split()),
    )
    return check_stock_position(position)


def _column(text: str) -> tuple[tuple[Card, ...], int]:
    cards, down = [], 0
    for token in text.split():
        if token.startswith("<"):
            down += 1
            token = token[1:-1]
        cards.append(parse_card(token))
    return tuple(cards), down


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(token) for token in text.split())


_RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
_ROW = ["5C", "6C", "7C", "8C", "9C", "5D", "6D", "7D", "8D", "9D"]


def stock_named_positions() -> list[tuple[str, StockPosition]]:
    """The examples of docs/rules.md (Klondike, Spider) as named positions."""
    boards = []
    for variant in ("klondike-draw1", "klondike-draw3"):
        boards += [
            (f"alternate-colours/{variant}",
             stock_board(variant, ["7C", "8D", "8S", "9D", "<2H> TC 9H 8C", "JD"])),
            (f"king-only-columns/{variant}", stock_board(variant, ["<2H> KS QH JC", "<3C> QD JS", "5D"])),
            (f"exposed-card-turns/{variant}", stock_board(variant, ["<4S> <9D> 7C", "8H"])),
            (f"foundation-return/{variant}",
             stock_board(variant, ["8D", "8S", "4D", "AC"], foundations={"S": 7, "D": 3, "H": 13})),
            (f"waste-top-only/{variant}", stock_board(variant, ["KC", "3S"], stock_top="2D AH 2S")),
            (f"stock-and-waste-empty/{variant}",
             stock_board(variant, ["KH"], foundations={"H": 12, "C": 13, "D": 13, "S": 13})),
            (f"passes/{variant}", stock_board(variant, [], foundations=dict.fromkeys(SUITS, 12))),
        ]
    for variant, suit, ends, low in (("spider-1suit", "C", ("9C 8C 7C", "8C", "9C", "TC", "9C"), "4C"),
                                     ("spider-2suits", "H", ("9C 8H 7H", "8C", "9H", "TH", "9C"), "4C"),
                                     ("spider-4suits", "S", ("9S 8H 7H", "8C", "9D", "TD", "9C"), "4D")):
        run = _RUN.replace("S", suit)
        row = _ROW if variant == "spider-4suits" else ["5C", "6C", "7C", "8C", "9C"] * 2
        boards += [
            (f"any-suit-one-higher/{variant}", stock_board(variant, list(ends))),
            (f"run-removal/{variant}", stock_board(variant, [f"<{low}> {run}", f"A{suit}", "7C"])),
            (f"deal-needs-every-column/{variant}", stock_board(variant, row[:3] + [""] + row[4:])),
            (f"removal-after-deal/{variant}",
             stock_board(variant, [f"<{low}> {run}", *row[1:]],
                         stock_top=f"TC TC JC JC QC QC KC KC 9C A{suit}")),
        ]
    return boards
