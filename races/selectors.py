"""Reads of races: the race as everyone may see it (players, progress, places,
ratings; never a card), a player's race ratings."""

from django.utils import timezone

from core.errors import NotFound
from races.models import Race, RacePlayer, RaceRating
from races.progress import progress_unit
from races.services.ratings import display


def race_get(*, code: str) -> Race:
    race = Race.objects.select_related("deal", "host").filter(code=code).first() if code.isalnum() else None
    if race is None:
        raise NotFound("No such race.")
    return race


def _ratings(race: Race, entries: list[RacePlayer]) -> dict[int, int]:
    rows = RaceRating.objects.filter(variant=race.variant, player_id__in=[e.player_id for e in entries])
    return {row.player_id: display(row.mu, row.sigma) for row in rows}


def _player_out(race: Race, entry: RacePlayer, ratings: dict[int, int]) -> dict:
    validated = race.validated_at is not None
    return {
        "username": entry.player.username,
        "host": entry.player_id == race.host_id,
        "connected": entry.connected,
        "gone": entry.left_at is not None,
        "home": entry.home,
        "moves": entry.moves,
        "won": entry.won_ms is not None,
        "seconds": None if entry.won_ms is None else round(entry.won_ms / 1000, 1),
        "rating": ratings.get(entry.player_id, display(25.0, 25 / 3)),
        "place": entry.place if validated else None,
        "log_check": entry.log_check,
        "under_review": bool(entry.flag_reason),
        "rating_before": entry.rating_before if validated else None,
        "rating_after": entry.rating_after if validated else None,
    }


def progress_out(entry: RacePlayer) -> dict:
    """One player's progress as the others see it (a socket's ``progress`` event)."""
    return {
        "username": entry.player.username, "home": entry.home, "moves": entry.moves,
        "won": entry.won_ms is not None, "gone": entry.left_at is not None, "connected": entry.connected,
        "seconds": None if entry.won_ms is None else round(entry.won_ms / 1000, 1),
    }


def race_state(race: Race) -> str:
    """``lobby``, ``countdown``, ``running`` or ``finished`` (a race past its time
    limit reads as finished before anyone has ended it)."""
    now = timezone.now()
    if race.state == Race.State.RUNNING:
        if now >= race.ends_at:
            return "finished"
        return "countdown" if now < race.starts_at else "running"
    return race.state


def race_out(race: Race) -> dict:
    """The race as anyone may see it: no card, and each game only by its progress."""
    entries = list(race.entries.select_related("player"))
    ratings = _ratings(race, entries)
    unit = progress_unit(race.variant)
    players = [_player_out(race, entry, ratings) for entry in entries]
    if race.validated_at:
        players.sort(key=lambda p: (p["place"] or 99, p["username"]))
    return {
        "code": race.code,
        "url": f"/race/{race.code}",
        "variant": race.variant,
        "number": race.deal.number,
        "rated": race.rated,
        "minutes": race.minutes,
        "state": race_state(race),
        "host": race.host.username,
        "unit": unit.name,
        "total": unit.total,
        "server_now": timezone.now(),
        "created_at": race.created_at,
        "starts_at": race.starts_at,
        "ends_at": race.ends_at,
        "finished_at": race.finished_at,
        "validated": race.validated_at is not None,
        "players": players,
    }


def player_race_ratings(*, player) -> list[dict]:
    """A player's race ratings, one per variant raced rated."""
    return [
        {"variant": row.variant, "rating": display(row.mu, row.sigma), "races": row.races}
        for row in RaceRating.objects.filter(player=player).order_by("variant")
    ]
