"""Hot endpoints keep a fixed number of queries, whatever the size of the board or the log."""

import pytest
from rest_framework.test import APIClient

from games.catalogue import daily_variants
from games.services.leaderboards import leaderboards_outdate

pytestmark = pytest.mark.django_db


def test_a_stored_daily_leaderboard_read_costs_no_query_and_one_cache_round_trip(
        anon, daily, today, django_assert_num_queries, redis_commands):
    daily()
    anon.get(f"/api/leaderboards/daily/{today}/freecell/")  # builds and stores it
    redis_commands.clear()
    with django_assert_num_queries(0):
        response = anon.get(f"/api/leaderboards/daily/{today}/freecell/")
    assert response.status_code == 200
    assert redis_commands == ["MGET"]  # the entry and its version together


def test_building_the_daily_leaderboard_is_a_fixed_number_of_queries(anon, daily, today,
                                                                     django_assert_num_queries,
                                                                     redis_commands):
    day = daily()
    # Only this board's entry: cache.clear() flushes the whole Redis database, the
    # Celery broker's queues and unacknowledged messages included.
    leaderboards_outdate(daily_id=day.pk)
    daily_variants()  # staff's daily switches, cached as on a running site
    redis_commands.clear()
    with django_assert_num_queries(4):  # the daily and its deal, rows, count, histogram
        anon.get(f"/api/leaderboards/daily/{today}/freecell/")
    # The stored read, the daily switches, again the long way, the store.
    assert redis_commands == ["MGET", "GET", "MGET", "SET"]


def test_a_stored_player_stats_read_costs_one_query(anon, daily, finish, django_assert_num_queries,
                                                     redis_commands):
    day = daily()
    finish("dora", day.deal, daily=day)
    anon.get("/api/players/dora/stats/")
    redis_commands.clear()
    with django_assert_num_queries(1):  # the player by name
        assert anon.get("/api/players/dora/stats/").status_code == 200
    assert redis_commands == ["MGET"]


@pytest.mark.parametrize(("variant", "number", "batch"), [("freecell", 24, 3), ("klondike-draw1", 2, 1),
                                                          ("spider-2suits", 4, 1)])
@pytest.mark.parametrize("held", [0, 40])
def test_appending_moves_costs_the_same_whatever_the_log_length(api, variant, number, batch, held,
                                                                 django_assert_num_queries):
    """Two queries, and none for a submission: a game still being played has none."""
    from tests.support.lines import winning_line

    game = api.post("/api/games/", {"variant": variant, "number": number}, format="json").json()
    line = winning_line(variant, number)
    for ply in range(held):  # one at a time: on Klondike and Spider a revealing move ends its batch
        api.post(f"/api/games/{game['id']}/moves/",
                 {"expected_ply": ply, "moves": [line[ply]], "client_times": [ply]}, format="json")
    with django_assert_num_queries(2):  # read the game, write it if it is unchanged
        response = api.post(f"/api/games/{game['id']}/moves/",
                            {"expected_ply": held, "moves": list(line[held:held + batch]),
                             "client_times": list(range(held + 1, held + batch + 1))}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["state"] == "playing" and response.json()["ply"] == held + batch


def test_listing_games_costs_the_same_for_one_game_or_ten(api, django_assert_num_queries):
    for number in range(1, 11):
        api.post("/api/games/", {"variant": "freecell", "number": number}, format="json")
    with django_assert_num_queries(1):
        response = api.get("/api/games/")
    assert len(response.json()["games"]) == 10


def test_a_scripts_append_reads_its_token_and_user_in_one_query(player, django_assert_num_queries):
    """What a script's move costs in all: the token with its user, then the append's two."""
    from rest_framework.authtoken.models import Token

    client = APIClient(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player).key}")
    game = client.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()
    with django_assert_num_queries(3) as queries:
        response = client.post(f"/api/games/{game['id']}/moves/",
                               {"expected_ply": 0, "moves": ["4h"], "client_times": [900]}, format="json")
    assert response.status_code == 200, response.json()
    assert '"authtoken_token"' in queries.captured_queries[0]["sql"]
    assert '"auth_user"' in queries.captured_queries[0]["sql"]
