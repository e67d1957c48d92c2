"""The clairvoyance check of Klondike and Spider against full-knowledge bots and honest players.

For each deal (drawn from PySolFC's hidden daily range, 10**12 and up, kept when
the solver proves it winnable), in this process and against the real rules
(``games.services.clairvoyance.clairvoyance_judge``, as the worker applies them to a
ranked daily win):

- the reference honest player's runs, as the worker stores them on a daily's deal
  (``fairplay.honest.reference``, 60 runs);
- full-knowledge bots: the solver's line (the deal's stored par line, as a bot
  reading the first account's reveals would play it); the same with a few wasted
  moves (+6 counted, as moves taken back); and the same line judged as if it
  were another solver's (no stored line to match), so that only the moves and
  hindsight rules can hold it;
- synthetic honest players: the honest policy with more noise and other seeds
  than the reference's, its wins only (a loss is never ranked).

Pace does not enter these rules (the clocks' rules and the score are measured by
``bench/fairplay.py``); links between accounts are structural and tested
(``tests/games/test_fairplay_links.py``). Prints per deal and the totals.

    .venv/bin/python bench/fairplay_stock.py --deals 20 --variant klondike-draw3 --seed 1
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freecell_site.settings.test")

import engine  # noqa: E402
import solver  # noqa: E402
from fairplay.honest import honest_game, merged, reference  # noqa: E402

HONEST_PLAYERS = 20


def _deals(variant: str, count: int, rng: random.Random):
    while count:
        number = rng.randint(10**12, 10**15)
        start = engine.deal(variant, number)
        found = solver.solve(start)
        if found.status == "winnable":
            count -= 1
            yield number, start, list(found.moves)


def run(variant: str, deals: int, seed: int) -> dict:
    from games.services.clairvoyance import clairvoyance_judge
    from games.services.links import line_nearness

    rng = random.Random(seed)
    totals = {"bots": 0, "bots held": 0, "bots with waste": 0, "bots with waste held": 0,
              "bots, own line": 0, "bots, own line held": 0, "honest": 0, "honest held": 0,
              "deals with 3+ honest wins": 0}
    for number, start, line in _deals(variant, deals, rng):
        found = reference(start, runs=60, seconds=120, seed=number % 1_000_003)
        lines = found.pop("lines")
        found["nearness_max"] = max(line_nearness(list(other), line) for other in lines)
        found = merged({}, found)
        totals["deals with 3+ honest wins"] += found["wins"] >= 3
        judged = {
            "bots": clairvoyance_judge(start=start, moves=line, counted_moves=len(line), found=found,
                                       solution=line),
            "bots with waste": clairvoyance_judge(start=start, moves=line, counted_moves=len(line) + 6,
                                                  found=found, solution=line),
            "bots, own line": clairvoyance_judge(start=start, moves=line, counted_moves=len(line),
                                                 found=found,
                                                 solution=[]),
        }
        for kind, verdict in judged.items():
            totals[kind] += 1
            totals[f"{kind} held"] += bool(verdict["reasons"])
        honest_held = honest_won = 0
        for player in range(HONEST_PLAYERS * 10):
            if honest_won == HONEST_PLAYERS:
                break
            game = honest_game(start, seed=10**6 + player, noise=0.8)
            if not game.won:
                continue
            honest_won += 1
            verdict = clairvoyance_judge(start=start, moves=list(game.line), counted_moves=game.moves,
                                         found=found, solution=line)
            honest_held += bool(verdict["reasons"])
        totals["honest"] += honest_won
        totals["honest held"] += honest_held
        print(f"#{number:<16} par {len(line):>3}  reference {found['wins']:>2}/{found['runs']} wins "
              f"{found['win_moves'][:1] or '-'}..  near {found['nearness_max']:.2f}  "
              f"bot {'HELD' if judged['bots']['reasons'] else 'ranked'} "
              f"waste {'HELD' if judged['bots with waste']['reasons'] else 'ranked'} "
              f"own {'HELD' if judged['bots, own line']['reasons'] else 'ranked'} "
              f"(z {judged['bots']['hindsight']['z']})  honest wins {honest_won}, held {honest_held}",
              flush=True)
    return totals


def main() -> None:
    import django

    django.setup()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--variant", default="klondike-draw3")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    totals = run(args.variant, args.deals, args.seed)
    print()
    for key, value in totals.items():
        print(f"{key:28} {value}")
    print(f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
