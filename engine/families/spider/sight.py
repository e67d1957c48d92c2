"""What a Spider player who sees only the view can judge: what a card just
turned up can do, how a move looks, how long to wait on the stock. Fair play's
honest player and hindsight measure ask these (``fairplay/``); they read
face-up cards and how many cards lie face down, never a hidden card.

>>> from engine import deal
>>> p = deal("spider-1suit", 1)
>>> visible_score(p, "s", p), patience(p.ruleset, 50)
(0.0, 1)
"""

from __future__ import annotations

from engine.cards import Card
from engine.families.base import FITS, HOME, NONE
from engine.families.stock.position import StockPosition
from engine.rules import Ruleset


def card_use(position: StockPosition, index: int, card: Card) -> int:
    """Home when it builds, or takes another column's run, in its own suit;
    fits when it does so in another suit."""
    best = NONE
    for j, column in enumerate(position.columns):
        if j == index or not column:
            continue
        top = column[-1]
        if top.rank == card.rank + 1 or _run_base(position, j).rank == card.rank - 1:
            best = max(best, HOME if top.suit == card.suit else FITS)
    return best


def _run_base(position: StockPosition, j: int) -> Card:
    """The deepest card of column ``j``'s movable same-suit run."""
    column = position.columns[j]
    i = len(column) - 1
    while i > position.face_down[j] and column[i - 1].suit == column[i].suit \
            and column[i - 1].rank == column[i].rank + 1:
        i -= 1
    return column[i]


def visible_score(position: StockPosition, move, after: StockPosition) -> float | None:
    """A run removed, a face-down card turned up (more for deeper columns and
    in suit), a column emptied, a run moved onto its own suit off a card it does
    not follow; ``None`` for a shuffle that shows nothing."""
    if str(move) == "s":
        return 0.0
    if len(after.removed) > len(position.removed):
        return 6.0
    src, dst = move.source_index, move.destination_index
    column, target = position.columns[src], position.columns[dst]
    count = len(column) - len(after.columns[src])
    bottom = column[-count]
    in_suit = bool(target) and bottom.suit == target[-1].suit
    if after.face_down[src] < position.face_down[src]:
        return 4.0 + 0.2 * position.face_down[src] + (1.0 if in_suit else 0.0)
    if not target:
        return None  # into an empty column with nothing turned up: a shuffle
    under = column[-count - 1] if count < len(column) else None
    if not after.columns[src]:
        return 3.0 if in_suit else 1.5  # an emptied column
    if in_suit and under is not None and not (under.suit == bottom.suit and under.rank == bottom.rank + 1):
        return 2.5  # a run taken off a card it does not follow in suit, onto its own suit
    return None


def patience(rules: Ruleset, stock_size: int) -> int:
    """One deal."""
    return 1
