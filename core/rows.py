"""One row and the rows it points to, read by SQL built once per process.

Django compiles a queryset's SQL anew on every call; for a select with two or
three joins that cost 1.5-4 ms of CPU on these cores (bench/appends.py), more
than the rest of a request that reads one row. The statements every request
runs (the game an append locks, the token that authenticates it) are built
here once from the models' metadata instead, and their values go through the
fields' own database converters, so the instances are those the ORM makes
(loaded from the database, with the joined rows cached on their foreign keys).

    GAME = RowSelect(Join(Game, "g"), Join(Deal, "d", via="deal"), where='g."id" = %s')
    game, deal = GAME.fetch([game_id])  # None when no row matches
    row_update(game, ("ply", "updated_at"))  # one UPDATE, as save(update_fields=...) makes
    row_update(game, ("ply", "updated_at"), unchanged={"ply": 3})  # 0: the row is no longer at ply 3
"""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass, field
from functools import cache

from django.conf import settings
from django.db import connection
from django.db.models.expressions import Col

#: Executions of one of these statements on a connection before PostgreSQL keeps it prepared
#: (psycopg's ``prepare_threshold``). ``ROWS_PREPARED = False`` in the settings turns it off, for a
#: pooler in transaction mode that cannot hold prepared statements (PgBouncer before 1.21, or
#: without ``max_prepared_statements``: docs/scaling.md).
PREPARE_AFTER = 2


def _cursor():
    """A cursor for these statements: on PostgreSQL a server-binding one whose statements
    are prepared after ``PREPARE_AFTER`` runs on the connection, so the server parses and
    plans each once per connection instead of on every request (the joined select's
    planning was a large share of an append's database CPU: docs/operations.md, The append
    path); anywhere else, or with ``ROWS_PREPARED`` off, Django's own cursor.

    Either way it is Django's wrapper around it: errors become Django's, and query counting
    and logging see the statements as they see any other."""
    if connection.vendor != "postgresql" or not getattr(settings, "ROWS_PREPARED", True):
        return connection.cursor()
    from django.db.backends.postgresql.base import ServerBindingCursor

    connection.close_if_health_check_failed()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        raw = connection.connection
        if raw.prepare_threshold is None:
            # Only server-binding cursors prepare; Django's own cursors bind on the client
            # (psycopg's ClientCursor) and never do, so this changes no other statement.
            raw.prepare_threshold = PREPARE_AFTER
        return connection._prepare_cursor(ServerBindingCursor(raw))


@dataclass(frozen=True)
class Join:
    """A table of the select: the first one is the row asked for; each other is the row
    the first's foreign key ``via`` points to (``outer``: it may be null)."""

    model: type
    alias: str
    via: str | None = None
    outer: bool = False
    unread: frozenset = field(default_factory=frozenset)  # columns left in the database (loaded when read)


class RowSelect:
    def __init__(self, *tables: Join, where: str, lock: bool = False) -> None:
        self.tables, self.where, self.lock = tables, where, lock
        self._built = None

    def _build(self):
        quote = connection.ops.quote_name
        first, columns, parts = self.tables[0], [], []
        for table in self.tables:
            fields = [f for f in table.model._meta.concrete_fields if f.name not in table.unread]
            converters = []
            for f in fields:
                col = Col(table.alias, f)
                found = connection.ops.get_db_converters(col) + f.get_db_converters(connection)
                converters.append([(converter, col) for converter in found])
            columns.append((table, fields, converters))
            parts += [f"{table.alias}.{quote(f.column)}" for f in fields]
        # Names from the models' metadata; values only ever as parameters.
        sql = f"SELECT {', '.join(parts)} FROM {quote(first.model._meta.db_table)} {first.alias}"  # noqa: S608
        for table in self.tables[1:]:
            column = first.model._meta.get_field(table.via).column
            kind = "LEFT OUTER JOIN" if table.outer else "INNER JOIN"
            sql += (f" {kind} {quote(table.model._meta.db_table)} {table.alias}"
                    f" ON {table.alias}.{quote(table.model._meta.pk.column)} = {first.alias}.{quote(column)}")
        sql += f" WHERE {self.where}"  # the caller's condition, values only as parameters
        # SQLite (the embedded default) has no row locks: it takes the whole database for a write
        if self.lock and connection.features.has_select_for_update_of:
            sql += f" FOR UPDATE OF {first.alias}"
        return sql, columns

    def fetch(self, params: list) -> list | None:
        """The instances of the row, one per table (``None`` for an outer join that found
        nothing), or ``None`` when no row matches."""
        if self._built is None:
            self._built = self._build()
        sql, columns = self._built
        with _cursor() as cursor:
            cursor.execute(sql, [_adapted(value) for value in params])
            row = cursor.fetchone()
        if row is None:
            return None
        made, at = [], 0
        for table, fields, converters in columns:
            values = list(row[at:at + len(fields)])
            at += len(fields)
            if values[0] is None:  # an outer join's row that is not there: all its columns null
                made.append(None)
                continue
            for i, convert in enumerate(converters):
                for converter, col in convert:
                    values[i] = converter(values[i], col, connection)
            made.append(table.model.from_db(connection.alias, [f.attname for f in fields], values))
        for table, instance in zip(self.tables[1:], made[1:], strict=True):
            made[0]._meta.get_field(table.via).set_cached_value(made[0], instance)
        return made


