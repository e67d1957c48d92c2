"""Linked accounts: a second account that plays the daily's full-knowledge line after a first
account learned the hidden cards, from the same browser or address or with the same line,
is held for review; staff see the link."""

import math
import random

import pytest
from rest_framework.test import APIClient

from games.browser_ids import BROWSER_COOKIE
from games.models import Daily, GameOrigin, Result, Submission
from games.services.results import submission_validate
from tests.games.test_stock_dailies import BIGGEST, proven, stock_line

pytestmark = pytest.mark.django_db

VARIANT = "klondike-draw3"


@pytest.fixture
def stock_daily(today):
    deal = proven(VARIANT, BIGGEST, in_pool=False)
    Daily.objects.create(variant=VARIANT, date=today, deal=deal)
    return list(stock_line(VARIANT, BIGGEST))


def browser(address: str) -> APIClient:
    """A browser at ``address`` that has its id cookie (any answer gives one)."""
    client = APIClient(REMOTE_ADDR=address)
    client.get("/api/accounts/csrf/")
    assert client.cookies[BROWSER_COOKIE].value
    return client


def as_player(client: APIClient, player) -> APIClient:
    client.force_authenticate(player)
    return client


def play(client, clock, moves, *, seed: int, hint_first: bool = False) -> str:
    """Start the daily and play ``moves`` one request each at a person's log-normal pace
    (median 2.5 s, 0.4-15 s), as issue 23's second account did; returns the game's id."""
    rng = random.Random(seed)
    game = client.post("/api/dailies/today/klondike-draw3/games/").json()
    if hint_first:
        assert client.post(f"/api/games/{game['id']}/hint/").status_code == 200
    start, at = clock["ms"], 0
    for ply, move in enumerate(moves):
        at += int(min(15_000, max(400, rng.lognormvariate(math.log(2500), 0.6))))
        clock["ms"] = start + at
        answer = client.post(f"/api/games/{game['id']}/moves/",
                             {"expected_ply": ply, "moves": [move], "client_times": [at]}, format="json")
        assert answer.status_code == 200, answer.json()
    return game["id"]


def validated(game_id: str) -> Result:
    submission_validate(submission_id=Submission.objects.get(game_id=game_id).pk)
    return Result.objects.get(game_id=game_id)


def test_a_second_account_in_the_same_browser_playing_the_full_knowledge_line_is_held(
        make_player, clock, stock_daily, today):
    """Issue 23's flow: account A opens the daily and follows hints (its cards are now
    known); account B, in the same browser, plays the par line at a person's pace."""
    shared = browser("127.0.0.21")
    play(as_player(shared, make_player("alice")), clock, stock_daily[:6], seed=1, hint_first=True)
    result = validated(play(as_player(shared, make_player("bob")), clock, stock_daily, seed=2))
    assert result.ranked and result.flagged and result.review == "held"
    assert result.fairplay_score < 0.5  # nothing but the link holds it
    assert "linked to an earlier account on this daily: alice (address and browser)" in result.flag_reason
    [link] = result.links
    assert (link["player"], link["via"], link["earlier"], link["hints"]) == ("alice", ["address", "browser"], True, 1)
    assert APIClient().get(f"/api/leaderboards/daily/{today}/{VARIANT}/").json()["rows"] == []


def test_the_same_line_at_the_same_pace_from_another_browser_and_address_is_ranked(
        make_player, clock, stock_daily, today):
    """The control: without a link, the full-knowledge line at a person's pace is ranked
    (what issue 23 measured), so the hold above is the link's."""
    play(as_player(browser("127.0.0.21"), make_player("alice")), clock, stock_daily[:6], seed=1, hint_first=True)
    result = validated(play(as_player(browser("127.0.0.22"), make_player("bob")), clock, stock_daily, seed=2))
    assert result.ranked and not result.flagged and result.links == []
    assert [row["player"] for row in APIClient().get(f"/api/leaderboards/daily/{today}/{VARIANT}/").json()["rows"]
            ] == ["bob"]


def test_a_second_account_from_the_same_address_in_another_browser_is_held(make_player, clock, stock_daily):
    play(as_player(browser("127.0.0.21"), make_player("alice")), clock, stock_daily[:6], seed=1)
    result = validated(play(as_player(browser("127.0.0.21"), make_player("bob")), clock, stock_daily, seed=2))
    assert result.flagged and [link["via"] for link in result.links] == [["address"]]


def test_a_second_account_playing_an_earlier_accounts_line_from_elsewhere_is_held(
        make_player, clock, stock_daily):
    """Account A followed the hints to a win (unranked); B plays A's line from another
    browser and address: the lines are one."""
    alice = play(as_player(browser("127.0.0.21"), make_player("alice")), clock, stock_daily, seed=1,
                 hint_first=True)
    assert not validated(alice).ranked
    result = validated(play(as_player(browser("127.0.0.22"), make_player("bob")), clock, stock_daily, seed=2))
    assert result.flagged and [link["via"] for link in result.links] == [["line 100%"]]
    assert GameOrigin.objects.filter(game_id=result.game_id).count() == 1  # started and won from one place


def test_staff_see_the_links_of_both_accounts_on_the_result_page(make_player, clock, stock_daily, admin_client):
    shared = browser("127.0.0.21")
    alice = play(as_player(shared, make_player("alice")), clock, stock_daily, seed=1, hint_first=True)
    bob = play(as_player(shared, make_player("bob")), clock, stock_daily, seed=2)
    for game_id, other in ((alice, "bob"), (bob, "alice")):
        page = admin_client.get(f"/admin/games/result/{validated(game_id).pk}/change/").content.decode()
        assert f"<strong>{other}</strong> via address, browser, line 100%" in page, other


def test_a_browser_gets_one_long_lived_id_and_no_shared_answer_carries_one(anon, daily, today):
    first = anon.get("/api/accounts/csrf/")
    cookie = first.cookies[BROWSER_COOKIE]
    assert cookie["httponly"] and cookie["max-age"] >= 365 * 24 * 3600 and cookie["samesite"] == "Lax"
    assert BROWSER_COOKIE not in anon.get("/api/accounts/csrf/").cookies  # kept, not issued again
    daily()
    board = APIClient().get(f"/api/leaderboards/daily/{today}/freecell/")
    assert "public" in board["Cache-Control"] and BROWSER_COOKIE not in board.cookies
