"""The append door (games/apis/append_door.py) answers a plain move append as Django's path
does, header by header, and hands every other request on to Django, which answers it."""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from django.core import signals
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client, RequestFactory
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from freecell_site.metrics import RESPONSES
from games.apis.append_door import AppendDoor
from games.models import Game
from tests.support.lines import winning_line

pytestmark = pytest.mark.django_db

FIRST = {"expected_ply": 0, "moves": ["4h"], "client_times": [900]}
_REQUEST_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\Z")


@dataclass
class Answer:
    status: str
    headers: list[tuple[str, str]]
    body: bytes

    def json(self):
        return json.loads(self.body)

    def header(self, name: str) -> str | None:
        return next((value for key, value in self.headers if key.lower() == name.lower()), None)

    def compared(self) -> tuple:
        """What must be the same from either path: the status, every header (the request id and
        the cookies' random values only by their form) and the body (the game's own id and
        times aside)."""
        headers = []
        for name, value in self.headers:
            if name == "X-Request-ID":
                assert _REQUEST_ID.match(value), value
                value = "<request id>"
            elif name == "Set-Cookie":
                value = re.sub(r"^([^=]+)=[^;]*", r"\1=<value>", value)
                value = re.sub(r"expires=[^;]*", "expires=<date>", value)
            headers.append((name, value))
        body = self.json()
        if isinstance(body, dict):
            for key in ("id", "started_at", "finished_at"):
                body.pop(key, None)
        return self.status, sorted(headers), body


def assert_same(ours: Answer, theirs: Answer) -> None:
    (status, headers, body), (their_status, their_headers, their_body) = ours.compared(), theirs.compared()
    assert status == their_status
    assert dict(headers) == dict(their_headers)
    assert headers == their_headers
    assert body == their_body


class Recorder:
    """Django's application, noting each request handed to it."""

    def __init__(self):
        self.app, self.calls = WSGIHandler(), 0

    def __call__(self, environ, start_response):
        self.calls += 1
        return self.app(environ, start_response)


@contextmanager
def served():
    """As Django's test client does: the test's transaction keeps its connection open."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def serve(app, path: str, body, *, raw: bytes | None = None, content_type: str = "application/json",
          **headers) -> Answer:
    data = raw if raw is not None else json.dumps(body)
    environ = RequestFactory().generic("POST", path, data, content_type=content_type, **headers).environ
    seen = []
    with served():
        result = app(environ, lambda status, headers: seen.append((status, headers)))
        try:
            content = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
    status, headers = seen[0]
    return Answer(status, list(headers), content)


@pytest.fixture
def door():
    recorder = Recorder()
    return AppendDoor(recorder), recorder


def moves_path(game_id) -> str:
    return f"/api/games/{game_id}/moves/"


@pytest.fixture
def token_owner(player):
    """A script's two games of the same deal, and its token header."""
    token = Token.objects.create(user=player)
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    games = [client.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()["id"]
             for _ in range(2)]
    cache.delete_many([f"throttle_moves_{player.pk}:times"])
    return games, {"HTTP_AUTHORIZATION": f"Token {token.key}"}, token


def session_headers(client: Client, csrf: str, *, token: bool = True) -> dict:
    cookies = "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())
    headers = {"HTTP_COOKIE": f"{cookies}; csrftoken={csrf}", "HTTP_ACCEPT": "application/json"}
    if token:
        headers["HTTP_X_CSRFTOKEN"] = csrf
    return headers


@pytest.fixture
def session_owner(player):
    """A logged-in browser's two games of the same deal, and its cookies and CSRF header."""
    client = Client()
    client.force_login(player)
    games = [client.post("/api/games/", {"variant": "freecell", "number": 24},
                         content_type="application/json").json()["id"] for _ in range(2)]
    cache.delete_many([f"throttle_moves_{player.pk}:times"])
    return games, client


@pytest.fixture
def guest_owner():
    """A guest browser's two games of the same deal, and its client (CSRF enforced)."""
    client = APIClient(enforce_csrf_checks=True)
    csrf = client.get("/api/accounts/csrf/").json()["csrf_token"]
    client.credentials(HTTP_X_CSRFTOKEN=csrf)
    games = [client.post("/api/games/", {"variant": "klondike-draw1", "number": 1}, format="json").json()["id"]
             for _ in range(2)]
    return games, client


