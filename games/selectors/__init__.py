"""Selectors read; services write. One module per sub-domain, re-exported here."""

from games.selectors.dailies import (
    daily_is_open,
    daily_layout_open,
    daily_players,
    daily_started,
    deals_featured,
    layout_variants,
    open_daily_layouts,
    schedule_upcoming,
    scheduled_layouts,
)
from games.selectors.games import (
    GUEST_GAME_LIFETIME,
    Guest,
    RaceSeat,
    TokenPlayer,
    game_submission,
    guest_expiry_cutoff,
    owned_by,
    player_by_username,
    player_game,
    player_games,
)
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
    "COUNTED", "GUEST_GAME_LIFETIME", "LEADERBOARD_LIMIT", "ON_BOARDS", "PLAYER_ON_BOARDS", "Guest",
    "RaceSeat", "TokenPlayer",
    "daily_is_open", "daily_layout_open", "daily_players", "daily_rank", "daily_started", "deals_featured",
    "game_submission",
    "guest_expiry_cutoff", "layout_variants", "leaderboard_all_time", "leaderboard_daily",
    "leaderboard_daily_stored", "leaderboard_deal", "leaderboard_deal_stored", "open_daily_layouts",
    "owned_by", "player_by_username", "player_game", "player_games", "player_stats", "schedule_upcoming",
    "scheduled_layouts",
]
