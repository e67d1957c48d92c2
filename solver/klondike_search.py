"""A bounded best-first Klondike search from any position, knowing every card
(the server's knowledge): for hints once a game has left a known line.
Klondike-Solver takes starting deals only, so this is ours. It finds lines,
it never proves a loss: when the budget runs out the answer is ``None``.

A card is ``suit * 13 + rank - 1`` with suits in the engine's ``HCDS`` order
(even = red), a face-down card that plus ``DOWN``; the stock and the waste
are tuples whose last card is the top.

>>> from engine import deal
>>> found = search(deal("klondike-draw1", 2), states=200_000, seconds=20)
>>> found.moves is not None
True
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass

from engine import SUITS, get_ruleset

DOWN = 64
_SUIT_OF = {suit: i for i, suit in enumerate(SUITS)}


@dataclass(frozen=True, slots=True)
class KlondikeLine:
    moves: tuple[str, ...] | None
    states: int
    seconds: float


def _code(card) -> int:
    return _SUIT_OF[card.suit] * 13 + card.rank - 1


def _state(position):
    cols = tuple(
        tuple(_code(c) + (DOWN if i < down else 0) for i, c in enumerate(column))
        for column, down in zip(position.columns, position.face_down, strict=True)
    )
    return (cols, tuple(_code(c) for c in position.stock),
            tuple(_code(c) for c in position.waste), tuple(position.foundations))


def _fits(card: int, onto: int) -> bool:
    return onto < DOWN and onto % 13 == card % 13 + 1 and (onto // 13) % 2 != (card // 13) % 2


def _lift(cols, i, count):
    column = cols[i][:-count]
    if column and column[-1] >= DOWN:
        column = column[:-1] + (column[-1] - DOWN,)
    return cols[:i] + (column,) + cols[i + 1:]


def _put(cols, i, cards):
    return cols[:i] + (cols[i] + cards,) + cols[i + 1:]


def _home(found, card):
    suit = card // 13
    return found[:suit] + (found[suit] + 1,) + found[suit + 1:]


def children(state, draw):
    """(move text, next state) for every move worth trying from ``state``."""
    cols, stock, waste, found = state
    out = []
    if waste:
        card = waste[-1]
        if found[card // 13] == card % 13:
            out.append(("wh", (cols, stock, waste[:-1], _home(found, card))))
        for d, column in enumerate(cols):
            if (_fits(card, column[-1]) if column else card % 13 == 12):
                out.append((f"w{d + 1}", (_put(cols, d, (card,)), stock, waste[:-1], found)))
    for s, column in enumerate(cols):
        if not column:
            continue
        top = column[-1]
        if found[top // 13] == top % 13:
            out.append((f"{s + 1}h", (_lift(cols, s, 1), stock, waste, _home(found, top))))
        for d, target in enumerate(cols):
            if d == s:
                continue
            for k in range(len(column)):
                card = column[k]
                if card >= DOWN:
                    continue
                if (_fits(card, target[-1]) if target else card % 13 == 12 and k > 0):
                    moved = column[k:]
                    out.append((f"{s + 1}{d + 1}",
                                (_put(_lift(cols, s, len(moved)), d, moved), stock, waste, found)))
                    break
    for suit, rank in enumerate(found):
        if rank >= 2:
            card = suit * 13 + rank - 1
            for d, target in enumerate(cols):
                if (_fits(card, target[-1]) if target else rank == 13):
                    back = found[:suit] + (rank - 1,) + found[suit + 1:]
                    child = (_put(cols, d, (card,)), stock, waste, back)
                    out.append((f"h{SUITS[suit].lower()}{d + 1}", child))
    if stock:
        turned = stock[-draw:][::-1]
        out.append(("s", (cols, stock[:-len(turned)], waste + turned, found)))
    elif waste:
        out.append(("s", (cols, waste[::-1], (), found)))
    return out


def score(state) -> int:
    cols, stock, waste, found = state
    down = sum(1 for column in cols for card in column if card >= DOWN)
    return 20 * sum(found) - 30 * down - len(stock) - len(waste)


def search(position, *, states: int, seconds: float) -> KlondikeLine:
    """Best-first from ``position`` until a win, ``states`` positions or
    ``seconds``; the line in our notation (not yet verified) or ``None``."""
    started = time.monotonic()
    draw = get_ruleset(position.variant).draw_count
    start = _state(position)
    seen = {start}
    heap = [(-score(start), 0, start, None)]
    tick, used = 1, 0
    while heap and used < states:
        if used & 255 == 0 and time.monotonic() - started > seconds:
            break
        _, _, state, path = heapq.heappop(heap)
        used += 1
        if sum(state[3]) == 52:
            return KlondikeLine(_unwind(path), used, time.monotonic() - started)
        for move, child in children(state, draw):
            if child in seen:
                continue
            seen.add(child)
            heapq.heappush(heap, (-score(child), tick, child, (move, path)))
            tick += 1
    return KlondikeLine(None, used, time.monotonic() - started)


def _unwind(path) -> tuple[str, ...]:
    moves = []
    while path is not None:
        moves.append(path[0])
        path = path[1]
    return tuple(reversed(moves))
