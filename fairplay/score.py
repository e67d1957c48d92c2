"""Engine-assistance score of a winning game: four signals, one number, the evidence.

- **agreement**: the share of decisions that were a shipped fc-solve preset's
  own next move (``agreement.py``), the strongest signal by far;
- **regularity**: think times that barely vary (a script's pace) rather than a
  person's long tail;
- **pace**: quick decisions for the position's difficulty (the options there);
- **no exploration**: not one move taken back, not one position visited twice;
- **dodged opening**: not one of the line's first decisions was a shipped
  preset's move (a script that dodges the presets on purpose, then plays a
  solver's line; the presets, asked again further on, match that line);
- **followed after the dodge**: after such an opening, how often the next
  decisions were one of the fast presets' next moves, each asked from the
  player's position (``agreement.presets_followed``, the first 40 decisions
  after the opening). The bot of issue 23 plays one on 45-92 % of them (its
  rest is a solver's line); a synthetic person's own line from the same
  position mostly on 8-43 %, but on some deals, where the position has one
  natural way on, as often as the bot (docs/reliability.md).

Agreement needs fc-solve's presets, which play the FreeCell family only: a
Klondike or Spider win is scored on the other three signals (its agreement is 0
and ``presets`` empty), so its score stays below the threshold of 0.5 and the
clocks' rules (``games/services/fairplay.py``) are what hold such a win.

Each signal is mapped to 0..1 and weighted, and the score is the weighted sum, at
most 1 (the weights add up to more: the last counts only after a dodged
opening); the weights and the threshold are chosen with ``bench/fairplay.py``
(figures in docs/reliability.md). Nothing
here decides anything: the service holds a result above the threshold and a
person reviews it.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Position, legal_moves
from fairplay import timing
from fairplay.agreement import (
    Agreement,
    Followed,
    line_agreement,
    opening_dodged,
    presets_followed,
    replay_positions,
)
from solver.presets import solvable_variants

WEIGHTS = {"agreement": 0.5, "regularity": 0.18, "pace": 0.14, "no_exploration": 0.08, "dodged_opening": 0.1,
           "followed_after_dodge": 0.35}
#: The share of the seconds given to the walks that ``presets_followed`` may take after them.
FOLLOWED_SECONDS_SHARE = 0.5
#: The most think times kept in the evidence (the plot); longer games are cut.
SERIES_LIMIT = 400


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, value))


def agreement_signal(rate: float) -> float:
    """0 below 40 % agreement, 1 from 85 % (people measured at 0-20 %, scripts at 85-100 %)."""
    return _clamp((rate - 0.40) / 0.45)


def regularity_signal(cv: float) -> float:
    """1 for a metronome (spread 0.2 or less), 0 for a person's spread of 1 or more."""
    return _clamp((1.0 - cv) / 0.8)


def expected_think_ms(options: Sequence[int]) -> float:
    """A person's typical thought per decision in positions with these many options."""
    return 1000 + 120 * (statistics.fmean(options) if options else 0)


def pace_signal(median_ms: float, expected_ms: float) -> float:
    """1 when decisions take under 30 % of a person's typical time, 0 at or above it."""
    return _clamp((1 - median_ms / expected_ms) / 0.7) if expected_ms else 0.0


def followed_signal(rate: float) -> float:
    """0 at or below 35 % of decisions on a fast preset's move after a dodged opening, 1 from 55 %."""
    return _clamp((rate - 0.35) / 0.20)


def exploration_signal(undos: int, revisits: int) -> float:
    """1 when nothing was taken back or visited twice; 0 from three such moves."""
    return _clamp(1 - (undos + revisits) / 3)


