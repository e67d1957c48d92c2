"""The lost-position notice's question: whether a game can still be won, never
how, and never counted as a hint."""

import pytest

from games.models import Game
from tests.games.test_hints_and_solving import LOST_LOG, start

pytestmark = pytest.mark.django_db


def test_a_winnable_position_is_open_and_the_move_is_not_given_nor_counted(api):
    game_id = start(api, "freecell", 24, ["4h"])
    body = api.post(f"/api/games/{game_id}/verdict/").json()
    assert body["status"] == "open" and body["last_good_ply"] is None
    assert "move" not in body
    game = Game.objects.get(pk=game_id)
    assert game.hints == 0


def test_a_lost_position_says_since_which_move_and_a_ranked_game_stays_ranked(api, daily, today):
    daily(date=today, number=1, variant="freecell")
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    assert game["ranked"] is True
    body = api.post(f"/api/games/{game['id']}/verdict/").json()
    assert body["status"] == "open"
    assert Game.objects.get(pk=game["id"]).ranked is True


def test_a_guest_hears_that_a_log_is_lost(anon):
    body = anon.post("/api/deals/freecell-classic/1/verdict/", {"moves": LOST_LOG}, format="json").json()
    assert body["status"] == "lost" and body["last_good_ply"] == 8


def test_a_guest_verdict_on_an_illegal_log_is_a_400_with_its_index(anon):
    answer = anon.post("/api/deals/freecell/24/verdict/", {"moves": ["4h", "1h"]}, format="json")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "illegal_move"
