"""Spider's fast replay loop (``engine.replay`` runs it, on the state
``families.stock.fast`` shares with Klondike's).

The rules are those of ``families.spider.rules``, inlined on card codes: the
loop only decides *whether* each move is legal, and on the first refusal
``rules.apply_move`` says why.
"""

from __future__ import annotations

from engine.cards import SUITS
from engine.families.stock.fast import PILES, State, codes_of, compiled, revealed, unload
from engine.replay import FastReplay
from engine.rules import Ruleset


def _run(state: State, log: list, rules: Ruleset, reveals: list | None,
         until_reveal: bool) -> tuple[int, bool]:
    """(moves applied, won)."""
    applied = _run_spider(state, log, codes_of(rules), rules, reveals, until_reveal)
    return applied, len(state.removed) == rules.foundations


def _run_spider(state: State, log: list, codes: dict, rules, reveals: list | None,
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
            code = codes.get(item) or compiled(item, codes, rules)
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
            shown = [revealed(PILES[i], code) for i, code in enumerate(dealt)]
            for i, before in zip(touched, prior, strict=True):
                if down[i] < before:
                    col = cols[i]
                    shown.extend(revealed(PILES[i], code) for code in col[down[i]:min(before, len(col))])
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


#: The loop as ``engine.replay.fast_replay`` runs it.
FAST = FastReplay(load=State, run=_run, unload=unload)