@dataclass(frozen=True)
class Assessment:
    score: float
    signals: dict
    agreement: Agreement
    think_ms: tuple[int, ...]
    client_think_ms: tuple[int, ...]
    options: tuple[int, ...]
    undos: int
    revisits: int
    seconds: float
    followed: Followed | None = None

    def evidence(self, threshold: float) -> dict:
        """What staff see: the signals, the closest preset and the timing series."""
        best = self.agreement.best
        think = list(self.think_ms)
        return {
            "score": self.score,
            "threshold": threshold,
            "signals": self.signals,
            "preset": best.preset if best else None,
            "agreement": best.rate if best else 0.0,
            "presets": [
                {"preset": p.preset, "rate": p.rate, "matched": p.matched, "compared": p.compared,
                 "decisions": p.decisions, "from_start": p.from_start, "searches": p.searches,
                 "cut": p.cut}
                for p in self.agreement.presets
            ],
            "think_ms": think[:SERIES_LIMIT],
            "client_think_ms": list(self.client_think_ms)[:SERIES_LIMIT],
            "options": list(self.options)[:SERIES_LIMIT],
            "median_think_ms": int(statistics.median(think)) if think else 0,
            "spread": round(timing.spread(think), 3),
            "pause_share": round(timing.pause_share(think), 3),
            "pause_on_hard": timing.rank_correlation(self.options, think),
            "undos": self.undos,
            "revisits": self.revisits,
            "assessed_in_s": round(self.seconds, 2),
            "followed": ({"asked": self.followed.asked, "matched": self.followed.matched,
                          "rate": self.followed.rate, "cut": self.followed.cut}
                         if self.followed is not None else None),
        }


def presets_play(variant: str) -> bool:
    """Whether the shipped fc-solve presets play ``variant`` (the FreeCell family)."""
    return variant in solvable_variants()


def _walk(positions: Sequence[Position], moves: Sequence[str]) -> tuple[list[int], int]:
    """(options before each decision, positions visited more than once), along
    ``positions`` (``replay_positions``: the one replay of the log)."""
    options, seen, revisits = [], {positions[0]}, 0
    for index, move in enumerate(moves):
        if timing.is_decision(move):
            options.append(sum(timing.is_decision(str(m)) for m in legal_moves(positions[index])))
        position = positions[index + 1]
        revisits += position in seen
        seen.add(position)
    return options, revisits


def assess(start: Position, moves: Sequence[str], server_times: Sequence[int],
           client_times: Sequence[int], *, undos: int, seconds: float | None = None,
           lines=None, positions: Sequence[Position] | None = None) -> Assessment:
    """Score a won game's log (the moves replay to a win from ``start``). The log is
    replayed once (``replay_positions``, or ``positions`` when the caller has them)."""
    began = time.monotonic()
    if positions is None:
        positions = replay_positions(start, moves)
    think = timing.think_times(moves, server_times, client_times)
    client = timing.think_times(moves, client_times)
    options, revisits = _walk(positions, moves)
    agreement = (line_agreement(start, moves, seconds=seconds, lines=lines, positions=positions)
                 if presets_play(start.variant) else Agreement(()))
    best = agreement.best
    median = statistics.median(think) if think else 0
    dodged = opening_dodged(agreement, len(think))
    followed = None
    if dodged:  # the walks are done: the fast presets' lines are mostly kept already
        budget = None if seconds is None else time.monotonic() + seconds * FOLLOWED_SECONDS_SHARE
        followed = presets_followed(start, moves, deadline=budget, lines=lines, positions=positions)
    signals = {
        "agreement": round(agreement_signal(best.rate if best else 0.0), 3),
        "regularity": round(regularity_signal(timing.spread(think)), 3),
        "pace": round(pace_signal(median, expected_think_ms(options)), 3),
        "no_exploration": round(exploration_signal(undos, revisits), 3),
        # an opening in which no shipped preset's move was played (agreement.opening_dodged)
        "dodged_opening": float(dodged),
        # after it, the fast presets' moves played (agreement.presets_followed)
        "followed_after_dodge": round(followed_signal(followed.rate), 3) if followed else 0.0,
    }
    score = round(min(1.0, sum(WEIGHTS[name] * value for name, value in signals.items())), 3)
    return Assessment(score, signals, agreement, tuple(think), tuple(client), tuple(options), undos,
                      revisits, time.monotonic() - began, followed)
