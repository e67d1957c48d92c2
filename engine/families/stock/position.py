"""Positions of the games with a stock and face-down cards (Klondike, Spider).

Every pile lists its cards from the bottom up, so the last card is the top
one: ``columns`` deepest card first (the last is exposed), ``stock`` with the
next card to be turned or dealt last, ``waste`` with the playable card last.
``face_down`` gives, per column, how many of its deepest cards are face down.
Klondike keeps ``foundations`` (rank of the top card per suit, ``H C D S``);
Spider keeps ``removed``, the suit of each complete run taken off, in order.

The player's view (``player_view``) shows every face-down card and the stock
as unknown (``None``), and ``revealed_cards`` names the cards a move turned up.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.cards import RANKS, SUITS, Card, parse_card
from engine.errors import InvalidBoardError
from engine.rules import Ruleset, get_ruleset


@dataclass(frozen=True, slots=True)
class StockPosition:
    """One position of a Klondike or Spider variant (see the module notes).

    >>> from engine import deal
    >>> p = deal("klondike-draw1", 1)
    >>> [len(c) for c in p.columns], p.face_down, len(p.stock), str(p.stock[-1])
    ([1, 2, 3, 4, 5, 6, 7], (0, 1, 2, 3, 4, 5, 6), 24, '4H')
    """

    variant: str
    columns: tuple[tuple[Card, ...], ...]
    face_down: tuple[int, ...]
    stock: tuple[Card, ...] = ()
    waste: tuple[Card, ...] = ()
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)
    removed: tuple[str, ...] = ()

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.variant)

    def face_up(self, index: int) -> tuple[Card, ...]:
        """The face-up cards of column ``index`` (0-based), deepest first."""
        return self.columns[index][self.face_down[index]:]


def full_deck(rules: Ruleset) -> Counter:
    """Every card of the variant's deck(s), with multiplicity (Spider's suits repeat)."""
    cards: Counter = Counter()
    for _ in range(rules.decks):
        for suit in rules.deck_suits:
            for rank in range(1, 14):
                cards[Card(rank, suit)] += 1
    return cards


def check_stock_position(position: StockPosition) -> StockPosition:
    """Return ``position`` if it is well formed: the ruleset's number of columns,
    face-down counts within each column, the exposed card of a non-empty column
    face up, and exactly the cards of the variant's deck(s). Raises
    ``InvalidBoardError`` otherwise.

    >>> from engine import deal
    >>> check_stock_position(deal("spider-2suits", 5)).variant
    'spider-2suits'
    """
    rules = get_ruleset(position.variant)
    if rules.stock == "none":
        raise InvalidBoardError(f"{position.variant} has no stock")
    if len(position.columns) != rules.columns or len(position.face_down) != rules.columns:
        raise InvalidBoardError(f"a {position.variant} position has {rules.columns} columns")
    for column, down in zip(position.columns, position.face_down, strict=True):
        if type(down) is not int or not 0 <= down <= max(len(column) - 1, 0):
            raise InvalidBoardError("a column's face-down cards lie under at least one face-up card")
    seen: Counter = Counter()
    for pile in (*position.columns, position.stock, position.waste):
        for card in pile:
            if not isinstance(card, Card):
                raise InvalidBoardError("positions hold Card values")
            seen[card] += 1
    _count_homes(position, rules, seen)
    expected = full_deck(rules)
    if seen != expected:
        extra = sorted(str(c) for c in (seen - expected).elements())
        missing = sorted(str(c) for c in (expected - seen).elements())
        detail = "; ".join(part for part in (
            f"{sum(seen.values())} cards",
            "too many: " + " ".join(extra) if extra else "",
            "missing: " + " ".join(missing) if missing else "") if part)
        raise InvalidBoardError(f"not the {sum(expected.values())} cards of {position.variant} ({detail})")
    return position


def _count_homes(position: StockPosition, rules: Ruleset, seen: Counter) -> None:
    if rules.foundation_build != "complete_runs_removed":
        if position.removed or len(position.foundations) != 4 or any(
            type(top) is not int or not 0 <= top <= 13 for top in position.foundations
        ):
            raise InvalidBoardError("Klondike foundations give a rank from 0 to 13 for each suit")
        for suit, top in zip(SUITS, position.foundations, strict=True):
            for rank in range(1, top + 1):
                seen[Card(rank, suit)] += 1
        return
    if position.waste or any(position.foundations) or len(position.removed) > rules.foundations:
        raise InvalidBoardError("a Spider position has no waste and at most 8 removed runs")
    for suit in position.removed:
        if suit not in SUITS:
            raise InvalidBoardError(f"not a suit: {suit!r}")
        for rank in range(1, 14):
            seen[Card(rank, suit)] += 1


def stock_position_to_json(position: StockPosition) -> dict:
    """The full position as JSON (the server's copy: every card is named).

    >>> from engine import deal
    >>> data = stock_position_to_json(deal("klondike-draw3", 1))
    >>> data["columns"][1], data["face_down"][:3], data["waste"], len(data["stock"])
    (['7H', 'TS'], [0, 1, 2], [], 24)
    """
    data = {
        "variant": position.variant,
        "columns": [[str(card) for card in column] for column in position.columns],
        "face_down": list(position.face_down),
        "stock": [str(card) for card in position.stock],
    }
    if get_ruleset(position.variant).stock == "waste":
        data["waste"] = [str(card) for card in position.waste]
        data["foundations"] = dict(zip(SUITS, position.foundations, strict=True))
    else:
        data["removed"] = list(position.removed)
    return data


def stock_position_from_json(data: object) -> StockPosition:
    """Read the JSON written by ``stock_position_to_json``; the result is checked.

    >>> from engine import deal
    >>> p = deal("spider-4suits", 3)
    >>> stock_position_from_json(stock_position_to_json(p)) == p
    True
    """
    if not isinstance(data, dict) or not isinstance(data.get("variant"), str):
        raise InvalidBoardError("a position is an object with a variant")
    rules = get_ruleset(data["variant"])
    keys = {"variant", "columns", "face_down", "stock"}
    keys |= {"waste", "foundations"} if rules.stock == "waste" else {"removed"}
    if set(data) != keys:
        raise InvalidBoardError(f"a {rules.variant} position has the keys {', '.join(sorted(keys))}")
    columns, down = data["columns"], data["face_down"]
    if not isinstance(columns, list) or not all(isinstance(c, list) for c in columns):
        raise InvalidBoardError("columns must be a list of lists of cards")
    if not isinstance(down, list) or not all(type(n) is int for n in down):
        raise InvalidBoardError("face_down must be a list of whole numbers")
    foundations = data.get("foundations", dict.fromkeys(SUITS, 0))
    if not isinstance(foundations, dict) or set(foundations) != set(SUITS):
        raise InvalidBoardError('foundations must be {"H": n, "C": n, "D": n, "S": n}')
    removed = data.get("removed", [])
    if not isinstance(removed, list) or not all(isinstance(s, str) for s in removed):
        raise InvalidBoardError("removed must be a list of suit letters")
    position = StockPosition(
        variant=rules.variant,
        columns=tuple(_cards(column) for column in columns),
        face_down=tuple(down),
        stock=_cards(data["stock"]),
        waste=_cards(data.get("waste", [])),
        foundations=tuple(foundations[suit] for suit in SUITS),
        removed=tuple(removed),
    )
    return check_stock_position(position)


def _cards(texts: object) -> tuple[Card, ...]:
    if not isinstance(texts, list):
        raise InvalidBoardError("a pile is a list of cards")
    return tuple(parse_card(text) for text in texts)


def player_view(position) -> dict:
    """What the player may see, the one form in which the site sends a position:
    for Klondike and Spider the JSON form with every face-down card and every
    stock card replaced by ``None`` (no ``face_down`` key: the nulls say it);
    nothing else is hidden (a family that hides nothing sends its JSON form).

    >>> from engine import deal
    >>> view = player_view(deal("klondike-draw1", 1))
    >>> view["columns"][2], view["stock"][:2], len(view["stock"])
    ([None, None, '5C'], [None, None], 24)
    """
    data = stock_position_to_json(position)
    data["columns"] = [
        [None] * down + [str(card) for card in column[down:]]
        for column, down in zip(position.columns, position.face_down, strict=True)
    ]
    data["stock"] = [None] * len(position.stock)
    del data["face_down"]
    return data


def revealed_cards(before: StockPosition, after: StockPosition, turned: tuple = ()) -> list[dict]:
    """The cards a move turned face up: ``[{"pile": "3", "card": "QH"}]``.
    ``turned`` holds the cards a stock move brought out (``(pile, card)`` pairs,
    from ``turned_from_stock``); flips of exposed cards are found here.
    ``apply_revealing`` does both for one move.

    >>> from engine import apply_move, deal
    >>> before = deal("klondike-draw1", 1)
    >>> revealed_cards(before, apply_move(before, "7h"))
    [{'pile': '7', 'card': 'JS'}]
    """
    found = [{"pile": pile, "card": str(card)} for pile, card in turned]
    for index, (old, new) in enumerate(zip(before.face_down, after.face_down, strict=True)):
        column = after.columns[index]
        for card in column[new:min(old, len(column))]:
            found.append({"pile": pile_name(index), "card": str(card)})
    return found


def turned_from_stock(before: StockPosition, rules: Ruleset) -> tuple:
    """The (pile, card) pairs a stock move of ``before`` turns up, in order.

    >>> from engine import deal
    >>> p = deal("klondike-draw3", 1)
    >>> [(pile, str(card)) for pile, card in turned_from_stock(p, p.ruleset)]
    [('w', '4H'), ('w', 'AC'), ('w', '4D')]
    """
    if rules.stock == "deal_row":
        top = before.stock[::-1][: rules.columns]
        return tuple((pile_name(i), card) for i, card in enumerate(top))
    return tuple(("w", card) for card in before.stock[::-1][: rules.draw_count])


def pile_name(index: int) -> str:
    """Notation of column ``index`` (0-based): ``1``..``9``, and ``0`` for the tenth."""
    return str((index + 1) % 10)


def card_text(card: Card, hidden: bool) -> str:
    """A card in PySolFC's layout text: face-down cards in angle brackets."""
    return f"<{card}>" if hidden else str(card)


def foundation_token(suit: str, top: int) -> str:
    return f"{suit}-{'0' if top == 0 else RANKS[top - 1]}"
