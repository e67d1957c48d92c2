"""Hot endpoints keep a fixed number of queries, whatever the size of the board or the log."""

import pytest

from games.selectors import leaderboard_cache_clear

pytestmark = pytest.mark.django_db


def test_a_cached_daily_leaderboard_read_costs_one_query(anon, daily, today, django_assert_num_queries):
    daily()
    anon.get(f"/api/leaderboards/daily/{today}/freecell/")  # fills the cache
    with django_assert_num_queries(1):  # the daily row itself
        response = anon.get(f"/api/leaderboards/daily/{today}/freecell/")
    assert response.status_code == 200


def test_building_the_daily_leaderboard_is_a_fixed_number_of_queries(anon, daily, today,
                                                                     django_assert_num_queries):
    day = daily()
    # Only this board's entry: cache.clear() flushes the whole Redis database, the
    # Celery broker's queues and unacknowledged messages included.
    leaderboard_cache_clear(daily_id=day.pk, deal_id=None)
    with django_assert_num_queries(5):  # the daily's id, the daily and its deal, rows, count, histogram
        anon.get(f"/api/leaderboards/daily/{today}/freecell/")


@pytest.mark.parametrize("held", [0, 40])
def test_appending_moves_costs_the_same_whatever_the_log_length(api, held, django_assert_num_queries):
    from tests.support.lines import winning_line

    game = api.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()
    line = winning_line("freecell", 24)
    if held:
        api.post(f"/api/games/{game['id']}/moves/",
                 {"expected_ply": 0, "moves": list(line[:held]), "client_times": list(range(held))},
                 format="json")
    with django_assert_num_queries(5):  # savepoint, lock the game, save it, release, read its submission
        response = api.post(f"/api/games/{game['id']}/moves/",
                            {"expected_ply": held, "moves": list(line[held:held + 3]),
                             "client_times": [held + 1, held + 2, held + 3]}, format="json")
    assert response.status_code == 200


def test_listing_games_costs_the_same_for_one_game_or_ten(api, django_assert_num_queries):
    for number in range(1, 11):
        api.post("/api/games/", {"variant": "freecell", "number": number}, format="json")
    with django_assert_num_queries(1):
        response = api.get("/api/games/")
    assert len(response.json()["games"]) == 10
