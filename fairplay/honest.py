"""The reference honest player of Klondike and Spider: it sees what a person sees.

A policy that reads only the player's view (face-up cards, the waste, how many
cards lie face down in each column, how many are left in the stock) and never
a hidden card: each legal move gets a score from visible features (a card sent
home, a face-down card turned up, a run joined in suit, an emptied column: the
family's ``visible_score``),
plus noise (a Gumbel draw per move, so its choices vary from run to run the
way people's do), and the best is played on the real cards, which then show
what the move turned up, as the server would. It gives up after a pass through
the stock (Klondike) or a deal (Spider) with nothing gained, or at
``MAX_MOVES``.

Run many times on a stock daily when it is scheduled (``reference``), it gives
the counted moves an honest strong player reaches when it wins, its win rate,
and the spread of the hindsight measure (``clairvoyance.py``) over honest
lines: the evidence a ranked stock win is compared with.

>>> from engine import deal
>>> run = honest_game(deal("klondike-draw1", 1), seed=1)
>>> run.moves == len(run.line) and run.line[0] in ("6h", "7h", "s")
True
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine import StockPosition, apply_move, family_of, get_ruleset, is_won, legal_moves
from fairplay.clairvoyance import hindsight_choices

MAX_MOVES = 600
#: How much the noise weighs against the move scores (a score step is 1).
NOISE = 0.6


@dataclass(frozen=True, slots=True)
class HonestRun:
    won: bool
    moves: int
    line: tuple[str, ...]


def _score(position: StockPosition, move, after: StockPosition) -> float | None:
    """How the move looks to someone who sees only the view (``Family.visible_score``)."""
    return family_of(position.variant).visible_score(position, move, after)


def _progress(position: StockPosition) -> tuple:
    """What a gain looks like: cards home or removed, face-down cards left."""
    return (sum(position.foundations), len(position.removed), -sum(position.face_down))


def honest_game(start: StockPosition, *, seed: int = 0, noise: float = NOISE,
                max_moves: int = MAX_MOVES) -> HonestRun:
    """One game of the reference honest player (module notes) from ``start``."""
    rng = random.Random(seed)
    position, line = start, []
    best = _progress(position)
    since_gain = 0  # stock moves since the last gain
    stock_size = len(start.stock) + len(start.waste)
    while not is_won(position) and len(line) < max_moves:
        choices = []
        for move in legal_moves(position):
            after = apply_move(position, move)
            score = _score(position, move, after)
            if score is not None:
                gumbel = -math.log(-math.log(rng.random() or 1e-12) or 1e-12)
                choices.append((score + noise * gumbel, str(move), after))
        if not choices:
            break
        _, text, position = max(choices, key=lambda choice: choice[0])
        line.append(text)
        progress = _progress(position)
        if progress > best:
            best, since_gain = progress, 0
        elif text == "s":
            since_gain += 1
            if since_gain > _patience(start, stock_size):
                break
    return HonestRun(is_won(position), len(line), tuple(line))


def _patience(start: StockPosition, stock_size: int) -> int:
    """Stock moves without a gain before the player gives up: a pass and a bit (Klondike),
    one deal (Spider), as the family says (``Family.patience``)."""
    return family_of(start.variant).patience(get_ruleset(start.variant), stock_size)


def reference(start: StockPosition, *, runs: int = 60, seconds: float = 20.0, seed: int = 0,
              first: int = 0) -> dict:
    """The honest player ``runs`` times (runs ``first`` to ``first + runs - 1``) within
    ``seconds``: what a ranked stock win is compared with (stored on the daily's deal,
    ``Deal.honest_reference``, in rounds that ``merged`` adds up)."""
    began = time.monotonic()
    wins, hindsight_z, lines, played = [], [], [], 0
    for run in range(first, first + runs):
        if time.monotonic() - began > seconds:
            break
        game = honest_game(start, seed=seed * 10_000 + run)
        played += 1
        lines.append(game.line)
        hindsight = hindsight_choices(start, game.line)
        if hindsight.decisions:
            hindsight_z.append(hindsight.z)
        if game.won:
            wins.append(game.moves)
    return {
        "runs": played,
        "wins": len(wins),
        "win_moves": sorted(wins),
        "median_win_moves": statistics.median(wins) if wins else None,
        "hindsight_z": sorted(hindsight_z),
        "seconds": round(time.monotonic() - began, 2),
        "lines": lines,  # for the caller to compare, not to store
    }


def win_moves_share_at_or_below(reference_: dict, moves: int) -> float | None:
    """Share of the honest wins that took ``moves`` or fewer (None without wins)."""
    wins: Sequence[int] = reference_.get("win_moves") or ()
    return round(sum(w <= moves for w in wins) / len(wins), 3) if wins else None


def merged(kept: dict, more: dict) -> dict:
    """Two rounds of ``reference`` (without their lines) as one."""
    if not kept:
        return more
    wins = sorted([*kept["win_moves"], *more["win_moves"]])
    nearness = [n for n in (kept.get("nearness_max"), more.get("nearness_max")) if n is not None]
    return {
        "runs": kept["runs"] + more["runs"],
        "wins": len(wins),
        "win_moves": wins,
        "median_win_moves": statistics.median(wins) if wins else None,
        "hindsight_z": sorted([*kept["hindsight_z"], *more["hindsight_z"]]),
        "seconds": round(kept["seconds"] + more["seconds"], 2),
        "nearness_max": max(nearness) if nearness else None,
        "rounds": kept.get("rounds", 1) + 1,
    }
