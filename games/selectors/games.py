"""A player's games and the player behind a public name.

A game's owner is a player (an account) or a ``Guest``: the random id a guest's
browser session holds. Every read and write of a game asks ``owned_by``, so a
guest's game is found by its session only, and a player's by the player only.
"""

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone

from core.errors import NotFound
from games.models import Game, Submission

#: A guest's game expires this long after its last update (move, undo, hint).
GUEST_GAME_LIFETIME = dt.timedelta(days=7)


@dataclass(frozen=True)
class Guest:
    """A guest, known by the random id kept in their session (never the session key)."""

    key: str

    def __post_init__(self) -> None:
        if not isinstance(self.key, str) or not self.key:
            raise ValueError("a guest needs a key")


@dataclass(frozen=True)
class RaceSeat:
    """A player as a live race sees them: the owner of their race games, which the
    games API does not reach (moves arrive through the race, which keeps its clock;
    no hints)."""

    player: object


@dataclass(frozen=True)
class TokenPlayer:
    """A player whose token was taken from memory (``accounts.authentication.ExpiringTokenAuthentication``):
    their games, reached only while the token still stands, asked by the same read
    (``games.services.game_rows``); the read that finds the game marks the token confirmed."""

    player: object
    token: object


def guest_expiry_cutoff(now: dt.datetime | None = None) -> dt.datetime:
    """Guest games last updated before this have expired."""
    return (now or timezone.now()) - GUEST_GAME_LIFETIME


def owned_by(owner) -> Q:
    """The games of ``owner``, a player or a ``Guest`` (whose expired games are gone
    even before the sweep deletes them); a player's race games only as a ``RaceSeat``."""
    if isinstance(owner, Guest):
        return Q(player__isnull=True, guest_key=owner.key, updated_at__gte=guest_expiry_cutoff())
    if isinstance(owner, RaceSeat):
        return Q(player=owner.player, in_race=True)
    return Q(player=owner, in_race=False)


def player_game(*, player, game_id) -> Game:
    """One of the owner's games (``player`` is a player or a ``Guest``); anyone else's is simply not found."""
    game = Game.objects.select_related("deal", "daily").filter(owned_by(player), pk=game_id).first()
    if game is None:
        raise NotFound("No such game.")
    return game


def game_submission(*, game: Game) -> Submission | None:
    """The game's submission (from the row already joined in, when the query did)."""
    try:
        return game.submission
    except Submission.DoesNotExist:
        return None


def player_by_username(*, username: str, active_only: bool = True):
    """The player of that name; staff also reach deactivated accounts (``active_only=False``)."""
    players = get_user_model().objects.filter(username=username)
    if active_only:
        players = players.filter(is_active=True)
    # PostgreSQL text cannot hold NUL, and no username does: %00 in a path is simply unknown.
    player = None if "\x00" in username else players.first()
    if player is None:
        raise NotFound("No such player.")
    return player


def player_games(*, player, state: str | None = None, variant: str | None = None,
                 number: int | None = None, daily_date: dt.date | None = None, limit: int = 20):
    """The owner's games (a player's or a ``Guest``'s), most recently played first,
    optionally on one deal or one daily."""
    games = Game.objects.filter(owned_by(player)).select_related("deal", "daily", "submission__result")
    if state in Game.State.values:
        games = games.filter(state=state)
    if variant:
        games = games.filter(deal__variant=variant)
    if daily_date is not None:
        games = games.filter(daily__date=daily_date)
    elif number is not None:
        games = games.filter(deal__number=number, daily__isnull=True)
    return list(games[:limit])
