"""Replay, written once for every family: a position plus a move log gives
won / not won, the move count, or the first illegal move and why, and (for a
family that hides cards) the cards each move turned up.

Replay is the hot path (every submitted game is re-validated), so a family
brings a fast loop of its own (``FastReplay``: small-int cards, ``Card.code``,
in mutable lists, move texts compiled once) and ``fast_replay`` runs it. The
loop only decides *whether* each move is legal; at the first refusal the
position is rebuilt and the family's ``apply_move`` says why, so every refusal
message comes from one place. A family without a fast loop is replayed by
``step_replay``, one ``apply_revealing`` per move, with the same contract.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalMoveError, NotationError
from engine.rules import Ruleset, get_ruleset


@dataclass(frozen=True)
class ReplayResult:
    """Outcome of a replay. ``moves`` counts the moves applied (a group move
    counts one); ``error_index`` is the 1-based index of the first move refused
    (``None`` when all were applied), and ``error`` says why. ``reveal_stop`` is
    the 1-based index of the move that turned a card face up where a replay asked
    to stop there (``until_reveal``) stopped with moves still unplayed.
    """

    won: bool
    moves: int
    position: Any
    error_index: int | None = None
    error: IllegalMoveError | NotationError | None = None
    reveal_stop: int | None = None


@dataclass(frozen=True)
class FastReplay:
    """A family's fast loop, in three hooks:

    - ``load(position)``: the mutable state the loop plays on;
    - ``run(state, log, rules, reveals, until_reveal)``: apply the moves of
      ``log`` while they are legal and return ``(moves applied, won)``; with a
      ``reveals`` list, append per move applied the cards it turned up (a family
      that hides nothing leaves the list alone), and with ``until_reveal`` stop
      right after the first move that turned one up;
    - ``unload(state, start)``: the position the state holds now.
    """

    load: Callable[[Any], Any]
    run: Callable[[Any, list, Ruleset, list | None, bool], tuple[int, bool]]
    unload: Callable[[Any, Any], Any]


def fast_replay(fast: FastReplay, apply: Callable, position, moves, reveals: list | None,
                until_reveal: bool, hides_cards: bool) -> ReplayResult:
    """Replay ``moves`` from ``position`` with a family's fast loop (``play.replay``
    documents the contract); ``apply`` is the family's ``apply_move``."""
    rules = get_ruleset(position.variant)
    log = moves if isinstance(moves, list | tuple) else list(moves)
    # The stop at a reveal needs the reveals, even when the caller does not keep them.
    turned = [] if reveals is None and until_reveal and hides_cards else reveals
    state = fast.load(position)
    applied, won = fast.run(state, log, rules, turned, until_reveal)
    final = fast.unload(state, position)
    if until_reveal and hides_cards and 0 < applied < len(log) and turned[-1]:  # stopped at a reveal
        return ReplayResult(won, applied, final, reveal_stop=applied)
    return outcome(won, applied, final, log, apply)


def step_replay(apply_revealing: Callable, is_won: Callable, apply: Callable, position, moves,
                reveals: list | None, until_reveal: bool) -> ReplayResult:
    """Replay ``moves`` one ``apply_revealing`` at a time: a family without a fast loop."""
    log = moves if isinstance(moves, list | tuple) else list(moves)
    applied = 0
    for move in log:
        try:
            after, shown = apply_revealing(position, move)
        except (IllegalMoveError, NotationError):
            break
        position, applied = after, applied + 1
        if reveals is not None:
            reveals.append(shown)
        if until_reveal and shown and applied < len(log):
            return ReplayResult(is_won(position), applied, position, reveal_stop=applied)
    return outcome(is_won(position), applied, position, log, apply)


def outcome(won: bool, applied: int, final, log: Sequence, apply: Callable) -> ReplayResult:
    """The result of a replay that applied ``applied`` moves of ``log`` and
    reached ``final``: on a refusal the family's ``apply`` (its ``apply_move``)
    says why."""
    if applied == len(log):
        return ReplayResult(won, applied, final)
    failed = log[applied]
    try:
        after = apply(final, failed)
    except (IllegalMoveError, NotationError) as error:
        return ReplayResult(False, applied, final, applied + 1, error)
    raise RuntimeError(f"replay refused {failed!r} but apply_move gives {after!r}")
