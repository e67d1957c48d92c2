"""The lobby and the race: create, join, start, leave, presence, the end.

Every write locks the race row (``select_for_update`` in ``atomic``), so a start,
a join and a leave never interleave; a race is over when every player has won
or left, or at its time limit (``race_refresh``: whoever asks first after it,
a client at its deadline or beat's sweep, ends it). The end rings the worker,
which replays every log before the places are written (``races.services.results``).
"""

import datetime as dt
import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, InvalidRequest, NotFound, PermissionDenied
from core.rows import Join, RowSelect
from games.models import Deal, Game
from games.referee import variant_check
from games.services.deals import deal_free_play_check, deal_get_or_create, deal_winnable_random
from races import tasks
from races.models import Race, RacePlayer

MIN_PLAYERS = 2
MAX_PLAYERS = 8
COUNTDOWN = dt.timedelta(seconds=3)
DEFAULT_MINUTES = 10
MAX_MINUTES = 60
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud, typed from a screen
CODE_LENGTH = 8


def _code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def race_create(*, host, variant: str, number: int | None = None, rated: bool = False,
                minutes: int = DEFAULT_MINUTES) -> Race:
    """A race in its lobby, with its host as the first player. Without ``number``
    the deal is a random one from the variant's winnable pool."""
    variant_check(variant)
    if not 1 <= minutes <= MAX_MINUTES:
        raise InvalidRequest(f"A race lasts 1 to {MAX_MINUTES} minutes.", code="invalid")
    if number is None:
        deal = deal_winnable_random(variant=variant)
    else:
        deal = deal_get_or_create(variant=variant, number=number)
        deal_free_play_check(deal=deal)
    with transaction.atomic():
        race = Race.objects.create(code=_code(), variant=variant, deal=deal, host=host, rated=rated,
                                   minutes=minutes)
        RacePlayer.objects.create(race=race, player=host)
    return race


# Every move of a race locks the race and the mover's entry: one statement each, built once
# (core.rows), not compiled by the ORM on each move. The deal's long columns stay unread.
_RACE_LOCK = RowSelect(
    Join(Race, "r"),
    Join(Deal, "d", via="deal", unread=frozenset({"solution", "honest_reference", "scope", "note"})),
    where='r."code" = %s', lock=True)
_ENTRY_LOCK = RowSelect(Join(RacePlayer, "e"), Join(get_user_model(), "u", via="player"),
                        where='e."race_id" = %s AND e."player_id" = %s', lock=True)


def race_locked(*, code: str) -> Race:
    row = _RACE_LOCK.fetch([code]) if isinstance(code, str) else None
    if row is None:
        raise NotFound("No such race.")
    return row[0]


def race_join(*, code: str, player) -> Race:
    """Join a race in its lobby (again: nothing changes)."""
    with transaction.atomic():
        race = race_locked(code=code)
        if race.entries.filter(player=player).exists():
            return race
        if race.state != Race.State.LOBBY:
            raise Conflict("This race has started: it takes no new players.", code="race_started")
        if race.entries.count() >= MAX_PLAYERS:
            raise Conflict(f"This race is full ({MAX_PLAYERS} players).", code="race_full")
        RacePlayer.objects.create(race=race, player=player)
    return race


def race_start(*, code: str, player, now: dt.datetime | None = None) -> Race:
    """The host starts the race: every player's game is made now, and every clock
    starts at the same server moment, ``COUNTDOWN`` later, when the deal is shown."""
    now = now or timezone.now()
    with transaction.atomic():
        race = race_locked(code=code)
        if race.host_id != player.pk:
            raise PermissionDenied("Only the host starts the race.", code="not_host")
        if race.state != Race.State.LOBBY:
            raise Conflict("This race has started already.", code="race_started")
        entries = list(race.entries.select_for_update())
        if len(entries) < MIN_PLAYERS:
            raise Conflict(f"A race needs at least {MIN_PLAYERS} players.", code="too_few_players",
                           players=len(entries))
        race.starts_at = now + COUNTDOWN
        race.ends_at = race.starts_at + dt.timedelta(minutes=race.minutes)
        race.state = Race.State.RUNNING
        race.save(update_fields=["starts_at", "ends_at", "state"])
        for entry in entries:
            entry.game = Game.objects.create(player=entry.player, deal=race.deal, in_race=True)
            entry.save(update_fields=["game"])
        # Every clock starts with the deal (``Game.started_at`` is otherwise the row's creation).
        Game.objects.filter(race_entry__race=race).update(started_at=race.starts_at)
    return race


