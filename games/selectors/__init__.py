"""Selectors read; services write. One module per sub-domain, re-exported here."""

from games.selectors.dailies import (
    daily_is_open,
    daily_layout_open,
    daily_started,
    deals_featured,
    layout_variants,
    open_daily_layouts,
    schedule_upcoming,
)
from games.selectors.games import game_submission, player_by_username, player_game, player_games
from games.selectors.leaderboards import (
    COUNTED,
    LEADERBOARD_LIMIT,
    ON_BOARDS,
    PLAYER_ON_BOARDS,
    daily_rank,
    leaderboard_all_time,
    leaderboard_daily,
    leaderboard_daily_stored,
    leaderboard_deal,
    leaderboard_deal_stored,
)
from games.selectors.stats import player_stats

__all__ = [
    "COUNTED", "LEADERBOARD_LIMIT", "ON_BOARDS", "PLAYER_ON_BOARDS", "daily_is_open", "daily_layout_open",
    "daily_rank", "daily_started", "deals_featured", "game_submission", "layout_variants",
    "leaderboard_all_time", "leaderboard_daily", "leaderboard_daily_stored", "leaderboard_deal",
    "leaderboard_deal_stored", "open_daily_layouts", "player_by_username", "player_game", "player_games",
    "player_stats", "schedule_upcoming",
]
