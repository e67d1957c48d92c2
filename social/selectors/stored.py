"""Stored answers of the boards narrowed to a league or to the players someone follows.

As ``games.selectors.stored``, an entry is built once per change and read in one
cache round trip with no query; its version is a pair, the daily board's version
(any result on the daily changes it) and the league's or the follower's own
(membership, a rename, a follow or an unfollow changes it). The entry also keeps
who may read it, and a session cookie that DRF authenticated in the last
``READER_SECONDS`` is remembered as its player, so that checking a reader costs
no query either: a stored read is one or two cache round trips.
"""

import datetime as dt
import time

from django.core.cache import cache
from django.db import transaction

from games.selectors.stored import CACHE_SECONDS, PREFIX, Stored, daily_board_key, stored_of
from games.services.leaderboards import VERSION_SECONDS


def league_version_key(code: str) -> str:
    return f"{PREFIX}league:{code}:version"


def following_version_key(player_id: int) -> str:
    return f"{PREFIX}following:{player_id}:version"


def _entry_key(scope: str, variant: str, date: dt.date) -> str:
    return f"{PREFIX}board:{scope}:{variant}:{date.isoformat()}"


def league_board_entry(code: str, variant: str, date: dt.date) -> tuple[str, str, str]:
    return _entry_key(f"league:{code}", variant, date), daily_board_key(variant, date).version, \
        league_version_key(code)


def following_board_entry(player_id: int, variant: str, date: dt.date) -> tuple[str, str, str]:
    return _entry_key(f"following:{player_id}", variant, date), daily_board_key(variant, date).version, \
        following_version_key(player_id)


#: How long a session cookie stands for its player on the stored path without the session
#: table being asked: a log-out forgets it at once (``reader_forget``); a session ended
#: any other way (a password changed elsewhere, staff) reads stored boards this long at most.
READER_SECONDS = 60


def reader_key(session_key: str) -> str:
    return f"{PREFIX}reader:{session_key}"


def reader_remember(session_key: str, player_id: int) -> None:
    """The session ``session_key`` was just authenticated as ``player_id``."""
    cache.set(reader_key(session_key), player_id, READER_SECONDS)


def reader_forget(session_key: str) -> None:
    cache.delete(reader_key(session_key))


def reader_of(session_key: str) -> int | None:
    return cache.get(reader_key(session_key))


def scoped_read(keys: tuple[str, str, str], reader_id: int, build=None) -> Stored | None:
    """The stored answer if it is current and ``reader_id`` may read it; else built (when
    ``build`` is given: it returns the answer and the ids of who may read it) and stored."""
    entry_key, daily_version_key, scope_version_key = keys
    found = cache.get_many([daily_version_key, scope_version_key, entry_key])
    versions = (found.get(daily_version_key, 0), found.get(scope_version_key, 0))
    entry = found.get(entry_key)
    if entry is not None and entry[0] == versions and reader_id in entry[3]:
        return Stored(body=entry[2], etag=entry[1])
    if build is None:
        return None
    data, readers = build()
    stored = stored_of(data)
    cache.set(entry_key, (versions, stored.etag, stored.body, frozenset(readers)), CACHE_SECONDS)
    return stored if reader_id in readers else None


def scope_outdate_on_commit(key: str) -> None:
    """After the commit, every board stored under this league's or follower's version is outdated."""
    transaction.on_commit(lambda: cache.set(key, time.time_ns(), timeout=VERSION_SECONDS))
