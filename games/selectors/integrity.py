"""Whether what is stored still stands: every game's log replays from its deal, and every
result is the win its submitted log replays to. Run after a restore (``manage.py
games_verify``, docs/operations.md): a backup is only a backup once this passes on it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import engine
from games.models import Game, Result
from games.referee import start_position


@dataclass(frozen=True)
class Problem:
    kind: str  # "game" or "result"
    id: str
    reason: str


def _replay(variant: str, number: int, moves: str):
    return engine.replay(start_position(variant, int(number)), moves.split())


def games_check(*, chunk: int = 500) -> Iterator[Problem | None]:
    """One item per game: ``None`` when its log replays from its deal to its stored state."""
    rows = Game.objects.values_list("id", "deal__variant", "deal__number", "moves", "ply", "state")
    for game_id, variant, number, moves, ply, state in rows.iterator(chunk_size=chunk):
        replay = _replay(variant, number, moves)
        if replay.error_index is not None:
            yield Problem("game", str(game_id), f"move {replay.error_index} is illegal: {replay.error}")
        elif len(moves.split()) != ply:
            yield Problem("game", str(game_id), f"{len(moves.split())} moves stored, ply {ply}")
        elif (state == Game.State.WON) != replay.won:
            outcome = "wins" if replay.won else "does not win"
            yield Problem("game", str(game_id), f"stored as {state}, the log {outcome}")
        else:
            yield None


def results_check(*, chunk: int = 500) -> Iterator[Problem | None]:
    """One item per result: ``None`` when its submitted log wins the result's own deal in
    the number of moves it records, for the game's player."""
    rows = Result.objects.values_list(
        "id", "deal__variant", "deal__number", "moves", "player_id", "deal_id",
        "submission__moves", "submission__game_id", "game_id", "game__player_id", "game__deal_id",
    )
    for (result_id, variant, number, moves, player_id, deal_id, log, submitted_game, game_id,
         game_player, game_deal) in rows.iterator(chunk_size=chunk):
        replay = _replay(variant, number, log)
        if (submitted_game, game_player, game_deal) != (game_id, player_id, deal_id):
            yield Problem("result", str(result_id), "its submission, game, player and deal disagree")
        elif replay.error_index is not None or not replay.won:
            yield Problem("result", str(result_id), "its submitted log does not win its deal")
        elif replay.moves != moves:
            yield Problem("result", str(result_id), f"records {moves} moves, the log wins in {replay.moves}")
        else:
            yield None