def _adapted(value):
    """A parameter as the database takes it, as the fields' ``get_db_prep_value`` would make it:
    PostgreSQL takes ids and times as they are; SQLite (the embedded default) a UUID as its hex
    and a time as naive UTC text, the form Django writes them in."""
    if isinstance(value, uuid.UUID) and not connection.features.has_native_uuid_field:
        return value.hex
    if isinstance(value, dt.datetime):
        return connection.ops.adapt_datetimefield_value(value)
    return value


#: What makes a statement that is its own transaction commit without waiting for its WAL to
#: reach the disk: ``SET LOCAL synchronous_commit = off`` for that transaction alone, inside
#: the statement (no round trip more). PostgreSQL's ``set_config(..., is_local => true)``.
NO_COMMIT_WAIT = " AND set_config('synchronous_commit', 'off', true) IS NOT NULL"


@cache
def _update_sql(model: type, names: tuple[str, ...], unchanged: tuple[str, ...] = (),
                no_wait: bool = False) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(f"{quote(model._meta.get_field(name).column)} = %s" for name in names)
    table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
    checks = "".join(f" AND {quote(model._meta.get_field(name).column)} = %s" for name in unchanged)
    wait = NO_COMMIT_WAIT if no_wait else ""
    return f"UPDATE {table} SET {columns} WHERE {pk} = %s{checks}{wait}"  # noqa: S608 - names from the metadata


def row_update(instance, names: tuple[str, ...], *, unchanged: dict | None = None,
               commit_wait: bool = True) -> int:
    """Write the fields ``names`` of ``instance``, as ``save(update_fields=names)`` does
    (an ``auto_now`` field among them is set now), with one statement built once.

    ``unchanged``: values (field name to value, as read) the row must still hold for the
    write to happen: a write that no other write came between since the read, without
    holding a lock. Returns the number of rows written, 0 when one of them changed.

    ``commit_wait=False``: on PostgreSQL, outside a transaction (the statement is its own),
    it commits without waiting for the write-ahead log to reach the disk
    (``NO_COMMIT_WAIT``): visible to every reader at once, lost only if the server crashes
    within the WAL writer's next flush (``wal_writer_delay``, 200 ms; up to three times that);
    the next commit that waits makes it durable with its own. Inside a transaction it waits,
    as the transaction's other writes must."""
    model, values = type(instance), []
    for name in names:
        field = model._meta.get_field(name)
        values.append(field.get_db_prep_save(field.pre_save(instance, False), connection))
    checks = tuple(unchanged or ())
    expected = [model._meta.get_field(name).get_db_prep_value(unchanged[name], connection) for name in checks]
    no_wait = not commit_wait and connection.vendor == "postgresql" and not connection.in_atomic_block
    with _cursor() as cursor:
        key = model._meta.pk.get_db_prep_value(instance.pk, connection)
        cursor.execute(_update_sql(model, names, checks, no_wait), [*values, key, *expected])
        return cursor.rowcount