def race_entry(race: Race, player, *, lock: bool = False) -> RacePlayer:
    """The player's entry (``lock``: locked for a write, whose game the games services lock and
    load themselves: the game and its deal are joined only to a read)."""
    if lock:
        row = _ENTRY_LOCK.fetch([race.pk, player.pk])
        entry = None if row is None else row[0]
    else:
        entry = race.entries.select_related("player", "game", "game__deal").filter(player=player).first()
    if entry is None:
        raise PermissionDenied("You are not in this race.", code="not_in_race")
    return entry


def race_dealt_check(race: Race, now: dt.datetime) -> None:
    """Refuse play before the deal (``not_dealt``, with the time left) or after the end."""
    if race.state == Race.State.LOBBY:
        raise Conflict("The race has not started.", code="not_started")
    if race.state == Race.State.FINISHED or now >= race.ends_at:
        raise Conflict("The race is over.", code="race_over")
    if now < race.starts_at:
        left = int((race.starts_at - now).total_seconds() * 1000)
        raise Conflict(f"The deal is shown in {left} ms.", code="not_dealt", starts_in_ms=left)


def race_deal(*, code: str, player, now: dt.datetime | None = None) -> RacePlayer:
    """The player's entry with its game, once the race is dealt (the game is sent as the player's view)."""
    now = now or timezone.now()
    race = Race.objects.select_related("deal").filter(code=code).first()
    if race is None:
        raise NotFound("No such race.")
    entry = race_entry(race, player)
    if race.state == Race.State.LOBBY:
        raise Conflict("The race has not started.", code="not_started")
    if now < race.starts_at:
        left = int((race.starts_at - now).total_seconds() * 1000)
        raise Conflict(f"The deal is shown in {left} ms.", code="not_dealt", starts_in_ms=left)
    return entry


def race_leave(*, code: str, player, now: dt.datetime | None = None) -> Race:
    """Leave: from the lobby the seat is given up (the host's role passes to the next
    player); in a race the player gives up and is shown as gone, ranked by what
    they had home. The race goes on without them, its host's included."""
    now = now or timezone.now()
    with transaction.atomic():
        race = race_locked(code=code)
        entry = race_entry(race, player, lock=True)
        if race.state == Race.State.LOBBY:
            entry.delete()
            if race.host_id == player.pk:
                heir = race.entries.order_by("joined_at", "pk").first()
                if heir is not None:
                    race.host_id = heir.player_id
                    race.save(update_fields=["host"])
            return race
        if race.state == Race.State.FINISHED or entry.left_at or entry.won:
            return race
        entry.left_at = now
        entry.save(update_fields=["left_at"])
        _finish_if_done(race, now)
    return race


def race_presence(*, code: str, player, connected: bool) -> RacePlayer | None:
    """Whether a player has a socket open on the race (None: not a player of it)."""
    entry = RacePlayer.objects.filter(race__code=code, player=player).select_related("player").first()
    if entry is None:
        return None
    RacePlayer.objects.filter(pk=entry.pk).update(connected=connected)
    entry.connected = connected
    return entry


def race_refresh(*, code: str, now: dt.datetime | None = None) -> Race:
    """The race, ended first if its time is up (clients ask at their deadline)."""
    now = now or timezone.now()
    race = Race.objects.filter(code=code).only("state", "ends_at").first()
    if race is None:
        raise NotFound("No such race.")
    if race.state == Race.State.RUNNING and now >= race.ends_at:
        with transaction.atomic():
            race = race_locked(code=code)
            if race.state == Race.State.RUNNING and now >= race.ends_at:
                race_finish(race, now)
    return race


def _finish_if_done(race: Race, now: dt.datetime) -> bool:
    """End a running race (locked) once every player has won or left."""
    if race.state != Race.State.RUNNING:
        return False
    if race.entries.filter(left_at__isnull=True, won_ms__isnull=True).exists():
        return False
    race_finish(race, now)
    return True


def race_finish(race: Race, now: dt.datetime) -> None:
    """End a race (locked): no move is taken after this; the worker ranks it from the logs."""
    race.state = Race.State.FINISHED
    race.finished_at = min(now, race.ends_at) if race.ends_at else now
    race.save(update_fields=["state", "finished_at"])
    transaction.on_commit(lambda pk=race.pk: tasks.race_validate_task.delay(pk))


def races_overdue(*, now: dt.datetime | None = None, limit: int = 200) -> list[str]:
    """Codes of running races past their time limit (beat's sweep ends them)."""
    now = now or timezone.now()
    return list(Race.objects.filter(state=Race.State.RUNNING, ends_at__lte=now)
                .values_list("code", flat=True)[:limit])


def races_unvalidated(*, older_than: dt.timedelta = dt.timedelta(seconds=45), limit: int = 200) -> list[int]:
    """Finished races the worker has not ranked yet, a while after they ended."""
    return list(Race.objects.filter(state=Race.State.FINISHED, validated_at__isnull=True,
                                    finished_at__lt=timezone.now() - older_than)
                .values_list("pk", flat=True)[:limit])
