"""Fixtures for playing together: players with API clients, won games as the worker records them."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from games.models import Game, Submission
from games.services.results import submission_validate
from tests.games.conftest import daily, finish, today, winnable_deal  # noqa: F401 - shared fixtures
from tests.support.lines import human_line
from tests.support.play import play_one_by_one


@pytest.fixture
def client_of(make_player):
    """An API client logged in as a new player of that name (the player is ``client.player``)."""

    def make(name: str) -> APIClient:
        client = APIClient()
        client.player = make_player(name)
        client.force_authenticate(client.player)
        return client

    return make


def play_and_validate(client, game_id, line, *, undo_first: bool = False) -> Game:
    """Play ``line`` move by move at a person's pace (the clock set back 10 minutes), with one
    move played and taken back first when asked; then the worker's validation, run here."""
    Game.objects.filter(pk=game_id).update(
        started_at=Game.objects.get(pk=game_id).started_at - dt.timedelta(minutes=10))
    if undo_first:
        play_one_by_one(client, game_id, line[:1])
        undone = client.post(f"/api/games/{game_id}/undo/", {"expected_ply": 1, "to_ply": 0}, format="json")
        assert undone.status_code == 200, undone.json()
    play_one_by_one(client, game_id, line)
    submission_validate(submission_id=Submission.objects.get(game_id=game_id).pk)
    return Game.objects.select_related("result").get(pk=game_id)


@pytest.fixture
def won_game():
    """A player's free game on FreeCell #24, won with a person's line and validated."""

    def make(client, *, number: int = 24, undo_first: bool = False) -> Game:
        started = client.post("/api/games/", {"variant": "freecell", "number": number}, format="json")
        assert started.status_code == 201, started.json()
        return play_and_validate(client, started.json()["id"], list(human_line("freecell", number)),
                                 undo_first=undo_first)

    return make
