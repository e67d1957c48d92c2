"""The position a game's log leads to, kept with the game.

An append replays only its new moves from the kept position, not the whole log
from the deal. The kept text holds the log's length, a digest and the packed
position (``engine.packed``), and for Klondike and Spider the cards each move of
the log turned face up (the answer to every append names them all):

    "<ply> <digest> <packed position>[ <packed reveals>]"

The digest is over the log, the packed position and the reveals, so a kept text
is used only for the very log it was made from: after an undo, on a row written
before positions were kept, or when anything in it disagrees, the log is
replayed from the deal instead (and the next write keeps the new position).
"""

from __future__ import annotations

import hashlib

import engine
from games.referee import GameReplay, game_replay, hides_cards, start_position

#: Changes whenever the packed forms change, so that older kept texts are rebuilt.
VERSION = b"1"


def _digest(moves: str, packed: str, reveals: str) -> str:
    text = b"\n".join((VERSION, moves.encode(), packed.encode(), reveals.encode()))
    return hashlib.blake2b(text, digest_size=12).hexdigest()


def kept_text(replay: GameReplay, moves: str) -> str:
    """What a game whose log is ``moves`` (as stored) keeps, from the replay of that log."""
    packed = engine.pack_position(replay.position)
    reveals = "" if replay.reveals is None else engine.pack_reveals(replay.reveals)
    ply = len(moves.split()) if moves else 0
    text = f"{ply} {_digest(moves, packed, reveals)} {packed}"
    return f"{text} {reveals}" if replay.reveals is not None else text


def kept_replay(*, variant: str, number: int, moves: str, kept: str) -> GameReplay | None:
    """The replay of ``moves`` read from ``kept``; ``None`` when ``kept`` is not the
    text ``kept_text`` made from this very log."""
    parts = kept.split(" ")
    hides = hides_cards(variant)
    if len(parts) != (4 if hides else 3) or not parts[0].isdigit():
        return None
    ply, digest, packed, reveals = int(parts[0]), parts[1], parts[2], parts[3] if hides else ""
    if ply != (moves.count(" ") + 1 if moves else 0) or digest != _digest(moves, packed, reveals):
        return None
    try:
        position = engine.unpack_position(packed, variant)
        shown = engine.unpack_reveals(reveals, ply) if hides else None
    except engine.InvalidBoardError:
        return None
    return GameReplay(start_position(variant, number), position, shown)


def game_position(game) -> GameReplay:
    """Where ``game``'s log leads (with its reveals): from the kept position when it is
    the log's, else replayed from the deal."""
    variant, number = game.deal.variant, game.deal.number
    kept = kept_replay(variant=variant, number=number, moves=game.moves, kept=game.position)
    return kept or game_replay(variant, number, game.move_list)
