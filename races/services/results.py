"""The worker's side of a race: every log replayed from the deal, then the places.

``race_validate`` runs when a race is over (and again from beat's sweep if that
message was lost). It may run twice: the race row is locked while the places
are written and ``validated_at`` says it is done. Each log is replayed with the
engine, as a daily's submission is, and put through the dailies' fair-play
checks: the clocks (``fairplay_flag``) for every log, and for a rated race's
wins in the FreeCell family the engine-assistance assessment as well. A log
that does not replay counts nothing; a finish held by fair play is ranked as
played but is kept out of the ratings, and staff see why.

Places: the winners first, in the order they won; then everyone else by what
they had home when the race ended, then by fewer moves (taken-back ones
included); a log that does not replay comes last; a tie shares its place.
"""

from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import engine
from fairplay.score import assess
from games.referee import start_position
from games.services.fairplay import assisted_reason, fairplay_flag
from games.services.solving import SolverCache
from races.models import Race, RacePlayer
from races.progress import home_count
from races.services.ratings import ratings_update


@dataclass(frozen=True)
class _Replayed:
    home: int
    moves: int
    won_ms: int | None
    error: str = ""
    flag: str = ""


def _replay_entry(race: Race, entry: RacePlayer) -> _Replayed:
    game = entry.game
    if game is None or not game.moves:
        return _Replayed(0, 0, None)
    start = start_position(race.variant, race.deal.number)
    moves = game.move_list
    replay = engine.replay(start, moves)
    if replay.error_index is not None:
        return _Replayed(0, 0, None, error=f"move {replay.error_index} is illegal: {replay.error}")
    won_ms = (game.server_times[-1] if game.server_times else 0) if replay.won else None
    flag = fairplay_flag(game)
    if race.rated and replay.won and not flag:
        evidence = assess(start, moves, game.server_times, game.client_times, undos=game.undos,
                          seconds=settings.FAIRPLAY_ASSESS_SECONDS, lines=SolverCache("fairplay"),
                          ).evidence(settings.FAIRPLAY_HOLD_SCORE)
        flag = assisted_reason(evidence)
    home = home_count(race.variant, replay.position)
    return _Replayed(home, game.ply + game.undos, won_ms, flag=flag[:200])


def place_key(entry: RacePlayer) -> tuple:
    """Winners by the time they won; the rest by more home, then fewer moves; a log
    that does not replay last."""
    if entry.log_check == RacePlayer.Check.INVALID:
        return (2, 0, 0)
    if entry.won_ms is not None:
        return (0, entry.won_ms, 0)
    return (1, -entry.home, entry.moves)


def places(entries: list[RacePlayer]) -> None:
    """Set ``place`` on each entry (ties share a place, the next place skips)."""
    ordered = sorted(entries, key=place_key)
    for index, entry in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        tied = previous is not None and place_key(previous) == place_key(entry)
        entry.place = previous.place if tied else index + 1


def race_validate(*, race_id: int) -> Race | None:
    """Replay every log of a finished race and write the places (once)."""
    race = Race.objects.select_related("deal").filter(pk=race_id).first()
    if race is None or race.state != Race.State.FINISHED or race.validated_at:
        return race
    entries = list(race.entries.select_related("game", "player"))
    replayed = {entry.pk: _replay_entry(race, entry) for entry in entries}  # the slow part, unlocked
    with transaction.atomic():
        race = Race.objects.select_for_update().select_related("deal").get(pk=race_id)
        if race.validated_at:
            return race
        entries = list(race.entries.select_for_update(of=("self",)).select_related("game", "player"))
        for entry in entries:
            found = replayed.get(entry.pk) or _replay_entry(race, entry)
            entry.home, entry.moves, entry.won_ms = found.home, found.moves, found.won_ms
            entry.log_check = RacePlayer.Check.INVALID if found.error else RacePlayer.Check.VALID
            entry.log_check_reason = found.error[:300]
            entry.flag_reason = found.flag
        places(entries)
        if race.rated:
            ratings_update(race=race, entries=entries)
        for entry in entries:
            entry.save(update_fields=["home", "moves", "won_ms", "log_check", "log_check_reason",
                                      "flag_reason", "place", "rating_before", "rating_after"])
        race.validated_at = timezone.now()
        race.save(update_fields=["validated_at"])
    return race
