"""An append's two statements are prepared once per connection on PostgreSQL (core/rows.py).

The joined read and the checked write are the same text on every move, so the server
parses and plans them once per connection instead of on every request. The rest of
Django's statements are untouched (bound on the client, never prepared), a rollback
leaves the statements working, and ``ROWS_PREPARED = False`` (for a pooler that cannot
hold prepared statements) prepares nothing.
"""

import pytest
from django.db import connection, transaction
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game
from tests.support.lines import winning_line

pytestmark = pytest.mark.django_db

LINE = list(winning_line("freecell", 24)[:5])


def prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def play(client, game_id, moves, start=0):
    for ply, move in enumerate(moves, start):
        answer = client.post(f"/api/games/{game_id}/moves/",
                             {"expected_ply": ply, "moves": [move], "client_times": [1000 * (ply + 1)]},
                             format="json")
        assert answer.status_code == 200, answer.json()


@pytest.fixture
def script(player):
    client = APIClient(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player).key}")
    return client, client.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()["id"]


def test_the_appends_read_and_write_are_prepared_and_nothing_else_is(script):
    client, game_id = script
    play(client, game_id, LINE)
    statements = prepared()
    assert len(statements) == 2, statements
    assert any(s.startswith("SELECT g.") and '"games_game" g' in s for s in statements), statements
    assert any(s.startswith('UPDATE "games_game" SET') for s in statements), statements
    # The moves are still the game's, in order: the prepared write wrote them.
    assert Game.objects.get(pk=game_id).moves.split() == LINE


def test_after_a_rollback_the_statements_are_prepared_again_and_still_right(script):
    client, game_id = script
    play(client, game_id, LINE[:2])
    with pytest.raises(RuntimeError), transaction.atomic():
        play(client, game_id, LINE[2:3], start=2)
        raise RuntimeError  # the savepoint's rollback: psycopg forgets what it prepared
    assert Game.objects.get(pk=game_id).moves.split() == LINE[:2]
    play(client, game_id, LINE[2:], start=2)
    assert Game.objects.get(pk=game_id).moves.split() == LINE
    assert len(prepared()) == 2


def test_with_rows_prepared_off_nothing_is_prepared(script, settings):
    settings.ROWS_PREPARED = False
    client, game_id = script
    play(client, game_id, LINE)
    assert prepared() == []
    assert Game.objects.get(pk=game_id).ply == len(LINE)
