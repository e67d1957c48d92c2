"""One error hierarchy for the solver adapter, rooted in ``ValueError``.

>>> issubclass(LibraryError, SolverError) and issubclass(SolverError, ValueError)
True
"""

from __future__ import annotations


class SolverError(ValueError):
    """Base class of every error the solver adapter raises."""


class UnsupportedPositionError(SolverError):
    """Not a position the solver can take: not an engine ``Position``, an
    unknown variant, or a malformed board."""


class BudgetError(SolverError):
    """An iteration budget that is not a positive whole number within the cap."""


class UnknownPresetError(SolverError):
    """A preset name that is not one of fc-solve's presets (or ``complete``)."""


class IllegalLogError(SolverError):
    """A move of a game log is refused by the engine.

    ``index`` is the 1-based index of the refused move in the log.

    >>> IllegalLogError(3, "no card in column 5").index
    3
    """

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"move {index} of the log is refused: {reason}")
        self.index = index
        self.reason = reason


class LibraryError(SolverError):
    """libfreecell-solver could not be loaded, refused its configuration, or
    answered something the adapter does not understand."""
