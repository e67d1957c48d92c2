"""What the solver answers: small frozen values, one per entry point.

A ``winnable`` verdict always carries a line that the engine has replayed to a
win; ``impossible`` always carries the ``scope`` of what was proved.

>>> SolveResult(UNDECIDED, (), 10, 0.001, "lg", SCOPE_UNDECIDED).decided
False
"""

from __future__ import annotations

from dataclasses import dataclass

WINNABLE, IMPOSSIBLE, UNDECIDED = "winnable", "impossible", "undecided"

#: What each verdict proves (stored next to the verdict on deal rows).
SCOPE_WINNABLE = "a winning line exists (replayed by the engine)"
SCOPE_NO_LINE = "no winning line exists"
SCOPE_NO_LINE_WITHOUT_RETURNS = "no winning line without foundation returns exists"
SCOPE_UNDECIDED = "no verdict within the iteration budget"

#: Hint statuses.
MOVE, LOST, WON = "move", "lost", "won"


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The verdict on one position.

    ``moves`` is the verified winning line in standard notation (empty unless
    ``winnable``; a group move counts one). ``iterations`` adds up every
    search of the call, ``seconds`` is its wall time, ``preset`` names the
    search that gave the verdict (the last one tried when undecided) and
    ``rejected`` the searches whose line the engine refused.
    """

    status: str
    moves: tuple[str, ...]
    iterations: int
    seconds: float
    preset: str
    scope: str
    rejected: tuple[str, ...] = ()

    @property
    def decided(self) -> bool:
        return self.status != UNDECIDED


@dataclass(frozen=True, slots=True)
class HintResult:
    """Advice from the position reached by a game log.

    - ``move``: ``move`` is the first move of the verified winning ``line``.
    - ``won``: the position is already won.
    - ``lost``: no winning line from the position (within ``scope``);
      ``last_good_index`` is the number K of log moves after which a win was
      still proven possible (0 = the start, ``None`` when even the start is
      lost or no earlier position could be proven winnable), and ``line`` is
      a verified winning line from there.
    - ``undecided``: no verdict within the budget.

    ``iterations`` counts the searches actually run (a verdict recalled from
    the store costs none); ``probes`` the earlier positions probed when lost.
    """

    status: str
    move: str | None
    line: tuple[str, ...]
    last_good_index: int | None
    iterations: int
    seconds: float
    scope: str = ""
    probes: int = 0


@dataclass(frozen=True, slots=True)
class ParResult:
    """A deal's verdict with its par: the shortest verified line found by the
    variant's portfolio of presets (``None`` unless winnable).

    >>> ParResult(IMPOSSIBLE, None, (), ("lg", "complete"), SCOPE_NO_LINE, 83_000, 0.1).par
    """

    status: str
    par: int | None
    line: tuple[str, ...]
    presets: tuple[str, ...]
    scope: str
    iterations: int
    seconds: float
    preset: str = ""
    solved: tuple[str, ...] = ()  # the presets (of ``presets``) that found a verified line
