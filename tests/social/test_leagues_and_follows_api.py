"""Follows and private leagues through the API: boards narrowed to the players you follow or
to a league's members, standings by the written rule (fixed results), and every refusal a 4xx
with a stable code that changes nothing."""

import datetime as dt

import pytest

from social.models import Follow, League, LeagueMember
from social.selectors.leagues import period_bounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    """Writes whose after-commit work (a stored board's new version) runs, as it does outside a test."""
    return django_capture_on_commit_callbacks


def _players(rows):
    return [(row["rank"], row["player"]) for row in rows]


@pytest.fixture
def board_day(daily, finish, today):
    """Today's FreeCell daily won by five players: ann 80, bob 85, cat 90, dan 95, eve 100 moves."""
    made = daily(number=24)
    for name, moves in (("ann", 80), ("bob", 85), ("cat", 90), ("dan", 95), ("eve", 100)):
        finish(name, made.deal, daily=made, moves=moves)
    return made


def _client(name):
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    client = APIClient()
    client.player = get_user_model().objects.get(username=name)
    client.force_authenticate(client.player)
    return client


def test_the_following_board_shows_the_same_rows_for_you_and_whom_you_follow(board_day, today, commits):
    bob = _client("bob")
    assert bob.post("/api/players/dan/follow/").status_code == 201
    assert bob.post("/api/players/ann/follow/").status_code == 201
    body = bob.get(f"/api/leaderboards/daily/{today}/freecell/?among=following").json()
    assert _players(body["rows"]) == [(1, "ann"), (2, "bob"), (3, "dan")]
    assert [row["board_rank"] for row in body["rows"]] == [1, 2, 4]
    assert body["players"] == 3 and body["among"] == "following"
    public = bob.get(f"/api/leaderboards/daily/{today}/freecell/").json()
    assert len(public["rows"]) == 5
    with commits(execute=True):
        assert bob.delete("/api/players/ann/follow/").status_code == 204
    again = bob.get(f"/api/leaderboards/daily/{today}/freecell/?among=following").json()
    assert _players(again["rows"]) == [(1, "bob"), (2, "dan")]


def test_the_following_board_is_private_and_needs_a_login(board_day, today, anon):
    response = anon.get(f"/api/leaderboards/daily/{today}/freecell/?among=following")
    assert response.status_code in (401, 403)
    answered = _client("bob").get(f"/api/leaderboards/daily/{today}/freecell/?among=following")
    assert answered["Cache-Control"].startswith("private")


def test_following_refusals_change_nothing(board_day):
    bob = _client("bob")
    assert bob.post("/api/players/ann/follow/").status_code == 201
    twice = bob.post("/api/players/ann/follow/")
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "already_following"
    itself = bob.post("/api/players/bob/follow/")
    assert itself.status_code == 400 and itself.json()["error"]["code"] == "follow_self"
    nobody = bob.post("/api/players/nobody/follow/")
    assert nobody.status_code == 404 and nobody.json()["error"]["code"] == "not_found"
    not_followed = bob.delete("/api/players/cat/follow/")
    assert not_followed.status_code == 404 and not_followed.json()["error"]["code"] == "not_following"
    assert list(Follow.objects.values_list("follower__username", "followed__username")) == [("bob", "ann")]


