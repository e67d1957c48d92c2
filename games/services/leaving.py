"""What the games keep about a player who leaves: their part of the data export, and
what deleting the account erases here (``accounts/leaving.py`` asks; registered in
``games/apps.py``, as accounts never imports games)."""

from games.models import Game, PlayerStreak, Result
from games.services.players import player_boards_refresh


def _game_out(game: Game) -> dict:
    return {
        "id": str(game.id), "variant": game.deal.variant, "deal": str(game.deal.number),
        "daily": game.daily.date.isoformat() if game.daily else None, "ranked": game.ranked,
        "state": game.state, "moves": game.move_list, "server_times_ms": game.server_times,
        "client_times_ms": game.client_times, "undos": game.undos, "hints": game.hints,
        "started_at": game.started_at, "finished_at": game.finished_at,
    }


def player_data_export(*, player) -> dict:
    """Every game with its move log and times, every result and streak of ``player``."""
    games = Game.objects.filter(player=player).select_related("deal", "daily").order_by("started_at")
    results = Result.objects.filter(player=player).select_related("deal", "daily").order_by("finished_at")
    return {
        "games": [_game_out(g) for g in games],
        "results": [{"game": str(r.game_id), "variant": r.deal.variant, "deal": str(r.deal.number),
                     "daily": r.daily.date.isoformat() if r.daily else None, "ranked": r.ranked,
                     "moves": r.moves, "seconds": round(r.duration_ms / 1000, 1),
                     "finished_at": r.finished_at, "flagged": r.flagged, "voided": r.voided}
                    for r in results],
        "streaks": [{"variant": s.variant, "daily_wins": s.daily_wins, "best_streak": s.best_streak}
                    for s in PlayerStreak.objects.filter(player=player)],
    }


def player_data_erase(*, player) -> None:
    """In the deletion's transaction, after the rename: the games without a result go; the
    results stay, and every board they are on is rebuilt on its next read with the new name."""
    Game.objects.filter(player=player, result__isnull=True, submission__isnull=True).delete()
    player_boards_refresh(player=player)
