"""What every game family answers: the one protocol the rest of the engine, the
solvers and the web layer ask instead of testing which family a variant is.

A family plays the rulesets whose ``family`` field names it, as long as they
ask only for rules it plays (``plays``: ruleset fields and the values it
implements). It owns its position type, its notation (one canonical form per
move), legal moves and apply, the fast replay, the player's view and the cards
a move reveals, its layout text, and the facts others need (``hides_cards``,
``auto_finish``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from engine.errors import IllegalMoveError, NotationError, UnknownVariantError
from engine.replay import ReplayResult, outcome
from engine.rules import Ruleset


class Family:
    """The protocol; each family module defines one subclass and one instance."""

    #: The ruleset's ``family`` value this object plays.
    name: ClassVar[str] = ""
    #: The position type of its games.
    position_type: ClassVar[type] = object
    #: Whether positions hold cards the player may not see (face down, stock):
    #: the site then sends the player's view and the cards each move revealed.
    hides_cards: ClassVar[bool] = False
    #: Ruleset fields this family implements, with the only value it plays.
    plays: ClassVar[dict[str, Any]] = {}
    #: What the name of its text format is, for messages ("board", "layout text").
    text_format: ClassVar[str] = "board"

    def check_ruleset(self, rules: Ruleset) -> Ruleset:
        """``rules`` when this family plays it as asked; ``UnknownVariantError`` otherwise."""
        differ = sorted(field for field, value in self.plays.items() if getattr(rules, field) != value)
        if differ:
            raise UnknownVariantError(
                f"{rules.variant}: the {self.name} rules do not play {', '.join(differ)} as asked"
            )
        return rules

    # Deals, text and JSON.
    def deal(self, rules: Ruleset, number: int):
        """The starting position of deal ``number`` (already range-checked)."""
        raise NotImplementedError

    def to_text(self, position) -> str:
        raise NotImplementedError

    def from_text(self, text: str, variant: str):
        raise NotImplementedError

    def to_json(self, position) -> dict:
        """The full position as JSON (every card named: the server's copy)."""
        raise NotImplementedError

    def from_json(self, data: dict):
        raise NotImplementedError

    def check(self, position):
        """``position`` when it is well formed; ``InvalidBoardError`` otherwise."""
        raise NotImplementedError

    def player_view(self, position) -> dict:
        """What the player may see; the one form in which the site sends a position."""
        return self.to_json(position)

    # Moves.
    def parse_move(self, text: str, rules: Ruleset):
        raise NotImplementedError

    def apply_move(self, position, move):
        raise NotImplementedError

    def canonical(self, position, move):
        """The canonical form of a legal ``move`` (what ``legal_moves`` writes)."""
        raise NotImplementedError

    def apply_revealing(self, position, move) -> tuple[Any, list[dict]]:
        """``apply_move`` plus the cards it turned face up (``[{"pile", "card"}]``)."""
        return self.apply_move(position, move), []

    def legal_moves(self, position) -> list:
        raise NotImplementedError

    def perft_moves(self, position) -> list:
        return self.legal_moves(position)

    def is_won(self, position) -> bool:
        raise NotImplementedError

    def replay(self, position, moves: Iterable, reveals: list | None, until_reveal: bool) -> ReplayResult:
        """Replay (``engine.play.replay`` documents the contract). This one
        applies each move with ``apply_revealing``; a family with a fast loop of
        its own (all three shipped ones) overrides it."""
        log = moves if isinstance(moves, list | tuple) else list(moves)
        applied = 0
        for move in log:
            try:
                after, shown = self.apply_revealing(position, move)
            except (IllegalMoveError, NotationError):
                break
            position, applied = after, applied + 1
            if reveals is not None:
                reveals.append(shown)
            if until_reveal and shown and applied < len(log):
                return ReplayResult(self.is_won(position), applied, position, reveal_stop=applied)
        return outcome(self.is_won(position), applied, position, log, self.apply_move)

    # Auto-finish: what it means here ("none": the family has no auto-finish).
    def auto_finish_ready(self, position) -> bool:
        return False

    def auto_finish_moves(self, position) -> list:
        return []