def test_a_scripts_append_is_answered_by_the_door_as_by_django(door, token_owner):
    app, recorder = door
    (first, second), headers, _ = token_owner
    responses_before = RESPONSES.labels("game-moves", "POST", "200")._value.get()
    ours = serve(app, moves_path(first), FIRST, **headers)
    assert recorder.calls == 0  # the door answered
    assert RESPONSES.labels("game-moves", "POST", "200")._value.get() == responses_before + 1
    theirs = serve(recorder.app, moves_path(second), FIRST, **headers)
    assert ours.status == "200 OK"
    assert_same(ours, theirs)
    assert Game.objects.get(pk=first).move_list == Game.objects.get(pk=second).move_list == ["4h"]
    assert ours.header("X-Request-ID") != theirs.header("X-Request-ID")


def test_a_logged_in_browsers_append_is_answered_by_the_door_as_by_django(door, session_owner):
    app, recorder = door
    (first, second), client = session_owner
    csrf = _get_new_csrf_string()
    ours = serve(app, moves_path(first), FIRST, **session_headers(client, csrf))
    assert recorder.calls == 0
    theirs = serve(recorder.app, moves_path(second), FIRST, **session_headers(client, csrf))
    assert ours.status == "200 OK"
    assert_same(ours, theirs)
    assert ("Vary", "Cookie") in ours.headers


def test_a_guests_append_is_answered_by_the_door_as_by_django(door, guest_owner):
    app, recorder = door
    (first, second), client = guest_owner
    csrf = client._credentials["HTTP_X_CSRFTOKEN"]
    move = {"expected_ply": 0, "moves": ["6h"], "client_times": [900]}
    ours = serve(app, moves_path(first), move, **session_headers(client, csrf))
    assert recorder.calls == 0
    theirs = serve(recorder.app, moves_path(second), move, **session_headers(client, csrf))
    assert ours.status == "200 OK", ours.body
    assert_same(ours, theirs)


def _refusals(games, headers):
    first = games[0]
    return {
        "a body append_plain does not take": (moves_path(first), {**FIRST, "moves": "4h"}, {}),
        "a ply that does not match": (moves_path(first), {**FIRST, "expected_ply": 3}, {}),
        "an illegal move": (moves_path(first), {**FIRST, "moves": ["1a", "1b", "1c", "1d", "1h"]}, {}),
        "no such game": (moves_path("00000000-0000-0000-0000-000000000000"), FIRST, {}),
        "html wanted": (moves_path(first), FIRST, {"HTTP_ACCEPT": "text/html"}),
        "a query string": (moves_path(first) + "?indent=4", {**FIRST, "expected_ply": 3}, {}),
        "another keyword": (moves_path(first), FIRST, {"HTTP_AUTHORIZATION": "Bearer x"}),
        "an unknown token": (moves_path(first), FIRST, {"HTTP_AUTHORIZATION": "Token " + "0" * 40}),
        "a host not allowed": (moves_path(first), FIRST, {"HTTP_HOST": "evil.example"}),
    }


@pytest.mark.parametrize("case", list(_refusals(["g"], {})))
def test_every_other_request_is_djangos_answer(door, token_owner, case):
    app, recorder = door
    games, headers, _ = token_owner
    path, body, extra = _refusals(games, headers)[case]
    ours = serve(app, path, body, **{**headers, **extra})
    theirs = serve(recorder.app, path, body, **{**headers, **extra})
    assert recorder.calls == 1  # handed on
    assert_same(ours, theirs)
    assert Game.objects.get(pk=games[0]).ply == 0


def test_a_body_in_another_encoding_or_type_is_djangos_answer(door, token_owner):
    app, recorder = door
    (first, _), headers, _ = token_owner
    text = json.dumps(FIRST)
    for raw, content_type in [(text.encode("utf-16"), "application/json"),
                              (text.encode(), "text/plain"),
                              (b'{"expected_ply": 0, "moves": ["4h"', "application/json")]:
        ours = serve(app, moves_path(first), None, raw=raw, content_type=content_type, **headers)
        theirs = serve(recorder.app, moves_path(first), None, raw=raw, content_type=content_type, **headers)
        assert ours.status == theirs.status and ours.status.startswith("4")
        assert ours.json() == theirs.json()
    assert Game.objects.get(pk=first).ply == 0


def test_a_browser_without_the_csrf_token_is_refused_by_django(door, session_owner, guest_owner):
    app, recorder = door
    for games, client in (session_owner, guest_owner):
        csrf = _get_new_csrf_string()
        move = FIRST if client is session_owner[1] else {**FIRST, "moves": ["6h"]}
        answer = serve(app, moves_path(games[0]), move, **session_headers(client, csrf, token=False))
        assert answer.status == "403 Forbidden"
        assert answer.json()["error"]["code"] == "csrf_failed"
        assert Game.objects.get(pk=games[0]).ply == 0
    assert recorder.calls == 2


