"""Races over HTTP: make, read, join; race games stay out of the games API."""

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from races.models import Race, RacePlayer
from races.services.races import MAX_PLAYERS, race_create, race_join, race_start

pytestmark = pytest.mark.django_db


def client_of(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_making_a_race_answers_its_code_and_link(api, player):
    answer = api.post("/api/races/", {"variant": "freecell", "number": 7, "minutes": 5}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["url"] == f"/race/{body['code']}"
    race = Race.objects.get(code=body["code"])
    assert (race.variant, race.deal.number, race.minutes, race.rated, race.host) == ("freecell", 7, 5, False, player)
    assert list(race.entries.values_list("player__username", flat=True)) == ["alice"]


@pytest.mark.parametrize("body,code", [
    ({"variant": "nope"}, "invalid"),
    ({"variant": "freecell", "number": "7"}, "invalid"),
    ({"variant": "freecell", "number": 0}, "invalid"),
    ({"variant": "freecell", "minutes": 0}, "invalid"),
    ({"variant": "freecell", "minutes": 61}, "invalid"),
    ({"variant": "freecell", "rated": "yes please"}, "invalid"),
    ({"variant": "spider-1suit"}, "pool_empty"),
])
def test_a_bad_race_is_refused_and_nothing_is_made(api, body, code):
    answer = api.post("/api/races/", body, format="json")
    assert answer.status_code in (400, 404)
    assert answer.json()["error"]["code"] == code
    assert not Race.objects.exists()


def test_a_race_needs_an_account(anon):
    answer = anon.post("/api/races/", {"variant": "freecell", "number": 7}, format="json")
    assert answer.status_code == 401
    assert not Race.objects.exists()


def test_the_race_shows_players_and_progress_but_no_card(anon, make_player):
    host, guest = make_player("host"), make_player("guest")
    race = race_create(host=host, variant="klondike-draw1", number=3)
    race_join(code=race.code, player=guest)
    body = anon.get(f"/api/races/{race.code}/").json()
    assert body["state"] == "lobby"
    assert [p["username"] for p in body["players"]] == ["host", "guest"]
    assert body["players"][0]["host"] and not body["players"][1]["host"]
    assert (body["unit"], body["total"], body["number"]) == ("cards", 52, 3)
    assert "position" not in str(body) and "columns" not in str(body)


def test_an_unknown_race_is_not_found(anon):
    answer = anon.get("/api/races/zzzzzzzz/")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"


def test_a_race_takes_at_most_eight_players(make_player):
    host = make_player("host")
    race = race_create(host=host, variant="freecell", number=1)
    for i in range(MAX_PLAYERS - 1):
        assert client_of(make_player(f"p{i}")).post(f"/api/races/{race.code}/join/").status_code == 200
    late = client_of(make_player("late")).post(f"/api/races/{race.code}/join/")
    assert late.status_code == 409
    assert late.json()["error"]["code"] == "race_full"
    assert RacePlayer.objects.filter(race=race).count() == MAX_PLAYERS


def test_nobody_joins_a_race_once_started(make_player):
    host, guest = make_player("host"), make_player("guest")
    race = race_create(host=host, variant="freecell", number=1)
    race_join(code=race.code, player=guest)
    race_start(code=race.code, player=host)
    late = client_of(make_player("late")).post(f"/api/races/{race.code}/join/")
    assert (late.status_code, late.json()["error"]["code"]) == (409, "race_started")


def test_only_the_host_starts_and_not_alone(make_player):
    from core.errors import Conflict, PermissionDenied

    host, guest = make_player("host"), make_player("guest")
    race = race_create(host=host, variant="freecell", number=1)
    with pytest.raises(Conflict) as alone:
        race_start(code=race.code, player=host)
    assert alone.value.code == "too_few_players"
    race_join(code=race.code, player=guest)
    with pytest.raises(PermissionDenied) as other:
        race_start(code=race.code, player=guest)
    assert other.value.code == "not_host"
    assert Race.objects.get(pk=race.pk).state == Race.State.LOBBY


def test_every_game_of_a_race_starts_its_clock_at_the_deal(make_player):
    host, guest = make_player("host"), make_player("guest")
    race = race_create(host=host, variant="freecell", number=1)
    race_join(code=race.code, player=guest)
    now = timezone.now()
    race = race_start(code=race.code, player=host, now=now)
    assert race.starts_at == now + dt.timedelta(seconds=3)
    assert race.ends_at == race.starts_at + dt.timedelta(minutes=10)
    starts = {e.game.started_at for e in RacePlayer.objects.filter(race=race).select_related("game")}
    assert starts == {race.starts_at}


def test_the_games_api_does_not_reach_a_race_game(make_player):
    host, guest = make_player("host"), make_player("guest")
    race = race_create(host=host, variant="freecell", number=1)
    race_join(code=race.code, player=guest)
    race_start(code=race.code, player=host, now=timezone.now() - dt.timedelta(seconds=5))
    game = RacePlayer.objects.get(race=race, player=host).game
    client = client_of(host)
    for path, body in [("moves/", {"expected_ply": 0, "moves": ["1a"], "client_times": [1]}),
                       ("undo/", {"expected_ply": 0, "to_ply": 0}), ("hint/", {}), ("verdict/", {})]:
        answer = client.post(f"/api/games/{game.pk}/{path}", body, format="json")
        assert answer.status_code == 404, (path, answer.content)
    assert client.get(f"/api/games/{game.pk}/").status_code == 404
    assert client.get("/api/games/").json()["games"] == []
    game.refresh_from_db()
    assert (game.ply, game.hints) == (0, 0)
