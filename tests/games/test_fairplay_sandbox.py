"""One game per player per open daily: the ranked attempt is the only game a player has on
an open daily's layout, so no free game beside it can be a sandbox that turns the stock,
undoes and learns every face-down card before the ranked line is played."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from games.models import Game
from tests.games.test_guest_games import browser

pytestmark = pytest.mark.django_db

DAILY_VARIANTS = ("klondike-draw3", "spider-2suits", "freecell")


def append(client, game_id, ply, moves):
    times = [2000 * (ply + i + 1) for i in range(len(moves))]
    return client.post(f"/api/games/{game_id}/moves/",
                       {"expected_ply": ply, "moves": list(moves), "client_times": times}, format="json")


@pytest.mark.parametrize("variant", DAILY_VARIANTS)
def test_a_second_start_of_an_open_daily_answers_the_ranked_attempt(api, player, daily, today, variant):
    daily(variant, number=24 if variant == "freecell" else 10**13 + 7)
    first = api.post(f"/api/dailies/{today}/{variant}/games/")
    second = api.post(f"/api/dailies/today/{variant}/games/")
    assert (first.status_code, second.status_code) == (201, 200)
    assert second.json()["id"] == first.json()["id"] and second.json()["ranked"] is True
    assert Game.objects.filter(player=player).count() == 1


def test_the_sandbox_flow_finds_no_second_game_to_explore(api, player, daily):
    """The flow of issue 23: start the Klondike daily twice, explore the second. The second
    start is the ranked game itself, so whatever is explored there is played on the attempt."""
    daily("klondike-draw3", number=10**13 + 7)
    ranked = api.post("/api/dailies/today/klondike-draw3/games/").json()
    sandbox = api.post("/api/dailies/today/klondike-draw3/games/").json()
    assert append(api, sandbox["id"], 0, ["s"]).status_code == 200  # the stock turned ...
    undone = api.post(f"/api/games/{sandbox['id']}/undo/", {"expected_ply": 1, "to_ply": 0}, format="json")
    assert undone.status_code == 200
    game = Game.objects.get(pk=ranked["id"])  # ... on the ranked attempt, where undoing costs moves
    assert (game.ranked, game.undos) == (True, 1)
    assert Game.objects.filter(player=player).count() == 1


def test_a_won_attempt_is_answered_again_and_takes_no_more_moves(api, player, daily):
    daily("klondike-draw3", number=10**13 + 7)
    game = api.post("/api/dailies/today/klondike-draw3/games/").json()
    Game.objects.filter(pk=game["id"]).update(state=Game.State.WON)
    again = api.post("/api/dailies/today/klondike-draw3/games/")
    assert again.status_code == 200 and again.json()["id"] == game["id"]
    refused = append(api, game["id"], 0, ["s"])
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_finished"
    assert Game.objects.filter(player=player).count() == 1


def test_an_attempt_made_unranked_by_a_hint_stays_the_only_game(api, player, daily):
    daily("freecell", number=24)
    game = api.post("/api/dailies/today/freecell/games/").json()
    assert api.post(f"/api/games/{game['id']}/hint/").status_code == 200
    again = api.post("/api/dailies/today/freecell/games/")
    assert again.status_code == 200
    assert again.json()["id"] == game["id"] and again.json()["ranked"] is False
    assert Game.objects.filter(player=player).count() == 1


@pytest.mark.parametrize("variant", ("freecell", "freecell-classic"))
def test_no_hint_nor_verdict_from_a_game_on_the_layout_started_before_the_day_opened(
        api, player, daily, winnable_deal, variant):
    """A game on the layout from before the day (the deal itself, or a sibling variant's
    deal of the same number) is no way to the solver while the daily is open."""
    early = Game.objects.create(player=player, deal=winnable_deal(variant, 24))
    daily("freecell", number=24)
    for ask in ("hint", "verdict"):
        refused = api.post(f"/api/games/{early.pk}/{ask}/")
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "deal_unavailable", ask
    start = api.post("/api/dailies/today/freecell/games/")
    assert start.status_code == 409 and start.json()["error"]["code"] == "daily_layout_played"


def test_no_guest_game_nor_free_game_on_an_open_stock_dailys_deal(api, daily):
    daily("klondike-draw3", number=10**13 + 7)
    for client in (browser(), api):
        refused = client.post("/api/games/", {"variant": "klondike-draw3", "number": 10**13 + 7}, format="json")
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "deal_unavailable"


def test_after_the_day_closes_every_start_is_a_new_unranked_game(api, player, daily, today):
    day = daily("klondike-draw3", number=10**13 + 7)
    attempt = api.post("/api/dailies/today/klondike-draw3/games/").json()
    day.date = today - dt.timedelta(days=1)
    day.save()
    practice = api.post(f"/api/dailies/{day.date}/klondike-draw3/games/")
    assert practice.status_code == 201 and practice.json()["ranked"] is False
    assert practice.json()["id"] != attempt["id"]


def test_another_players_start_is_their_own_attempt(api, make_player, daily):
    daily("klondike-draw3", number=10**13 + 7)
    mine = api.post("/api/dailies/today/klondike-draw3/games/").json()
    other = APIClient()
    other.force_authenticate(make_player("bob"))
    theirs = other.post("/api/dailies/today/klondike-draw3/games/")
    assert theirs.status_code == 201 and theirs.json()["ranked"] is True and theirs.json()["id"] != mine["id"]
