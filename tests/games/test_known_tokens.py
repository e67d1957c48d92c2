"""A script's token is read once per process; each append still refuses a token that no longer stands."""

import datetime as dt

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game

pytestmark = pytest.mark.django_db

MOVE = {"expected_ply": 0, "moves": ["4h"], "client_times": [900]}


@pytest.fixture
def script(player):
    token = Token.objects.create(user=player)
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    game = client.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()
    first = client.post(f"/api/games/{game['id']}/moves/", MOVE, format="json")  # reads the token
    assert first.status_code == 200, first.json()
    return client, token, game["id"]


def move(client, game_id, ply=1, moves=("3a",), times=(1000,)):
    return client.post(f"/api/games/{game_id}/moves/",
                       {"expected_ply": ply, "moves": list(moves), "client_times": list(times)}, format="json")


def unknown_token_answer():
    answer = APIClient(HTTP_AUTHORIZATION="Token " + "0" * 40).post(
        "/api/games/00000000-0000-0000-0000-000000000000/moves/", MOVE, format="json")
    return answer.status_code, answer.json(), answer.headers.get("WWW-Authenticate")


def test_a_known_tokens_append_is_the_read_and_the_write(script, django_assert_num_queries):
    client, _, game_id = script
    with django_assert_num_queries(2) as queries:
        assert move(client, game_id).status_code == 200
    assert '"authtoken_token"' in queries.captured_queries[0]["sql"]  # asked in the game's own read


@pytest.mark.parametrize("body", [{"expected_ply": 1, "moves": ["3a"], "client_times": [1000]},  # fine
                                  {"expected_ply": 1, "moves": "3a", "client_times": [1000]},  # 400
                                  {"expected_ply": 7, "moves": ["3a"], "client_times": [1000]}])  # 409
def test_a_deleted_token_is_refused_at_once_whatever_the_body(script, body):
    client, token, game_id = script
    token.delete()
    answer = client.post(f"/api/games/{game_id}/moves/", body, format="json")
    assert (answer.status_code, answer.json(), answer.headers.get("WWW-Authenticate")) == unknown_token_answer()
    assert Game.objects.get(pk=game_id).ply == 1


def test_a_deleted_token_on_someone_elses_game_is_refused_not_missing(script):
    client, token, _ = script
    token.delete()
    answer = move(client, "00000000-0000-0000-0000-000000000000")
    assert answer.status_code == 401


def test_a_deactivated_player_is_refused_at_once(script, player):
    client, _, game_id = script
    player.is_active = False
    player.save(update_fields=["is_active"])
    answer = move(client, game_id)
    assert answer.status_code == 401
    assert "inactive" in answer.json()["error"]["message"]
    assert Game.objects.get(pk=game_id).ply == 1


def test_a_token_that_has_since_expired_is_refused(script, settings):
    client, token, game_id = script
    Token.objects.filter(pk=token.pk).update(created=token.created - dt.timedelta(days=settings.TOKEN_TTL_DAYS + 1))
    answer = move(client, game_id)
    assert answer.status_code == 401
    assert "expired" in answer.json()["error"]["message"]


def test_a_known_token_still_finds_only_its_players_games(script, make_player):
    client, _, _ = script
    other = APIClient()
    other.force_authenticate(make_player("olga"))
    game = other.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()
    answer = client.post(f"/api/games/{game['id']}/moves/", MOVE, format="json")
    assert answer.status_code == 404
    assert Game.objects.get(pk=game["id"]).ply == 0


def test_a_known_tokens_refusals_read_as_before(script):
    client, _, game_id = script
    stale = move(client, game_id, ply=0)
    assert (stale.status_code, stale.json()["error"]["code"]) == (409, "ply_mismatch")
    illegal = move(client, game_id, moves=("3a", "zz"), times=(1000, 1100))
    assert illegal.status_code == 400 and illegal.json()["error"]["index"] == 3  # the log's third move
    assert Game.objects.get(pk=game_id).ply == 1
