"""A deal's difficulty: the solver's figures until enough people have played it, then theirs.

Pure arithmetic (no database): ``games.services.difficulty`` gathers the figures,
stores the calibration and the labels. Every figure is judged within its variant:
a Klondike deal is compared with Klondike deals only.

1. **The solver's prior.** The key is the par (the shortest verified line), plus half
   the share of the presets that found no line as a tie-break below one move
   (``solver_key``), so labels follow par within a variant. The search's iterations
   are left out: they measure the budget a search was given (a Klondike proof spends
   its minimal search's whole budget) more than the deal. The deal's solver
   percentile ``S`` is where its key falls among the variant's proven deals.
2. **The players.** Each player's first game on the deal, once settled (won, or left
   unfinished), gives the deal's ``PeopleFigures``: players, wins (without hints), and
   the winners' median moves over par and median time. Its people hardness is
   ``H = L + (1 - L) * (phi(m / M) + phi(t / T)) / 3``: ``L`` the share of players
   who did not win, ``m`` and ``t`` the deal's winners' medians, ``M`` and ``T`` the
   variant's, ``phi(x) = x / (1 + x)`` (a half at the variant's typical win). Its
   people percentile ``P`` is where ``H`` falls among the variant's deals that
   ``PLAYERS_ENOUGH`` or more have played (``H`` itself while fewer than
   ``MIN_PEOPLE_DEALS`` deals have).
3. **The blend** (credibility weighting): with ``n`` players, ``Z = min(1, n / PLAYERS_ENOUGH)``
   and the score is ``(1 - Z) * S + Z * P``: the solver's alone before anyone played,
   the players' alone once ``PLAYERS_ENOUGH`` have.
4. **The bands.** The variant's cuts are the terciles of its proven deals' scores
   (``band_cuts``): easy below the first, hard from the second, so that each band
   holds about a third of the variant's deals.

>>> rows = [(solver_key(par, 4, 4), PeopleFigures()) for par in (80, 85, 90, 95, 100, 105)]
>>> calibration = calibrate("freecell", rows)
>>> [band(deal_score(key, people, calibration), calibration.cuts) for key, people in rows]
['easy', 'easy', 'medium', 'medium', 'hard', 'hard']
"""

from __future__ import annotations

import statistics
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field

LEVELS = ("easy", "medium", "hard")
#: Players whose settled first games make a deal's difficulty theirs alone.
PLAYERS_ENOUGH = 10
#: Deals with PLAYERS_ENOUGH players a variant needs before their people percentile is used.
MIN_PEOPLE_DEALS = 20
#: Points kept of each distribution (0th to 100th percentile).
QUANTILE_POINTS = 101


def solver_key(par: int | None, presets_solved: int | None, presets_tried: int | None) -> float | None:
    """The solver's figure for a winnable deal: par, and half the share of presets that missed.

    >>> solver_key(93, 3, 4)
    93.125
    """
    if par is None:
        return None
    missed = 0.0
    if presets_tried and presets_solved is not None and presets_solved < presets_tried:
        missed = (presets_tried - presets_solved) / presets_tried
    return par + missed / 2


def quantiles(values: Iterable[float], points: int = QUANTILE_POINTS) -> tuple[float, ...]:
    """``points`` values of the sorted ``values`` (nearest rank, so that ties stay ties).

    >>> quantiles([3, 1, 2], points=5)
    (1, 2, 2, 3, 3)
    """
    ordered = sorted(values)
    if not ordered:
        return ()
    last = len(ordered) - 1
    return tuple(ordered[int(i * last / (points - 1) + 0.5)] for i in range(points))


def percentile(value: float, kept: Sequence[float]) -> float:
    """Where ``value`` falls among the ``kept`` quantiles, 0 to 1 (ties count half).

    >>> percentile(2, (1, 2, 3, 4))
    0.375
    """
    if not kept:
        return 0.5
    return (bisect_left(kept, value) + bisect_right(kept, value)) / (2 * len(kept))


@dataclass(frozen=True)
class Attempt:
    """A player's settled first game on a deal: won (a win without hints), in counted moves and seconds."""

    won: bool
    moves: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class PeopleFigures:
    """What a deal's players did: how many, how many won, the winners' median moves over par and time."""

    players: int = 0
    won: int = 0
    moves_ratio: float | None = None
    seconds: float | None = None

    @classmethod
    def from_attempts(cls, attempts: Sequence[Attempt], *, par: int | None) -> PeopleFigures:
        """
        >>> PeopleFigures.from_attempts([Attempt(True, 110, 300), Attempt(False)], par=100)
        PeopleFigures(players=2, won=1, moves_ratio=1.1, seconds=300)
        """
        wins = [a for a in attempts if a.won]
        ratio = statistics.median(a.moves / par for a in wins) if wins and par else None
        seconds = statistics.median(a.seconds for a in wins) if wins else None
        return cls(len(attempts), len(wins), ratio, seconds)


def _phi(value: float | None, typical: float | None) -> float:
    """Half at the variant's typical figure, towards 0 below it and 1 above."""
    if value is None or not typical:
        return 0.5
    ratio = value / typical
    return ratio / (1 + ratio)


