"""Fast replay for Klondike and Spider: the same contract as ``replay.replay``.

Cards are small ints (``rank << 2 | suit``, suits ``H C D S``, so ``c & 1`` is
the colour and ``c & 3`` the suit), piles are mutable lists, move texts are
compiled once per variant. The loop only decides *whether* each move is legal;
at the first refusal the position is rebuilt and ``apply_move`` says why, so
every refusal message comes from one place.
"""

from __future__ import annotations

from engine.cards import SUITS, Card
from engine.errors import NotationError
from engine.replay import ReplayResult, outcome
from engine.rules import get_ruleset
from engine.stock_notation import COLUMN, FOUNDATION, STOCK, WASTE, as_stock_move
from engine.stock_position import StockPosition

_KINDS = {
    (STOCK, STOCK): 0, (WASTE, COLUMN): 1, (WASTE, FOUNDATION): 2, (COLUMN, FOUNDATION): 3,
    (COLUMN, COLUMN): 4, (FOUNDATION, COLUMN): 5,
}
_CARDS: dict[int, Card] = {}
for _suit in SUITS:
    for _rank in range(1, 14):
        _CARDS[_rank << 2 | SUITS.index(_suit)] = Card(_rank, _suit)
_CODES: dict[str, dict] = {}  # variant -> move text or StockMove -> (kind, source, destination, count or 0)


def stock_replay(position: StockPosition, moves, reveals: list | None, loop, apply, *,
                 until_reveal: bool = False) -> ReplayResult:
    """Apply ``moves`` from ``position`` until one is refused (see ``play.replay``),
    with the family's ``loop`` (``run_klondike``, ``run_spider``); ``apply`` is its
    ``apply_move``, which says why a refused move is refused.

    With a ``reveals`` list, one entry is appended to it per move applied: the
    cards that move turned face up, as ``apply_revealing`` names them
    (``[{"pile": "3", "card": "QH"}]``), found in the same loop. ``until_reveal``
    also stops the loop after the first move whose entry is not empty:

    >>> from engine import deal, replay
    >>> result = replay(deal("klondike-draw1", 2), ["s", "s", "zz"], until_reveal=True)
    >>> result.moves, result.reveal_stop, result.error_index
    (1, 1, None)
    """
    rules = get_ruleset(position.variant)
    state = _State(position)
    log = moves if isinstance(moves, list | tuple) else list(moves)
    turned = [] if reveals is None and until_reveal else reveals  # the stop needs the reveals
    applied, won = loop(state, log, rules, turned, until_reveal)
    final = state.position(position)
    if until_reveal and 0 < applied < len(log) and turned[-1]:  # stopped at a reveal, not at a refusal
        return ReplayResult(won, applied, final, reveal_stop=applied)
    return outcome(won, applied, final, log, apply)


def run_klondike(state: _State, log: list, rules, reveals: list | None,
                 until_reveal: bool) -> tuple[int, bool]:
    """The Klondike loop: (moves applied, won)."""
    codes = _CODES.setdefault(rules.variant, {})
    applied = _run_klondike(state, log, rules.draw_count, codes, rules, reveals, until_reveal)
    return applied, all(top == 13 for top in state.found)


def run_spider(state: _State, log: list, rules, reveals: list | None,
               until_reveal: bool) -> tuple[int, bool]:
    """The Spider loop: (moves applied, won)."""
    applied = _run_spider(state, log, _CODES.setdefault(rules.variant, {}), rules, reveals, until_reveal)
    return applied, len(state.removed) == rules.foundations


