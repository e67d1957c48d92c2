"""After a commit that changes what a hot read shows, the answers stored before it are outdated.

Run it in ``transaction.on_commit``: a version set before the commit could be
read by a board built from the rows of before, which would then be stored as
current (see ``games.selectors.stored``).

If Redis cannot be reached after the commit, the write is done all the same
and every stored answer is outdated as soon as Redis answers again
(``core.cache.cache_epoch_bump_later``): raising here would lose the bump for
good, and a Redis that comes back with its data would serve the old board.
"""

import logging
import time

from django.core.cache import cache
from django.db import transaction

from core.cache import cache_epoch_bump_later
from core.outages import CACHE_ERRORS
from games.clock import today_utc
from games.models import Daily, Deal
from games.selectors.stored import (
    CACHE_SECONDS,
    all_time_board_key,
    daily_board_key,
    deal_board_key,
    player_stats_key,
)

# Longer than any entry lives: an entry built under version 0 must expire before
# an expired version key could make 0 current again.
VERSION_SECONDS = max(24 * 3600, 10 * CACHE_SECONDS)

logger = logging.getLogger(__name__)


def leaderboards_outdate(*, daily_id: int | None = None, deal_id: int | None = None,
                         player_id: int | None = None) -> None:
    """The daily's board and its variant's all-time board, the deal's board, the player's stats.

    Stored answers are keyed by what a reader asks for (a variant and a date, a
    variant and a number), so the daily and the deal are looked up by id here,
    on the write side, where a query costs nobody a wait.
    """
    today = today_utc()
    keys = []
    daily = Daily.objects.filter(pk=daily_id).values_list("variant", "date").first() if daily_id else None
    if daily is not None:
        keys += [daily_board_key(*daily).version, all_time_board_key(daily[0], today).version]
    deal = Deal.objects.filter(pk=deal_id).values_list("variant", "number").first() if deal_id else None
    if deal is not None:
        keys.append(deal_board_key(*deal, today).version)
    if player_id is not None:
        keys.append(player_stats_key(player_id, today).version)
    if not keys:
        return
    try:
        cache.set_many(dict.fromkeys(keys, time.time_ns()), timeout=VERSION_SECONDS)
    except CACHE_ERRORS as exc:
        logger.warning("leaderboards: could not outdate %s (%s); outdating everything once Redis answers",
                       keys, exc)
        cache_epoch_bump_later()


def leaderboards_outdate_on_commit(
    *, boards: set[tuple[int | None, int]], player_ids: tuple[int, ...] = ()
) -> None:
    """After the commit, outdate every (daily id, deal id) board of ``boards`` and the players' stats."""

    def outdate() -> None:
        for daily_id, deal_id in boards:
            leaderboards_outdate(daily_id=daily_id, deal_id=deal_id)
        for player_id in player_ids:
            leaderboards_outdate(player_id=player_id)

    transaction.on_commit(outdate)
