"""Klondike's fast replay loop (``engine.replay`` runs it, on the state
``families.stock.fast`` shares with Spider's).

The rules are those of ``families.klondike.rules``, inlined on card codes: the
loop only decides *whether* each move is legal, and on the first refusal
``rules.apply_move`` says why.

>>> from engine import deal, replay
>>> result = replay(deal("klondike-draw1", 2), ["s", "s", "zz"], until_reveal=True)
>>> result.moves, result.reveal_stop, result.error_index
(1, 1, None)
"""

from __future__ import annotations

from engine.families.stock.fast import PILES, State, codes_of, compiled, revealed, unload
from engine.replay import FastReplay
from engine.rules import Ruleset


def _run(state: State, log: list, rules: Ruleset, reveals: list | None,
         until_reveal: bool) -> tuple[int, bool]:
    """(moves applied, won)."""
    applied = _run_klondike(state, log, rules.draw_count, codes_of(rules), rules, reveals, until_reveal)
    return applied, all(top == 13 for top in state.found)


def _run_klondike(state: State, log: list, draw: int, codes: dict, rules, reveals: list | None,
                  until_reveal: bool) -> int:
    """Apply Klondike moves while they are legal (and, with ``until_reveal``, up
    to the first that turns a card up); returns how many were applied.
    A move turns cards up when the waste grows from the stock or a column's
    face-down count drops (``down`` compared before and after)."""
    cols, down, stock, waste, found = state.cols, state.down, state.stock, state.waste, state.found
    applied = 0
    for item in log:
        try:
            code = codes.get(item) or compiled(item, codes, rules)
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
            shown = [revealed("w", code) for code in waste[was:]] if kind == 0 else []
            if kind in (3, 4) and down[s] < was:  # a column move turns at most its source's card
                shown.append(revealed(PILES[s], cols[s][down[s]]))
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


#: The loop as ``engine.replay.fast_replay`` runs it.
FAST = FastReplay(load=State, run=_run, unload=unload)
