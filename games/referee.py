"""The engine as the web layer sees it: engine errors become domain errors.

Services call these instead of the engine directly so that every refusal the
API sends for a deal or a move log has the same stable code and extras.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import engine
from core.errors import InvalidRequest
from games.catalogue import site_ruleset


def variant_check(variant: str) -> str:
    """``variant`` if the site offers it: a variant the engine knows but the site
    does not offer yet (``on_site=False``) is refused like an unknown one, so no
    request reaches its deals, layouts or hints."""
    try:
        site_ruleset(variant)
    except engine.UnknownVariantError as exc:
        raise InvalidRequest(str(exc), code="unknown_variant", variant=variant) from exc
    return variant


@lru_cache(maxsize=4096)
def start_position(variant: str, number: int) -> "engine.Position":
    """The dealt position, cached: deals are pure functions of their number."""
    variant_check(variant)
    try:
        return engine.deal(variant, number)
    except engine.InvalidDealError as exc:
        raise InvalidRequest(str(exc), code="invalid_deal_number", number=number) from exc


def hides_cards(variant: str) -> bool:
    """Whether the variant's positions hold face-down cards (Klondike, Spider):
    its games are sent as the player's view, with the cards each move revealed."""
    return engine.hides_cards(variant)


@dataclass(frozen=True)
class GameReplay:
    """What one replay of a game's log finds, all an answer about the game needs:
    the dealt position, where the log leads, and what each move turned face up
    (``None`` when the variant hides no card)."""

    start: "engine.Position"
    position: "engine.Position"
    reveals: list | None


def game_replay(variant: str, number: int, moves: Sequence[str]) -> GameReplay:
    """The replay of a stored log, which was checked move by move when it was stored."""
    start = start_position(variant, number)
    reveals = [] if hides_cards(variant) else None
    return GameReplay(start, engine.replay(start, moves, reveals=reveals).position, reveals)


def log_replay(start: "engine.Position", moves: Sequence[str], *, offset: int = 0,
               reveals: list | None = None, reveal_ends: bool = False):
    """Replay ``moves`` from ``start``; refuse the first bad move with its 1-based index.

    ``offset`` is the number of moves already in the log before ``moves``, so
    the index reported is the move's place in the whole log. ``reveals``: see
    ``engine.replay`` (the same pass finds them). With ``reveal_ends`` a move
    that turns a card face up must be the last of ``moves``: the replay stops
    there and the move after it is refused (``reveal_ends_batch``) unread.
    """
    result = engine.replay(start, moves, reveals=reveals, until_reveal=reveal_ends)
    if result.reveal_stop is not None:
        raise _reveal_ends_batch(moves, result.reveal_stop, offset)
    return _refused(result, moves, offset)


def batch_replay(position: "engine.Position", moves: Sequence[str], *, offset: int = 0,
                 reveals: list | None = None):
    """Replay a batch of new moves as ``log_replay`` does; on Klondike and Spider a
    move that turns a card face up ends its batch.

    A batch is all or nothing, so without this a player could send a revealing
    move and then one that fails on purpose: the refusal would name the card just
    turned, or its legality would say something of it, and nothing would be
    recorded. The move after a reveal is refused (``reveal_ends_batch``) before it
    is looked at: the answer is the same whatever the hidden card is, and the
    replay stops at the reveal, so a long forged batch costs no more than its
    moves up to the first reveal.
    """
    return log_replay(position, moves, offset=offset, reveals=reveals, reveal_ends=True)


def _reveal_ends_batch(moves: Sequence[str], revealing: int, offset: int) -> InvalidRequest:
    """The refusal of the move after ``moves[revealing - 1]``, which turned a card face up."""
    index = offset + revealing + 1
    return InvalidRequest(
        f"move {index} comes after a move that turns a card face up: send the moves up to that one, "
        "then the rest once its card is known.",
        code="reveal_ends_batch",
        index=index,
        move=str(moves[revealing])[:20],
    )


def _refused(result, moves: Sequence[str], offset: int):
    """``result``, or the refusal of its first bad move as the API sends it."""
    if result.error_index is None:
        return result
    index = result.error_index
    error = result.error
    move = moves[index - 1]
    if isinstance(error, engine.IllegalMoveError):
        raise InvalidRequest(
            f"move {offset + index} ({move}) is illegal: {error}",
            code="illegal_move",
            index=offset + index,
            move=move,
            check=error.check,
            reason=str(error),
        )
    raise InvalidRequest(
        f"move {offset + index} ({move!s:.20}) is not standard notation: {error}",
        code="bad_notation",
        index=offset + index,
        move=str(move)[:20],
        check="notation",
        reason=str(error),
    )
