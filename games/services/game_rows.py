"""The lock every write to a game takes: its row, with its deal and daily (the
write itself is one ``core.rows.row_update`` of the columns it changed).

Every move a player makes is one of these, so their SQL is built once per
process from the models' metadata (``core.rows``) instead of by the ORM on each
call: for the locked select with its two joins that took 1.5-4 ms of CPU on
these cores (bench/appends.py), more than the rest of an append together.
Values go in and out through the fields' own conversions (``get_db_prep_save``,
the database converters), as the ORM does.
"""

from __future__ import annotations

import uuid

from core.rows import Join, RowSelect
from games.models import Daily, Deal, Game
from games.selectors import Guest, RaceSeat, TokenPlayer, guest_expiry_cutoff

#: Who may reach a game, per kind of owner (``games.selectors.owned_by`` says the same with the ORM),
#: and the lock that reads it with its deal and daily. Long columns no write of a game reads stay in
#: the database (they load when read): the game's hint plan; the deal's line, reference runs, scope, note.
_OWNERS = {
    "player": ('g."player_id" = %s AND NOT g."in_race"', lambda owner: [owner.pk]),
    "seat": ('g."player_id" = %s AND g."in_race"', lambda owner: [owner.player.pk]),
    "guest": ('g."player_id" IS NULL AND g."guest_key" = %s AND g."updated_at" >= %s',
              lambda owner: [owner.key, guest_expiry_cutoff()]),
}


def _token_standing() -> str:
    """The token still there, for this game's player, and its user active: what
    ``ExpiringTokenAuthentication`` asks (its age is checked from memory: it never changes)."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from rest_framework.authtoken.models import Token

    q = connection.ops.quote_name
    user = get_user_model()._meta
    # Names from the models' metadata; values only as parameters.
    return (f'EXISTS (SELECT 1 FROM {q(Token._meta.db_table)} t JOIN {q(user.db_table)} u'  # noqa: S608
            f' ON u.{q(user.pk.column)} = t."user_id" WHERE t."key" = %s AND t."user_id" = g."player_id"'
            f' AND t."created" = %s AND u."is_active")')


_OWNERS["token"] = (f'g."player_id" = %s AND NOT g."in_race" AND {_token_standing()}',
                    lambda owner: [owner.player.pk, owner.token.key, owner.token.created])
_SELECTS = {
    (kind, lock): RowSelect(
        Join(Game, "g", unread=frozenset({"plan"})),
        Join(Deal, "d", via="deal", unread=frozenset({"solution", "honest_reference", "scope", "note"})),
        Join(Daily, "y", via="daily", outer=True),
        where=f'g."id" = %s AND {condition}', lock=lock,
    )
    for kind, (condition, _) in _OWNERS.items() for lock in (True, False)
}


def _owner_kind(owner) -> str:
    if isinstance(owner, Guest):
        return "guest"
    if isinstance(owner, TokenPlayer):
        return "token"
    return "seat" if isinstance(owner, RaceSeat) else "player"


def game_row_locked(*, game_id, owner, lock: bool = True) -> Game | None:
    """The owner's game with its deal and daily, its row locked until the transaction
    ends (``SELECT ... FOR UPDATE OF`` the game only); ``None`` when the owner has no such game.
    ``lock=False``: the same read without the lock, for a write that checks the row is
    unchanged when it writes (``core.rows.row_update``'s ``unchanged``)."""
    try:
        key = game_id if isinstance(game_id, uuid.UUID) else uuid.UUID(str(game_id))
    except ValueError:
        return None
    kind = _owner_kind(owner)
    row = _SELECTS[kind, lock].fetch([key, *_OWNERS[kind][1](owner)])
    if row is None:
        return None
    if kind == "token":
        owner.token.unconfirmed = False  # found: the token stands
    return row[0]


def select_warm() -> None:
    """The append's select (a script's, the widest) for a game that does not exist: the
    connection's backend reads the catalogues of every table it joins (freecell_site/warm.py)."""
    import datetime as dt

    _SELECTS["token", False].fetch([uuid.UUID(int=0), 0, "", dt.datetime(2000, 1, 1, tzinfo=dt.UTC)])
