"""Play in a race: the games services referee every move; the race adds its clock,
who may play, and the progress everyone sees.

A race game is reached only as a ``RaceSeat`` (the games API does not see it),
so its moves arrive here, where the race row is locked while the batch is
appended: a move and the end of the race never interleave. The batch itself
goes through ``moves_append`` / ``game_undo`` (the same checks, the same
player's view of face-down cards, a win opens the same submission for the
worker).
"""

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, PermissionDenied
from core.rows import Join, RowSelect, row_update
from games.kept import game_position
from games.referee import GameReplay
from games.selectors import RaceSeat
from games.services.games import game_undo, moves_append
from races.models import Race, RacePlayer
from races.progress import home_count
from races.services.races import _finish_if_done, race_dealt_check, race_entry, race_finish, race_locked


@dataclass(frozen=True)
class Played:
    """What a batch (or an undo) did: the player's entry with its game and the
    replay of its log (for the player's own answer), and whether it ended the race."""

    entry: RacePlayer
    replay: GameReplay
    race_over: bool


class _PlayLock(RowSelect):
    """The mover's entry with its race and player, the race's row and the entry's locked by one
    statement, the race's first as every other write of a race locks them (``races.services.races``):
    one round trip a move instead of two."""

    def _build(self):
        sql, columns = super()._build()
        assert sql.endswith(" FOR UPDATE OF e")
        return sql.removesuffix(" OF e") + " OF r, e", columns


_PLAY_LOCK = _PlayLock(Join(RacePlayer, "e"), Join(Race, "r", via="race"),
                       Join(get_user_model(), "u", via="player"),
                       where='r."code" = %s AND e."player_id" = %s', lock=True)


def _race_for_play(code: str, player, now: dt.datetime) -> tuple[Race, RacePlayer | None]:
    """The race and the player's entry, both locked (no entry: ``None``); a race whose time is up
    is ended here (and the move refused after the commit, so that the end is kept)."""
    row = _PLAY_LOCK.fetch([code, player.pk]) if isinstance(code, str) and player.pk is not None else None
    if row is None:  # not a player of this race, or no such race: said as before
        race, entry = race_locked(code=code), None
    else:
        entry, race, _ = row
    if race.state == Race.State.RUNNING and race.ends_at and now >= race.ends_at:
        race_finish(race, now)
    return race, entry


def _entry_for_play(race: Race, entry: RacePlayer | None, player) -> RacePlayer:
    return entry if entry is not None else race_entry(race, player, lock=True)


def _entry_check(entry: RacePlayer, game_id) -> None:
    if game_id is not None and str(game_id) != str(entry.game_id):
        raise PermissionDenied("That game is not yours: a player plays only their own.", code="not_your_game")
    if entry.left_at is not None:
        raise Conflict("You left this race.", code="left_race")


def _progress_record(entry: RacePlayer, replay: GameReplay, race: Race, now: dt.datetime) -> bool:
    game = entry.game
    entry.home = home_count(race.variant, replay.position)
    entry.moves = game.ply + game.undos
    won_now = game.state == game.State.WON and entry.won_ms is None
    if won_now:
        entry.won_ms = game.server_times[-1] if game.server_times else 0
    row_update(entry, ("home", "moves", "won_ms"))
    # Only this player's win can end the race here (a player who leaves ends it in race_leave).
    return _finish_if_done(race, now) if won_now else False


def race_moves_append(*, code: str, player, expected_ply: int, moves: Sequence[str],
                      client_times: Sequence[int], game_id=None, now: dt.datetime | None = None) -> Played:
    """Append a batch to the player's race game (all or none of it, as ``moves_append``)."""
    now = now or timezone.now()
    with transaction.atomic():
        race, entry = _race_for_play(code, player, now)
        if race.state != Race.State.FINISHED:
            entry = _entry_for_play(race, entry, player)
            _entry_check(entry, game_id)
            race_dealt_check(race, now)
            appended = moves_append(game_id=entry.game_id, player=RaceSeat(player), expected_ply=expected_ply,
                                    moves=moves, client_times=client_times)
            entry.game = appended.game
            over = _progress_record(entry, appended.replay, race, now)
            return Played(entry, appended.replay, over)
    race_entry(race, player)  # a stranger hears "not in this race" rather than how the race stands
    raise Conflict("The race is over.", code="race_over")


def race_undo(*, code: str, player, expected_ply: int, to_ply: int, game_id=None,
              now: dt.datetime | None = None) -> Played:
    """Undo in the player's race game: a shorter log; the moves taken back still count."""
    now = now or timezone.now()
    with transaction.atomic():
        race, entry = _race_for_play(code, player, now)
        if race.state != Race.State.FINISHED:
            entry = _entry_for_play(race, entry, player)
            _entry_check(entry, game_id)
            race_dealt_check(race, now)
            if entry.won:
                raise Conflict("This game is finished.", code="game_finished")
            game = game_undo(game_id=entry.game_id, player=RaceSeat(player), expected_ply=expected_ply,
                             to_ply=to_ply)
            entry.game = game
            replay = game_position(game)  # the undo kept where the shorter log leads
            _progress_record(entry, replay, race, now)
            return Played(entry, replay, False)
    race_entry(race, player)
    raise Conflict("The race is over.", code="race_over")
