"""A player's games and the player behind a public name."""

import datetime as dt

from django.contrib.auth import get_user_model

from core.errors import NotFound
from games.models import Game, Submission


def player_game(*, player, game_id) -> Game:
    """One of the player's games; anyone else's is simply not found."""
    game = Game.objects.select_related("deal", "daily").filter(pk=game_id, player=player).first()
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
    """The player's games, most recently played first, optionally on one deal or one daily."""
    games = Game.objects.filter(player=player).select_related("deal", "daily", "submission__result")
    if state in Game.State.values:
        games = games.filter(state=state)
    if variant:
        games = games.filter(deal__variant=variant)
    if daily_date is not None:
        games = games.filter(daily__date=daily_date)
    elif number is not None:
        games = games.filter(deal__number=number, daily__isnull=True)
    return list(games[:limit])