class _State:
    def __init__(self, position: StockPosition) -> None:
        self.cols = [[card.code for card in column] for column in position.columns]
        self.down = list(position.face_down)
        self.stock = [card.code for card in position.stock]
        self.waste = [card.code for card in position.waste]
        self.found = list(position.foundations)
        self.removed = list(position.removed)

    def position(self, start: StockPosition) -> StockPosition:
        cards = _CARDS
        return StockPosition(
            start.variant,
            tuple(tuple(cards[c] for c in column) for column in self.cols),
            tuple(self.down),
            tuple(cards[c] for c in self.stock),
            tuple(cards[c] for c in self.waste),
            tuple(self.found),
            tuple(self.removed),
        )


def _code(item, codes: dict, rules) -> tuple | None:
    try:
        move = as_stock_move(item, rules)
        kind = _KINDS[move.source, move.destination]
    except (NotationError, KeyError, TypeError):
        return None
    code = (kind, move.source_index, move.destination_index, move.count or 0)
    if len(codes) < 16384:
        codes[item] = code
    return code


_TEXTS = {code: str(card) for code, card in _CARDS.items()}


def _shown(pile: str, code: int) -> dict:
    return {"pile": pile, "card": _TEXTS[code]}


_PILES = tuple(str((index + 1) % 10) for index in range(10))  # column notation: 1..9, 0 for the tenth


def _run_klondike(state: _State, log: list, draw: int, codes: dict, rules, reveals: list | None,
                  until_reveal: bool) -> int:
    """Apply Klondike moves while they are legal (and, with ``until_reveal``, up
    to the first that turns a card up); returns how many were applied.
    A move turns cards up when the waste grows from the stock or a column's
    face-down count drops (``down`` compared before and after)."""
    cols, down, stock, waste, found = state.cols, state.down, state.stock, state.waste, state.found
    applied = 0
    for item in log:
        try:
            code = codes.get(item) or _code(item, codes, rules)
        except TypeError:  # unhashable, so not a move
            return applied
        if code is None:
            return applied
        kind, s, d, n = code
        was = len(waste) if kind == 0 else down[s] if kind in (3, 4) else 0
        if kind == 0:  # the stock: turn, or bring the waste back
            if stock:
                for _ in range(draw if draw < len(stock) else len(stock)):
                    waste.append(stock.pop())
            elif waste:
                waste.reverse()
                stock.extend(waste)
                waste.clear()
            else:
                return applied
        elif kind == 1 or kind == 2:  # waste -> column / foundation
            if not waste:
                return applied
            c = waste[-1]
            if kind == 2:
                if found[c & 3] != (c >> 2) - 1:
                    return applied
                found[c & 3] += 1
            elif not _accepts(cols[d], c):
                return applied
            else:
                cols[d].append(c)
            waste.pop()
        elif kind == 3:  # column -> foundation
            col = cols[s]
            if not col or found[col[-1] & 3] != (col[-1] >> 2) - 1:
                return applied
            found[col.pop() & 3] += 1
            if col and down[s] >= len(col):
                down[s] = len(col) - 1
        elif kind == 4:
            if not _klondike_column_move(cols, down, s, d, n):
                return applied
        else:  # foundation -> column
            top = found[s]
            if not top or not _accepts(cols[d], top << 2 | s):
                return applied
            cols[d].append(top << 2 | s)
            found[s] = top - 1
        if reveals is not None:
            shown = [_shown("w", code) for code in waste[was:]] if kind == 0 else []
            if kind in (3, 4) and down[s] < was:  # a column move turns at most its source's card
                shown.append(_shown(_PILES[s], cols[s][down[s]]))
            reveals.append(shown)
            if shown and until_reveal:
                return applied + 1
        applied += 1
    return applied


def _accepts(column: list[int], c: int) -> bool:
    if column:
        t = column[-1]
        return (t >> 2) == (c >> 2) + 1 and bool((t ^ c) & 1)
    return (c >> 2) == 13


