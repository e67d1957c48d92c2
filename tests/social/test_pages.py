"""The social pages and the pieces they add to other pages, rendered for players and guests."""

import datetime as dt

import pytest

from social.models import Challenge, League, LeagueMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def challenge(daily, finish, today):
    closed = daily(number=24, date=today - dt.timedelta(days=1))
    result = finish("ann", closed.deal, daily=closed, moves=90, ms=192_000)
    return Challenge.objects.create(code="abcdefgh", game=result.game, player=result.player, deal=closed.deal,
                                    counted_moves=94, duration_ms=192_000, finished_at=result.finished_at)


def test_the_challenge_page_says_who_did_it_in_how_many_moves(client, challenge, make_player):
    page = client.get("/c/abcdefgh")
    assert page.status_code == 200
    assert b"<strong>ann</strong> did it in 94 moves" in page.content and b"Log in to take it up" in page.content
    client.force_login(make_player("bob"))
    assert b'href="/c/abcdefgh/play"' in client.get("/c/abcdefgh").content
    play = client.get("/c/abcdefgh/play")
    assert play.status_code == 200 and b'data-challenge="abcdefgh"' in play.content


@pytest.mark.parametrize("path", ["/c/nosuchco", "/c/x", "/leagues/nosuchco/"])
def test_unknown_codes_are_404_pages(client, make_player, path):
    client.force_login(make_player("bob"))
    assert client.get(path).status_code == 404


def test_a_closed_dailys_share_link_opens_the_sharers_challenge_and_an_open_one_the_daily(
        client, daily, finish, today):
    closed = daily(number=25, date=today - dt.timedelta(days=1))
    finish("ann", closed.deal, daily=closed)
    response = client.get(f"/d/freecell/{closed.date}/ann")
    made = Challenge.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/c/{made.code}"
    assert client.get(f"/d/freecell/{closed.date}/ann")["Location"] == f"/c/{made.code}"  # made once
    assert Challenge.objects.count() == 1
    assert client.get(f"/d/freecell/{closed.date}/nobody")["Location"] == f"/replay/{closed.date}/freecell/"
    assert client.get(f"/d/freecell/{today}/ann")["Location"] == "/daily/freecell"


def test_the_home_page_shows_your_friends_today_and_challenges_for_you(client, daily, finish, make_player):
    made = daily(number=24)
    finish("ann", made.deal, daily=made, moves=77)
    bob = make_player("bob")
    client.force_login(bob)
    assert b"Follow players from their profiles" in client.get("/").content
    assert client.post("/api/players/ann/follow/").status_code == 201
    page = client.get("/").content.decode()
    assert "Your friends today" in page and ">ann</a>" in page and "<td>77</td>" in page


def test_a_profile_offers_follow_and_the_daily_board_offers_the_filters(client, make_player, today):
    ann, bob = make_player("ann"), make_player("bob")
    league = League.objects.create(code="kngwxyz2", name="Club", skeleton="club", owner=bob)
    LeagueMember.objects.create(league=league, player=bob)
    client.force_login(bob)
    assert b'data-follow="ann" aria-pressed="false"' in client.get("/players/ann/").content
    assert b"data-follow" not in client.get("/players/bob/").content
    board = client.get(f"/leaderboards/daily/{today}/freecell/").content
    assert b'href="?among=following"' in board and b'href="?league=kngwxyz2"' in board
    assert ann  # a second player to follow


def test_the_league_page_writes_its_points_rule(client, make_player):
    bob = make_player("bob")
    league = League.objects.create(code="kngwxyz2", name="Club", skeleton="club", owner=bob)
    client.force_login(bob)
    page = client.get(f"/leagues/{league.code}/").content.decode()
    assert "the last of n finishers gets 1 point" in page and "/leagues/kngwxyz2/" in page
    assert client.get("/leagues/").status_code == 200
