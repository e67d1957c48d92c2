"""A proof that a Klondike position cannot be won, found without a search.

The proof is a relaxation: a game easier than Klondike in which

- every stock and waste card is at hand whenever it is wanted (any draw count);
- a card may go onto any card one higher of the other colour that has been
  uncovered at some time, or that has been home (foundation returns), however
  many other cards use it and wherever it lies now;
- a King may move whenever some other column could have emptied;
- a face-up card may move with any face-up card beneath it.

Every move Klondike allows is allowed here, and every event of a real game
(a card leaving its place, a card going home) has its conditions met in the
relaxed game at least as early. So if, playing every event the relaxed game
allows until nothing more follows, some card still never goes home, no line of
real moves wins either. The classic case: a card lies on a lower card of its own
suit, and both cards it could move onto lie beneath it in the same column, so it
can neither go home first nor move away (Draw 1 and Draw 3 #35140130258886756618:
7H covers 2H, and the black 8s are under 7H).

It decides only the positions it blocks; the others are left to the searches
(``solver/stock.py``). ``tests/solver/test_klondike_blocked.py`` checks that no
position along won lines is ever blocked, and ``bench/klondike_blocked_sweep.py`` does
so for every deal of a range (Draw 1 and 3 deals 1..300: 51,527 positions along 471
won lines, none blocked).

>>> from engine import deal
>>> found = blocked(deal("klondike-draw1", 35140130258886756618))
>>> str(found.card), [str(c) for c in found.stuck]
('2H', ['7H'])
>>> blocked(deal("klondike-draw1", 1)) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import SUITS, Card


@dataclass(frozen=True, slots=True)
class Blockage:
    """``card`` (the lowest of its suit) can never go home; ``stuck``: the cards on top
    of it in its column that can never leave (empty when it is the suit's order
    itself that never gets there)."""

    card: Card
    stuck: tuple[Card, ...]

    def __str__(self) -> str:
        if not self.stuck:
            return f"{self.card} can never go home"
        above = ", ".join(str(c) for c in self.stuck)
        return f"{self.card} can never be uncovered: {above} above it can never leave its column"


def blocked(position) -> Blockage | None:
    """The reason ``position`` (a Klondike position) cannot be won, or ``None`` when this
    relaxation finds none (the position may still be lost)."""
    columns = [tuple(column) for column in position.columns]
    downs = list(position.face_down)
    home = {Card(rank, suit) for suit, count in zip(SUITS, position.foundations, strict=True)
            for rank in range(1, count + 1)}
    at_hand = set(position.stock) | set(position.waste)
    left: set[Card] = set()

    def uncovered(i: int, j: int) -> bool:
        return all(card in left for card in columns[i][j + 1:])

    def available(card: Card, place: dict) -> bool:
        if card in at_hand or card in home:
            return True
        spot = place.get(card)
        return spot is not None and uncovered(*spot)

    place = {card: (i, j) for i, column in enumerate(columns) for j, card in enumerate(column)}
    changed = True
    while changed:
        changed = False
        emptied = any(not column or all(card in left for card in column) for column in columns)
        for i, column in enumerate(columns):
            for j, card in enumerate(column):
                if card in left:
                    continue
                face_up = j >= downs[i]
                if face_up and any(below in left for below in column[downs[i]:j]):
                    moves = True  # carried away by a face-up card beneath it
                elif not face_up and not uncovered(i, j):
                    moves = False
                else:
                    lower_home = card.rank == 1 or Card(card.rank - 1, card.suit) in home
                    moves = (
                        (lower_home and uncovered(i, j))
                        or (card.rank == 13 and (j == 0 or emptied))
                        or any(available(Card(card.rank + 1, suit), place)
                               for suit in SUITS if (suit in "HD") != card.is_red)
                    )
                if moves:
                    left.add(card)
                    changed = True
        for suit in SUITS:
            for rank in range(1, 14):
                card = Card(rank, suit)
                if card in home:
                    continue
                if (rank == 1 or Card(rank - 1, suit) in home) and (
                        card in at_hand or uncovered(*place[card])):
                    home.add(card)
                    changed = True
                break
    for suit in SUITS:
        for rank in range(1, 14):
            card = Card(rank, suit)
            if card in home:
                continue
            if card in at_hand:
                return Blockage(card, ())
            i, j = place[card]
            stuck = tuple(c for c in columns[i][j + 1:] if c not in left)
            return Blockage(card, stuck)
    return None