def _klondike_column_move(cols, down, s, d, n) -> bool:
    src, dst = cols[s], cols[d]
    size = len(src)
    if not size or s == d:
        return False
    up = size - down[s]
    if n == 0:
        if dst:
            n = (dst[-1] >> 2) - (src[-1] >> 2)
            if not 1 <= n <= up:
                n = 1
        else:
            n = up
            for k in range(1, up + 1):
                if src[-k] >> 2 == 13:
                    n = k
                    break
    if n > up:
        return False
    for i in range(size - n, size - 1):
        a, b = src[i], src[i + 1]
        if (a >> 2) != (b >> 2) + 1 or not (a ^ b) & 1:
            return False
    if not _accepts(dst, src[size - n]):
        return False
    dst.extend(src[size - n:])
    del src[size - n:]
    if src and down[s] >= len(src):
        down[s] = len(src) - 1
    return True


def _run_spider(state: _State, log: list, codes: dict, rules, reveals: list | None,
                until_reveal: bool) -> int:
    """Apply Spider moves while they are legal (and, with ``until_reveal``, up to
    the first that turns a card up); returns how many were applied.
    A deal turns up the cards it deals; a deal or a move turns up a column's
    new top card when it takes the last face-up ones (a move, or a run removed)."""
    cols, down, stock, removed = state.cols, state.down, state.stock, state.removed
    width = len(cols)
    needs_every_column = rules.deal_needs_every_column
    applied = 0
    for item in log:
        try:
            code = codes.get(item) or _code(item, codes, rules)
        except TypeError:
            return applied
        if code is None:
            return applied
        kind, s, d, n = code
        if reveals is not None and (kind == 0 or kind == 4):  # what may turn: dealt cards, touched columns
            touched = range(width) if kind == 0 else (s, d) if s < d else (d, s)
            prior = [down[i] for i in touched]
            dealt = stock[:-width - 1:-1] if kind == 0 else ()
        if kind == 0:  # deal a row
            if not stock or (needs_every_column and not all(cols)):
                return applied
            for i in range(width if width < len(stock) else len(stock)):
                col = cols[i]
                col.append(stock.pop())
                if col[-1] >> 2 == 1:
                    _remove_run(col, down, i, removed)
        elif kind != 4 or not _spider_column_move(cols, down, s, d, n, removed):
            return applied
        if reveals is not None:
            shown = [_shown(_PILES[i], code) for i, code in enumerate(dealt)]
            for i, before in zip(touched, prior, strict=True):
                if down[i] < before:
                    col = cols[i]
                    shown.extend(_shown(_PILES[i], code) for code in col[down[i]:min(before, len(col))])
            reveals.append(shown)
            if shown and until_reveal:
                return applied + 1
        applied += 1
    return applied


def _spider_column_move(cols, down, s, d, n, removed) -> bool:
    src, dst = cols[s], cols[d]
    size = len(src)
    if not size or s == d:
        return False
    up = size - down[s]
    if n == 0:
        n = 1
        if dst:
            k = (dst[-1] >> 2) - (src[-1] >> 2)
            if 1 <= k <= up:
                n = k
    if n > up:
        return False
    for i in range(size - n, size - 1):
        a, b = src[i], src[i + 1]
        if (a >> 2) != (b >> 2) + 1 or (a ^ b) & 3:
            return False
    if dst and (dst[-1] >> 2) != (src[size - n] >> 2) + 1:
        return False
    dst.extend(src[size - n:])
    del src[size - n:]
    if src and down[s] >= len(src):
        down[s] = len(src) - 1
    if dst[-1] >> 2 == 1:
        _remove_run(dst, down, d, removed)
    return True


def _remove_run(col: list[int], down: list[int], i: int, removed: list) -> None:
    """Take a complete King-to-Ace run of one suit off the end of column ``i``."""
    if len(col) - down[i] < 13:
        return
    suit = col[-1] & 3
    for k in range(13):
        if col[-1 - k] != ((k + 1) << 2 | suit):
            return
    del col[-13:]
    removed.append(SUITS[suit])
    if col and down[i] >= len(col):
        down[i] = len(col) - 1
