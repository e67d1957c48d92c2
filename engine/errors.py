"""One error hierarchy for the engine, rooted in ``ValueError``.

The ``check`` codes of :class:`IllegalMoveError` follow the order of the
legality checks of docs/rules.md and are part of the web API's error
details, so they must stay stable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.families.freecell.notation import Move

#: Refusal codes, in the order the checks run (``stock``: Klondike and Spider only).
CHECKS = ("variant", "availability", "group_order", "destination", "empty_column", "capacity", "stock")


class EngineError(ValueError):
    """Base class of every error the engine raises."""


class UnknownVariantError(EngineError):
    """The variant id is not one of ``VARIANTS``."""


class InvalidDealError(EngineError):
    """The deal number is outside the variant's range."""


class InvalidBoardError(EngineError):
    """A position (board text, JSON or card text) is malformed or not a full deck."""


class NotationError(EngineError):
    """Move text (or a ``Move``'s fields) that does not describe a well-formed move."""


class IllegalMoveError(EngineError):
    """A well-formed move that the rules refuse in this position.

    ``check`` names the first failing check (one of ``CHECKS``), ``message`` is
    a sentence for people; capacity refusals also carry ``capacity`` and ``asked``.

    >>> err = IllegalMoveError("capacity", "capacity: 3 cards may move, 4 asked", 3, 4)
    >>> (err.check, err.capacity, err.asked)
    ('capacity', 3, 4)
    """

    def __init__(
        self,
        check: str,
        message: str,
        capacity: int | None = None,
        asked: int | None = None,
        move: Move | None = None,
    ) -> None:
        if check not in CHECKS:
            raise ValueError(f"unknown check {check!r}")
        super().__init__(message)
        self.check = check
        self.message = message
        self.capacity = capacity
        self.asked = asked
        self.move = move

    def to_json(self) -> dict:
        """The error as JSON-ready data (shape used by the vectors and the web API)."""
        data: dict = {"check": self.check, "message": self.message}
        if self.check == "capacity":
            data["capacity"] = self.capacity
            data["asked"] = self.asked
        return data
