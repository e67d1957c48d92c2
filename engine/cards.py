"""Cards: a frozen value for the public API and a small-int code for fast paths.

Suits are ordered ``H C D S`` everywhere (positions, foundations, JSON), which
makes the colour of a suit its index parity: even = red, odd = black. The one
integer encoding of a card is ``Card.code`` (``rank << 2 | suit index``); every
family's fast replay uses it, and ``CARD_OF_CODE`` turns it back into a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import InvalidBoardError

RANKS = "A23456789TJQK"
SUITS = "HCDS"
SUIT_NAMES = {"H": "heart", "C": "club", "D": "diamond", "S": "spade"}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: ``rank`` 1 (Ace) to 13 (King), ``suit`` one of ``HCDS``.

    >>> card = parse_card("TH")
    >>> (card.rank, card.suit, card.is_red, str(card))
    (10, 'H', True, 'TH')
    """

    rank: int
    suit: str

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @property
    def is_red(self) -> bool:
        return self.suit in "HD"

    @property
    def code(self) -> int:
        """Small-int form used by the fast paths: ``rank << 2 | suit index``."""
        return self.rank << 2 | SUITS.index(self.suit)

    def fits_on(self, other: Card) -> bool:
        """True when this card builds on ``other`` in a column (one lower, other colour).

        >>> parse_card("8H").fits_on(parse_card("9C")), parse_card("6D").fits_on(parse_card("7H"))
        (True, False)
        """
        return other.rank == self.rank + 1 and other.is_red != self.is_red


#: The 52 cards, suit by suit in ``HCDS`` order, Ace to King.
DECK = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
_BY_TEXT = {str(card): card for card in DECK}


def parse_card(text: str) -> Card:
    """The card written ``text`` (rank then suit, ``T`` for ten).

    >>> parse_card("AS")
    Card(rank=1, suit='S')
    """
    card = _BY_TEXT.get(text) if isinstance(text, str) else None
    if card is None:
        raise InvalidBoardError(f"not a card: {text!r} (expected rank A23456789TJQK + suit HCDS)")
    return card



#: ``CARD_OF_CODE[card.code] is card`` for every card (``None`` at the codes no card has).
CARD_OF_CODE: tuple[Card | None, ...] = tuple(
    next((card for card in DECK if card.code == code), None) for code in range(14 << 2)
)


def read_card(token: str, where: str) -> Card:
    """The card a board or layout text writes (``10H`` as well as ``TH``, any
    case); ``where`` names the place in the refusal.

    >>> read_card("10h", "line 1")
    Card(rank=10, suit='H')
    """
    text = token.upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    try:
        return parse_card(text)
    except InvalidBoardError:
        raise InvalidBoardError(f"{where}: not a card: {token!r}") from None


def why_not_on(card: Card, onto: Card) -> str:
    """Why ``card`` does not build on ``onto`` down in alternating colours
    (FreeCell, Klondike).

    >>> why_not_on(parse_card("7C"), parse_card("9D")), why_not_on(parse_card("7C"), parse_card("8S"))
    ('7C needs a red 8', 'both black')
    """
    if card.rank == 13:
        return "a King builds on no card"
    if onto.rank != card.rank + 1:
        colour = "black" if card.is_red else "red"
        return f"{card} needs a {colour} {RANKS[card.rank]}"
    return "both red" if card.is_red else "both black"
