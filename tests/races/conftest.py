"""Races: players with API tokens, races made and started through the services,
and sockets on the ASGI application through Channels' test communicator."""

import datetime as dt
import json

import pytest
from channels.testing import WebsocketCommunicator
from django.utils import timezone
from rest_framework.authtoken.models import Token

from races.services.races import race_create, race_join, race_start


@pytest.fixture(autouse=True)
def channel_layer_of_its_own():
    """Each test's sockets run on an event loop of their own (``run`` in test_consumer), and a
    Redis channel layer binds its receive lock and pools to the loop that first used it: a
    layer left from an earlier test's loop fails with "bound to a different event loop".
    Production has one loop per server process, so every test starts with a new layer."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def players(transactional_db, make_player):
    """Three players with API tokens (the socket's ``?token=``)."""
    made = [make_player(name) for name in ("alice", "bob", "carol")]
    for user in made:
        user.token = Token.objects.create(user=user).key
    return made


@pytest.fixture
def started_race(players):
    """A FreeCell race on deal 1 between alice (host) and bob, dealt a few seconds ago."""
    alice, bob, _ = players
    race = race_create(host=alice, variant="freecell", number=1)
    race_join(code=race.code, player=bob)
    return race_start(code=race.code, player=alice, now=timezone.now() - dt.timedelta(seconds=10))


def application():
    from freecell_site.asgi import application as app

    return app


class Socket:
    """A race socket for a test: frames out as dicts, frames in as dicts."""

    def __init__(self, code: str, user=None, *, path: str | None = None, headers=None):
        token = f"?token={user.token}" if user is not None else ""
        self.communicator = WebsocketCommunicator(application(), path or f"/ws/races/{code}/{token}",
                                                  headers=headers)

    async def open(self) -> "Socket":
        connected, _ = await self.communicator.connect(timeout=20)
        assert connected
        return self

    async def send(self, frame) -> None:
        await self.communicator.send_to(text_data=frame if isinstance(frame, str) else json.dumps(frame))

    async def receive(self) -> dict:
        return json.loads(await self.communicator.receive_from(timeout=20))

    async def until(self, kind: str, **match) -> dict:
        """The next frame of type ``kind`` (whose fields match), skipping others."""
        while True:
            frame = await self.receive()
            if frame["type"] == kind and all(_matches(frame, k, v) for k, v in match.items()):
                return frame

    async def close_code(self) -> int:
        """Read until the server closes the socket; its close code."""
        while True:
            message = await self.communicator.receive_output(timeout=20)
            if message["type"] == "websocket.close":
                return message.get("code", 1000)

    async def close(self) -> None:
        await self.communicator.disconnect()


def _matches(frame: dict, key: str, value) -> bool:
    if key == "player":
        return frame.get("player", {}).get("username") == value
    return frame.get(key) == value
