"""Replay benchmark: fc-solve's solutions of Microsoft deals 1-1000 through the engine.

Prints microseconds per move for the engine's replay (the fast path), and the
ratio against two baselines measured in the same run: the engine's general
path (``apply_move`` once per move, frozen positions) and a straightforward
reference replay written below (card strings, a regex per move). Target for
the fast path: 10 us/move or less.

Then the same for Klondike and Spider: seeded random games (legal moves only,
stock turns and deals included, 300 moves or until stuck) on deals 1-N of each
variant, replayed by the fast path and by ``apply_move``, each against the
FreeCell fast-path figure of the same run. Target: 2 us/move or less.

    .venv/bin/python bench/engine.py [--deals N] [--repeat R]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import apply_move, deal, replay, to_board  # noqa: E402
from engine.stock_vectors import random_game  # noqa: E402

STOCK_VARIANTS = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")

CELLS = "abcd"


def solutions(count: int) -> dict[int, list[str]]:
    """fc-solve ``-l lg`` solutions, in-process through the solver library (decoded only)."""
    from solver.library import run
    from solver.lines import decode

    found = {}
    for number in range(1, count + 1):
        position = deal("freecell-classic", number)
        result = run(("-l", "lg"), to_board(position), 1_000_000)
        if result.solved:
            found[number] = list(decode(position, result.moves))
    return found


# A straightforward replay, as one would first write it: card strings, lists,
# a regular expression per move, the rules spelled out plainly.
RANK = {r: i for i, r in enumerate("A23456789TJQK", 1)}
MOVE = re.compile(r"([1-8a-d])([1-8a-dh])(?:v([0-9a-f]+))?$")


def reference_replay(board: str, moves: list[str]) -> bool:
    columns = [line.split() for line in board.splitlines()]
    cells: list[str | None] = [None] * 4
    home = {"H": 0, "C": 0, "D": 0, "S": 0}
    for text in moves:
        source, target, count = MOVE.match(text).groups()
        if source in CELLS:
            card = cells[CELLS.index(source)]
            if card is None:
                return False
            cards = [card]
        else:
            column = columns[int(source) - 1]
            cards = column[len(column) - reference_count(column, target, count, columns):]
            if not cards or not reference_run(cards):
                return False
        if not reference_place(cards, target, columns, cells, home):
            return False
        if source in CELLS:
            cells[CELLS.index(source)] = None
        else:
            del columns[int(source) - 1][-len(cards):]
    return all(v == 13 for v in home.values())


def reference_count(column, target, count, columns) -> int:
    if count:
        return int(count, 16)
    if target.isdigit() and columns[int(target) - 1] and column:
        wanted = RANK[columns[int(target) - 1][-1][0]] - RANK[column[-1][0]]
        if 1 <= wanted <= len(column):
            return wanted
    return 1


def reference_fits(card: str, onto: str) -> bool:
    red = card[1] in "HD"
    return RANK[onto[0]] == RANK[card[0]] + 1 and red != (onto[1] in "HD")


def reference_run(cards: list[str]) -> bool:
    return all(reference_fits(b, a) for a, b in zip(cards, cards[1:], strict=False))


def reference_place(cards, target, columns, cells, home) -> bool:
    if target == "h":
        card = cards[0]
        if len(cards) != 1 or home[card[1]] != RANK[card[0]] - 1:
            return False
        home[card[1]] += 1
        return True
    if target in CELLS:
        index = CELLS.index(target)
        if len(cards) != 1 or cells[index] is not None:
            return False
        cells[index] = cards[0]
        return True
    column = columns[int(target) - 1]
    if column and not reference_fits(cards[0], column[-1]):
        return False
    free = cells.count(None) + 1
    empty = sum(1 for c in columns if not c) - (0 if column else 1)
    if len(cards) > free * 2**empty:
        return False
    column.extend(cards)
    return True


def general_replay(position, moves) -> bool:
    for text in moves:
        position = apply_move(position, text)
    return all(top == 13 for top in position.foundations)


def timed(label: str, run, games, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for start, moves in games:
            if not run(start, moves):
                raise SystemExit(f"{label}: a solution did not replay to a win")
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3, help="best of R runs")
    parser.add_argument("--stock-deals", type=int, default=200, help="Klondike/Spider deals per variant")
    args = parser.parse_args()
    found = solutions(args.deals)
    total = sum(len(m) for m in found.values())
    positions = [(deal("freecell-classic", n), m) for n, m in found.items()]
    boards = [(to_board(p), m) for p, m in positions]
    fast = timed("replay", lambda p, m: replay(p, m).won, positions, args.repeat)
    general = timed("apply_move", general_replay, positions, args.repeat)
    naive = timed("reference", reference_replay, boards, args.repeat)
    per = {name: t / total * 1e6 for name, t in
           (("replay", fast), ("apply_move", general), ("reference", naive))}
    print(f"MS deals 1-{args.deals}: {len(found)} solved by fc-solve -l lg, {total} moves")
    print(f"  engine replay (fast path)      {per['replay']:7.2f} us/move   1.00x")
    print(f"  engine apply_move per move     {per['apply_move']:7.2f} us/move "
          f"{per['apply_move'] / per['replay']:6.1f}x slower")
    print(f"  straightforward reference      {per['reference']:7.2f} us/move "
          f"{per['reference'] / per['replay']:6.1f}x slower")
    verdict = "met" if per["replay"] <= 10 else "NOT met"
    print(f"  target 10 us/move: {verdict}")
    stock_games(args.stock_deals, args.repeat, per["replay"])


def stock_games(count: int, repeat: int, freecell_us: float) -> None:
    print(f"Klondike and Spider: seeded random games on deals 1-{count} "
          f"(vs the FreeCell fast path, {freecell_us:.2f} us/move)")
    for variant in STOCK_VARIANTS:
        games = [random_game(variant, number, 300, home_share=0.7) for number in range(1, count + 1)]
        total = sum(len(log) for _, log in games)
        fast = timed(variant, lambda p, m: replay(p, m).error is None, games, repeat) / total * 1e6
        slow = timed(variant, general_stock_replay, games, repeat) / total * 1e6
        verdict = "met" if fast <= 2 else "NOT met"
        print(f"  {variant:15} {total:6} moves  replay {fast:5.2f} us/move "
              f"({fast / freecell_us:4.1f}x FreeCell)  apply_move {slow:5.2f} us/move "
              f"({slow / fast:4.1f}x)  target 2 us/move: {verdict}")


def general_stock_replay(position, moves) -> bool:
    for text in moves:
        position = apply_move(position, text)
    return True


if __name__ == "__main__":
    main()
