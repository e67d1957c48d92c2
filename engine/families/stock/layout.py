"""PySolFC's layout text for Klondike and Spider, read and written.

A ``Talon:`` line lists the stock from its top (the next card turned or
dealt) down; optional ``Foundations:`` (Klondike: ``H-0 C-5 D-A S-K``; Spider:
one ``S-K`` per removed run) and ``Waste:`` (bottom card first, the playable
card last) lines follow; then one line per column from column 1, deepest card
first, face-down cards in angle brackets (``<7H> 9H``); an empty column is
written ``:``. A fresh deal prints exactly as pysol-cards prints PySolFC's
Klondike layout.
"""

from __future__ import annotations

from engine.cards import RANKS, SUITS, read_card
from engine.errors import InvalidBoardError
from engine.families.stock.position import StockPosition, card_text, check_stock_position, foundation_token
from engine.rules import get_ruleset

_RANKS = {"0": 0, "10": 10, **{rank: i for i, rank in enumerate(RANKS, 1)}}


def to_layout(position: StockPosition) -> str:
    """The position as layout text; ``Foundations:`` and ``Waste:`` only when
    they hold cards.

    >>> from engine import deal
    >>> to_layout(deal("klondike-draw1", 1)).splitlines()[1:3]
    ['QH', '<7H> TS']
    """
    lines = [" ".join(["Talon:", *(str(card) for card in reversed(position.stock))])]
    if any(position.foundations):
        tokens = (foundation_token(s, top) for s, top in zip(SUITS, position.foundations, strict=True))
        lines.append("Foundations: " + " ".join(tokens))
    if position.removed:
        lines.append("Foundations: " + " ".join(f"{suit}-K" for suit in position.removed))
    if position.waste:
        lines.append("Waste: " + " ".join(str(card) for card in position.waste))
    for column, down in zip(position.columns, position.face_down, strict=True):
        text = " ".join(card_text(card, k < down) for k, card in enumerate(column))
        lines.append(text or ":")
    return "\n".join(lines) + "\n"


def from_layout(text: str, variant: str) -> StockPosition:
    """Read layout text as a position of ``variant`` (checked: the variant's
    columns, every card of its deck(s) exactly once per copy).

    >>> from engine import deal
    >>> p = deal("spider-2suits", 7)
    >>> from_layout(to_layout(p), "spider-2suits") == p
    True
    """
    rules = get_ruleset(variant)
    if rules.stock == "none" or not isinstance(text, str):
        raise InvalidBoardError(f"layout text is for Klondike and Spider, not {variant}")
    piles: dict = {"talon": None, "foundations": None, "waste": ()}
    columns = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        head, colon, rest = line.partition(":")
        if colon and head.lower() in piles:
            if head.lower() == "talon":
                piles["talon"] = tuple(_card(t, number) for t in rest.split())
            elif head.lower() == "waste":
                piles["waste"] = tuple(_card(t, number) for t in rest.split())
            else:
                piles["foundations"] = rest.split()
        else:
            columns.append(line[1:].strip() if line.startswith(":") else line)
    while len(columns) > rules.columns and not columns[-1]:
        columns.pop()
    if piles["talon"] is None:
        raise InvalidBoardError("layout text starts with a Talon: line (it may be empty)")
    if len(columns) != rules.columns:
        raise InvalidBoardError(f"a {variant} layout has {rules.columns} column lines, found {len(columns)}")
    cards = [_column(line, number) for number, line in enumerate(columns, 1)]
    runs_removed = rules.foundation_build == "complete_runs_removed"
    foundations, removed = _homes(piles["foundations"] or [], runs_removed)
    position = StockPosition(
        variant=variant,
        columns=tuple(column for column, _ in cards),
        face_down=tuple(down for _, down in cards),
        stock=piles["talon"][::-1],
        waste=piles["waste"],
        foundations=foundations,
        removed=removed,
    )
    return check_stock_position(position)


def _card(token: str, number: int):
    return read_card(token, f"line {number}")


def _column(line: str, number: int) -> tuple[tuple, int]:
    cards, down, seen_up = [], 0, False
    for token in line.split():
        hidden = token.startswith("<") and token.endswith(">")
        if hidden and seen_up:
            raise InvalidBoardError(f"column {number}: a face-down card lies on a face-up one")
        cards.append(_card(token[1:-1] if hidden else token, number))
        down += hidden
        seen_up = seen_up or not hidden
    if cards and down == len(cards):
        raise InvalidBoardError(f"column {number}: the exposed card is face up")
    return tuple(cards), down


def _homes(tokens: list[str], runs_removed: bool) -> tuple[tuple, tuple]:
    ranks, removed = dict.fromkeys(SUITS, 0), []
    for token in tokens:
        suit, dash, rank = token.upper().partition("-")
        if not dash or suit not in ranks or rank not in _RANKS:
            raise InvalidBoardError(f"bad foundation {token!r} (like H-0 or S-K)")
        if runs_removed:
            if _RANKS[rank] != 13:
                raise InvalidBoardError(f"a Spider foundation holds a complete run ({token!r}: use S-K)")
            removed.append(suit)
        else:
            ranks[suit] = _RANKS[rank]
    return tuple(ranks[suit] for suit in SUITS), tuple(removed)
