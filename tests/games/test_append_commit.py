"""A move append that does not win commits without waiting for the disk; every other write
waits (core/rows.py, ``NO_COMMIT_WAIT``; docs/operations.md, The append path).

The statement carries ``set_config('synchronous_commit', 'off', true)``: local to the
statement's own transaction, so nothing else on the connection is changed. A win (its
writes go together, under the row lock), a write inside a transaction, and every append
with ``APPEND_SYNCHRONOUS_COMMIT`` on wait as before."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext, override_settings

from core.rows import NO_COMMIT_WAIT
from games.models import Game
from games.services.games import deal_game_start, moves_append
from tests.support.lines import winning_line

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("commits_wait")]

LINE = winning_line("freecell", 24)


@pytest.fixture
def commits_wait():
    """The test database commits without waiting (tests/conftest.py, for speed); this
    connection waits, as a production one does, so that a change would show."""
    with connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit = on")
    yield
    with connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit = off")


def updates(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith("UPDATE") and "games_game" in q["sql"]]


def session_setting() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return cursor.fetchone()[0]


def append(game, player, ply: int, moves: list[str]):
    with CaptureQueriesContext(connection) as captured:
        appended = moves_append(game_id=game.pk, player=player, expected_ply=ply, moves=moves,
                                client_times=[4000 * (ply + i + 1) for i in range(len(moves))])
    return appended, updates(captured.captured_queries)


def test_the_no_wait_clause_is_local_to_its_statements_transaction():
    """What ``NO_COMMIT_WAIT`` relies on: off inside the statement, the session unchanged."""
    with connection.cursor() as cursor:
        cursor.execute("CREATE TEMP TABLE commit_probe (id int PRIMARY KEY, v int)")
        cursor.execute("INSERT INTO commit_probe VALUES (1, 0)")
        probe = "UPDATE commit_probe SET v = v + 1 WHERE id = 1" + NO_COMMIT_WAIT  # noqa: S608 - constants
        cursor.execute(probe + " RETURNING current_setting('synchronous_commit')")
        assert cursor.fetchone()[0] == "off"
    assert session_setting() == "on"


def test_a_move_that_does_not_win_commits_without_waiting_and_the_session_is_unchanged(make_player):
    player = make_player()
    game = deal_game_start(player=player, variant="freecell", number=24)
    appended, sql = append(game, player, 0, [LINE[0]])
    assert len(sql) == 1 and NO_COMMIT_WAIT in sql[0]
    assert session_setting() == "on"
    stored = Game.objects.get(pk=game.pk)  # written and visible at once
    assert (stored.ply, stored.moves) == (1, LINE[0]) == (appended.game.ply, appended.game.moves)


def test_with_the_setting_on_every_append_waits(make_player):
    player = make_player()
    game = deal_game_start(player=player, variant="freecell", number=24)
    with override_settings(APPEND_SYNCHRONOUS_COMMIT=True):
        _, sql = append(game, player, 0, [LINE[0]])
    assert len(sql) == 1 and NO_COMMIT_WAIT not in sql[0]


def test_a_win_and_an_append_inside_a_transaction_wait(make_player):
    player = make_player()
    game = deal_game_start(player=player, variant="freecell", number=24)
    with transaction.atomic():  # the caller's transaction: its other writes must not lose their wait
        _, sql = append(game, player, 0, [LINE[0]])
    assert sql and all(NO_COMMIT_WAIT not in s for s in sql)
    appended, sql = append(game, player, 1, list(LINE[1:]))
    assert appended.game.state == Game.State.WON
    assert sql and all(NO_COMMIT_WAIT not in s for s in sql)
