"""What a Klondike player who sees only the view can judge: what a card just
turned up can do, how a move looks, how long to wait on the stock. Fair play's
honest player and hindsight measure ask these (``fairplay/``); they read
face-up cards, the waste, and how many cards lie face down, never a hidden card.

>>> from engine import deal
>>> p = deal("klondike-draw1", 1)
>>> visible_score(p, "s", p), patience(p.ruleset, 24)
(0.0, 26)
"""

from __future__ import annotations

from engine.cards import SUITS, Card
from engine.families.base import FITS, HOME, NONE
from engine.families.stock.position import StockPosition
from engine.rules import Ruleset


def card_use(position: StockPosition, index: int, card: Card) -> int:
    """Home when its foundation takes it; fits when it goes on another column's
    exposed card, or another column's face-up run or the waste's top card goes on it."""
    if position.foundations[SUITS.index(card.suit)] == card.rank - 1:
        return HOME
    for j, column in enumerate(position.columns):
        if j == index:
            continue
        top = column[-1] if column else None
        if top is not None and card.fits_on(top):
            return FITS
        base = column[position.face_down[j]] if column else None
        if base is not None and base.fits_on(card):
            return FITS
    if position.waste and position.waste[-1].fits_on(card):
        return FITS
    return NONE


def visible_score(position: StockPosition, move, after: StockPosition) -> float | None:
    """A card sent home, a face-down card turned up (more for deeper columns),
    a waste card played, a column emptied for a King in sight; ``None`` for a
    card taken back from home (a person's last resort) or a shuffle that shows nothing."""
    text = str(move)
    if text == "s":
        return 0.0
    if move.source == "foundation":
        return None
    src = move.source_index
    turned = move.source == "column" and after.face_down[src] < position.face_down[src]
    if move.destination == "foundation":
        return 5.0 + (2.0 if turned else 0.0)
    if move.source == "waste":
        return 3.0
    if turned:
        return 4.0 + 0.3 * position.face_down[src]
    if not after.columns[src] and position.face_down[src] == 0 and _king_waits(position):
        return 1.0  # an empty column for a King on the waste or on face-down cards
    return None


def _king_waits(position: StockPosition) -> bool:
    """A King shows on the waste, or at the foot of a column's face-up cards above face-down ones."""
    feet = [column[down] for column, down in zip(position.columns, position.face_down, strict=True)
            if column and down]
    return any(card.rank == 13 for card in (*position.waste[-1:], *feet))


def patience(rules: Ruleset, stock_size: int) -> int:
    """A pass through the stock and a bit."""
    return stock_size // rules.draw_count + 2
