"""Clairvoyance: a Klondike or Spider line that chooses as only hindsight could.

A person cannot see face-down cards. When two or more moves would each turn
one up, the cards under them are, for the person, interchangeable unknowns: an
honest choice between them (whatever visible reason it has, the deepest
column, the tidiest move) picks the one that turns up the most useful card only
as often as chance says. A line played from the full layout picks it far more
often. Per such decision:

- the **options**: the legal moves that would each turn a different card up;
- the **use** of each, read after the move on the real cards: a card that goes
  home at once (2), one that joins or takes a run (1; Spider: 2 in suit), none (0),
  as the variant's family judges it (``Family.card_use``);
- **hindsight-only** when the uses differ: the best use is what only knowing
  the hidden cards could aim for.

Over the line: ``picked`` decisions chose a best use against ``expected`` by
chance, and ``z`` says how far above chance that is (a Poisson-binomial
z-score: near 0 for honest play, whatever its style). ``honest.py`` plays the
reference honest player whose lines calibrate this.

>>> from engine import deal
>>> hindsight_choices(deal("klondike-draw1", 1), []).decisions
0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Card, StockPosition, apply_move, family_of, legal_moves
from engine.families import FITS, HOME, NONE

__all__ = ["FITS", "HOME", "NONE", "Hindsight", "card_use", "hindsight_choices", "reveal_options",
           "turned_card"]


@dataclass(frozen=True, slots=True)
class Hindsight:
    """How a line chose between moves that turn hidden cards up (module notes)."""

    decisions: int = 0
    picked: int = 0
    expected: float = 0.0
    variance: float = 0.0

    @property
    def z(self) -> float:
        return round((self.picked - self.expected) / math.sqrt(self.variance), 2) if self.variance else 0.0

    @property
    def rate(self) -> float:
        return round(self.picked / self.decisions, 3) if self.decisions else 0.0

    def evidence(self) -> dict:
        chance = round(self.expected / self.decisions, 3) if self.decisions else 0.0
        return {"decisions": self.decisions, "picked": self.picked, "expected": round(self.expected, 2),
                "rate": self.rate, "chance": chance, "z": self.z}


def turned_card(before: StockPosition, after: StockPosition) -> tuple[int, Card] | None:
    """The column and card a move turned face up (None when it turned none up)."""
    for index, (down_before, down_after) in enumerate(zip(before.face_down, after.face_down, strict=True)):
        if down_after < down_before and after.columns[index]:
            return index, after.columns[index][down_after]
    return None


def card_use(position: StockPosition, index: int, card: Card) -> int:
    """The use of ``card``, just turned up on column ``index`` of ``position``."""
    return family_of(position.variant).card_use(position, index, card)


def reveal_options(position: StockPosition) -> dict[str, tuple[int, int]]:
    """Each legal move that turns a card up: its text -> (column turned, use of the card)."""
    options = {}
    for move in legal_moves(position):
        text = str(move)
        if text == "s":
            continue
        after = apply_move(position, move)
        turned = turned_card(position, after)
        if turned is not None:
            options[text] = (turned[0], card_use(after, *turned))
    return options


def hindsight_choices(start: StockPosition, moves: Sequence[str]) -> Hindsight:
    """How ``moves`` (a legal log from ``start``) chose between moves that turn cards up."""
    decisions = picked = 0
    expected = variance = 0.0
    position = start
    for move in moves:
        after = apply_move(position, move)
        if turned_card(position, after) is not None:
            options = reveal_options(position)
            by_column: dict[int, int] = {}
            for column, use in options.values():
                by_column[column] = max(use, by_column.get(column, NONE))
            uses = list(by_column.values())
            mine = options.get(move)
            if mine is not None and len(uses) >= 2 and max(uses) > min(uses):
                chance = uses.count(max(uses)) / len(uses)
                decisions += 1
                picked += mine[1] == max(uses)
                expected += chance
                variance += chance * (1 - chance)
        position = after
    return Hindsight(decisions, picked, expected, variance)