def _league(owner, name="Tuesday Club") -> dict:
    response = owner.post("/api/leagues/", {"name": name}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_league_of_three_sees_only_its_members_on_todays_board(board_day, today):
    bob, dan, eve = _client("bob"), _client("dan"), _client("eve")
    league = _league(bob)
    assert league["url"].endswith(f"/leagues/{league['code']}/")
    for member in (dan, eve):
        assert member.post(f"/api/leagues/{league['code']}/join/").status_code == 201
    for member in (bob, dan, eve):
        body = member.get(f"/api/leaderboards/daily/{today}/freecell/?league={league['code']}").json()
        assert _players(body["rows"]) == [(1, "bob"), (2, "dan"), (3, "eve")]
        assert body["league"] == {"code": league["code"], "name": "Tuesday Club"}
    outsider = _client("ann").get(f"/api/leaderboards/daily/{today}/freecell/?league={league['code']}")
    assert outsider.status_code == 403 and outsider.json()["error"]["code"] == "not_member"


def test_a_member_removed_by_the_owner_leaves_the_board_and_cannot_rejoin(board_day, today, commits):
    bob, dan = _client("bob"), _client("dan")
    league = _league(bob)
    dan.post(f"/api/leagues/{league['code']}/join/")
    path = f"/api/leaderboards/daily/{today}/freecell/?league={league['code']}"
    assert _players(bob.get(path).json()["rows"]) == [(1, "bob"), (2, "dan")]
    not_owner = dan.delete(f"/api/leagues/{league['code']}/members/bob/")
    assert not_owner.status_code == 403 and not_owner.json()["error"]["code"] == "not_league_owner"
    with commits(execute=True):
        assert bob.delete(f"/api/leagues/{league['code']}/members/dan/").status_code == 204
    assert _players(bob.get(path).json()["rows"]) == [(1, "bob")]
    assert dan.get(path).status_code == 403
    back = dan.post(f"/api/leagues/{league['code']}/join/")
    assert back.status_code == 403 and back.json()["error"]["code"] == "removed_from_league"


def test_joining_twice_is_a_conflict_that_changes_nothing(board_day):
    bob, dan = _client("bob"), _client("dan")
    league = _league(bob)
    assert dan.post(f"/api/leagues/{league['code']}/join/").status_code == 201
    twice = dan.post(f"/api/leagues/{league['code']}/join/")
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "already_member"
    owner_again = bob.post(f"/api/leagues/{league['code']}/join/")
    assert owner_again.status_code == 409
    assert LeagueMember.objects.count() == 2


@pytest.mark.parametrize("code", ["abcdefgh", "x", "ABCDEFGH1"])
def test_an_unknown_league_code_is_a_404_with_its_code(board_day, today, code):
    bob = _client("bob")
    for response in (bob.post(f"/api/leagues/{code}/join/"), bob.get(f"/api/leagues/{code}/standings/"),
                     bob.get(f"/api/leaderboards/daily/{today}/freecell/?league={code}")):
        assert response.status_code == 404 and response.json()["error"]["code"] == "league_not_found"
    assert not LeagueMember.objects.exists()


@pytest.mark.parametrize("imitation", ["tuesday club", "TUESDAY  CLUB", "Tuesday Сlub", "Tuesday C1ub"])
def test_a_name_that_imitates_another_leagues_is_refused(board_day, imitation):
    bob, dan = _client("bob"), _client("dan")
    _league(bob, "Tuesday Club")
    response = dan.post("/api/leagues/", {"name": imitation}, format="json")
    assert response.status_code in (400, 409), response.json()
    assert response.json()["error"]["code"] in ("league_name_taken", "league_name_mixed_scripts")
    assert League.objects.count() == 1 and not LeagueMember.objects.filter(player=dan.player).exists()


def test_a_rename_to_another_leagues_look_alike_is_refused_and_keeps_the_name(board_day):
    bob, dan = _client("bob"), _client("dan")
    _league(bob, "Tuesday Club")
    mine = _league(dan, "Night Owls")
    response = dan.patch(f"/api/leagues/{mine['code']}/", {"name": "TUESDAY CLUB"}, format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "league_name_taken"
    assert League.objects.get(code=mine["code"]).name == "Night Owls"
    renamed = dan.patch(f"/api/leagues/{mine['code']}/", {"name": "Early Birds"}, format="json")
    assert renamed.status_code == 200 and renamed.json()["name"] == "Early Birds"
    not_owner = bob.patch(f"/api/leagues/{mine['code']}/", {"name": "Mine Now"}, format="json")
    assert not_owner.status_code == 403 and not_owner.json()["error"]["code"] == "not_league_owner"


@pytest.mark.parametrize("name", ["", "ab", "x" * 41, " ", "<script>", 7])
def test_a_bad_league_name_is_refused(board_day, name):
    response = _client("bob").post("/api/leagues/", {"name": name}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] in ("league_name_invalid", "invalid")
    assert not League.objects.exists()


def test_the_weeks_standings_follow_the_written_rule(daily, finish, today):
    """Three members, three dailies of one week with fixed results:
    day 1: ann 80, bob 85, cat 90 -> ann 3, bob 2, cat 1
    day 2: cat 70, ann 75        -> cat 2, ann 1 (bob did not win it)
    day 3 (Klondike): bob 100 only -> bob 1; and a non-member, zed, faster each day, changes nothing."""
    monday = period_bounds("week", today)[0] - dt.timedelta(days=7)  # a whole week, all of it closed
    day1 = daily(number=24, date=monday)
    day2 = daily(number=25, date=monday + dt.timedelta(days=1))
    day3 = daily("klondike-draw3", number=10**12 + 3, date=monday + dt.timedelta(days=2))
    for made, results in ((day1, [("ann", 80), ("bob", 85), ("cat", 90)]),
                          (day2, [("cat", 70), ("ann", 75)]), (day3, [("bob", 100)])):
        for name, moves in [*results, ("zed", 10)]:
            finish(name, made.deal, daily=made, moves=moves)
    outside = daily(number=26, date=monday + dt.timedelta(days=7))  # the following week
    finish("cat", outside.deal, daily=outside, moves=50)
    ann = _client("ann")
    league = _league(ann, "Three Of Us")
    for name in ("bob", "cat"):
        _client(name).post(f"/api/leagues/{league['code']}/join/")
    body = ann.get(f"/api/leagues/{league['code']}/standings/?period=week&date={monday + dt.timedelta(days=3)}")
    assert body.status_code == 200, body.json()
    standings = body.json()
    assert (standings["first"], standings["last"]) == (monday.isoformat(), (monday + dt.timedelta(days=6)).isoformat())
    assert "last of n finishers gets 1 point" in standings["rule"]
    assert [(r["rank"], r["player"], r["points"], r["firsts"], r["dailies"]) for r in standings["rows"]] == [
        (1, "ann", 4, 1, 2), (2, "bob", 3, 1, 2), (3, "cat", 3, 1, 2)]
    month = ann.get(f"/api/leagues/{league['code']}/standings/?period=month&date={monday}").json()
    assert month["first"] == monday.replace(day=1).isoformat()
    outsider = _client("zed").get(f"/api/leagues/{league['code']}/standings/")
    assert outsider.status_code == 403 and outsider.json()["error"]["code"] == "not_member"
    bad = ann.get(f"/api/leagues/{league['code']}/standings/?period=year")
    assert bad.status_code == 400


def test_a_stored_league_board_is_outdated_by_a_new_member(board_day, today, commits):
    bob, dan = _client("bob"), _client("dan")
    league = _league(bob)
    path = f"/api/leaderboards/daily/{today}/freecell/?league={league['code']}"
    first = bob.get(path)
    assert _players(first.json()["rows"]) == [(1, "bob")]
    assert bob.get(path, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    with commits(execute=True):
        dan.post(f"/api/leagues/{league['code']}/join/")
    assert _players(bob.get(path).json()["rows"]) == [(1, "bob"), (2, "dan")]


def test_a_stored_narrowed_board_costs_no_query_and_a_logged_out_session_reads_it_no_more(
        board_day, today, client, django_assert_num_queries):
    """Once DRF has authenticated the session, its cookie stands for the player on the stored
    path: no query at all (as the public board). Logging out forgets it at once."""
    from django.contrib.auth import get_user_model

    bob = get_user_model().objects.get(username="bob")
    league = _league(_client("bob"))
    _client("dan").post("/api/players/ann/follow/")
    client.force_login(bob)
    paths = (f"/api/leaderboards/daily/{today}/freecell/?league={league['code']}",
             f"/api/leaderboards/daily/{today}/freecell/?among=following")
    for path in paths:
        assert client.get(path).status_code == 200  # built and stored; the session remembered
        with django_assert_num_queries(0):
            again = client.get(path)
        assert again.status_code == 200 and again["Cache-Control"].startswith("private")
    cookie = client.cookies["sessionid"].value
    assert client.post("/api/accounts/logout/").status_code in (200, 204)
    client.cookies["sessionid"] = cookie  # the old cookie, replayed
    for path in paths:
        assert client.get(path).status_code in (401, 403)
