"""PySolFC's own dealing procedure, written out step by step in its terms, as an
independent reference for the engine's Klondike and Spider deals.

From PySolFC's source (pysollib/game/__init__.py, pysolrandom.py,
games/klondike.py, games/spider.py):

- ``createCards``: for each deck, for each suit of the game's suit sequence
  (0 clubs, 1 spades, 2 hearts, 3 diamonds), ranks Ace to King.
- ``constructRandom``: ``LCRandom31`` for game numbers ``0 <= n < 32000``, its
  Mersenne Twister (pysol-cards' ``MTRandom``) otherwise.
- ``shuffle``: ``ms_rearrange`` when the generator is ``LCRandom31`` (a no-op
  unless there are 52 cards), ``random.shuffle``, then each card onto the talon
  in that order: the talon's top card is the last.
- ``dealRow(rows, flip, reverse)``: one card from the talon's top onto each row,
  in order (reversed when ``reverse``), face up when ``flip``.
- Klondike ``startGame``: ``for i in 1..6: dealRow(rows[i:], flip=0, reverse=1)``,
  then ``dealRow(reverse=1)``.
- Spider ``startGame``: four ``dealRow(flip=0)``, ``dealRow(rows=(r[0], r[3],
  r[6], r[9]), flip=0)``, then ``dealRow()``.

The output is PySolFC's layout text: the talon from its top, then each row,
deepest card first, face-down cards in ``<>``.
"""

from __future__ import annotations

from pysol_cards.cards import ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom

SUIT_LETTERS = "CSHD"
RANK_LETTERS = "A23456789TJQK"
SUITS = {"klondike": (0, 1, 2, 3), "spider-4suits": (0, 1, 2, 3),
         "spider-2suits": (0, 0, 2, 2), "spider-1suit": (0, 0, 0, 0)}


def construct_random(number: int):
    if 0 <= number < 32000:
        return LCRandom31(number)
    return MTRandom(number)


def create_cards(decks: int, suits: tuple[int, ...]) -> list[tuple[int, int]]:
    return [(suit, rank) for _ in range(decks) for suit in suits for rank in range(13)]


def shuffled_talon(decks: int, suits: tuple[int, ...], number: int) -> list[tuple[int, int]]:
    cards = create_cards(decks, suits)
    rng = construct_random(number)
    if isinstance(rng, LCRandom31):
        cards = ms_rearrange(cards)
    return rng.shuffle(list(cards))


class Table:
    def __init__(self, talon: list, rows: int) -> None:
        self.talon = talon
        self.rows = [[] for _ in range(rows)]

    def deal_row(self, rows=None, flip=True, reverse=False) -> None:
        indexes = list(range(len(self.rows))) if rows is None else list(rows)
        if reverse:
            indexes.reverse()
        for index in indexes:
            suit, rank = self.talon.pop()
            self.rows[index].append((suit, rank, flip))

    def layout(self) -> str:
        lines = [" ".join(["Talon:", *(_text(card, True) for card in reversed(self.talon))])]
        lines += [" ".join(_text((s, r), up) for s, r, up in row) for row in self.rows]
        return "\n".join(lines) + "\n"


def _text(card, face_up: bool) -> str:
    suit, rank = card
    text = RANK_LETTERS[rank] + SUIT_LETTERS[suit]
    return text if face_up else f"<{text}>"


def klondike_layout(number: int) -> str:
    table = Table(shuffled_talon(1, SUITS["klondike"], number), 7)
    for i in range(1, 7):
        table.deal_row(rows=range(i, 7), flip=False, reverse=True)
    table.deal_row(reverse=True)
    return table.layout()


def spider_layout(variant: str, number: int) -> str:
    table = Table(shuffled_talon(2, SUITS[variant], number), 10)
    for _ in range(4):
        table.deal_row(flip=False)
    table.deal_row(rows=(0, 3, 6, 9), flip=False)
    table.deal_row()
    return table.layout()


def gypsy_layout(number: int) -> str:
    """pysol-cards' Gypsy: two decks, two face-down rows and a face-up row on 8 rows."""
    table = Table(shuffled_talon(2, SUITS["spider-4suits"], number), 8)
    table.deal_row(flip=False)
    table.deal_row(flip=False)
    table.deal_row()
    return table.layout()


#: Game numbers of the fixtures: small ones (Microsoft's generator), both sides
#: of 32000, and large ones up to PySolFC's largest.
FIXTURE_NUMBERS = (1, 2, 3, 24, 617, 11982, 31999, 32000, 32001, 1_000_000, 2**31, 2**32 + 1,
                   123_456_789_012_345_678, 10**20 - 1)


def write_fixtures(path) -> None:
    """Write tests/engine/fixtures/pysolfc_deals.txt: Klondike layouts printed by
    pysol-cards (game 32000, where pysol-cards and PySolFC pick different
    generators, by the procedure above), Spider layouts by the procedure above."""
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random_base import RandomBase

    parts = []
    for number in FIXTURE_NUMBERS:
        if number == 32000:
            text = klondike_layout(number)
        else:
            game = Game("klondike", number, RandomBase.DEALS_PYSOLFC)
            text = game.calc_layout_string(CardRenderer(True))
        parts.append(f"# klondike {number}\n{text}")
        for variant in ("spider-1suit", "spider-2suits", "spider-4suits"):
            parts.append(f"# {variant} {number}\n{spider_layout(variant, number)}")
    path.write_text("".join(parts), encoding="utf-8")


if __name__ == "__main__":
    from pathlib import Path

    write_fixtures(Path(__file__).parent / "fixtures" / "pysolfc_deals.txt")
