"""What every game family answers: the one protocol the rest of the engine, the
solvers and the web layer ask instead of testing which family a variant is.

A family plays the rulesets whose ``family`` field names it, as long as they
ask only for rules it plays (``plays``: ruleset fields and the values it
implements). It owns its position type, its notation (one canonical form per
move), legal moves and apply, the fast replay, the player's view and the cards
a move reveals, its layout text, and the facts others need: ``hides_cards``,
its piles, what auto-finish means, what counts as progress home, which written
rules a ruleset reads, and (where cards are hidden) what a player who sees
only the view can judge, which fair play's honest player and hindsight
measure ask.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, ClassVar

from engine.errors import InvalidBoardError, UnknownVariantError
from engine.notation import CELL, COLUMN, FOUNDATION, STOCK, WASTE
from engine.replay import FastReplay, ReplayResult, fast_replay, step_replay
from engine.rules import Ruleset

#: What a card just turned face up can do at once (``Family.card_use``): go
#: home (Spider: join a run in its suit), build (join or take a run), nothing.
HOME, FITS, NONE = 2, 1, 0
#: The kinds of piles a family's games have (``Family.piles``).
PILE_KINDS = (STOCK, WASTE, COLUMN, CELL, FOUNDATION)


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
    #: Its fast replay loop (``engine.replay.FastReplay``), or ``None``: then
    #: ``replay`` applies one move at a time.
    fast: ClassVar[FastReplay | None] = None
    #: What ``s`` does, in words: (after "click the stock to", after "S"), or
    #: empty where there is no stock.
    stock_words: ClassVar[tuple[str, str]] = ("", "")
    #: Whether a game may finish by itself once nothing is left to decide (the
    #: play page's Auto-finish button and Auto complete setting).
    finishes_by_itself: ClassVar[bool] = True
    #: Whether a card that no other card could need may go home by itself after a move.
    safe_cards_go_home: ClassVar[bool] = False

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

    def pack(self, position) -> str:
        """A short text of ``position`` that ``unpack`` reads back fast, unchecked
        (``engine.packed``); this default is the JSON form, read back checked."""
        return json.dumps(self.to_json(position), separators=(",", ":"))

    def unpack(self, text: str, variant: str):
        try:
            return self.from_json(json.loads(text))
        except ValueError as exc:
            raise InvalidBoardError(f"not a packed position: {text[:40]!r}") from exc

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

    def canonical_after(self, position, move) -> tuple[Any, Any]:
        """(the canonical form of the legal ``move``, the position after it): what a line
        written canonically needs, with the move played once where the family can."""
        resolved = self.canonical(position, move)
        return resolved, self.apply_move(position, resolved)

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
        """Replay (``engine.play.replay`` documents the contract), written once
        for every family: with the family's ``fast`` loop when it has one, else
        one ``apply_revealing`` per move."""
        if self.fast is None:
            return step_replay(self.apply_revealing, self.is_won, self.apply_move, position, moves,
                               reveals, until_reveal)
        return fast_replay(self.fast, self.apply_move, position, moves, reveals, until_reveal,
                           self.hides_cards)

    # Auto-finish: what it means here ("none": the family has no auto-finish).
    def auto_finish_ready(self, position) -> bool:
        return False

    def auto_finish_moves(self, position) -> list:
        return []

    # What the rest of the site asks, besides the rules.
    def piles(self, rules: Ruleset) -> tuple[tuple[str, int], ...]:
        """The piles a player plays from, ``(kind, how many)``, kinds of ``PILE_KINDS``."""
        return ((COLUMN, rules.columns), (CELL, rules.cells), (FOUNDATION, rules.foundations))

    def single_click(self, rules: Ruleset) -> bool:
        """Whether a mouse click plays a card at once (otherwise a double-click does)."""
        return False

    def rules_chapter(self, rules: Ruleset) -> str:
        """Which written rules a ruleset of the family reads (a section of
        docs/rules.md and a guide on the rules page): the family's own by default."""
        return self.name

    def home_unit(self, rules: Ruleset) -> tuple[str, int]:
        """What progress home counts, and how much of it is a win."""
        return "cards", 13 * rules.foundations

    def home_count(self, position) -> int:
        """How much of ``home_unit`` ``position`` has home."""
        return sum(position.foundations)

    # Where cards are hidden: what a player who sees only the view can judge.
    def card_use(self, position, index: int, card) -> int:
        """What ``card``, just turned face up on column ``index`` of ``position``,
        can do at once: ``HOME``, ``FITS`` or ``NONE``."""
        raise NotImplementedError(f"{self.name} hides no cards")

    def visible_score(self, position, move, after) -> float | None:
        """How ``move`` (to ``after``) looks to a player who sees only the view: a
        score from visible features, higher is better; ``None`` for a move such a
        player has no reason to make."""
        raise NotImplementedError(f"{self.name} hides no cards")

    def patience(self, rules: Ruleset, stock_size: int) -> int:
        """Stock moves without a gain after which such a player gives up."""
        raise NotImplementedError(f"{self.name} hides no cards")
