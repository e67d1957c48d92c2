"""The race pages: a thin shell that names the socket's port and lets the page connect there."""

import pytest
from django.test import override_settings

from races.services.races import race_create

pytestmark = pytest.mark.django_db


def test_the_new_race_page_needs_a_login(client):
    answer = client.get("/race/")
    assert answer.status_code == 302 and answer["Location"].startswith("/login/")


def test_the_race_page_names_the_socket_port_and_allows_a_connection_there(client, player):
    race = race_create(host=player, variant="freecell", number=3)
    client.force_login(player)
    with override_settings(RACE_SOCKET_PORT="8001"):
        answer = client.get(f"/race/{race.code}", HTTP_HOST="127.0.0.1:8000")
    assert answer.status_code == 200
    assert 'data-socket-port="8001"' in answer.content.decode()
    policy = answer["Content-Security-Policy"]
    assert "connect-src 'self' ws://127.0.0.1:8001 wss://127.0.0.1:8001" in policy


def test_an_unknown_race_page_is_not_found(client, player):
    client.force_login(player)
    assert client.get("/race/zzzzzzzz").status_code == 404


def test_a_profile_shows_the_players_race_ratings(client, make_player):
    from races.models import RaceRating

    player = make_player("rated")
    RaceRating.objects.create(player=player, variant="freecell", mu=30.0, sigma=5.0, races=3)
    page = client.get("/players/rated/").content.decode()
    assert "Race ratings" in page
    assert "2400 (3 rated races)" in page  # 1500 + 60 x (30 - 3 x 5)