def people_hardness(people: PeopleFigures, *, moves_median: float | None,
                    seconds_median: float | None) -> float:
    """``H`` of the module notes, 0 (everyone won, fast and short) to 1 (nobody won).

    >>> people_hardness(PeopleFigures(10, 0), moves_median=1.2, seconds_median=400)
    1.0
    >>> people_hardness(PeopleFigures(10, 10, 1.2, 400), moves_median=1.2, seconds_median=400)
    0.3333333333333333
    """
    if not people.players:
        return 0.5
    lost = 1 - people.won / people.players
    effort = (_phi(people.moves_ratio, moves_median) + _phi(people.seconds, seconds_median)) / 3
    return lost + (1 - lost) * effort


def credibility(players: int) -> float:
    """The players' weight in the blend: none without players, all from PLAYERS_ENOUGH on."""
    return min(1.0, players / PLAYERS_ENOUGH)


def _cut(ordered: Sequence[float], share: float) -> float:
    """A cut with about ``share`` of ``ordered`` below it: a tie group goes to the side that
    leaves the count below nearer the share."""
    target = len(ordered) * share
    value = ordered[min(int(target), len(ordered) - 1)]
    below, through = bisect_left(ordered, value), bisect_right(ordered, value)
    if through < len(ordered) and abs(through - target) < abs(below - target):
        return ordered[through]
    return value


def band_cuts(scores: Iterable[float]) -> tuple[float, float]:
    """The tercile cuts of a variant's scores (a third and two thirds while there are fewer than three).

    >>> band_cuts([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    (0.3, 0.5)
    """
    ordered = sorted(scores)
    if len(ordered) < 3:
        return (1 / 3, 2 / 3)
    low = _cut(ordered, 1 / 3)
    return low, max(low, _cut(ordered, 2 / 3))


def band(score: float, cuts: Sequence[float]) -> str:
    """'easy' below the first cut, 'hard' from the second, 'medium' between."""
    return LEVELS[0] if score < cuts[0] else LEVELS[2] if score >= cuts[1] else LEVELS[1]


@dataclass(frozen=True)
class Calibration:
    """A variant's distributions, typical win and band cuts, as computed from its proven deals."""

    variant: str
    deals: int = 0
    solver_quantiles: tuple[float, ...] = ()
    people_deals: int = 0
    people_quantiles: tuple[float, ...] = ()
    moves_median: float | None = None
    seconds_median: float | None = None
    cuts: tuple[float, float] = (1 / 3, 2 / 3)
    bands: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Calibration:
        known = {key: data[key] for key in cls.__dataclass_fields__ if key in data}
        for key in ("solver_quantiles", "people_quantiles", "cuts"):
            if key in known:
                known[key] = tuple(known[key])
        return cls(**known)

    def solver_key_at(self, quantile: float) -> float:
        """The solver key at ``quantile`` (0 to 1) of the variant's proven deals."""
        kept = self.solver_quantiles
        return kept[int(quantile * (len(kept) - 1) + 0.5)] if kept else float("nan")

    HEADER = (f"{'variant':17} {'deals':>6} {'par terciles':>13} {'easy':>5} {'medium':>6} {'hard':>5} "
              f"{'played':>6} {'moves/par':>9} {'win s':>6}")

    def line(self) -> str:
        """One row under HEADER: the proven deals, the par at the band cuts of a deal nobody has
        played, the deals per band, the deals with PLAYERS_ENOUGH players and the typical win."""
        cuts = "/".join(f"{int(self.solver_key_at(cut))}" for cut in self.cuts) if self.deals else "-"
        moves = f"{self.moves_median:.2f}" if self.moves_median is not None else "-"
        seconds = f"{self.seconds_median:.0f}" if self.seconds_median is not None else "-"
        counts = [self.bands.get(level, 0) for level in LEVELS]
        return (f"{self.variant:17} {self.deals:6} {cuts:>13} {counts[0]:5} {counts[1]:6} {counts[2]:5} "
                f"{self.people_deals:6} {moves:>9} {seconds:>6}")


def deal_score(key: float, people: PeopleFigures, calibration: Calibration) -> float:
    """The blended score of the module notes, 0 (easiest) to 1 (hardest)."""
    prior = percentile(key, calibration.solver_quantiles)
    weight = credibility(people.players)
    if not weight:
        return prior
    hardness = people_hardness(people, moves_median=calibration.moves_median,
                               seconds_median=calibration.seconds_median)
    seen = percentile(hardness, calibration.people_quantiles) if calibration.people_quantiles else hardness
    return (1 - weight) * prior + weight * seen


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def calibrate(variant: str, rows: Sequence[tuple[float, PeopleFigures]]) -> Calibration:
    """A variant's calibration from its proven deals: ``(solver_key, PeopleFigures)`` each."""
    base = Calibration(
        variant=variant, deals=len(rows), solver_quantiles=quantiles(key for key, _ in rows),
        moves_median=_median([p.moves_ratio for _, p in rows if p.moves_ratio is not None]),
        seconds_median=_median([p.seconds for _, p in rows if p.seconds is not None]),
    )
    credible = [p for _, p in rows if p.players >= PLAYERS_ENOUGH]
    hardness = [people_hardness(p, moves_median=base.moves_median, seconds_median=base.seconds_median)
                for p in credible]
    kept = quantiles(hardness) if len(credible) >= MIN_PEOPLE_DEALS else ()
    people = Calibration(**{**base.__dict__, "people_deals": len(credible), "people_quantiles": kept})
    scores = [deal_score(key, p, people) for key, p in rows]
    cuts = band_cuts(scores)
    counts = {level: 0 for level in LEVELS}
    for score in scores:
        counts[band(score, cuts)] += 1
    return Calibration(**{**people.__dict__, "cuts": cuts, "bands": counts})
