"""The race socket, ``/ws/races/<code>/``: as thin as an API view.

It authenticates (the session cookie from an allowed origin, or ``?token=``),
parses each frame (``races.frames``), calls a service and sends or broadcasts
what the service returned. Nothing is kept here but the connection: a client
that reconnects is sent the race and its game as the database has them.

Abuse: a frame that is not JSON or not valid gets an ``error`` and changes
nothing; a frame over 16 KiB, or more frames than a person sends
(``FLOOD_BURST`` at once, ``FLOOD_RATE`` a second after that), closes the
socket (4008, 1009) after saying why.
"""

import asyncio
import logging
import time
from functools import partial
from urllib.parse import parse_qs, urlparse

from channels.consumer import get_handler_name
from channels.db import DatabaseSyncToAsync
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http.request import validate_host
from rest_framework.authtoken.models import Token

from core.errors import DomainError
from core.outages import CODE as OUTAGE_CODE
from core.outages import MESSAGE as OUTAGE_MESSAGE
from core.outages import OUTAGE_ERRORS
from core.responses import error_body
from games.apis.games import game_out
from races.broadcast import as_json, event, race_group
from races.frames import MAX_FRAME_BYTES, frame_parse
from races.selectors import progress_out, race_get, race_out
from races.services import moves as race_moves
from races.services import races as race_services

# Database work on a pool of threads (each with its own connection), not Channels' default of one
# thread per process: one socket's move need not wait behind every other socket's. The test
# settings keep the one thread, whose connection the test database's teardown can close.
database_sync_to_async = partial(DatabaseSyncToAsync, thread_sensitive=not settings.RACE_SOCKET_DB_POOL)

logger = logging.getLogger("races.consumers")

FLOOD_BURST = 60
FLOOD_RATE = 10.0  # frames a second, sustained


def _origin_allowed(scope) -> bool:
    origin = dict(scope.get("headers") or {}).get(b"origin")
    if not origin:
        return False
    host = urlparse(origin.decode("latin-1")).hostname or ""
    return validate_host(host, settings.ALLOWED_HOSTS)


@database_sync_to_async
def _token_user(key: str):
    token = Token.objects.select_related("user").filter(key=key[:40]).first()
    return token.user if token and token.user.is_active else AnonymousUser()


def flood_clock() -> float:
    """The flood bucket's clock (a test holds it still to count frames exactly)."""
    return time.monotonic()


class Bucket:
    """Frames allowed: ``burst`` at once, refilled at ``rate`` a second."""

    def __init__(self, burst: int, rate: float):
        self.burst, self.rate = burst, rate
        self.level, self.at = float(burst), flood_clock()

    def take(self) -> bool:
        now = flood_clock()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def _played_out(frame_id, play, **kwargs) -> tuple[str, dict | None, bool]:
    """Store a move (or an undo) and build what it sends, in one trip to a database thread: the
    mover's answer as JSON text, the others' progress event (None when the race is over: the race
    itself is sent then), and whether the race is over."""
    played = play(**kwargs)
    answer = game_out(played.entry.game, played.replay)
    news = None if played.race_over else event({"type": "progress", "player": progress_out(played.entry)})
    return as_json({"type": "game", "id": frame_id, "game": answer}), news, played.race_over


class RaceConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message):
        """Channels' own, less its trip to a thread before every message (each frame, and each
        progress event forwarded: four a move in a race of four) to close stale database
        connections: this socket reaches the database only through ``database_sync_to_async``,
        which closes them around each call."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.group = race_group(self.code)
        self.user = await self._user()
        self.bucket = Bucket(FLOOD_BURST, FLOOD_RATE)
        self.joined_group = False
        # Frames are worked through in order by a task of their own, so that the events of the
        # others' progress are sent on at once while this socket's own move is being stored.
        self.frames = asyncio.Queue()
        self.worker = asyncio.get_running_loop().create_task(self._work())
        await self.accept()
        if not self.user.is_authenticated:
            await self._error(None, "not_authenticated", "Log in (or give ?token=) to join a race.")
            return await self.close(code=4401)
        try:
            race = await database_sync_to_async(race_get)(code=self.code)
        except DomainError as exc:
            await self._error(None, exc.code, exc.message)
            return await self.close(code=4404)
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.joined_group = True
        await self._presence(True)
        await self._send_race(race)
        await self._send_game_if_dealt()

    async def disconnect(self, code):
        if getattr(self, "worker", None) is not None:
            self.worker.cancel()
        if getattr(self, "joined_group", False):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._presence(False)

    async def receive(self, text_data=None, bytes_data=None):
        if not self.user.is_authenticated:
            return None
        if not self.bucket.take():
            self.worker.cancel()  # the frames still waiting are dropped with the socket
            await self._error(None, "flood", "Too many frames: the socket is closed.")
            return await self.close(code=4008)
        if len(text_data or bytes_data or "") > MAX_FRAME_BYTES:
            await self._error(None, "frame_too_large", f"A frame is at most {MAX_FRAME_BYTES} bytes.")
            return await self.close(code=1009)
        await self.frames.put((text_data, bytes_data))

    async def _work(self):
        while True:
            text_data, bytes_data = await self.frames.get()
            await self._frame(text_data, bytes_data)

    async def _frame(self, text_data, bytes_data):
        frame = {}
        try:
            frame = frame_parse(text_data, bytes_data)
            await getattr(self, f"on_{frame['type']}")(frame)
        except DomainError as exc:
            await self._error(frame.get("id", exc.extra.pop("id", None)), exc.code, exc.message, **exc.extra)
            if exc.code == "race_over":
                await self._broadcast_race()
        except OUTAGE_ERRORS as exc:
            # The database or Redis out of reach: this frame is answered, the socket lives on.
            logger.warning("race %s: frame %r not served (%s)", self.code, frame.get("type"), exc)
            await self._error(frame.get("id"), OUTAGE_CODE, OUTAGE_MESSAGE)
        except Exception:
            # A bug must not end the task that works through this socket's frames: the frames
            # after it would wait for ever, unanswered, on an open socket.
            logger.exception("race %s: frame %r failed", self.code, frame.get("type"))
            await self._error(frame.get("id"), "server_error", "Something went wrong on our side.")

    # --- frames -------------------------------------------------------------
    async def on_join(self, frame):
        await database_sync_to_async(race_services.race_join)(code=self.code, player=self.user)
        await self._presence(True)
        await self._broadcast_race()
        await self._done(frame)

    async def on_start(self, frame):
        await database_sync_to_async(race_services.race_start)(code=self.code, player=self.user)
        await self._broadcast_race()
        await self._done(frame)

    async def on_deal(self, frame):
        entry = await database_sync_to_async(race_services.race_deal)(code=self.code, player=self.user)
        await self._send_game(frame.get("id"), entry.game)

    async def on_moves(self, frame):
        await self._played(*await database_sync_to_async(_played_out)(
            frame.get("id"), race_moves.race_moves_append, code=self.code, player=self.user,
            expected_ply=frame["expected_ply"], moves=frame["moves"], client_times=frame["client_times"],
            game_id=frame.get("game")))

    async def on_undo(self, frame):
        await self._played(*await database_sync_to_async(_played_out)(
            frame.get("id"), race_moves.race_undo, code=self.code, player=self.user,
            expected_ply=frame["expected_ply"], to_ply=frame["to_ply"], game_id=frame.get("game")))

    async def on_leave(self, frame):
        await database_sync_to_async(race_services.race_leave)(code=self.code, player=self.user)
        await self._broadcast_race()
        await self._done(frame)

    async def on_sync(self, frame):
        race = await database_sync_to_async(race_services.race_refresh)(code=self.code)
        if race.state == race.State.FINISHED:
            await self._broadcast_race()
        else:
            await self._send_race(await database_sync_to_async(race_get)(code=self.code))
            await self._send_game_if_dealt()

    # --- what is sent -------------------------------------------------------
    async def _played(self, answer: str, news: dict | None, race_over: bool):
        await self.send(text_data=answer)
        if race_over:
            await self._broadcast_race()
        else:
            await self.channel_layer.group_send(self.group, news)

    async def _done(self, frame):
        """The answer to a frame whose news went to everyone as ``race``: the sender's
        request is settled (its ``id``), whichever order the two frames arrive in."""
        await self.send(text_data=as_json({"type": "ok", "id": frame.get("id")}))

    async def race_event(self, message):
        await self.send(text_data=message["text"])

    async def _send_race(self, race):
        payload = await database_sync_to_async(race_out)(race)
        await self.send(text_data=as_json({"type": "race", "race": payload}))

    async def _broadcast_race(self):
        def build():
            return event({"type": "race", "race": race_out(race_get(code=self.code))})
        await self.channel_layer.group_send(self.group, await database_sync_to_async(build)())

    async def _send_game(self, frame_id, game):
        answer = await database_sync_to_async(game_out)(game)
        await self.send(text_data=as_json({"type": "game", "id": frame_id, "game": answer}))

    async def _send_game_if_dealt(self):
        try:
            entry = await database_sync_to_async(race_services.race_deal)(code=self.code, player=self.user)
        except DomainError:
            return
        await self._send_game(None, entry.game)

    async def _presence(self, connected: bool):
        entry = await database_sync_to_async(race_services.race_presence)(
            code=self.code, player=self.user, connected=connected)
        if entry is not None:
            await self.channel_layer.group_send(
                self.group, event({"type": "progress", "player": progress_out(entry)}))

    async def _error(self, frame_id, code, message, **extra):
        body = error_body(code, message, **extra)
        await self.send(text_data=as_json({"type": "error", "id": frame_id, **body}))

    async def _user(self):
        query = parse_qs((self.scope.get("query_string") or b"").decode("latin-1"))
        if query.get("token"):
            return await _token_user(query["token"][0])
        user = self.scope.get("user") or AnonymousUser()
        return user if _origin_allowed(self.scope) else AnonymousUser()