def test_a_page_of_another_origin_is_refused_by_django(door, session_owner):
    app, recorder = door
    (first, _), client = session_owner
    csrf = _get_new_csrf_string()
    headers = {**session_headers(client, csrf), "HTTP_ORIGIN": "https://evil.example"}
    answer = serve(app, moves_path(first), FIRST, **headers)
    assert answer.status == "403 Forbidden" and answer.json()["error"]["code"] == "csrf_failed"
    assert recorder.calls == 1
    assert Game.objects.get(pk=first).ply == 0


def test_an_environ_key_is_not_a_header(door, token_owner, monkeypatch):
    """A client cannot say the throttle already counted it: its headers all become ``HTTP_`` keys."""
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"moves": "1/min"})
    app, _ = door
    (first, _), headers, _ = token_owner
    sneaky = {**headers, "HTTP_GAMES.APPEND_DOOR.COUNTED": "moves", "HTTP_GAMES_APPEND_DOOR_COUNTED": "moves"}
    assert serve(app, moves_path(first), FIRST, **sneaky).status == "200 OK"
    again = serve(app, moves_path(first), {**FIRST, "expected_ply": 1, "moves": ["3a"]}, **sneaky)
    assert again.status == "429 Too Many Requests"


def test_another_players_game_is_not_found_and_unchanged(door, token_owner, make_player):
    app, recorder = door
    (first, _), _, _ = token_owner
    mallory = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=make_player('mallory')).key}"}
    APIClient(**mallory).post("/api/games/", {"variant": "freecell", "number": 24}, format="json")  # known
    ours = serve(app, moves_path(first), FIRST, **mallory)
    theirs = serve(recorder.app, moves_path(first), FIRST, **mallory)
    assert ours.status == "404 Not Found" and recorder.calls == 1
    assert_same(ours, theirs)
    assert Game.objects.get(pk=first).ply == 0


def test_a_deleted_token_the_process_remembers_is_refused(door, token_owner):
    app, recorder = door
    (first, _), headers, token = token_owner
    assert serve(app, moves_path(first), FIRST, **headers).status == "200 OK"
    assert recorder.calls == 0
    token.delete()
    answer = serve(app, moves_path(first), {**FIRST, "expected_ply": 1, "moves": ["3a"]}, **headers)
    assert answer.status == "401 Unauthorized"
    assert recorder.calls == 1
    assert Game.objects.get(pk=first).ply == 1


def test_a_request_handed_on_after_the_throttle_is_counted_once(door, token_owner, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"moves": "2/min"})
    app, recorder = door
    (first, _), headers, _ = token_owner
    refused = serve(app, moves_path(first), {**FIRST, "expected_ply": 5}, **headers)
    assert refused.status == "409 Conflict" and recorder.calls == 1
    assert serve(app, moves_path(first), FIRST, **headers).status == "200 OK"  # the second of two
    assert recorder.calls == 1
    throttled = serve(app, moves_path(first), {**FIRST, "expected_ply": 1, "moves": ["3a"]}, **headers)
    assert throttled.status == "429 Too Many Requests" and throttled.header("Retry-After")
    assert recorder.calls == 2


def test_a_win_through_the_door_finishes_the_game_as_djangos_path_does(door, token_owner):
    app, recorder = door
    (first, second), headers, _ = token_owner
    line = winning_line("freecell", 24)
    answers = []
    for game_id, served_by in ((first, app), (second, recorder.app)):
        client = APIClient(**headers)
        body = {"expected_ply": 0, "moves": line[:-1], "client_times": [1000 + i for i in range(len(line) - 1)]}
        assert client.post(moves_path(game_id), body, format="json").status_code == 200
        last = {"expected_ply": len(line) - 1, "moves": line[-1:], "client_times": [5000 + len(line)]}
        answers.append(serve(served_by, moves_path(game_id), last, **headers))
    ours, theirs = answers
    assert recorder.calls == 0  # the door's own win
    assert ours.json()["state"] == "won" and ours.json()["submission"] is not None
    assert_same(ours, theirs)


def test_with_the_door_shut_every_append_is_djangos(door, token_owner, settings):
    settings.APPEND_DOOR = False
    app, recorder = door
    (first, _), headers, _ = token_owner
    assert serve(app, moves_path(first), FIRST, **headers).status == "200 OK"
    assert recorder.calls == 1
