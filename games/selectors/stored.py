"""Hot reads keep their answer as JSON bytes, built once per change and stored with its version.

An entry is ``(version, etag, body)`` under its key; the version lives under a
key of its own, and both are read in one cache round trip. A write does not
delete the entry: after its commit it sets a new version
(``games.services.leaderboards.leaderboards_outdate``), so an entry built from rows
read before that commit carries the old version and is never served again, and
the next read rebuilds it. Entries also expire, so that what no write announces
(a deal's par found later) shows within ``CACHE_SECONDS``.

An entry is current only under the cache epoch it was built in
(``core.cache``): after Redis comes back from an outage or a restart, every
entry is rebuilt once, since a write made meanwhile may not have outdated it.
When the cache cannot be reached at all, the answer is built from the database
and not stored (``CACHE_ERRORS``): a board read never fails for want of Redis.

Keys name what a reader knows before any query (a variant and a date, a variant
and a deal number), so that a stored answer costs no query at all. Entries that
change at midnight without a write (a deal's board shows a daily's results once
it has closed; a streak ends) carry the day in their key.
"""

import contextlib
import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from rest_framework.renderers import JSONRenderer

from core.cache import EPOCH
from core.outages import CACHE_ERRORS

CACHE_SECONDS = 300
PREFIX = "hot:"


@dataclass(frozen=True)
class StoredKey:
    entry: str
    version: str


@dataclass(frozen=True)
class Stored:
    """A hot read's answer: the JSON bytes the API sends and their (quoted, strong) ETag."""

    body: bytes
    etag: str


def daily_board_key(variant: str, date: dt.date) -> StoredKey:
    base = f"{PREFIX}board:daily:{variant}:{date.isoformat()}"
    return StoredKey(base, f"{base}:version")


def deal_board_key(variant: str, number: int, today: dt.date) -> StoredKey:
    base = f"{PREFIX}board:deal:{variant}:{number}"
    return StoredKey(f"{base}:{today.isoformat()}", f"{base}:version")


def all_time_board_key(variant: str, today: dt.date) -> StoredKey:
    base = f"{PREFIX}board:all-time:{variant}"
    return StoredKey(f"{base}:{today.isoformat()}", f"{base}:version")


def player_stats_key(player_id: int, today: dt.date) -> StoredKey:
    base = f"{PREFIX}stats:{player_id}"
    return StoredKey(f"{base}:{today.isoformat()}", f"{base}:version")


def stored_read(key: StoredKey, build: Callable[[], dict] | None = None) -> Stored | None:
    """The stored answer in one cache round trip; built and stored when outdated and ``build`` is given.

    Without ``build`` an outdated or missing entry answers None: the caller goes
    the long way (which may have to create the row the answer is about).
    """
    try:
        found = cache.get_many([key.version, key.entry, EPOCH])
    except CACHE_ERRORS:
        return stored_of(build()) if build is not None else None
    # Read before the rows the build reads.
    version = (found.get(key.version, 0), found.get(EPOCH, 0))
    entry = found.get(key.entry)
    if entry is not None and entry[0] == version:
        return Stored(body=entry[2], etag=entry[1])
    if build is None:
        return None
    stored = stored_of(build())
    with contextlib.suppress(CACHE_ERRORS):  # answered all the same; the next read stores it
        cache.set(key.entry, (version, stored.etag, stored.body), CACHE_SECONDS)
    return stored


def stored_of(data: dict) -> Stored:
    """JSON bytes as the API renders them, and an ETag that changes whenever they do."""
    body = JSONRenderer().render(data)
    return Stored(body=body, etag=f'"{hashlib.blake2b(body, digest_size=10).hexdigest()}"')
